"""Club grades (players/grades.py, docs/rules.md §19) on a real public history: four sessions
of one club, NSBC@Lindfield, July 2022, as Compscore3 wrote them (tests/players/data/nsbc/,
the players' names and ABF numbers replaced by placeholders: its README).

The sessions go through the app as a director's would: the register holds every player with
their (placeholder) ABF number, each file is imported in date order (the names linked to the
register on import), and each session is published, which brings the grades up to date.
"DIRECTOR" and "DIRECTOR PLAYING", who filled three pairs, are not on the register: they
count at the starting grade, 50, and are not graded.

The history is two chains that never meet: the Open sessions of 11 and 28 July (19 and 21
tables, 27 boards a pair) and the Rookie sessions of 21 and 26 July (7 and 8 tables, 15 to
21 boards). No registered player crosses from one to the other, and nobody plays more than
two sessions, so every player's grade is at most two steps and every step can be read.

The strongest and weakest pairs are taken from the files' own published percentages
(Compscore's, two decimals), never from clubscorer's: clubscorer scores the traveller lines
again, which agrees with the files to 0.005 except on 28 July, where the file's board 1
carries matchpoints that are not those of its scores (up to 1.05 points on a pair).
"""

from __future__ import annotations

import statistics
import xml.etree.ElementTree as ET
from collections import Counter, defaultdict
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from sessions_app.files.imports import session_import
from sessions_app.interchange.usebio.read import read_usebio
from sessions_app.models import Club, GradedSession, GradeStep, Pair, Player, Session
from sessions_app.players.grades import club_grades_refresh, player_grade
from sessions_app.players.linking import session_link_players
from sessions_app.players.register import player_create
from sessions_app.scoring.grades import PROVISIONAL, START
from sessions_app.setup.status import session_set_status
from tests.conftest import rows_for_the_module

pytestmark = pytest.mark.django_db

DATA = Path(__file__).parent / "data/nsbc"
# In date order: 11 July (Open), 21 July (Rookie), 26 July (Rookie), 28 July (Open).
FILES = (
    "mp_pairs_mitchell",
    "mp_pairs_mitchell_03",
    "mp_pairs_mitchell_04",
    "mp_pairs_mitchell_02",
)
STAND_INS = {"DIRECTOR", "DIRECTOR PLAYING"}  # ABF numbers 0 and 1: not people of the register


@dataclass(frozen=True)
class Published:
    """One pair of a file as Compscore published it."""

    file: str
    label: str  # "4NS"
    direction: str
    percentage: Decimal
    boards: int  # its traveller lines
    players: tuple[str, ...]  # the registered ones (stand-ins left out)


def published(file: str) -> list[Published]:
    root = ET.parse(DATA / f"{file}.xml").getroot()
    lines: Counter[str] = Counter()
    for line in root.iter("TRAVELLER_LINE"):
        lines[line.findtext("NS_PAIR_NUMBER", "")] += 1
        lines[line.findtext("EW_PAIR_NUMBER", "")] += 1
    return [
        Published(
            file,
            pair.findtext("PAIR_NUMBER", ""),
            pair.findtext("DIRECTION", ""),
            Decimal(pair.findtext("PERCENTAGE", "")),
            lines[pair.findtext("PAIR_NUMBER", "")],
            tuple(
                name
                for player in pair.iter("PLAYER")
                if (name := player.findtext("PLAYER_NAME", "")) not in STAND_INS
            ),
        )
        for pair in root.iter("PAIR")
    ]


PAIRS = {file: published(file) for file in FILES}


@pytest.fixture(scope="module")
def shared_history(django_db_setup, django_db_blocker):
    """`history`'s rows, imported once for the module's tests (each rolls its own back)."""
    yield from rows_for_the_module(django_db_blocker, build_history)


@pytest.fixture
def history(db, shared_history) -> dict[str, Session]:
    return shared_history


def without_hands(path: Path) -> bytes:
    """The file without its deals (`HANDSET`): a grade moves with the pairs' percentages, not
    with the cards, and the deals' double dummy, worked out on import, would cost the run a
    minute of CPU (103 deals)."""
    root = ET.parse(path).getroot()
    for parent in list(root.iter()):
        for handset in parent.findall("HANDSET"):
            parent.remove(handset)
    return ET.tostring(root, encoding="utf-8", xml_declaration=True)


def build_history() -> dict[str, Session]:
    """The four sessions imported and published in date order: file -> session."""
    club = Club.objects.create(name="NSBC@Lindfield", slug="nsbc")
    numbers = {}
    for file in FILES:
        for player in ET.parse(DATA / f"{file}.xml").getroot().iter("PLAYER"):
            name = player.findtext("PLAYER_NAME", "")
            if name not in STAND_INS:
                numbers[name] = player.findtext("NATIONAL_ID_NUMBER", "")
    for name, number in numbers.items():
        player_create(club=club, name=name, member_number=number)
    sessions = {}
    for file in FILES:
        results = read_usebio(without_hands(DATA / f"{file}.xml"))
        session = session_import(club=club, results_file=results).session
        assert session_link_players(session=session) == 0  # linked on import already
        sessions[file] = session_set_status(
            session=session, status="published", publish_incomplete=True
        )
    return sessions


