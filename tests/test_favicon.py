"""Browsers ask every site for /favicon.ico: clubscorer answers it (issue 12, item 10)."""

from __future__ import annotations

import pytest
from django.urls import reverse


def test_it_serves_a_favicon_at_the_root(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 200
    body = b"".join(response.streaming_content)
    assert body[:4] == b"\x00\x00\x01\x00"  # an icon file (ICO header: reserved 0, type 1)
    assert len(body) < 20_000
    assert response["Content-Type"] in ("image/x-icon", "image/vnd.microsoft.icon")


@pytest.mark.django_db
def test_every_page_links_it(client):
    assert '<link rel="icon" href="/favicon.ico"' in client.get(reverse("sessions_app:home")).text
