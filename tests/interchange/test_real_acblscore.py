"""Real ACBLscore game files, read, scored and compared with the figures they publish (issue
26). Sources and licences: tests/interchange/data/real/acblscore/README.md; the layout and
every difference that remains, with its reason: docs/formats.md "ACBLscore game files".
"""

from __future__ import annotations

import datetime
import json
import random
from decimal import Decimal
from fractions import Fraction

import pytest

from sessions_app.files.imports import session_import
from sessions_app.interchange.acblscore.game import place_text, read_game
from sessions_app.interchange.acblscore.lines import side_text
from sessions_app.interchange.files import file_kind, read_file
from sessions_app.interchange.plan import plan_file, plan_results
from sessions_app.interchange.refused import FileRefused
from sessions_app.models import Pair, Session

from .conftest import DATA, places, planned

# slow (not in `dev.py test --fast`): every real game file, and damaged copies of them.
pytestmark = pytest.mark.slow

ACBLSCORE = DATA / "real" / "acblscore"
LONG_BEACH_12 = ACBLSCORE / "170612.ACA"  # two events, two Mitchells
LONG_BEACH_18 = ACBLSCORE / "170618.ACA"  # one Mitchell, two boards with adjusted scores
DOWNEY = ACBLSCORE / "170621.ACM"  # a Howell
FRIENDLY = ACBLSCORE / "170807.aca"  # with ACBLgamedump's own reading of it, .aca.json
CLUB_750_25 = ACBLSCORE / "170725.ACM"  # two Mitchells matchpointed and ranked together
CLUB_750_26 = ACBLSCORE / "170726.ACM"  # likewise


def test_it_tells_a_game_file_by_its_first_bytes_whatever_its_name():
    data = DOWNEY.read_bytes()
    assert [file_kind(name, data) for name in ("170621.ACM", "x.csv", "x")] == ["acbl"] * 3


def test_it_reads_a_mitchell_with_names_player_numbers_lines_and_figures():
    results_file, plan, results = planned(LONG_BEACH_18, "acbl")
    assert results_file.name == "Event Name, Sunday Aft"  # ACBLscore's default event name
    assert results_file.date == datetime.date(2017, 6, 18)
    # 7 tables x 28 boards, each board played once a round at each table: 196 lines
    assert len(results_file.rows) == 196 and results_file.winners == {"BB": 2}
    first = results_file.rows[0]
    # Board 1, round 1, table 1: NS 1 +100 (stored 10, in tens), 5.50 to NS and 0.50 to EW of
    # a top of 6 (stored 550 and 50, hundredths)
    assert (first.board, first.round, first.table, first.ns, first.ew) == (1, 1, 1, "1NS", "1EW")
    assert first.ruling.text == "100"
    assert results_file.lines[0].values == {"mp_ns": Decimal("5.50"), "mp_ew": Decimal("0.50")}
    names = {(row.pair, row.direction): row.names for row in results_file.names}
    assert names[("1NS", "NS")] == ("Jo Melis (O033032)", "John Melis (K993708)")
    assert names[("7EW", "EW")] == ("Robin Hill (6768202)", "Joan Johnson (6730876)")
    total = next(t for t in results_file.totals if t.pair == "1NS")
    # 85.50 matchpoints of 28 boards x top 6 = 168: 85.5 / 168 = 50.89%
    assert total.values == {"mp": Decimal("85.50"), "pct": Decimal("50.89")}
    assert plan.scale == "1/0.5"  # ACBLscore's scale: every line agrees on it
    assert places(results, "BB")["4NS"] == "1"  # 102.84, the best NS total


