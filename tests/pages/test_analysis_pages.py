"""The analysis pages (hands/views.py) through the test client: a session with every kind of
traveller line, hand records given as data (double-dummy tables and pars worked out by hand in
tests/scoring/test_analysis.py), each pair's boards and summary as a player reads them."""

from __future__ import annotations

import datetime

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from sessions_app.core.results import forget_local_results, session_touch
from sessions_app.core.section_movement import usable_movement
from sessions_app.entry.lines import LineInput, result_save
from sessions_app.hands.boards import session_set_deals
from sessions_app.interchange.deals import Analysis
from sessions_app.scoring.board import vulnerability
from sessions_app.scoring.rulings import parse_ruling
from sessions_app.setup.sessions import section_save, session_create
from tests.conftest import publish
from tests.pages.conftest import parse, table_rows
from tests.pages.test_queries import DEAL, names, travellers
from tests.scoring.test_analysis import BOARD_1_DD, BOARD_2_DD

# A 3-table Mitchell of 6 boards (NS 1-3, EW 4-6): each board's lines in the order the
# movement seats them (boards 1-2: 1v4, 3v5, 2v6; 3-4: 2v5, 1v6, 3v4; 5-6: 3v6, 2v4, 1v5),
# with their fouled-board group.
LINES = {
    1: [("4S N 10", 0), ("5D E 9", 0), ("PASS", 0)],
    2: [("4H W 11", 0), ("4S N 10 / 4S N 9", 0), ("3H W 9", 0)],
    3: [("30% 4S N 10; 70% 3NT S 8", 0), ("4SX N 10", 0), ("5S N 10", 0)],
    4: [("A+/A-", 0), ("4S N 10", 0), ("NP", 0)],
    5: [("assigned 4H S 10", 0), ("-100", 0), ("3NT N 9", 0)],
    6: [("4S N 10", 1), ("4S N 10", 1), ("2S W 8", 2)],
}
# Hand records: board 1 (nobody vulnerable) the worked example, par NS +300; board 2 (NS
# vulnerable) EW's 4H, par NS -420; boards 3 (EW vulnerable: no sacrifice, par NS +420) and 6
# the same cards as board 1; boards 4 and 5 have none.
RECORDS = {
    1: Analysis(BOARD_1_DD, 300, ("5DX E-2",)),
    2: Analysis(BOARD_2_DD, -420, ("4H E=",)),
    3: Analysis(BOARD_1_DD, 420, ("4S N=",)),
    6: Analysis(BOARD_1_DD, 420, ("4S N=",)),
}


@pytest.fixture
def every_line(director):
    session = session_create(
        club=director.clubs.get(), name="Analysed pairs", date=datetime.date(2026, 11, 19)
    )
    section = section_save(
        session=session, name="A", movement="mitchell", tables=3, boards_per_round=2
    )
    movement = usable_movement(section)
    assert movement is not None
    for board, lines in LINES.items():
        for visit, (text, group) in zip(movement.board_schedule(board), lines, strict=True):
            assert visit.ns and visit.ew  # a Mitchell seats two pairs at every table
            ruling = parse_ruling(text, vulnerability(board))
            line = LineInput(
                board, visit.ns, visit.ew, ruling, visit.round, visit.table, foul_group=group
            )
            result_save(section=section, line=line, user=director)
    session_set_deals(session=session, deals=dict.fromkeys(RECORDS, DEAL), analyses=RECORDS)
    publish(session)
    session.refresh_from_db()
    return session


def boards_of(client, session, label: str) -> list[list[str]]:
    tree = parse(client.get(f"/sessions/{session.pk}/pairs/A/{label}/analysis/"))
    return table_rows(tree, "analysis-boards")


