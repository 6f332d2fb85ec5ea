"""A competition over the three sessions of conftest.py: the standings under each rule,
computed by hand here from the matchpoints worked out there (k of 6 = k·50/3 %)."""

from __future__ import annotations

import datetime
from fractions import Fraction as F

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext

from sessions_app.competitions.standings import (
    competition_save,
    competition_standings,
    pending_sessions,
)
from sessions_app.entry.lines import LineInput, result_save
from sessions_app.models import Competition, Pair, Player, Result, Session
from sessions_app.players.linking import session_confirm_players, session_name_rows
from sessions_app.players.merging import players_merge
from sessions_app.scoring.rulings import parse_ruling
from sessions_app.trash.deleting import session_delete
from sessions_app.trash.restoring import trash_restore
from tests.competitions.conftest import SESSIONS
from tests.conftest import publish

# Each player's matchpoints in sessions 1, 2, 3 (None: did not play), from conftest.py.
PLAYED = {
    "Ann Lee": (3, 2, 5),
    "Bob Ray": (3, 4, 5),
    "Cy Orr": (1, 2, 5),
    "Dee Fox": (1, 4, 5),
    "Eve Kim": (3, 4, 1),
    "Fay Wu": (3, 4, None),
    "Gus Ng": (5, 2, 1),
    "Hal Poe": (5, 2, 1),
    "Ivy Day": (None, None, 1),
}


def pct(sixths) -> F:
    return F(sixths * 100, 6)


def competition(club, **fields) -> Competition:
    fields.setdefault("name", "Autumn championship")
    fields.setdefault("selection", "range")
    fields.setdefault("date_from", datetime.date(2026, 11, 1))
    fields.setdefault("date_to", datetime.date(2026, 11, 30))
    return competition_save(competition=Competition(club=club, **fields))


def rows(result):
    return [(s.place, s.entrant.name, s.value) for s in result.standings]


@pytest.mark.django_db
def test_best_two_of_three_players(club, three_sessions):
    result = competition_standings(competition(club, rule="best", best=2))
    # Ann 5 + 3, Bob 5 + 4, Cy 5 + 2, Dee 5 + 4, Eve 4 + 3, Fay 4 + 3 (two sessions), Gus and
    # Hal 5 + 2, Ivy 1 (one session): in sixths, each sixth 50/3 %.
    assert rows(result) == [
        ("1=", "Bob Ray", pct(9)),  # 150%
        ("1=", "Dee Fox", pct(9)),
        ("3", "Ann Lee", pct(8)),  # 133.33%
        ("4=", "Cy Orr", pct(7)),  # 116.67%
        ("4=", "Eve Kim", pct(7)),
        ("4=", "Fay Wu", pct(7)),
        ("4=", "Gus Ng", pct(7)),
        ("4=", "Hal Poe", pct(7)),
        ("9", "Ivy Day", pct(1)),  # 16.67%: fewer sessions than N, ranked on what she has
    ]
    assert result.rule == "best 2 of 3 percentages, added"
    assert [s.name for s in result.sessions] == ["Tuesday pairs"] * 3
    ids = [s.id for s in three_sessions]
    ann = result.standings[2]
    assert (ann.played, ann.counted) == (3, frozenset({ids[0], ids[2]}))  # 50% and 83.33%


@pytest.mark.django_db
def test_average_with_a_minimum_of_three(club, three_sessions):
    result = competition_standings(competition(club, rule="average", minimum=3))
    # Ann (3 + 2 + 5) / 18 = 55.56%, Bob 12/18 = 66.67%, Cy 8/18, Dee 10/18, Eve 8/18,
    # Gus 8/18, Hal 8/18; Fay (3 + 4) / 12 = 58.33% and Ivy 1/6 = 16.67% are shown, unranked.
    assert rows(result) == [
        ("1", "Bob Ray", F(1200, 18)),
        ("2=", "Ann Lee", F(1000, 18)),
        ("2=", "Dee Fox", F(1000, 18)),
        ("4=", "Cy Orr", F(800, 18)),
        ("4=", "Eve Kim", F(800, 18)),
        ("4=", "Gus Ng", F(800, 18)),
        ("4=", "Hal Poe", F(800, 18)),
        ("", "Fay Wu", F(700, 12)),
        ("", "Ivy Day", F(100, 6)),
    ]
    assert [s.played for s in result.standings[-2:]] == [2, 1]


