"""A pair that missed rounds (no-show, late, left early), from the section's pages.

The `mitchell` fixture: 7 tables, 3 boards a round, last round switched. EW pair 10 starts at
table 3 and moves up a table a round, the boards move down a table: round 1 at table 3 against
NS 3 on set 3 (boards 7-9), round 2 at table 4 against NS 4 on set 5 (boards 13-15).
"""

from __future__ import annotations

import re
from fractions import Fraction
from html import unescape

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from sessions_app.core.results import session_results
from sessions_app.entry.absences import pair_absence_record
from sessions_app.entry.lines import LineInput, result_save
from sessions_app.models import Result, ResultChange
from sessions_app.players.session_names import pairs_set_names
from sessions_app.review.completeness import completeness
from sessions_app.scoring.rulings import parse_ruling
from sessions_app.setup.sessions import section_save
from tests.director.test_views import entry_inputs


def absence_url(section):
    return reverse("sessions_app:pair_absence", args=[section.session_id, section.name])


@pytest.mark.django_db
def test_it_gives_a_late_pairs_boards_not_played_lines(director_client, mitchell):
    page = director_client.post(
        absence_url(mitchell),
        {"pair": "10", "first_round": 1, "last_round": 2, "award": "not_played"},
        follow=True,
    )
    assert "Pair 10 missed rounds 1-2: 6 lines saved (boards 7, 8, 9, 13, 14, 15)." in page.text
    assert page.redirect_chain[-1][0].endswith("/#section-A")  # back on the session page
    lines = Result.objects.filter(section=mitchell).order_by("board__number")
    assert [(r.board.number, r.ns.label, r.ew.label, r.round, r.table, r.kind) for r in lines] == [
        (7, "3", "10", 1, 3, "not_played"),
        (8, "3", "10", 1, 3, "not_played"),
        (9, "3", "10", 1, 3, "not_played"),
        (13, "4", "10", 2, 4, "not_played"),
        (14, "4", "10", 2, 4, "not_played"),
        (15, "4", "10", 2, 4, "not_played"),
    ]
    assert ResultChange.objects.filter(action="create").count() == 6  # audited
    assert lines[0].reason == "pair 10 absent in round 1"
    # the traveller of board 7 shows the line in its scheduled row (round 1, table 3)
    html = director_client.get(
        reverse("sessions_app:board_entry", args=[mitchell.session_id, "A", 7])
    ).text
    row = next(entry_inputs(html, i) for i in range(7) if entry_inputs(html, i).get("round") == "1")
    assert (row["ns"], row["ew"], row["entry"]) == ("3", "10", "NP")
    # those tables are no longer missing
    missing = {(rnd, table) for rnd, table, *_ in completeness(mitchell).missing}
    assert (1, 3) not in missing and (2, 4) not in missing and (1, 1) in missing


@pytest.mark.django_db
def test_it_gives_artificial_scores_when_a_pair_leaves_early(director_client, mitchell):
    # NS pair 3 leaves after round 5. Round 6 at table 3: EW pair 12 (from table 5), set 1
    # (boards 1-3). Round 7 is switched: EW pair 11 sits NS, pair 3 EW, on set 2 (boards 4-6).
    page = director_client.post(
        absence_url(mitchell),
        {"pair": "3", "first_round": 6, "last_round": 7, "award": "artificial"},
        follow=True,
    )
    assert "Pair 3 missed rounds 6-7: 6 lines saved (boards 1, 2, 3, 4, 5, 6)." in page.text
    lines = Result.objects.filter(section=mitchell).order_by("board__number")
    assert [
        (r.board.number, r.ns.label, r.ew.label, r.ns_artificial, r.ew_artificial) for r in lines
    ] == [
        (1, "3", "12", "A-", "A+"),
        (2, "3", "12", "A-", "A+"),
        (3, "3", "12", "A-", "A+"),
        (4, "11", "3", "A+", "A-"),
        (5, "11", "3", "A+", "A-"),
        (6, "11", "3", "A+", "A-"),
    ]


@pytest.mark.django_db
def test_it_leaves_a_line_already_entered_as_it_is(mitchell):
    result_save(section=mitchell, line=LineInput(8, "3", "10", parse_ruling("4sn10", "None")))
    report = pair_absence_record(section=mitchell, pair="10", first_round=1, last_round=1)
    assert report.saved == ((7, "3", "10"), (9, "3", "10"))
    assert report.summary == (
        "Pair 10 missed round 1: 2 lines saved (boards 7, 9). Already entered, left as it is:"
        " board 8 (3 v 10: 4S by N, 10 tricks (+420))."
    )
    assert Result.objects.get(board__number=8).score_ns == 420
    again = pair_absence_record(section=mitchell, pair="10", first_round=1, last_round=1)
    assert again.saved == () and len(again.kept) == 3


