"""A simultaneous pairs heat sent to ECats (issue 28) through a real SMTP server: the director's
form (the club's country from its national body), the e-mail ECats reads (subject "<session
number> <country>", the USEBIO file attached, which reads back with the session's figures),
and what the director is told when the number is junk or the mail server is down.

Board 1 played at seven tables (tests/mail/evening.py): pair 10 and pair 14 top the field
with 100% (12 of 12), pair 1 has 83.33% (10 of 12).
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.urls import reverse

from sessions_app.interchange.files import read_file
from tests.conftest import publish
from tests.mail.evening import play_board_1
from tests.mail.smtp import attachments, free_port, smtp_settings, start_server


def ecats_page(mitchell) -> str:
    return reverse("sessions_app:ecats", args=[mitchell.session_id])


@pytest.mark.django_db
def test_a_heat_goes_to_ecats_with_its_usebio_file(director_client, mitchell, settings):
    port = free_port()
    smtp_settings(settings, port)
    club = mitchell.session.club
    club.national_body = "ebu"
    club.save()
    play_board_1(mitchell)
    publish(mitchell.session)

    dashboard = director_client.get(
        reverse("sessions_app:director_session", args=[mitchell.session_id])
    )
    assert ecats_page(mitchell) in dashboard.content.decode()
    form = director_client.get(ecats_page(mitchell)).content.decode()
    assert 'name="country" value="England"' in form  # an EBU club plays in England

    controller, inbox = start_server(port)
    try:
        landed = director_client.post(
            ecats_page(mitchell),
            {"number": " 4321", "country": "England", "reply_to": "td@example.org"},
            follow=True,
        )
    finally:
        controller.stop()
    assert landed.redirect_chain[-1][0].endswith(f"/director/sessions/{mitchell.session_id}/")
    assert (
        "Sent to ECats (results@simpairs.com) with the subject “4321 England”"
        in landed.content.decode()
    )
    [message] = inbox.messages
    assert (message["To"], message["Subject"], message["Reply-To"]) == (
        "results@simpairs.com",
        "4321 England",
        "td@example.org",
    )
    [(name, content)] = attachments(message)
    assert name == f"session-{mitchell.session_id}-2026-11-17.xml"
    sent = read_file(content, kind="usebio")
    percentages = {total.pair: total.values["pct"] for total in sent.totals}
    assert (percentages["10"], percentages["14"], percentages["1"]) == (
        Decimal("100.00"),
        Decimal("100.00"),
        Decimal("83.33"),
    )
    assert len(sent.rows) == 7  # board 1's seven lines


@pytest.mark.django_db
def test_junk_and_a_mail_server_that_is_down_are_said(director_client, mitchell, settings):
    smtp_settings(settings, free_port())  # nothing listens there
    page = director_client.post(ecats_page(mitchell), {"number": "43x1", "country": "Eng1and"})
    text = page.content.decode()
    assert page.status_code == 200
    assert "&#x27;43x1&#x27; is not an ECats session number: 1 to 8 digits" in text
    assert "&#x27;Eng1and&#x27; is not a country&#x27;s name" in text
    page = director_client.post(ecats_page(mitchell), {"number": "4321", "country": "Wales"})
    assert "The mail server did not take the e-mail" in page.content.decode()
    assert "Connection refused" in page.content.decode()
