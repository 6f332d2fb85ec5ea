"""Helpers for the interchange tests: commands in and out, and random sessions."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from django.core.management import call_command

from sessions_app.interchange.files import read_file
from sessions_app.interchange.plan import plan_file, plan_results
from sessions_app.models import Board, Pair, Result, ResultChange, Section, Session
from sessions_app.scoring.board import vulnerability
from sessions_app.scoring.contract import Contract, ns_score
from tests.conftest import export, last_line_id, run

DATA = Path(__file__).parent / "data"


def results_without_ids(session_id: int) -> dict:
    """The JSON export less the session's id, which a round trip cannot keep."""
    document = export(session_id)
    document["session"].pop("id")
    return document


def stored_counts() -> tuple[int, ...]:
    return tuple(
        model.objects.count() for model in (Session, Section, Pair, Board, Result, ResultChange)
    )


@pytest.fixture
def demo(db) -> Session:
    call_command("load_demo", stdout=io.StringIO())
    return Session.objects.get()


# Through a file and back, as a director would: export_results, then the import command ------


def through_pbn(tmp_path, session_id: int) -> int:
    path = tmp_path / "session.pbn"
    path.write_text(export(session_id, "pbn"))
    return last_line_id(run("import_pbn", str(path)))


def through_usebio(tmp_path, session_id: int) -> int:
    path = tmp_path / "session.xml"
    path.write_text(export(session_id, "usebio"))
    return last_line_id(run("import_usebio", str(path)))


def through_csv(tmp_path, session_id: int) -> int:
    session = Session.objects.get(pk=session_id)
    (tmp_path / "travellers.csv").write_text(export(session_id, "travellers"))
    (tmp_path / "names.csv").write_text(export(session_id, "names"))
    return last_line_id(
        run(
            "import_travellers",
            str(tmp_path / "travellers.csv"),
            "--names",
            str(tmp_path / "names.csv"),
            "--name",
            session.name,
            "--date",
            session.date.isoformat(),
            "--scale",
            session.scale,
        )
    )


# Random sessions ------------------------------------------------------------------------------

NAMES = [
    "Zoë Ward",
    "José Ruiz",
    "Siobhán O'Brien",
    'Bob "Ace" Smith',
    "Li Wei",
    "Anna Berg",
    "Tom Hale",
    "Ruth Kay",
    "Omar Said",
    "Edith Lamb",
    "Kurt Vogel",
    "Mary Jones",
]


def random_mitchell(
    seed: int,
    *,
    tables: int = 5,
    boards_per_round: int = 2,
    sections: tuple[str, ...] = ("A",),
    arrow_switch: bool = False,
) -> tuple[str, str]:
    """A travellers CSV and a names CSV for a Mitchell of `tables` (odd) tables per section.

    NS pairs 1..T stay, EW pairs T+1..2T move up a table and the boards down a table each
    round, so in round r table t has EW pair T + (t - r mod T) + 1 and board set (t + r - 2)
    mod T; with `arrow_switch` the pairs swap seats in the last round. About one line in ten
    is adjusted (A+/A-, A, not played), some lines are known only by their score, some pass;
    the first four lines are one of each.
    """
    rng = random.Random(seed)
    forced = [0.0, 0.07, 0.10, 0.15]  # the first lines: artificial, not played, pass, score
    travellers = ["section,board,round,table,ns,ew,contract,declarer,tricks,lead,score"]
    names = ["section,pair,player1,player2,direction"]
    for section in sections:
        for pair in range(1, 2 * tables + 1):
            first, second = rng.sample(NAMES, 2) if pair != 3 else ("", "")  # pair 3 unnamed
            direction = "NS" if pair <= tables else "EW"
            names.append(",".join([section, str(pair), _csv(first), _csv(second), direction]))
        for rnd in range(1, tables + 1):
            for table in range(1, tables + 1):
                ns, ew = table, tables + (table - rnd) % tables + 1
                if arrow_switch and rnd == tables:
                    ns, ew = ew, ns
                first_board = ((table + rnd - 2) % tables) * boards_per_round + 1
                for board in range(first_board, first_board + boards_per_round):
                    roll = forced.pop(0) if forced else rng.random()
                    outcome = _random_outcome(rng, board, roll)
                    travellers.append(
                        ",".join(map(str, [section, board, rnd, table, ns, ew, *outcome]))
                    )
    return "\n".join(travellers) + "\n", "\n".join(names) + "\n"


def _random_outcome(rng: random.Random, board: int, roll: float) -> list:
    """contract, declarer, tricks, lead, score for one line."""
    lead = rng.choice(["", "S4", "HK", "DA", "CT", "H2"])
    if roll < 0.06:
        return [rng.choice(["A+/A-", "A", "A-/A+", "A+", "A-", "A/A-"]), "", "", "", ""]
    if roll < 0.09:
        return ["NP", "", "", "", ""]
    if roll < 0.13:
        return ["PASS", "", "", lead, ""]
    level = rng.choice([1, 2, 2, 3, 3, 3, 4, 4, 4, 5, 6, 7])
    strain = rng.choice(["C", "D", "H", "S", "NT"])
    doubled = rng.choices([0, 1, 2], weights=[88, 10, 2])[0]
    declarer = rng.choice("NESW")
    tricks = max(0, min(13, level + 6 + rng.randint(-3, 2)))
    contract = Contract(level, strain, doubled)
    if roll < 0.18:  # only the score is known
        return ["", "", "", lead, ns_score(contract, declarer, tricks, vulnerability(board))]
    return [str(contract), declarer, tricks, lead, ""]


