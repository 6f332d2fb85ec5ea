"""import_pbn: a PBN file in, a session out; the file's matchpoints checked against ours."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.core.management import CommandError

from sessions_app.models import Board, Pair, Result, Session
from tests.conftest import PAGAT_BOARD_1, export, last_line_id, run

from .conftest import DATA, stored_counts

DEMO_DEALS = settings.BASE_DIR / "fixtures" / "demo" / "deals.pbn"


def write(tmp_path, text: str, name: str = "file.pbn"):
    path = tmp_path / name
    path.write_bytes(text.encode())
    return path


@pytest.mark.django_db
def test_it_reproduces_the_matchpoints_of_a_magic_contest_file():
    output = run("import_pbn", str(DATA / "pagat_magic.pbn"))
    session_id = last_line_id(output)
    assert "Imported 7 traveller lines and 0 deals" in output
    # Every matchpoint agrees; Magic Contest's whole-number percentages are listed apart, as
    # rounded in the file (10 of 14: the 100 and 0 of lines 27 and 30 are exact).
    assert "10 difference(s) between the file and clubscorer" in output
    assert "  10 of them where the file writes a whole number" in output
    assert "matchpoints" not in output.split("(matchpoints on 2/1):")[1]
    document = export(session_id)
    assert document["session"]["name"] == "Pagat example"
    assert document["session"]["date"] == "2026-11-16"
    board = document["sections"][0]["boards"][0]
    # docs/rules.md §9.1, top 12: 5/7, 8/4, 12/0, 5/7, 10/2, 0/12, 2/10.
    assert board["top"] == 12
    assert [(r["ns"], r["ew"], r["mp_ns"], r["mp_ew"]) for r in board["results"]] == [
        ("1", "8", 5.0, 7.0),
        ("2", "13", 8.0, 4.0),
        ("3", "11", 12.0, 0.0),
        ("4", "9", 5.0, 7.0),
        ("5", "14", 10.0, 2.0),
        ("6", "12", 0.0, 12.0),
        ("7", "10", 2.0, 10.0),
    ]
    assert Result.objects.filter(board__session_id=session_id, table=3).get().declarer == "E"


@pytest.mark.django_db
def test_it_lists_every_published_value_it_does_not_reproduce(tmp_path):
    text = (DATA / "pagat_magic.pbn").read_text()
    # Line 25 says pair 1 scored 6 (it scored 5: it beat 6 and 7 and tied with 4);
    # line 31 says 20% for pair 7's 2 of 12 (16.67%).
    text = text.replace(" 5.0  7.0  42  58", " 6.0  6.0  42  58", 1)
    text = text.replace("  2.0 10.0  17  83", "  2.0 10.0  20  83")
    output = run("import_pbn", str(write(tmp_path, text)))
    assert output.splitlines()[1:4] == [
        "12 difference(s) between the file and clubscorer (matchpoints on 2/1):",
        "  line 25: board 1, 1 v 8: NS matchpoints 6.0 in the file, 5 here",
        "  line 25: board 1, 1 v 8: EW matchpoints 6.0 in the file, 7 here",
    ]
    assert output.splitlines()[4] == (
        "  line 31: board 1, 7 v 10: NS percentage 20 in the file, 16.67 here"
    )
    assert Session.objects.count() == 1  # a difference is reported, not a reason to refuse


@pytest.mark.django_db
def test_it_takes_the_scale_the_file_matchpoints_on(tmp_path):
    text = (DATA / "pagat_magic.pbn").read_text()
    for two_one, half in (
        (" 5.0  7.0", " 2.5  3.5"),
        (" 8.0  4.0", " 4.0  2.0"),
        ("12.0  0.0", " 6.0  0.0"),
        ("10.0  2.0", " 5.0  1.0"),
        (" 0.0 12.0", " 0.0  6.0"),
        (" 2.0 10.0", " 1.0  5.0"),
    ):
        text = text.replace(two_one, half)
    session_id = last_line_id(run("import_pbn", str(write(tmp_path, text))))
    assert Session.objects.get(pk=session_id).scale == "1/0.5"
    board = export(session_id)["sections"][0]["boards"][0]
    assert (board["top"], board["results"][0]["mp_ns"]) == (6, 2.5)


@pytest.mark.django_db
def test_it_imports_the_edge_cases_as_the_file_states_them():
    output = run("import_pbn", str(DATA / "edge_cases.pbn"), "--date", "2026-03-02")
    session_id = last_line_id(output)
    # The file publishes no figure, only its TotalScoreTable's Rank (1 for pair 1, 2 for pair
    # 5), written for the names, which is compared as each pair's place: both differ.
    assert "2 difference(s) between the file and clubscorer" in output
    assert "line 55: pair 1: place in its section 1 in the file, 3 here" in output
    assert "line 56: pair 5: place in its section 2 in the file, 1 here" in output
    session = Session.objects.get(pk=session_id)
    assert (session.name, str(session.date)) == ('The "Spring" Pairs', "2026-03-02")
    boards = {b.number: b for b in Board.objects.filter(session=session)}
    assert (boards[2].dealer, boards[2].vulnerability, boards[2].par_score) == ("E", "None", 460)
    assert boards[2].double_dummy["S"]["NT"] == 11
    assert (boards[3].dealer, boards[3].vulnerability, boards[3].deal) == ("S", "None", "")
    names = dict(Pair.objects.filter(section__session=session).values_list("label", "player1"))
    assert names["1"] == "Ann Smith" and names["5"] == "The Diaz Partnership"
    assert "9" not in names  # the pair that sat out


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("bad_tag.pbn", 'line 5: a malformed tag pair (expected [Name "value"])'),
        ("broken_row.pbn", "line 8: a ScoreTable row needs 5 values, this line has 4"),
        ("impossible_contract.pbn", "line 10: board 1: 14 tricks is impossible (0-13)"),
        ("pair_twice.pbn", "line 9: board 1: pair 1 already played board 1 (line 7)"),
        ("truncated_deal.pbn", "line 12: each hand needs 13 cards (N 12, E 13, S 14, W 13)"),
    ],
)
def test_it_refuses_a_bad_file_and_stores_nothing(club, name, message):
    run("import_pbn", str(DATA / "pagat_magic.pbn"))
    before = stored_counts()
    with pytest.raises(CommandError) as error:
        run("import_pbn", str(DATA / name))
    assert "nothing imported" in str(error.value) and message in str(error.value)
    assert stored_counts() == before


@pytest.mark.django_db
def test_it_lists_all_the_problems_of_a_file_at_once():
    with pytest.raises(CommandError) as error:
        run("import_pbn", str(DATA / "impossible_contract.pbn"))
    assert str(error.value).splitlines() == [
        "2 problems, nothing imported:",
        "line 8: board 1: '8S' is not a contract (expected e.g. 4S, 3NT, 4SX, 5DXX or PASS)",
        "line 10: board 1: 14 tricks is impossible (0-13)",
    ]


@pytest.mark.django_db
def test_it_makes_a_draft_session_from_a_hand_record():
    session_id = last_line_id(run("import_pbn", str(DEMO_DEALS), "--name", "Hands"))
    session = Session.objects.get(pk=session_id)
    assert (session.name, session.status) == ("Hands", Session.Status.DRAFT)
    assert Board.objects.filter(session=session).exclude(deal="").count() == 21
    assert not Result.objects.filter(board__session=session).exists()


@pytest.mark.django_db
def test_it_attaches_the_deals_to_an_existing_session(make_session):
    session = make_session(PAGAT_BOARD_1)
    before = Result.objects.count()
    output = run("import_pbn", str(DEMO_DEALS), "--session", str(session.pk))
    assert output.splitlines() == [f"Stored 21 deals in {session}.", str(session.pk)]
    boards = Board.objects.filter(session=session).order_by("number")
    assert boards.count() == 21 and all(board.deal for board in boards)
    assert (boards[5].number, boards[5].dealer, boards[5].vulnerability) == (6, "E", "EW")
    assert boards[0].par_contracts == "3NT S+2"
    assert Result.objects.count() == before


@pytest.mark.django_db
def test_it_compares_a_file_with_the_session_it_attaches_to(make_session, tmp_path):
    session = make_session(PAGAT_BOARD_1)
    text = (DATA / "pagat_magic.pbn").read_text().replace(" 8.0  4.0  67  33", " 8.0  4.0  60  40")
    output = run("import_pbn", str(write(tmp_path, text)), "--session", str(session.pk))
    assert output.splitlines()[1:4] == [
        "10 difference(s) between the file and clubscorer (matchpoints on 2/1):",
        "  line 26: board 1, 2 v 13: NS percentage 60 in the file, 66.67 here",
        "  line 26: board 1, 2 v 13: EW percentage 40 in the file, 33.33 here",
    ]
    assert output.splitlines()[4].startswith("  8 of them where the file writes a whole number")
    assert output.splitlines()[-1] == str(session.pk)


@pytest.mark.django_db
def test_it_refuses_deals_dealt_otherwise_than_the_session_s_boards(make_session, tmp_path):
    session = make_session(PAGAT_BOARD_1)
    text = DEMO_DEALS.read_text().replace('[Dealer "N"]', '[Dealer "W"]', 1)
    with pytest.raises(CommandError) as error:
        run("import_pbn", str(write(tmp_path, text)), "--session", str(session.pk))
    assert "line 4: board 1 has dealer W in the file but N in the session" in str(error.value)
    assert not Board.objects.filter(session=session).exclude(deal="").exists()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["missing.pbn"], "missing.pbn: no such file"),
        ([str(DEMO_DEALS), "--session", "999"], "there is no session 999"),
        ([str(DEMO_DEALS), "--session", "1", "--name", "X"], "--session attaches deals only"),
        ([str(DEMO_DEALS), "--date", "16/11/2026"], "--date '16/11/2026' is not a date"),
        ([str(DEMO_DEALS), "--scale", "3/1"], "--scale must be 2/1 or 1/0.5"),
    ],
)
def test_it_explains_bad_options(args, message):
    with pytest.raises(CommandError, match=message):
        run("import_pbn", *args)
