"""Results by e-mail end to end: the director ticks a player's consent on the register and
publishes through the pages; the worker's messages reach a real SMTP server (aiosmtpd) with
the place and % of the session's ranking (hand-checked in tests/mail/evening.py) and the link
to the score card; the unsubscribe link works without logging in, and a tampered one is
refused in words."""

from __future__ import annotations

import re

import pytest

from sessions_app.mail.worker import mail_run
from sessions_app.models import Player
from tests.mail.evening import play_board_1
from tests.mail.smtp import attachments, body, free_port, smtp_settings, start_server


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_publishing_mails_each_subscribed_player_their_place_and_score_card(
    live_server, director_page, mitchell, settings, browser
):
    port = free_port()
    smtp_settings(settings, port, site=live_server.url)
    players = play_board_1(mitchell)
    Player.objects.filter(pk=players["bob"].pk).update(results_by_mail=False)
    page = director_page
    club = mitchell.session.club
    page.goto(f"{live_server.url}/director/clubs/{club.slug}/players/{players['bob'].pk}/")
    page.check("#id_results_by_mail")  # the player said yes
    with page.expect_navigation():
        page.click("button[type=submit].primary")
    assert Player.objects.get(pk=players["bob"].pk).results_by_mail

    page.goto(f"{live_server.url}/director/sessions/{mitchell.session_id}/")
    for button in ("Start play", "Mark final", "Publish results"):
        with page.expect_navigation():
            page.click(f"button:has-text('{button}')")
    page.check("#publish-incomplete")  # only board 1 was played
    with page.expect_navigation():
        page.click("button:has-text('Publish anyway')")
    page.goto(f"{live_server.url}/director/sessions/{mitchell.session_id}/")
    assert "2 waiting for the mail worker" in page.inner_text("#mail-heading + p")

    controller, inbox = start_server(port)
    try:
        assert mail_run().sent == 2
    finally:
        controller.stop()
    mails = {m["To"]: m for m in inbox.messages}
    assert sorted(mails) == ["ann@example.org", "bob@example.org"]  # not Cy: no consent
    ann, bob = mails["ann@example.org"], mails["bob@example.org"]
    # Ann (pair 1): 83.33% ties pair 12 for 3rd of the 14; Bob (pair 9): 66.67%, 5th.
    assert ann["Subject"] == "Tuesday pairs, 17 Nov 2026: 3= of 14, 83.33%"
    assert bob["Subject"] == "Tuesday pairs, 17 Nov 2026: 5th of 14, 66.67%"
    card = f"{live_server.url}/sessions/{mitchell.session_id}/pairs/A/1/"
    assert f"Pair A1 (Ann Lee): 3= of 14, 83.33%.\nYour score card: {card}\n" in body(ann)
    assert "Pair A9 (Bob Ray): 5th of 14, 66.67%." in body(bob)
    [(name, pdf)] = attachments(ann)  # Ann asked for the PDF, Bob did not
    assert name == "tuesday-pairs-A1.pdf" and pdf.startswith(b"%PDF")
    assert attachments(bob) == []

    stranger = browser.new_context()  # no log-in: a player on their own phone
    try:
        player_page = stranger.new_page()
        player_page.goto(card)
        assert "Ann Lee" in player_page.inner_text("main")
        link = re.search(r"To receive no more: (\S+)", body(bob))
        assert link is not None and link[1] == str(bob["List-Unsubscribe"]).strip().strip("<>")
        tampered = link[1].replace("/mail/stop/", "/mail/stop/x")
        player_page.goto(tampered)
        assert "This link is not valid" in player_page.inner_text("main")
        player_page.goto(link[1])
        with player_page.expect_navigation():
            player_page.click("button:has-text('Stop the results e-mails')")
        assert "no more results will be sent" in player_page.inner_text("main")
    finally:
        stranger.close()
    assert not Player.objects.get(pk=players["bob"].pk).results_by_mail
    assert Player.objects.get(pk=players["ann"].pk).results_by_mail