def test_it_reproduces_every_line_and_total_of_two_events():
    results_file, plan, results = planned(LONG_BEACH_12, "acbl")
    assert results_file.name == (
        "Stratified Open NAP Pairs, Monday Aft / Stratified Newcomer Pairs, Monday Aft"
    )
    # BB: 14 tables x 28 boards (2 a round, 13 rounds) = 364 lines; NN: 3 tables x 12 boards
    assert len(results_file.rows) == 364 + 36
    assert {s.letter: len(s.entries) for s in read_game(LONG_BEACH_12.read_bytes()).sections} == {
        "BB": 28,
        "NN": 6,
    }
    # 400 lines x 2 matchpoints, 34 pairs x (total, percentage, place in its section): all
    # agree but two places of NN. Two events, each section ranked alone: no ranking across.
    # sections scored and ranked apart; ties written as the places they span, as ACBLscore does
    assert results_file.published == 400 + 34
    assert results_file.settings == {"tie_places": "range"}
    assert {key for total in results_file.totals for key in total.places} == {"section"}
    file_places = _published_places(results_file, "section")
    assert {k: v for k, v in file_places.items() if k[0] == "BB"} == {
        ("BB", label): place for label, place in places(results, "BB").items()
    }  # 28 of 28
    # NN: 1NS and 2NS both 14.00 (58.33%), and 2EW and 3EW both 11.00: clubscorer ties them,
    # written as the places they span as the file writes ties (1/2, 2/3). The file writes the
    # first tie, within its award places, as low and high (1, 2): "1/2"; the second, past the
    # award depth, only by rank, 2 and 3 (docs/formats.md: ties past the awards are not
    # written).
    ours = places(results, "NN")
    assert [ours[p] for p in ("1NS", "2NS", "2EW", "3EW")] == ["1/2", "1/2", "2/3", "2/3"]
    assert [file_places[("NN", p)] for p in ("1NS", "2NS", "2EW", "3EW")] == [
        "1/2",
        "1/2",
        "2",
        "3",
    ]
    assert [str(d) for d in plan.differences] == [
        "section NN, pair 2EW: place in its section 2 in the file, 2/3 here",
        "section NN, pair 3EW: place in its section 3 in the file, 2/3 here",
    ]


def test_it_reads_a_howell_one_field_and_reproduces_it():
    results_file, plan, results = planned(DOWNEY, "acbl")
    # 10 pairs at 5 tables, 7 rounds of 4 boards: 28 boards x 5 tables = 140 lines
    assert len(results_file.rows) == 140 and results_file.winners == {"N": 1}
    first = results_file.rows[0]
    assert (first.ns, first.ew, first.ruling.text) == ("10", "1", "130")
    assert {row.pair for row in results_file.names} == {str(n) for n in range(1, 11)}
    assert plan.differences == () and results_file.published == 140 + 10
    # Pair 2: 76.50 of 28 boards x top 4 = 112 -> 68.30%, first; pair 1 65.00, 58.04%, second;
    # 10 of 10 places, compared by the plan too (no difference above)
    assert _published_places(results_file, "section") == {
        ("N", label): p for label, p in places(results, "N").items()
    }
    assert _file_places(DOWNEY) == {("N", label): p for label, p in places(results, "N").items()}
    assert places(results, "N")["2"] == "1" and places(results, "N")["1"] == "2"


def test_its_totals_of_rounded_lines_are_the_only_differences():
    # Board 24 has Ave-/Ave+ (2NS v 5EW) and board 28 Ave/Ave (3NS v 6EW): their 6 other
    # lines are factored to a top of 6, (M + 1) x 7/6 - 1, kept to hundredths in the file,
    # and each pair's total is the sum of its rounded lines (docs/formats.md).
    results_file, plan, results = planned(LONG_BEACH_18, "acbl")
    game = read_game(LONG_BEACH_18.read_bytes())
    assert not [d for d in plan.differences if "board" in d.where]  # every line agrees
    # and every place: 14 of 14 published, none among the differences below
    assert len(_published_places(results_file, "section")) == 14
    section = game.sections[0]
    # Board 28's six real NS scores: +200, +300, +140, +140, +140, -100. 4NS v 1EW (+140)
    # beats -100 and ties two: 4 on the 2/1 scale of a top of 10; Neuberg to 7 results,
    # (4 + 1) x 7/6 - 1 = 29/6, is 29/12 = 2.4167 on 1/0.5, published 2.42; EW 6 - 29/12 = 3.58.
    line = next(ln for ln in section.lines if ln.board == 28 and ln.ew.pair == "1EW")
    assert (line.ns.matchpoints, line.ew.matchpoints) == (Decimal("2.42"), Decimal("3.58"))
    differing = {d.where.split("pair ")[1] for d in plan.differences}
    assert differing == {"1EW", "3EW", "4NS", "4EW", "5NS", "5EW", "6NS", "7EW"}
    assert len(plan.differences) == 10 and all(
        abs(Decimal(d.theirs) - Decimal(d.ours)) == Decimal("0.01") for d in plan.differences
    )
    sides = [side for ln in section.lines for side in (ln.ns, ln.ew)]
    for entry in section.entries:
        own = sum((side.matchpoints for side in sides if side.pair == entry.label), Decimal(0))
        assert entry.matchpoints == own  # the file's total is the sum of its rounded lines
    # 1EW's exact total, 254/3 = 84.67 on 1/0.5 (kept on 2/1 inside), of 28 x 6 = 168: 50.40%;
    # the file's 84.66 and 50.39
    exact = results.scores[("BB", "1EW")]
    assert (exact.points, exact.percentage) == (Fraction(508, 3), Fraction(254 * 100, 3 * 168))
    assert {(d.theirs, d.ours) for d in plan.differences if "1EW" in d.where} == {
        ("84.66", "84.67"),
        ("50.39", "50.40"),
    }