def steps_of(session: Session) -> dict[str, GradeStep]:
    return {step.player.name: step for step in GradeStep.objects.filter(session=session)}


def final_grades() -> dict[str, GradeStep]:
    """Each player's last step: their grade now."""
    latest = {}
    for step in GradeStep.objects.select_related("player").order_by("session__date"):
        latest[step.player.name] = step
    return latest


def test_the_first_night_sets_the_percentage_and_a_later_step_checked_by_hand(history):
    assert Player.objects.count() == 182  # 184 names in the files, less the two stand-ins
    linked = (
        Pair.objects.filter(player1_ref__isnull=False).count()
        + Pair.objects.filter(player2_ref__isnull=False).count()
    )
    assert linked == 218 - 3  # every name linked, but the stand-ins of three pairs
    assert GradedSession.objects.count() == 4
    assert club_grades_refresh(club=history[FILES[0]].club) == 0  # current after publishing

    # The first night of each chain (11 July Open, 21 July Rookie): everyone is new, at 50,
    # so every pair and its field are 50 and the expected score is 50 + 50 − 50 = 50; f is
    # the session's boards over the same boards, 1: each player's grade is their pair's
    # percentage (clubscorer's, four decimals), which is the file's to 0.005.
    open_players = {
        name for file in (FILES[0], FILES[3]) for p in PAIRS[file] for name in p.players
    }
    rookie_players = {name for file in FILES[1:3] for p in PAIRS[file] for name in p.players}
    assert not open_players & rookie_players
    for file in FILES[:2]:
        steps = steps_of(history[file])
        assert len(steps) == sum(len(p.players) for p in PAIRS[file])  # 75 and 25
        for pair in PAIRS[file]:
            for name in pair.players:
                step = steps[name]
                assert step.expected == 50 and step.grade == step.percentage, name
                assert abs(step.percentage - pair.percentage) <= Decimal("0.005"), name
                assert step.boards == pair.boards

    # 26 July, pair 1NS: Player AIF (24.4444 after 21 July's 24.44%, 18 boards) with Player
    # BAB (new: 50). Pair grade (24.4444 + 50) / 2 = 37.2222. Its field, the 7 other NS
    # pairs: 8NS is Player AID (47.6190 after 21 July) with a new player, 48.8095; the six
    # others are new, 50: mean (48.8095 + 6 × 50) / 7 = 49.8299. Expected 50 + 37.2222 −
    # 49.8299 = 37.3923; scored 38.80% (15 boards), surplus +1.4077. BAB: f = 15/15 ->
    # 51.4077, above 50 after a 38.80% night, for carrying a partner graded 24 (rule 1: the
    # pair is measured by its mean grade). AIF: f = 15/(18 + 15) -> 24.4444 + 0.6399 = 25.0843.
    steps = steps_of(history[FILES[2]])
    aif, bab = steps["PLAYER AIF"], steps["PLAYER BAB"]
    assert aif.percentage == bab.percentage == Decimal("38.8000")
    assert aif.expected == bab.expected == Decimal("37.3923")
    pair_grade = (Fraction("24.4444") + 50) / 2
    field = (((Fraction("47.6190") + 50) / 2) + 6 * 50) / 7
    surplus = Fraction("38.8") - (50 + pair_grade - field)
    assert round(float(50 + surplus), 4) == 51.4077 and bab.grade == Decimal("51.4077")
    assert round(float(Fraction("24.4444") + Fraction(15, 33) * surplus), 4) == 25.0843
    assert (aif.grade, aif.boards, bab.boards) == (Decimal("25.0843"), 33, 15)

    # 28 July, pair 12NS: Player AEF (50.1315 after 11 July) with Player BFH (new). Its field
    # is the 20 other NS pairs, each the mean of its players' grades after 11 July (50 for a
    # new one): mean 50.0936, so expected 50 + 50.0658 − 50.0936 = 49.9721; scored 65.5093%
    # (the file: 65.56), f = 27/54: AEF 50.1315 + (65.5093 − 49.9721) / 2 = 57.9001; BFH,
    # new, f = 1: 50 + 15.5372 = 65.5372.
    before = {name: step.grade for name, step in steps_of(history[FILES[0]]).items()}
    field_pairs = [p for p in PAIRS[FILES[3]] if p.direction == "NS" and p.label != "12NS"]
    assert len(field_pairs) == 20

    def grade(pair: Published) -> Fraction:
        names = pair.players + ("",) * (2 - len(pair.players))  # a stand-in at 50
        return sum((Fraction(before.get(name, START)) for name in names), Fraction(0)) / 2

    strength = sum((grade(p) for p in field_pairs), Fraction(0)) / 20
    assert round(float(strength), 4) == 50.0936
    steps = steps_of(history[FILES[3]])
    aef, bfh = steps["PLAYER AEF"], steps["PLAYER BFH"]
    assert aef.expected == round(50 + (Fraction("50.1315") + 50) / 2 - strength, 4)
    assert (aef.expected, aef.percentage) == (Decimal("49.9721"), Decimal("65.5093"))
    assert (aef.grade, aef.boards) == (Decimal("57.9001"), 54)
    assert (bfh.grade, bfh.boards) == (Decimal("65.5372"), 27)