def _csv(value: str) -> str:
    return '"' + value.replace('"', '""') + '"' if ("," in value or '"' in value) else value


def make_random_session(tmp_path: Path, seed: int, *, scale: str = "2/1", **options) -> int:
    travellers, names = random_mitchell(seed, **options)
    (tmp_path / "random.csv").write_text(travellers)
    (tmp_path / "random-names.csv").write_text(names)
    return last_line_id(
        run(
            "import_travellers",
            str(tmp_path / "random.csv"),
            "--names",
            str(tmp_path / "random-names.csv"),
            "--name",
            f"Random {seed}",
            "--date",
            "2026-11-23",
            "--scale",
            scale,
        )
    )


# A session holding every kind of traveller line -----------------------------------------------

REASON_16B = 'Law 16B: a "slow" pass, then 4H; see the notes'
# Section A: a 3-table Mitchell of 6 boards; section B: a 3-table Mitchell of 3 boards. Each
# board's lines in the order the movement seats them: (A: 1v4, 3v5, 2v6 on boards 1-2; 2v5, 1v6,
# 3v4 on 3-4; 3v6, 2v4, 1v5 on 5-6), with their fouled-board group and reason.
EVERY_RULING = {
    ("A", 1): [("4S N 10", 0, ""), ("PASS", 0, ""), ("-100", 0, "")],
    ("A", 2): [
        ("assigned 4H S 10", 0, REASON_16B),
        ("4S N 10 / 4S N 9", 0, "Law 12C1(b): each side its own"),
        ("620 / -200", 0, ""),
    ],
    ("A", 3): [
        ("30% 4S N 10; 70% 3NT S 8", 0, "Law 12C1(c)"),
        ("4S N 10", 0, ""),
        ("3NT S 9", 0, ""),
    ],
    ("A", 4): [
        ("A+/A-", 0, "the tray was fouled, no time to replay"),
        ("55%/45%", 0, ""),
        ("A-", 0, ""),
    ],
    ("A", 5): [
        ("NP", 0, "late start"),
        ("12.5% 4S N 11; 37.5% 4S N 10; 50% 4S N 9", 0, ""),
        ("3NT N 9", 0, ""),
    ],
    ("A", 6): [
        ("1/3 4H E 10; 2/3 4H E 9", 1, "Law 87: two groups"),
        ("4H E 10", 1, ""),
        ("2S W 8", 2, "Law 87: two groups"),
    ],
    ("B", 1): [("420 / -50", 0, "split, scores only"), ("4S N 10", 0, ""), ("4S N 9", 0, "")],
    ("B", 2): [
        ("1/3 3NT S 9; 1/3 3NT S 10; 1/3 3NT S 8", 0, ""),
        ("3NT S 9", 0, ""),
        ("61.8%/38.2%", 0, ""),
    ],
    ("B", 3): [("2H E 8", 0, ""), ("3H E 8", 0, ""), ("PH/NP", 0, "pair absent")],
}


@pytest.fixture
def every_ruling(director) -> Session:
    """A session built through the director's services with every kind of line:
    played (contract, passed out, score only), assigned, split (contracts, scores only),
    weighted (2 and 3 parts; 30%, 12.5%, 1/3), artificial (A+/A-, A-, and explicit percentages
    55%/45% and 61.8%/38.2%), a phantom (PH/NP), not played, a fouled board in two
    groups, and reasons (with commas, quotes and a semicolon)."""
    import datetime

    from sessions_app.core.section_movement import usable_movement
    from sessions_app.entry.lines import LineInput, result_save
    from sessions_app.scoring.rulings import parse_ruling
    from sessions_app.setup.sessions import section_save, session_create

    session = session_create(
        club=director.clubs.get(), name="Every ruling", date=datetime.date(2026, 11, 18)
    )
    for name, boards_per_round in (("A", 2), ("B", 1)):
        section = section_save(
            session=session,
            name=name,
            movement="mitchell",
            tables=3,
            boards_per_round=boards_per_round,
        )
        movement = usable_movement(section)
        for board in range(1, movement.boards + 1):
            for visit, (text, group, reason) in zip(
                movement.board_schedule(board), EVERY_RULING[(name, board)], strict=True
            ):
                ruling = parse_ruling(text, vulnerability(board))
                line = LineInput(
                    board,
                    visit.ns,
                    visit.ew,
                    ruling,
                    visit.round,
                    visit.table,
                    foul_group=group,
                    reason=reason,
                )
                result_save(section=section, line=line, user=director)
    return session


def planned(path: Path, kind: str):
    """A real file of another program as read, planned and scored (no database): the read
    file, its plan, and clubscorer's results."""
    results_file = read_file(path.read_bytes(), kind=kind)
    plan = plan_file(results_file)
    return results_file, plan, plan_results(plan, results_file)


def places(results, section: str) -> dict[str, str]:
    """Each pair's place in clubscorer's ranking of `section`, by pair label."""
    return {
        standing.score.label: standing.place
        for field in results.section(section).fields
        for standing in field.standings
    }