def test_it_reads_a_file_as_acblgamedump_read_it():
    # Matthew Kidd's ACBLgamedump read this file into 170807.aca.json (README.md): every pair's
    # unscaled total, percentage, place and players' numbers, and every line's round, table,
    # pairs, scores and matchpoints are read alike here, two readings made apart.
    game = read_game(FRIENDLY.read_bytes())
    dump = json.loads((ACBLSCORE / "170807.aca.json").read_text())[0]["event"][0]
    section = dump["section"]["A"]
    assert (dump["event_name"], dump["date"]) == (game.events[0].name, game.events[0].date)
    ours = {entry.label: entry for entry in game.sections[0].entries}
    theirs = {key[:-1] + {"N": "NS", "E": "EW"}[key[-1]]: e for key, e in section["entry"].items()}
    assert set(ours) == set(theirs) and len(ours) == 23  # 12 tables, the phantom pair 12NS out
    for label, entry in ours.items():
        dumped = theirs[label]
        assert (float(entry.matchpoints), float(entry.percentage), entry.place) == (
            dumped["score_unscaled"],
            dumped["pct"],
            dumped["rank"][0]["rank"],
        )
        assert [p.number for p in entry.players] == [p["pnum"] for p in dumped["player"]]
    lines = [
        [
            ln.round,
            ln.table,
            int(ln.ns.pair[:-2]),
            int(side_text(ln.ns.code)[0]),
            float(ln.ns.matchpoints),
            int(ln.ew.pair[:-2]),
            int(side_text(ln.ew.code)[0]),
            float(ln.ew.matchpoints),
        ]
        for ln in game.sections[0].lines
    ]
    dumped_lines = [
        line for number in sorted(section["board"], key=int) for line in section["board"][number]
    ]
    assert lines == dumped_lines and len(lines) == 264  # 24 boards x 11 tables in play
    _, plan, _ = planned(FRIENDLY, "acbl")
    assert plan.differences == ()  # and clubscorer reproduces every figure


# 750 Bridge Club, 25 and 26 July 2017: one event, sections A and B, Mitchells of 12 tables
# (the 25th) and 11 (the 26th), matchpointed together (a board's 7 or 8 results in each
# section, 15 or 16 in all) and ranked together: ACBLscore's place of a pair is its place in its
# direction across A and B, clubscorer's ranking across sections "direction" (docs/rules.md
# §6.6). (file, name, lines, pairs in A and B, totals that differ by rounded lines)
CLUB_750 = [
    (CLUB_750_25, "Tuesday Morning Pairs, Tuesday Morn", 264 + 288, (23, 24), 57),
    (CLUB_750_26, "Wednesday Morning Pairs, Wednesday Mor", 264 + 240, (22, 21), 35),
]


