"""Results by e-mail through a real SMTP server (tests/mail/smtp.py): queued on publication,
kept while the server is down and listed on the director's page, sent later; one message a
stable amendment; the unsubscribe link, signed."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core import signing
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from sessions_app.entry.lines import LineInput, result_save
from sessions_app.mail.services import retry_delay, unsubscribe_token
from sessions_app.mail.worker import mail_run
from sessions_app.models import Player, ResultMail
from sessions_app.scoring.rulings import parse_ruling
from sessions_app.setup.status import session_set_status
from tests.mail.evening import play_board_1
from tests.mail.smtp import body, free_port, smtp_settings, start_server


def _publish(client, section) -> None:
    """Final by the service, then published as the director does, lines missing and all."""
    session = section.session
    for status in ("in_play", "final"):
        session_set_status(session=session, status=status)
    url = reverse("sessions_app:session_status", args=[session.pk])
    answer = client.post(url, {"status": "published", "publish_incomplete": "yes"})
    assert answer.status_code == 302
    session.refresh_from_db()
    assert session.is_published


@pytest.mark.django_db
def test_it_keeps_the_message_queued_while_the_server_is_down_and_sends_it_later(
    director_client, mitchell, settings
):
    port = free_port()  # nothing listens there yet
    smtp_settings(settings, port)
    play_board_1(mitchell)
    _publish(director_client, mitchell)  # publishing does not wait for the mail server
    call_command("send_results_mail", "--once")
    rows = ResultMail.objects.order_by("player__name")
    assert [(r.player.name, r.status, r.tries) for r in rows] == [
        ("Ann Lee", "queued", 1),
        ("Bob Ray", "queued", 1),
    ]
    assert "Connection refused" in rows[0].last_error
    page = director_client.get(reverse("sessions_app:director_session", args=[mitchell.session_id]))
    text = page.content.decode()
    assert "Results by e-mail" in text and "Not sent" in text
    assert "Ann Lee" in text and "Connection refused" in text
    controller, inbox = start_server(port)
    try:
        assert mail_run().sent == 0  # the next try is a minute after the failure
        report = mail_run(now=timezone.now() + timedelta(minutes=2))
    finally:
        controller.stop()
    assert report.sent == 2
    assert sorted(m["To"] for m in inbox.messages) == ["ann@example.org", "bob@example.org"]
    assert set(ResultMail.objects.values_list("status", flat=True)) == {"sent"}
    page = director_client.get(reverse("sessions_app:director_session", args=[mitchell.session_id]))
    assert "Not sent" not in page.content.decode()


@pytest.mark.django_db
def test_an_amendment_sends_one_message_once_the_results_stop_changing(
    director_client, mitchell, settings
):
    port = free_port()
    smtp_settings(settings, port)
    play_board_1(mitchell)
    controller, inbox = start_server(port)
    try:
        _publish(director_client, mitchell)
        assert mail_run().sent == 2
        # Two corrections in a row: board 1 at table 4 was 4S N 10, and a new line on board 2.
        line = mitchell.results.get(board__number=1, ns__label="4")
        result_save(
            section=mitchell,
            line=LineInput(1, "4", "14", parse_ruling("4S N 10", "None")),
            result_id=line.pk,
            version=line.version,
        )
        result_save(section=mitchell, line=LineInput(2, "1", "8", parse_ruling("3NT N 9", "NS")))
        assert mail_run().queued == 0  # changed less than a minute ago: more may follow
        later = timezone.now() + timedelta(minutes=2)
        report = mail_run(now=later)
        assert (report.queued, report.sent) == (2, 2)
        assert mail_run(now=later + timedelta(minutes=5)).queued == 0  # once a version
    finally:
        controller.stop()
    amended = [m for m in inbox.messages if "(amended)" in m["Subject"]]
    assert sorted(m["To"] for m in amended) == ["ann@example.org", "bob@example.org"]
    assert "were amended" in body(amended[0])


@pytest.mark.django_db
def test_publishing_again_unchanged_results_sends_nothing_new(director_client, mitchell):
    play_board_1(mitchell)
    _publish(director_client, mitchell)
    session_set_status(session=mitchell.session, status="final")
    session_set_status(session=mitchell.session, status="published", publish_incomplete=True)
    assert ResultMail.objects.count() == 2


@pytest.mark.django_db
def test_a_tampered_unsubscribe_link_is_refused_in_words(client, mitchell):
    players = play_board_1(mitchell)
    token = unsubscribe_token(players["ann"])
    forged = token[:-3] + ("AAA" if not token.endswith("AAA") else "BBB")
    for answer in (
        client.get(reverse("sessions_app:mail_unsubscribe", args=[forged])),
        client.post(reverse("sessions_app:mail_unsubscribe", args=[forged])),
    ):
        assert answer.status_code == 400
        assert "This link is not valid" in answer.content.decode()
    assert Player.objects.get(pk=players["ann"].pk).results_by_mail


@pytest.mark.django_db
def test_the_unsubscribe_page_says_the_same_of_an_entry_that_no_longer_exists(client, mitchell):
    players = play_board_1(mitchell)
    gone = signing.dumps(10**6, salt="sessions_app.mail.unsubscribe", compress=True)
    pages = []
    for token in (unsubscribe_token(players["bob"]), gone):
        url = reverse("sessions_app:mail_unsubscribe", args=[token])
        assert client.get(url).status_code == 200
        answer = client.post(url)
        assert answer.status_code == 200
        said = answer.content.decode()
        pages.append(said[: said.index('<footer class="language"')])  # its menu names the page
    assert pages[0] == pages[1]
    assert not Player.objects.get(pk=players["bob"].pk).results_by_mail


@pytest.mark.parametrize(
    ("tries", "minutes"), [(1, 1), (2, 2), (3, 4), (5, 16), (8, 128), (9, 240), (10, 240)]
)
def test_it_tries_again_later_each_time(tries, minutes):
    assert retry_delay(tries) == timedelta(minutes=minutes)


@pytest.mark.django_db
def test_the_register_refuses_results_by_mail_without_an_address(director_client, club):
    url = reverse("sessions_app:player_new", args=[club.slug])
    answer = director_client.post(url, {"name": "Dee", "results_by_mail": "on"})
    assert answer.status_code == 200
    assert "results by e-mail need the player&#x27;s e-mail" in answer.content.decode()
    assert not Player.objects.exists()