@pytest.mark.django_db
def test_the_pair_page_judges_played_contracts_and_lists_the_rest_as_not_analysed(
    client, every_line
):
    # Pair 1 (NS): board 1 4S= (dd 10: correct, its own contract); board 2 defends 4H by W
    # with 11 tricks (dd 10: correct, the opponents'; declarer one above, -1 for pair 1);
    # board 3 4SX= (doubled a making contract: the opponents' double); board 4 has no hand
    # record; board 5 neither; board 6 is fouled.
    assert boards_of(client, every_line, "1") == [
        ["1", "NS", "4♠ by N", "10 (10)", "0", "correct (you)"],
        ["2", "NS", "4♥ by W", "11 (10)", "-1", "correct (opponents)"],
        ["3", "NS", "4♠X by N", "10 (10)", "0", "doubled a making contract (opponents)"],
        ["4", "NS", "4♠ by N", "10", "", "not analysed: no double-dummy table and par"],
        ["5", "NS", "3NT by N", "9", "", "not analysed: no double-dummy table and par"],
        ["6", "NS", "2♠ by W", "8", "", "not analysed: fouled board"],
    ]


@pytest.mark.django_db
def test_every_kind_of_line_without_a_played_contract_is_not_analysed(client, every_line):
    # Pair 2 (NS): passed out, 3H by W 9 tricks (dd 10: +170 < par +420 for EW, an underbid
    # of the opponents; held a trick below double dummy, +1), weighted, artificial, a score
    # alone, fouled.
    rows = boards_of(client, every_line, "2")
    assert [row[-1] for row in rows] == [
        "not analysed: passed out",
        "underbid (opponents)",
        "not analysed: weighted score",
        "not analysed: artificial score",
        "not analysed: score only, no contract",
        "not analysed: fouled board",
    ]
    assert rows[1][3:5] == ["9 (10)", "+1"]
    # Pair 3 (NS): 5D by E undoubled (failed to double: its own defence), split, 5S by N
    # (overbid), not played, assigned, fouled.
    assert [row[-1] for row in boards_of(client, every_line, "3")] == [
        "failed to double (you)",
        "not analysed: split score",
        "overbid (you)",
        "not analysed: not played",
        "not analysed: assigned score",
        "not analysed: fouled board",
    ]


@pytest.mark.django_db
def test_the_pair_page_summarises_and_compares_with_the_top_third(client, every_line):
    tree = parse(client.get(f"/sessions/{every_line.pk}/pairs/A/4/analysis/"))
    summary = {row[0]: row[1:] for row in table_rows(tree, "analysis-summary")}
    # Pair 4 (EW) declared one contract (4H by W, 11 tricks: correct, +1) and defended two
    # (4S by N correct, 5S by N overbid, both at double dummy: 0).
    assert summary["Correct"][0] == "1 100%" and summary["Correct"][2] == "1 50%"
    assert summary["Overbid"][2] == "1 50%"
    assert summary["Tricks against double dummy, a board"][0::2] == [
        "+1.00 (+1 in all)",
        "0.00 (0 in all)",
    ]
    # The top third of the EW field (3 pairs: place 1 only) is given beside each share.
    session = parse(client.get(f"/sessions/{every_line.pk}/analysis/"))
    ew = table_rows(session, "analysis-a-ew")
    leader = next(row for row in ew if row[0] == "1")
    top = table_rows(session, "analysis-a-ew", "tfoot")[0]
    assert top[1] == f"Top third pairs {leader[1].split()[0]}"
    assert top[2:] == leader[2:]  # the top third is that one pair, so its figures are its own
    assert summary["Correct"][1] == top[3]


@pytest.mark.django_db
def test_the_session_page_lists_every_pair_with_its_counts(client, every_line):
    tree = parse(client.get(f"/sessions/{every_line.pk}/analysis/"))
    assert "4 boards with a double-dummy table and par" in tree.text
    ns = {row[1].split()[0]: row[2:] for row in table_rows(tree, "analysis-a-ns")}
    # Declared, correct, underbid, overbid, ± declarer, defended, failed to double, doubled
    # making, ± defence. Pair 1: declared 4S= and 4SX= (one correct of 2), defended 4H+1.
    assert ns["1"] == ["2", "50%", "0", "0", "0.00", "1", "0", "0", "-1.00"]
    assert ns["2"] == ["0", "–", "0", "0", "–", "1", "0", "0", "+1.00"]
    assert ns["3"] == ["1", "0%", "0", "1", "0.00", "1", "1", "0", "0.00"]
    ew = {row[1].split()[0]: row[2:] for row in table_rows(tree, "analysis-a-ew")}
    # Pair 6 declared 3H by W, 9 tricks (underbid, -1), defended 4SX by N (doubled making).
    assert ew["6"] == ["1", "0%", "1", "0", "-1.00", "1", "0", "1", "0.00"]
    assert ew["5"] == ["1", "0%", "0", "0", "0.00", "0", "0", "0", "–"]


