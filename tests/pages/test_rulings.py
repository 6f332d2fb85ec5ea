"""Players see a director's ruling for what it is: marked on the traveller and the score card
and said in words below them, with the reason when the club shows reasons (issue 12)."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.urls import reverse

from sessions_app.entry.lines import LineInput, result_save
from sessions_app.scoring.rulings import parse_ruling
from tests.conftest import publish

from .conftest import parse, row_for

WEIGHTED = "weighted: 30% of 4S by N, 10 tricks (+420) + 70% of 3NT by S, 8 tricks (-50)"
SPLIT = "split: NS 4S by N, 10 tricks (+420), EW 4S by N, 9 tricks (-50)"


@pytest.fixture
def ruled(mitchell):
    """Board 1 (None) of the Mitchell fixture: a weighted, a split and a plain line."""
    lines = [
        ("1", "8", "30% 4S N 10; 70% 3NT S 8", "revoke at trick 11"),
        ("7", "13", "4S N 10 / 4S N 9", ""),
        ("6", "12", "4S N 10", ""),
    ]
    for ns, ew, text, reason in lines:
        line = LineInput(1, ns, ew, parse_ruling(text, "None"), reason=reason)
        result_save(section=mitchell, line=line, confirmed=True)
    publish(mitchell.session)
    return mitchell.session


@pytest.mark.django_db
def test_the_traveller_marks_rulings_and_says_them_in_words(client, ruled):
    tree = parse(client.get(reverse("sessions_app:board", args=[ruled.pk, 1])))
    table = tree.find("table").attrs["id"]
    assert row_for(tree, table, "1")["Contract"] == "weighted"  # no single contract
    assert row_for(tree, table, "7")["Contract"] == "4♠ adj"
    assert row_for(tree, table, "7")["Score"] == "+420 / -50"
    assert row_for(tree, table, "6")["Contract"] == "4♠"
    notes = [item.text for item in tree.find("ul", class_="ruling-notes").find_all("li")]
    assert notes == [f"adj 1 v 8: {WEIGHTED}", f"adj 7 v 13: {SPLIT}"]  # no reason by default


@pytest.mark.django_db
def test_the_reason_is_shown_where_the_club_wants(client, ruled):
    ruled.club.show_reasons = True
    ruled.club.save()
    tree = parse(client.get(reverse("sessions_app:board", args=[ruled.pk, 1])))
    notes = [item.text for item in tree.find("ul", class_="ruling-notes").find_all("li")]
    assert notes[0] == f"adj 1 v 8: {WEIGHTED} — revoke at trick 11"


@pytest.mark.django_db
def test_the_score_card_marks_a_ruling(client, ruled):
    tree = parse(client.get(reverse("sessions_app:pair", args=[ruled.pk, "A", "13"])))
    notes = [item.text for item in tree.find("ul", class_="ruling-notes").find_all("li")]
    assert notes == [f"adj Board 1: {SPLIT}"]


@pytest.mark.django_db
def test_a_director_chooses_to_show_the_reasons(client, director, ruled):
    board = reverse("sessions_app:board", args=[ruled.pk, 1])
    assert "revoke at trick 11" not in client.get(board).content.decode()  # cached page
    client.force_login(director)
    page = client.post(
        reverse("sessions_app:club_settings", args=[ruled.club.slug]),
        {"name": "Riverside BC", "show_reasons": "on"},
        follow=True,
    )
    assert "Settings of Riverside BC saved." in page.content.decode()
    client.logout()
    cache.clear()  # players' pages are kept 2 seconds without even asking for the version
    assert "adj 1 v 8: " + WEIGHTED + " — revoke at trick 11" in " ".join(
        parse(client.get(board)).find("ul", class_="ruling-notes").text.split()
    )