@pytest.mark.django_db
def test_total_matchpoints(club, three_sessions):
    result = competition_standings(competition(club, rule="total"))
    totals = {name: sum(mp or 0 for mp in played) for name, played in PLAYED.items()}
    assert totals == {
        "Ann Lee": 10,
        "Bob Ray": 12,
        "Cy Orr": 8,
        "Dee Fox": 10,
        "Eve Kim": 8,
        "Fay Wu": 7,
        "Gus Ng": 8,
        "Hal Poe": 8,
        "Ivy Day": 1,
    }
    assert rows(result) == [
        ("1", "Bob Ray", 12),
        ("2=", "Ann Lee", 10),
        ("2=", "Dee Fox", 10),
        ("4=", "Cy Orr", 8),
        ("4=", "Eve Kim", 8),
        ("4=", "Gus Ng", 8),
        ("4=", "Hal Poe", 8),
        ("8", "Fay Wu", 7),
        ("9", "Ivy Day", 1),
    ]


@pytest.mark.django_db
def test_best_two_of_three_partnerships(club, three_sessions):
    result = competition_standings(competition(club, entrants="partnerships", rule="best", best=2))
    # Ann & Bob 3 + 5 (sessions 1, 3), Eve & Fay 3 + 4, Gus & Hal 5 + 2, Cy & Dee 1 + 5,
    # then the pairs of one session: Bob & Dee 4, Ann & Cy 2, Eve & Gus 1, Hal & Ivy 1.
    assert rows(result) == [
        ("1", "Ann Lee & Bob Ray", pct(8)),
        ("2=", "Eve Kim & Fay Wu", pct(7)),
        ("2=", "Gus Ng & Hal Poe", pct(7)),
        ("4", "Cy Orr & Dee Fox", pct(6)),
        ("5", "Bob Ray & Dee Fox", pct(4)),
        ("6", "Ann Lee & Cy Orr", pct(2)),
        ("7=", "Eve Kim & Gus Ng", pct(1)),
        ("7=", "Hal Poe & Ivy Day", pct(1)),
    ]
    ids = dict(Player.objects.values_list("name", "id"))
    assert result.standings[0].entrant.members == (ids["Ann Lee"], ids["Bob Ray"])


@pytest.mark.django_db
def test_average_of_partnerships_with_a_minimum_of_two(club, three_sessions):
    result = competition_standings(
        competition(club, entrants="partnerships", rule="average", minimum=2)
    )
    # Ann & Bob (3 + 5) / 12 = 66.67%, Eve & Fay 7/12, Gus & Hal 7/12, Cy & Dee 6/12; the
    # others played once: listed by their one percentage, unranked.
    assert [(s.place, s.entrant.name, s.value) for s in result.standings[:4]] == [
        ("1", "Ann Lee & Bob Ray", F(800, 12)),
        ("2=", "Eve Kim & Fay Wu", F(700, 12)),
        ("2=", "Gus Ng & Hal Poe", F(700, 12)),
        ("4", "Cy Orr & Dee Fox", F(600, 12)),
    ]
    assert [(s.place, s.entrant.name) for s in result.standings[4:]] == [
        ("", "Bob Ray & Dee Fox"),
        ("", "Ann Lee & Cy Orr"),
        ("", "Eve Kim & Gus Ng"),
        ("", "Hal Poe & Ivy Day"),
    ]


@pytest.mark.django_db
def test_chosen_sessions_only(club, three_sessions):
    first, _, third = three_sessions
    chosen = competition_save(
        competition=Competition(club=club, name="Two nights", selection="chosen", rule="total"),
        sessions=[first, third],
    )
    result = competition_standings(chosen)
    # Sessions 1 and 3: Ann 3 + 5 = 8, Bob 8, Cy 1 + 5 = 6, Dee 6, Gus 5 + 1, Hal 5 + 1,
    # Eve 3 + 1 = 4, Fay 3, Ivy 1.
    assert rows(result)[:4] == [
        ("1=", "Ann Lee", 8),
        ("1=", "Bob Ray", 8),
        ("3=", "Cy Orr", 6),
        ("3=", "Dee Fox", 6),
    ]
    assert [s.id for s in result.sessions] == [first.pk, third.pk]


@pytest.mark.django_db
def test_a_corrected_line_updates_the_standings(club, three_sessions):
    total = competition(club, rule="total")
    assert rows(competition_standings(total))[0] == ("1", "Bob Ray", 12)
    # Session 3, board 1: table 3-4 scored 420 -> 400, so 1-2's 420 now beats it: pairs 1
    # and 4 get 2, pairs 2 and 3 get 0 (instead of 1 each). Ann and Bob 3 + 2/4 + 6,
    # Cy and Dee 1/1 + 2/4 + 4, Eve 3 + 4 + 0, Gus 5 + 2 + 0, Hal 5 + 2 + 2, Ivy 2.
    third = three_sessions[2]
    section = third.sections.get()
    line = Result.objects.get(section=section, board__number=1, ns__label="3")
    result_save(
        section=section,
        line=LineInput(1, "3", "4", parse_ruling("400", "None")),
        result_id=line.pk,
        version=line.version,
    )
    assert rows(competition_standings(total)) == [
        ("1", "Bob Ray", 13),
        ("2", "Ann Lee", 11),
        ("3=", "Dee Fox", 9),
        ("3=", "Hal Poe", 9),
        ("5=", "Cy Orr", 7),
        ("5=", "Eve Kim", 7),
        ("5=", "Fay Wu", 7),
        ("5=", "Gus Ng", 7),
        ("9", "Ivy Day", 2),
    ]