@pytest.mark.parametrize(("path", "name", "lines", "pairs", "rounded"), CLUB_750)
def test_sections_ranked_together_reproduce_every_place_across_them(
    path, name, lines, pairs, rounded
):
    game = read_game(path.read_bytes())
    # master table entries: A's next is entry 2 (B) at +0x10 and +0x12, B's previous entry 1
    # (A) at +0x0F and +0x11: one group matchpointed together, one ranked together
    assert game.scored_together == game.ranked_together == (("A", "B"),)
    results_file, plan, results = planned(path, "acbl")  # no settings given
    assert results_file.name == name and len(results_file.rows) == lines
    # taken from the file: scored across the field, ranked across sections by direction
    assert results_file.settings == {
        "tie_places": "range",
        "across_the_field": "yes",
        "overall_ranking": "direction",
    }
    assert plan.values["across_the_field"] is True
    assert plan.values["overall_ranking"] == "direction" and plan.scale == "1/0.5"
    # every place the file publishes is across A and B (none in a section alone) ...
    published = _published_places(results_file, "overall")
    assert len(published) == sum(pairs) and not _published_places(results_file, "section")
    # ... and clubscorer's ranking across sections (NS of A and B, EW of A and B) gives each
    # pair the same place: 47 of 47 on the 25th, 43 of 43 on the 26th
    ours = {
        (standing.score.section, standing.score.label): standing.place
        for field in results.overall
        for standing in field.standings
    }
    assert [field.direction for field in results.overall] == ["NS", "EW"]
    assert ours == published
    # Every line's matchpoints agree (across the field, on 1/0.5); the only differences are
    # totals and percentages of rounded lines, as on Long Beach's 18 June (docs/formats.md):
    # the file's total is the sum of its lines kept to hundredths, so it differs from the
    # exact total by at most 0.005 a board (24 boards: 0.12), here by 0.01 to 0.03.
    assert not [d for d in plan.differences if "board" in d.where or "place" in d.what]
    assert len(plan.differences) == rounded
    assert all(
        Decimal("0.01") <= abs(Decimal(d.theirs) - Decimal(d.ours)) <= Decimal("0.03")
        for d in plan.differences
    )
    for section in game.sections:
        sides = [side for line in section.lines for side in (line.ns, line.ew)]
        for entry in section.entries:
            own = sum((s.matchpoints for s in sides if s.pair == entry.label), Decimal(0))
            assert entry.matchpoints == own  # the sum of its rounded lines


def test_the_overall_award_ranking_is_every_pair_together_to_the_award_depth():
    # The file's "overall" ranks (first strat, +0x62 and +0x64) rank every pair of the event,
    # NS and EW of both sections, to the award depth (6 here): clubscorer's ranking across
    # sections "field" gives the same six. 25 July: A1EW 65.21%, A6EW 60.95, A7NS 60.36,
    # B6NS 60.01, B4NS 59.98, A5NS 58.61.
    game = read_game(CLUB_750_25.read_bytes())
    theirs = {
        (section.letter, entry.label): place_text(*entry.overall_place)
        for section in game.sections
        for entry in section.entries
        if entry.overall_place[0]
    }
    assert theirs == {
        ("A", "1EW"): "1",
        ("A", "6EW"): "2",
        ("A", "7NS"): "3",
        ("B", "6NS"): "4",
        ("B", "4NS"): "5",
        ("A", "5NS"): "6",
    }
    results_file = read_file(CLUB_750_25.read_bytes(), kind="acbl")
    plan = plan_file(results_file, settings={"overall_ranking": "field"})
    (field,) = plan_results(plan, results_file).overall
    top = {(s.score.section, s.score.label): s.place for s in field.standings[:6]}
    assert top == theirs


def _published_places(results_file, key: str) -> dict[tuple[str, str], str]:
    return {
        (total.section, total.pair): total.places[key]
        for total in results_file.totals
        if key in total.places
    }


def _file_places(path) -> dict[tuple[str, str], str]:
    return {
        (section.letter, entry.label): str(entry.place)
        for section in read_game(path.read_bytes()).sections
        for entry in section.entries
    }


@pytest.mark.django_db
def test_it_imports_the_names_with_their_player_numbers(club):
    report = session_import(club=club, results_file=read_file(DOWNEY.read_bytes(), kind="acbl"))
    session = Session.objects.get(pk=report.session.pk)
    assert session.scale == "1/0.5" and session.date == datetime.date(2017, 6, 21)
    pair = Pair.objects.get(section__session=session, label="2")
    assert (pair.player1, pair.player2) == ("Leonard Beck (R210539)", "Larry Bolls (N545722)")
    assert report.differences == ()


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        (42, ("420", 0)),
        (-10, ("-100", 0)),
        (2060, ("A+", 0)),
        (2040, ("A-", 0)),
        (950, ("NP", 0)),
        (4042, ("420", 1)),
        (7958, ("-420", 3)),
    ],
)
def test_it_decodes_a_sides_score(code, expected):
    # 4042: group (4042 - 1000) // 2000 = 1, score 4042 - 2000 x 2 = 42 tens;
    # 7958: group 6958 // 2000 = 3, score 7958 - 2000 x 4 = -42 tens
    assert side_text(code) == expected


