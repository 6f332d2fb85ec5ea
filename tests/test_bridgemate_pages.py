"""The session's Bridgemates page through Django's test client against the database: the
club's Data Connector set up with its licence key never shown back, what a director is told
when there is nothing to reach, and a stranger refused. The Data Connector itself is met in
tests/bridgemate/test_evening.py (the simulator)."""

from __future__ import annotations

import socket

import pytest
from django.urls import reverse
from django.utils import timezone

from sessions_app.models import BridgemateEvent, BridgemateLink

pytestmark = pytest.mark.django_db
KEY = "K3Y-0F-TH3-CLUB-5ECR3T"


def closed_port() -> int:
    """A port nothing listens on: bound, then closed."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def set_up(client, section, address: str = "http://192.168.1.50:5079", key: str = KEY):
    url = reverse("sessions_app:bridgemates_link", args=[section.session_id])
    return client.post(
        url, {"address": address, "bcs_club_id": "1234", "licence_key": key}, follow=True
    )


def test_the_club_sets_up_its_data_connector_and_the_key_is_never_shown(director_client, mitchell):
    page = set_up(director_client, mitchell)
    text = page.content.decode()
    assert "The club&#x27;s Bridgemates are reached at http://192.168.1.50:5079." in text
    assert KEY not in text  # not echoed on the page, nor in the form
    link = BridgemateLink.objects.get()
    assert (link.bcs_club_id, link.licence_key) == ("1234", KEY)
    # Saved again with the key left empty, the stored one stays
    set_up(director_client, mitchell, address="http://192.168.1.60:5079", key="")
    assert BridgemateLink.objects.get().licence_key == KEY
    assert (
        KEY
        not in director_client.get(
            reverse("sessions_app:bridgemates", args=[mitchell.session_id])
        ).content.decode()
    )


def test_a_first_setup_without_a_key_is_refused_in_words(director_client, mitchell):
    page = set_up(director_client, mitchell, key="")
    assert "give the licence key Bridge Systems gave the club" in page.content.decode()
    assert not BridgemateLink.objects.exists()


def test_sending_without_a_data_connector_says_what_to_do(director_client, mitchell):
    url = reverse("sessions_app:bridgemates_send", args=[mitchell.session_id])
    page = director_client.post(url, follow=True).content.decode()
    assert "Not sent: the club has no Bridgemates set up" in page


def test_a_data_connector_that_does_not_answer_is_named_and_nothing_is_sent(
    director_client, mitchell
):
    set_up(director_client, mitchell, address=f"http://127.0.0.1:{closed_port()}")
    url = reverse("sessions_app:bridgemates_send", args=[mitchell.session_id])
    page = director_client.post(url, follow=True).content.decode()
    assert "Not sent: sending the session: the Data Connector at http://127.0.0.1:" in page
    assert "is BCS running on the club&#x27;s computer" in page
    assert KEY not in page
    assert not BridgemateEvent.objects.exists()


def test_a_stranger_neither_sees_nor_changes_another_clubs_bridgemates(
    client, stranger, director_client, mitchell
):
    set_up(director_client, mitchell)
    client.force_login(stranger)
    session_id = mitchell.session_id
    assert client.get(reverse("sessions_app:bridgemates", args=[session_id])).status_code == 403
    url = reverse("sessions_app:bridgemates_link", args=[session_id])
    response = client.post(
        url, {"address": "http://evil:1", "bcs_club_id": "x", "licence_key": "y"}
    )
    assert response.status_code == 403
    assert BridgemateLink.objects.get().address == "http://192.168.1.50:5079"


SETTINGS = {
    "pin_code": "4821",
    "results_shown": "own",
    "percentage_shown": "on",
    "ranking_shown": "end",
    "lead_card": "checked",
    "member_numbers": "first",
    "td_call": "on",
    "confirm_seconds": "3",
    "language": "nl",
}


def test_the_club_chooses_what_its_terminals_do(director_client, mitchell):
    page = director_client.get(reverse("sessions_app:bridgemates", args=[mitchell.session_id]))
    assert "What the terminals do" not in page.content.decode()  # no Data Connector yet
    page = set_up(director_client, mitchell).content.decode()
    assert "What the terminals do" in page and 'value="0000"' in page  # BCS's own default PIN
    url = reverse("sessions_app:bridgemates_settings", args=[mitchell.session_id])

    page = director_client.post(url, {**SETTINGS, "pin_code": "48a1"}, follow=True)
    assert "the PIN is four digits, 0-9" in page.content.decode()
    assert BridgemateLink.objects.get().terminal_settings == {}

    page = director_client.post(url, SETTINGS, follow=True).content.decode()
    assert "The terminals&#x27; settings are kept, sent with the session." in page
    assert BridgemateLink.objects.get().terminal_settings == {
        "pin_code": "4821",
        "results_shown": "own",
        "percentage_shown": True,
        "ranking_shown": "end",
        "lead_card": "checked",
        "member_numbers": "first",
        "td_call": True,
        "players_correct": False,  # a box left unticked
        "confirm_seconds": 3,
        "language": "nl",
    }
    assert 'value="4821"' in page and '<option value="nl" selected>Dutch</option>' in page


def test_settings_saved_while_the_connector_is_down_are_kept_and_the_director_told(
    director_client, mitchell
):
    set_up(director_client, mitchell, address=f"http://127.0.0.1:{closed_port()}")
    BridgemateEvent.objects.create(
        session_id=mitchell.session_id,
        event_guid="E" * 32,
        session_guid="5" * 32,
        sent_at=timezone.now(),
    )
    url = reverse("sessions_app:bridgemates_settings", args=[mitchell.session_id])
    page = director_client.post(url, SETTINGS, follow=True).content.decode()
    assert "The settings are kept but not on the terminals: sending the Bridgemate 2" in page
    assert "did not answer" in page
    assert BridgemateLink.objects.get().terminal_settings["pin_code"] == "4821"


def test_settings_without_a_data_connector_are_refused_in_words(director_client, mitchell):
    url = reverse("sessions_app:bridgemates_settings", args=[mitchell.session_id])
    page = director_client.post(url, SETTINGS, follow=True).content.decode()
    assert "Not kept: set up the club&#x27;s Data Connector first." in page