@pytest.mark.django_db
def test_only_published_sessions_count_and_the_others_are_listed(club, three_sessions):
    third = three_sessions[2]
    Session.objects.filter(pk=third.pk).update(status="final")
    total = competition(club, rule="total")
    # Sessions 1 and 2 only: Bob 3 + 4 = 7, Eve 7, Fay 7, Gus 7, Hal 7, Ann 5, Dee 5, Cy 3.
    result = competition_standings(total)
    assert [s.id for s in result.sessions] == [s.pk for s in three_sessions[:2]]
    assert rows(result)[0] == ("1=", "Bob Ray", 7)
    assert "Ivy Day" not in [s.entrant.name for s in result.standings]
    assert [s.pk for s in pending_sessions(total)] == [third.pk]


@pytest.mark.django_db
def test_the_name_filter_and_dates_choose_the_sessions(club, three_sessions):
    Session.objects.filter(pk=three_sessions[0].pk).update(name="Monday teams")
    tuesdays = competition(
        club, rule="total", name_contains="tuesday", date_from=datetime.date(2026, 11, 10)
    )
    assert [s.id for s in competition_standings(tuesdays).sessions] == [
        s.pk for s in three_sessions[1:]
    ]
    november_9 = competition(club, rule="total", date_to=datetime.date(2026, 11, 9))
    assert [s.id for s in competition_standings(november_9).sessions] == [three_sessions[0].pk]


@pytest.mark.django_db
def test_an_unmatched_pair_counts_for_nobody_and_is_counted(club, three_sessions):
    three_sessions[0].sections.get().pairs.filter(label="4").update(player2_ref=None)
    result = competition_standings(competition(club, rule="total"))
    # Gus and Hal lose session 1 (5 MP each): Gus 2 + 1 = 3, Hal 2 + 1 = 3.
    totals = {s.entrant.name: s.value for s in result.standings}
    assert (totals["Gus Ng"], totals["Hal Poe"], result.unmatched) == (3, 3, 1)


@pytest.mark.django_db
def test_a_range_without_dates_is_refused(club):
    with pytest.raises(ValidationError) as error:
        competition_save(competition=Competition(club=club, name="X", selection="range"))
    assert "date_from" in error.value.message_dict or "__all__" in error.value.message_dict


@pytest.mark.django_db
def test_standings_are_read_in_a_fixed_number_of_queries(club, three_sessions):
    total = competition(club, rule="total")
    competition_standings(total)  # computed and kept
    with CaptureQueriesContext(connection) as queries:
        competition_standings(total)
    assert len(queries) == 3  # the sessions, their pairs, the players' names


def many_sessions(club, make_session, count: int) -> None:
    """`count` more published sessions of the four pairs of session 1 (conftest.py), in
    October, their pairs matched to the same players."""
    players = {player.name: player for player in Player.objects.filter(club=club)}
    _, travellers, names = SESSIONS[0]
    table = "pair,player1,player2\n" + "".join(
        f"{label},{a},{b}\n" for label, (a, b) in enumerate(names, start=1)
    )
    for day in range(count):
        session = make_session(
            "board,ns,ew,score\n" + travellers,
            table,
            name="Tuesday pairs",
            date=datetime.date(2026, 10, 1) + datetime.timedelta(days=day % 31),
        )
        for pair in Pair.objects.filter(section__session=session):
            pair.player1_ref = players[pair.player1]
            pair.player2_ref = players[pair.player2]
            pair.save(update_fields=["player1_ref", "player2_ref"])
        publish(session)


@pytest.mark.django_db
@pytest.mark.parametrize("more", [0, pytest.param(57, marks=pytest.mark.slow)])  # 60 sessions
def test_the_standings_cost_the_same_queries_for_3_and_60_sessions(
    club, make_session, three_sessions, more
):
    many_sessions(club, make_session, more)
    total = competition(club, rule="total", date_from=datetime.date(2026, 10, 1))
    result = competition_standings(total)  # computed and kept
    assert len(result.sessions) == 3 + more
    # Each October session repeats session 1: its matchpoints there added `more` times.
    october = {name: played[0] or 0 for name, played in PLAYED.items()}
    expected = {
        name: sum(mp or 0 for mp in played) + october[name] * more
        for name, played in PLAYED.items()
    }
    assert {s.entrant.name: s.value for s in result.standings} == expected
    with CaptureQueriesContext(connection) as queries:
        competition_standings(total)
    assert len(queries) == 3  # the sessions, their pairs, the players' names