def test_it_refuses_a_file_cut_short_naming_the_byte():
    data = LONG_BEACH_18.read_bytes()
    with pytest.raises(FileRefused) as refused:
        read_file(data[:14000], kind="acbl")
    # Section BB's details start at 0xCFA = 3322; at +4, its NS pair index is at 0x380C =
    # 14348, past the cut
    assert refused.value.errors == [
        "byte 3326: section BB's pair index points to byte 14348, past the file's end (14000)"
    ]


@pytest.mark.parametrize(
    ("cut", "message"),
    [
        (b"", "byte 0: not an ACBLscore game file (it does not start 12 0A 03 'AC3')"),
        (b"\x12\x0a\x03AC3", "byte 18: event 1's pointer needs 4 bytes, the file ends at byte 6"),
    ],
)
def test_it_refuses_what_is_not_a_whole_game_file(cut, message):
    with pytest.raises(FileRefused) as refused:
        read_file(cut, kind="acbl")
    assert refused.value.errors == [message]


def test_it_refuses_a_pointer_past_the_end_and_a_teams_event():
    data = bytearray(LONG_BEACH_18.read_bytes())
    data[0x12:0x16] = (10**6).to_bytes(4, "little")  # event 1's pointer
    with pytest.raises(FileRefused) as refused:
        read_file(bytes(data), kind="acbl")
    assert refused.value.lines == [
        "1 problem, nothing imported:",
        "byte 18: event 1's pointer points to byte 1000000, past the file's end (14828)",
    ]
    data = bytearray(LONG_BEACH_18.read_bytes())
    data[0xDA] = 1  # event 1 a teams event
    with pytest.raises(FileRefused) as refused:
        read_file(bytes(data), kind="acbl")
    assert refused.value.errors == [
        "byte 218: event 1 is a teams event: clubscorer reads pairs events only"
    ]


def test_a_corrupt_count_reads_no_more_than_the_file():
    data = bytearray(LONG_BEACH_18.read_bytes())
    data[0x3678 + 4 : 0x3678 + 6] = (65535).to_bytes(2, "little")  # section BB: 65,535 boards
    with pytest.raises(FileRefused) as refused:
        read_file(bytes(data), kind="acbl")
    # The index holds 28 boards; its 29th entry, at 0x3678 + 0x26 + 8 x 28 = 14206, is what
    # follows the index: refused there, before any result is read
    assert refused.value.errors == ["byte 14206: section BB's board 29 of 65535 is numbered 0"]


def test_damaged_files_are_read_or_refused_never_a_crash():
    # 200 copies of the real files, each cut short or with up to 20 bytes changed past the
    # first six (seeded: the same copies every run): each is read and scored, or refused in
    # words; any other exception fails
    chance = random.Random(26)
    paths = (LONG_BEACH_12, LONG_BEACH_18, DOWNEY, FRIENDLY, CLUB_750_25, CLUB_750_26)
    files = [path.read_bytes() for path in paths]
    refused = 0
    for _ in range(200):
        data = bytearray(chance.choice(files))
        if chance.random() < 0.3:
            data = data[: chance.randrange(6, len(data))]
        else:
            for _ in range(chance.randint(1, 20)):
                data[chance.randrange(6, len(data))] = chance.randrange(256)
        try:
            plan_file(read_file(bytes(data), kind="acbl"))
        except FileRefused as error:
            assert error.errors[0].startswith("byte ")
            refused += 1
    assert refused > 50  # most damage is caught by the reader itself


def test_a_section_link_that_loops_or_points_nowhere_is_refused_naming_its_byte():
    # Section A's master table entry is the first, at 0x13E = 318; its "ranked together"
    # link to the next section at +0x12 = byte 336 (B: entry 2)
    data = bytearray(CLUB_750_25.read_bytes())
    assert data[318 + 0x12] == 2
    data[318 + 0x12] = 9  # entry 9: no section
    with pytest.raises(FileRefused) as refused:
        read_file(bytes(data), kind="acbl")
    assert refused.value.errors == ["byte 336: section A's link to 9 is none"]
    data[318 + 0x12] = 1  # A after A: a loop
    with pytest.raises(FileRefused) as refused:
        read_file(bytes(data), kind="acbl")
    # A, A, A ... past the file's two sections: byte 336 again, after two steps
    assert refused.value.errors == ["byte 336: section A's links loop"]
