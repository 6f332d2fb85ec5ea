"""Helpers for the interchange tests: commands in and out, and random sessions."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from django.core.management import call_command

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


# Random sessions ------------------------------------------------------------------------------

NAMES = ["Zoë Ward", "José Ruiz", "Siobhán O'Brien", 'Bob "Ace" Smith', "Li Wei", "Anna Berg",
         "Tom Hale", "Ruth Kay", "Omar Said", "Edith Lamb", "Kurt Vogel", "Mary Jones"]  # fmt: skip


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
            "import_travellers", str(tmp_path / "random.csv"),
            "--names", str(tmp_path / "random-names.csv"),
            "--name", f"Random {seed}", "--date", "2026-11-23", "--scale", scale,
        )
    )  # fmt: skip