@pytest.mark.django_db
def test_a_session_scored_at_imps_is_left_out_and_named(club, make_session, three_sessions):
    travellers = SESSIONS[0][1]
    make_session(
        "board,ns,ew,score\n" + travellers,
        "pair,player1,player2\n1,Ann Lee,Bob Ray\n",
        name="IMP night",
        date=datetime.date(2026, 11, 30),
        method="cross_imps",
        publish=True,
    )
    result = competition_standings(competition(club, rule="total"))
    assert result.left_out == ("IMP night (30 Nov 2026)",)
    assert len(result.sessions) == 3
    assert rows(result)[0] == ("1", "Bob Ray", 12)  # as without it


@pytest.mark.django_db
def test_a_player_in_two_pairs_of_one_session_counts_once_and_is_named(club, three_sessions):
    # Session 1: pair 3 is said to be Ann Lee and Fay Wu, though Ann is in pair 1 too.
    ann = Player.objects.get(name="Ann Lee")
    three_sessions[0].sections.get().pairs.filter(label="3").update(player1_ref=ann)
    result = competition_standings(competition(club, rule="total"))
    # Ann keeps pair 1's 3 MP (the first pair): 3 + 2 + 5 = 10; Eve loses session 1: 4 + 1.
    totals = {s.entrant.name: s.value for s in result.standings}
    assert (totals["Ann Lee"], totals["Eve Kim"]) == (10, 5)
    assert result.problems == (
        "Ann Lee is in two pairs of Tuesday pairs (09 Nov 2026): only the first counts "
        "(A 3 does not).",
    )


@pytest.mark.django_db
def test_ties_are_written_as_the_latest_session_writes_them(club, three_sessions):
    Session.objects.filter(pk=three_sessions[2].pk).update(tie_places="range")
    result = competition_standings(competition(club, rule="total"))
    # Bob 12; Ann and Dee 10 share 2nd and 3rd; Cy, Eve, Gus and Hal 8 share 4th to 7th.
    assert [s.place for s in result.standings] == [
        "1",
        "2/3",
        "2/3",
        "4/7",
        "4/7",
        "4/7",
        "4/7",
        "8",
        "9",
    ]


@pytest.mark.django_db
def test_a_merge_of_two_entries_of_one_player_joins_their_sessions(club, three_sessions):
    # Session 2: the director had added "Dee Foxe" as a new player instead of matching her.
    second = three_sessions[1]
    (row,) = [row for row in session_name_rows(session=second) if row.typed == "Dee Foxe"]
    session_confirm_players(session=second, choices={row.field: "new"})
    total = competition(club, rule="total")
    totals = {s.entrant.name: s.value for s in competition_standings(total).standings}
    # Dee Fox 1 + 5 = 6 (sessions 1 and 3), Dee Foxe 4 (session 2).
    assert (totals["Dee Fox"], totals["Dee Foxe"]) == (6, 4)
    players_merge(
        keep=Player.objects.get(name="Dee Fox"), merged=Player.objects.get(name="Dee Foxe")
    )
    after = rows(competition_standings(total))
    # One Dee Fox again, 1 + 4 + 5 = 10, and everything else as in test_total_matchpoints.
    assert after[:3] == [("1", "Bob Ray", 12), ("2=", "Ann Lee", 10), ("2=", "Dee Fox", 10)]
    assert len(after) == 9


@pytest.mark.django_db
def test_a_session_back_from_the_trash_is_back_in_the_competitions_chosen_for_it(
    club, three_sessions
):
    first, _, third = three_sessions
    chosen = competition_save(
        competition=Competition(club=club, name="Two nights", selection="chosen", rule="total"),
        sessions=[first, third],
    )
    first_pk, item = first.pk, session_delete(session=first)
    # Session 3 alone: Ann 5, Bob 5, Cy 5, Dee 5 (test_chosen_sessions_only's second terms).
    assert rows(competition_standings(chosen))[:2] == [("1=", "Ann Lee", 5), ("1=", "Bob Ray", 5)]
    trash_restore(item=item)
    assert sorted(chosen.sessions.values_list("pk", flat=True)) == [first_pk, third.pk]
    # Sessions 1 and 3 again, as before: Ann 3 + 5 = 8, Bob 8, Cy 1 + 5 = 6, Dee 6.
    assert rows(competition_standings(chosen))[:4] == [
        ("1=", "Ann Lee", 8),
        ("1=", "Bob Ray", 8),
        ("3=", "Cy Orr", 6),
        ("3=", "Dee Fox", 6),
    ]