def test_the_strongest_pairs_end_above_the_average_and_the_weakest_below(history):
    grades = final_grades()
    assert len(grades) == 182

    # Each night's winners and last pair in each direction, by the file's percentages: a
    # player's grade is their results measured against the field (rule 2), so the winners
    # end above the club's average, 50, which is also everyone's starting grade, and the
    # last pairs below it. None of them played a second night that undid it.
    for file in FILES:
        for direction in ("NS", "EW"):
            field = sorted(
                (p for p in PAIRS[file] if p.direction == direction), key=lambda p: p.percentage
            )
            last, first = field[0], field[-1]
            assert first.percentage > 55 and last.percentage < 44
            assert all(grades[name].grade > 50 for name in first.players), (file, first)
            assert all(grades[name].grade < 50 for name in last.players), (file, last)

    # Across the sessions: the players of two nights (33 registered), ranked by their mean
    # percentage in the files, weighted by boards (shown to two decimals, half to even). The
    # three best end above 50 and the three weakest below (each within 6 points of that mean).
    played: dict[str, list[Published]] = defaultdict(list)
    for file in FILES:
        for pair in PAIRS[file]:
            for name in pair.players:
                played[name].append(pair)

    def mean(name: str) -> Decimal:
        pairs = played[name]
        return sum((p.percentage * p.boards for p in pairs), Decimal(0)) / sum(
            p.boards for p in pairs
        )

    twice = sorted((name for name, pairs in played.items() if len(pairs) == 2), key=mean)
    assert len(twice) == 33 and all(len(pairs) <= 2 for pairs in played.values())
    best = {name: round(mean(name), 2) for name in twice[-3:]}
    worst = {name: round(mean(name), 2) for name in twice[:3]}
    assert best == {
        name: Decimal(v)
        for name, v in [("PLAYER AHA", "56.64"), ("PLAYER ABE", "56.82"), ("PLAYER AEF", "57.84")]
    }
    assert worst == {
        name: Decimal(v)
        for name, v in [("PLAYER AIF", "30.97"), ("PLAYER ADE", "39.96"), ("PLAYER AHF", "40.58")]
    }
    assert {name: grades[name].grade for name in best} == {
        "PLAYER AHA": Decimal("59.4953"),  # 55.68% then 57.59%
        "PLAYER ABE": Decimal("59.6244"),  # 61.34% then 52.31%
        "PLAYER AEF": Decimal("57.9001"),  # 50.13% then 65.56%
    }
    assert {name: grades[name].grade for name in worst} == {
        "PLAYER AIF": Decimal("25.0843"),  # 24.44% then 38.80%
        "PLAYER ADE": Decimal("37.5682"),  # 39.73% then 40.19%
        "PLAYER AHF": Decimal("37.5785"),  # 37.63% then 43.52%
    }

    # Over the whole register the grades follow the results: the correlation of each
    # player's grade with their mean percentage in the files is 0.98 (182 players). It is
    # not 1 because the method measures a pair against its partners' grades and its field:
    # Player BAB (38.80% with Player AIF, graded 24) ends at 51.41; Player ABI (43.85%, then
    # 57.59% with Player AHA, graded 55.68) at 47.66.
    names = sorted(grades)
    correlation = statistics.correlation(
        [float(mean(name)) for name in names], [float(grades[name].grade) for name in names]
    )
    assert correlation > 0.95
    assert grades["PLAYER BAB"].grade == Decimal("51.4077")
    assert grades["PLAYER ABI"].grade == Decimal("47.6640")

    # Every step moves the grade towards the result: up when the pair beat its expected
    # score, down when it fell short (rule 3, f > 0).
    for step in GradeStep.objects.all():
        assert (step.change > 0) == (step.percentage > step.expected) or step.change == 0

    # Boards: each player's are the boards their pairs played in the files (traveller
    # lines), at most 2 × 27 = 54, under the 150 that make a grade more than provisional:
    # four club sessions grade nobody for good.
    for name, step in grades.items():
        assert step.boards == sum(p.boards for p in played[name]), name
    assert max(step.boards for step in grades.values()) == 54 < PROVISIONAL
    shown = player_grade(player=Player.objects.get(name="PLAYER AEF"))
    assert shown is not None
    assert (shown.grade, shown.boards, shown.provisional) == (Fraction("57.9001"), 54, True)
    assert [value for _, value, _ in shown.trend] == [Fraction("50.1315"), Fraction("57.9001")]