@pytest.mark.django_db
def test_a_half_tables_sit_out_round_adds_nothing(mitchell):
    # 7 tables, 13 pairs: EW pair 14 is missing, so in round 1 NS pair 7 (its table) sits out.
    half = section_save(
        session=mitchell.session,
        name="B",
        movement="mitchell",
        tables=7,
        boards_per_round=3,
        pair_count=13,
    )
    report = pair_absence_record(section=half, pair="7", first_round=1, last_round=2)
    assert report.sat_out == (1,)
    assert len(report.saved) == 3 and "Sat out anyway in round 1." in report.summary


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            {"pair": "10", "first_round": 3, "last_round": 9},
            "rounds 3 to 9 are not rounds of this movement: it has rounds 1 to 7",
        ),
        (
            {"pair": "10", "first_round": 3, "last_round": 2},
            "the last round comes after the first (3)",
        ),
        ({"pair": "15", "first_round": 1, "last_round": 1}, "Select a valid choice"),
        ({"pair": "10", "first_round": "x", "last_round": 1}, "Enter a whole number"),
    ],
)
def test_it_explains_an_absence_that_cannot_be(director_client, mitchell, data, message):
    page = director_client.post(absence_url(mitchell), {**data, "award": "not_played"})
    assert page.status_code == 200 and message in page.text
    assert not Result.objects.exists()


@pytest.mark.django_db
def test_a_free_form_section_has_no_rounds(director_client, mitchell):
    free = section_save(session=mitchell.session, name="F", boards=12)
    page = director_client.get(absence_url(free))
    assert "has no movement, so it has no rounds" in page.text
    with pytest.raises(ValidationError, match="has no movement"):
        pair_absence_record(section=free, pair="1", first_round=1, last_round=1)


@pytest.mark.django_db
def test_the_section_pages_offer_it(director_client, mitchell):
    for url in (
        reverse("sessions_app:section_edit", args=[mitchell.session_id, "A"]),
        reverse("sessions_app:director_session", args=[mitchell.session_id]),
    ):
        assert absence_url(mitchell) in director_client.get(url).text


@pytest.mark.django_db
def test_the_opponents_of_a_no_show_are_scored_on_the_boards_they_played(mitchell):
    # 3-table Mitchell, 1 board a round: NS 1-3 stay, EW 4-6 move up, board set r is at table
    # t in round t + r - 1 (mod 3). EW pair 4 does not come: 1 v 4 on board 1 (round 1), 2 v 4
    # on board 3 (round 2) and 3 v 4 on board 2 (round 3) are not played.
    small = section_save(
        session=mitchell.session, name="B", movement="mitchell", tables=3, boards_per_round=1
    )
    report = pair_absence_record(section=small, pair="4", first_round=1, last_round=3)
    assert report.saved == ((1, "1", "4"), (3, "2", "4"), (2, "3", "4"))
    played = [
        (1, "3", "5", "4sn10"),
        (1, "2", "6", "4sn10"),
        (2, "2", "5", "4sn9"),
        (2, "1", "6", "4sn10"),
        (3, "3", "6", "4sn10"),
        (3, "1", "5", "4sn10"),
    ]
    for board, ns, ew, entry in played:
        result_save(section=small, line=LineInput(board, ns, ew, parse_ruling(entry, "None")))
    # Each board has 2 results of E = 3, so Neuberg: (MP + 1) x 3/2 - 1 on a top of 4.
    # Pair 1: board 2, +420 beats -50: 2 MP -> 3.5; board 3, a tie: 1 MP -> 2. It played 2
    # boards: 5.5 of 8 = 68.75%. Pair 4 played none and is not ranked.
    scores = {
        standing.score.label: standing.score
        for section in session_results(mitchell.session).sections
        if section.name == "B"
        for field in section.fields
        for standing in field.standings
    }
    one = scores["1"]
    assert (one.points, one.top, one.boards) == (Fraction(11, 2), 8, 2)
    assert one.percentage == Fraction(275, 4)  # 68.75 (%)
    assert "4" not in scores


@pytest.mark.django_db
def test_it_lists_each_pair_with_the_names_the_names_page_gave(director_client, mitchell):
    pairs_set_names(section=mitchell, names=[("3", "Anne Lee", "Bob Ray"), ("10", "Cy Tan", "")])
    session_page = director_client.get(
        reverse("sessions_app:director_session", args=[mitchell.session_id]), follow=True
    )
    link = re.search(r'<a href="([^"]+)">a pair missed rounds</a>', session_page.text)
    assert link
    page = director_client.get(link[1], follow=True)
    menu = re.search(r'<select name="pair"[^>]*>(.*?)</select>', page.text, re.S)
    assert menu
    options = re.findall(r'<option value="([^"]*)"[^>]*>([^<]*)</option>', menu[1])
    # 7 tables: NS pairs 1-7 and EW pairs 8-14, in number order, each with its names
    assert [value for value, _ in options] == [str(n) for n in range(1, 15)]
    shown = {value: unescape(text) for value, text in options}
    assert shown["3"] == "3 — Anne Lee & Bob Ray"
    assert shown["10"] == "10 — Cy Tan"
    assert shown["1"] == "1"  # no names yet