@pytest.mark.django_db
def test_the_score_card_and_session_page_link_to_the_analysis(client, every_line):
    base = f"/sessions/{every_line.pk}/"
    assert f'href="{base}pairs/A/1/analysis/"' in client.get(base + "pairs/A/1/").text
    assert f'href="{base}analysis/"' in client.get(base).text
    tree = parse(client.get(base + "pairs/A/1/analysis/"))
    assert "How each contract is judged" in tree.text and "Failed to double" in tree.text
    assert client.get(base + "pairs/A/99/analysis/").status_code == 404


@pytest.mark.django_db
def test_a_session_without_hand_records_says_there_is_nothing_to_analyse(client, make_session):
    session = make_session("board,ns,ew,contract,declarer,tricks\n1,1,2,4S,N,10\n", publish=True)
    tree = parse(client.get(f"/sessions/{session.pk}/analysis/"))
    assert "there is nothing to analyse" in tree.text
    rows = table_rows(
        parse(client.get(f"/sessions/{session.pk}/pairs/A/1/analysis/")), "analysis-boards"
    )
    assert rows == [["1", "NS", "4♠ by N", "10", "", "not analysed: no double-dummy table and par"]]


@pytest.mark.django_db
def test_an_unpublished_session_is_not_shown(client, director):
    session = session_create(
        club=director.clubs.get(), name="Draft", date=datetime.date(2026, 1, 1)
    )
    assert client.get(f"/sessions/{session.pk}/analysis/").status_code == 404


def queries(client, url: str) -> int:
    cache.clear()
    forget_local_results()
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200, url
    return len(captured)


@pytest.mark.django_db
def test_the_pages_make_as_many_queries_for_15_tables_as_for_3(client, make_session):
    counts = []
    for tables, boards in ((3, 6), (15, 27)):
        session = make_session(
            travellers(tables, boards),
            names(tables),
            name=f"{tables}",
            date=datetime.date(2026, 11, tables),
            publish=True,
        )
        session_set_deals(session=session, deals={1: DEAL}, analyses={1: RECORDS[1]})
        session.refresh_from_db()
        base = f"/sessions/{session.pk}/"
        counts.append(
            (queries(client, base + "analysis/"), queries(client, base + "pairs/A/1/analysis/"))
        )
        session_touch(session, amends=False)
    # Cold: the session, the scored results (sections, pairs, boards, results), the lines
    # still missing (sections), the boards' double-dummy tables: 7 each.
    assert counts[0] == counts[1] == (7, 7)


@pytest.mark.django_db
def test_a_hand_record_attached_later_is_analysed_at_once(client, make_session, director):
    # Board 1 (nobody vulnerable): 4S by N taking 11, double dummy 10, par +300 -> correct, +1.
    session = make_session("board,ns,ew,contract,declarer,tricks\n1,1,2,4S,N,11\n", publish=True)
    url = f"/sessions/{session.pk}/pairs/A/1/analysis/"
    assert table_rows(parse(client.get(url)), "analysis-boards")[0][-1] == (
        "not analysed: no double-dummy table and par"
    )  # the analysis is now cached under the session's version
    session_set_deals(session=session, deals={1: DEAL}, analyses={1: RECORDS[1]})
    # A director gets the page rendered afresh (players, within 2 seconds): nothing cleared
    # by hand, the hand record made the session a new version and so the analysis a new key.
    client.force_login(director)
    rows = table_rows(parse(client.get(url)), "analysis-boards")
    assert rows == [["1", "NS", "4♠ by N", "11 (10)", "+1", "correct (you)"]]
