"""A pair's score card names what it has no score for: the rounds its movement sits it out,
and each board it has no score on (not played by the director's ruling, a phantom's line, or
not entered yet), each with its round and opponents."""

from __future__ import annotations

import datetime

import pytest
from django.core.cache import cache

from sessions_app.core.results import forget_local_results
from tests.conftest import publish
from tests.interchange.conftest import every_ruling  # noqa: F401 (a fixture)
from tests.pages.conftest import parse

# A 3-table Mitchell, 1 board a round, pair 3 (NS at table 3) missing: pairs 1, 2 and 4-6.
# Boards move down and EW pairs up, so by hand:
#   round 1: 1 v 4 board 1, 2 v 5 board 2, table 3: 6 sits out (board 3)
#   round 2: 1 v 6 board 2, 2 v 4 board 3, table 3: 5 sits out (board 1)
#   round 3: 1 v 5 board 3, 2 v 6 board 1, table 3: 4 sits out (board 2)
# Entered: every line but 1 v 5 (board 3, round 3); 1 v 6 on board 2 not played (NP).
LINES = [
    (1, "1", "4", 1, 1, "4S N 10"),
    (2, "2", "5", 1, 2, "3NT S 9"),
    (2, "1", "6", 2, 1, "NP"),
    (3, "2", "4", 2, 2, "2H E 8"),
    (1, "2", "6", 3, 2, "4S N 9"),
]


@pytest.fixture
def half_table(director):
    from sessions_app.entry.lines import LineInput, result_save
    from sessions_app.scoring.board import vulnerability
    from sessions_app.scoring.rulings import parse_ruling
    from sessions_app.setup.sessions import section_save, session_create

    session = session_create(
        club=director.clubs.get(), name="Half table", date=datetime.date(2026, 11, 19)
    )
    section = section_save(
        session=session,
        name="A",
        movement="mitchell",
        tables=3,
        boards_per_round=1,
        missing_pair="3",
    )
    for board, ns, ew, round_number, table, text in LINES:
        ruling = parse_ruling(text, vulnerability(board))
        line = LineInput(board, ns, ew, ruling, round_number, table)
        result_save(section=section, line=line, user=director)
    publish(session)
    return session


def gaps(client, session, label: str, section: str = "A") -> list[str]:
    tree = parse(client.get(f"/sessions/{session.pk}/pairs/{section}/{label}/"))
    listed = tree.find("ul", class_="gaps")
    return [item.text for item in listed.find_all("li")] if listed else []


@pytest.mark.django_db
def test_it_names_the_round_a_pair_sits_out_and_its_unscored_boards(client, half_table):
    assert gaps(client, half_table, "6") == [
        "Round 1: sat out (board 3 not played)",
        "Board 2 (round 2 v 1): not played",
    ]
    assert gaps(client, half_table, "1") == [
        "Board 2 (round 2 v 6): not played",
        "Board 3 (round 3 v 5): not entered yet",
    ]
    assert gaps(client, half_table, "5") == [
        "Round 2: sat out (board 1 not played)",
        "Board 3 (round 3 v 1): not entered yet",
    ]
    assert gaps(client, half_table, "4") == ["Round 3: sat out (board 2 not played)"]
    assert gaps(client, half_table, "2") == []  # every board scored, never sat out


@pytest.mark.django_db
def test_each_unscored_board_links_to_its_traveller(client, half_table):
    tree = parse(client.get(f"/sessions/{half_table.pk}/pairs/A/1/"))
    links = [a.attrs["href"] for a in tree.find("ul", class_="gaps").find_all("a")]
    assert links == [
        f"/sessions/{half_table.pk}/boards/2/?section=A&pair=1",
        f"/sessions/{half_table.pk}/boards/3/?section=A&pair=1",
    ]


@pytest.mark.django_db
def test_every_kind_of_line_on_the_score_cards(client, every_ruling):  # noqa: F811
    """Played, passed out, split, weighted, artificial, fouled: scored, so not listed; not
    played (A board 5, round 1: 3 v 6) and the phantom's line (B board 3, pair 5 absent) are."""
    publish(every_ruling)
    listed = {
        (section, str(label)): gaps(client, every_ruling, str(label), section)
        for section in "AB"
        for label in range(1, 7)
    }
    assert {key: value for key, value in listed.items() if value} == {
        ("A", "3"): ["Board 5 (round 1 v 6): not played"],
        ("A", "6"): ["Board 5 (round 1 v 3): not played"],
        ("B", "5"): ["Board 3 (round 3 v 1): phantom: EW absent, NS gets the phantom score"],
    }


@pytest.fixture
def nine_tables(director):
    """A 9-table Mitchell without pair 9, 1 board a round, nothing entered yet."""
    from sessions_app.setup.sessions import section_save, session_create

    session = session_create(
        club=director.clubs.get(), name="Nine tables", date=datetime.date(2026, 11, 20)
    )
    section_save(
        session=session,
        name="A",
        movement="mitchell",
        tables=9,
        boards_per_round=1,
        missing_pair="9",
    )
    publish(session)
    return session


@pytest.mark.django_db
def test_the_score_card_takes_as_many_queries_at_9_tables_as_at_3(
    client, half_table, nine_tables, django_assert_num_queries
):
    # The session, its sections, pairs, boards and lines (scored), and the sections again for
    # the missing lines and sit-outs (review/checks.py): as tests/pages/test_across_the_field.
    for session, label, listed in ((half_table, "5", 2), (nine_tables, "10", 9)):
        cache.clear()
        forget_local_results()
        with django_assert_num_queries(6):
            found = gaps(client, session, label)
        # Pair 10 (EW) of 9 tables sits out once and has 8 boards not entered.
        assert len(found) == listed
    assert sum("sat out" in gap for gap in gaps(client, nine_tables, "10")) == 1
