"""Who directs which clubs is asked in one place, `Club.objects.directed_by` (beside
tests/test_permissions.py, whose tests share one club of their own)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from sessions_app.models import Club


@pytest.mark.django_db
def test_the_clubs_a_user_directs_are_named_in_one_place(club, director, stranger):
    # Riverside's director directs Riverside, the stranger Hilltop, a superuser both, an
    # anonymous visitor none: the director's pages, the upload page, `is_director` and
    # `visible_to` all ask `Club.objects.directed_by`.
    from django.contrib.auth.models import AnonymousUser

    from sessions_app.core.permissions import is_director

    admin = get_user_model().objects.create_superuser("root", password="x")
    hilltop = Club.objects.get(slug="hilltop")

    def names(user) -> list[str]:
        return [c.name for c in Club.objects.directed_by(user)]

    assert names(director) == ["Riverside Bridge Club"]
    assert names(stranger) == ["Hilltop BC"]
    assert names(admin) == ["Hilltop BC", "Riverside Bridge Club"]
    assert names(AnonymousUser()) == []
    assert (is_director(director, club), is_director(director, hilltop)) == (True, False)
    assert is_director(admin, hilltop) and not is_director(AnonymousUser(), club)
