"""A traveller line, defined once: the columns that store it, and the stored line as a
`Ruling` (scoring/rulings.py), as the engine's `Line`, as the text the director types and as
words. Pure Python: the services, the audit trail, backups, imports, the entry screens and the
changes page all call these functions instead of reading the columns themselves.

A line is stored in `LINE_COLUMNS` of `Result` (and of an audit snapshot or a backup, which
are plain dicts with the same keys). Example: 30% of 4S= and 70% of 3NT-1 on a None board is
stored as kind "weighted", weights [{"weight": "3/10", "score": 420, "result": "4S N 10"},
{"weight": "7/10", "score": -50, "result": "3NT S 8"}] and every contract column empty;
`describe` says "weighted: 30% of 4S by N, 10 tricks (+420) + 70% of 3NT by S, 8 tricks (-50)".
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from .scoring.contract import PASSED_OUT, Contract
from .scoring.lines import Line
from .scoring.notation import Outcome
from .scoring.rulings import Ruling, outcome_text, played, stored_outcome

RULING_COLUMNS = (
    "kind", "level", "strain", "doubled", "declarer", "tricks", "score_ns", "split_score_ns",
    "split_result", "weights", "ns_artificial", "ew_artificial",
)  # fmt: skip
LINE_COLUMNS = ("round", "table", "lead", *RULING_COLUMNS, "foul_group", "reason")
_EMPTY = {
    "level": None, "strain": "", "doubled": 0, "declarer": "", "tricks": None, "score_ns": None,
    "split_score_ns": None, "split_result": "", "weights": None, "ns_artificial": "",
    "ew_artificial": "",
}  # fmt: skip


def to_columns(ruling: Ruling) -> dict[str, Any]:
    """The RULING_COLUMNS that store `ruling` (every one of them, so an update clears what a
    previous ruling left)."""
    columns: dict[str, Any] = {**_EMPTY, "kind": ruling.kind}
    if ruling.kind == "weighted":
        columns["weights"] = [
            {"weight": str(weight), "score": outcome.score_ns, "result": _result(outcome)}
            for weight, outcome in ruling.weights
        ]
        return columns
    outcome = ruling.outcome
    assert outcome is not None
    contract = outcome.contract
    columns.update(
        level=contract.level if contract else None,
        strain=contract.strain if contract else "",
        doubled=contract.doubled if contract else 0,
        declarer=outcome.declarer,
        tricks=outcome.tricks,
        score_ns=outcome.score_ns,
        ns_artificial=outcome.ns_artificial,
        ew_artificial=outcome.ew_artificial,
    )
    if ruling.ew_outcome is not None:
        columns.update(
            split_score_ns=ruling.ew_outcome.score_ns, split_result=_result(ruling.ew_outcome)
        )
    return columns


def ruling_of(row: object) -> Ruling:
    """The Ruling a stored line holds; `row` is a Result, a named values row or a dict
    (an audit snapshot, a backup) with RULING_COLUMNS."""
    get = _getter(row)
    kind = get("kind")
    if kind == "weighted":
        return Ruling(
            "weighted",
            weights=tuple(
                (Fraction(part["weight"]), stored_outcome(part.get("result", ""), part["score"]))
                for part in get("weights")
            ),
        )
    if kind == "artificial":
        return played(
            Outcome("artificial", ns_artificial=get("ns_artificial"),
                    ew_artificial=get("ew_artificial"))
        )  # fmt: skip
    if kind == "not_played":
        return played(Outcome("not_played"))
    outcome = _outcome(get)
    if kind == "split":
        ew = stored_outcome(get("split_result") or "", get("split_score_ns"))
        return Ruling("split", outcome, ew)
    return Ruling("assigned", outcome) if kind == "assigned" else played(outcome)


def to_line(row: object, ns: str, ew: str, ref: object = None) -> Line:
    """The engine's Line for a stored line (LINE_COLUMNS) between pairs `ns` and `ew`."""
    get = _getter(row)
    ruling = ruling_of(row)
    ns_award, ew_award = ruling.awards
    shown = ruling.shown
    return Line(
        ns, ew, ns_award, ew_award, get("foul_group") or 0, contract_token(ruling),
        shown.declarer if shown else "", shown.tricks if shown else None, get("lead") or "",
        get("round"), get("table"), ruling.is_ruling, ref, ruling, get("reason") or "",
    )  # fmt: skip


def contract_token(ruling: Ruling) -> str:
    """What a traveller's contract column shows: `4SX`, `PASS`, `A+/A-`, `NP`; empty when
    only the score is known or for a weighted score (several contracts)."""
    shown = ruling.shown
    return shown.token if shown else ""


def entry_text(row: object) -> str:
    """The stored line as the director would type it (scoring/rulings.py notation)."""
    return ruling_of(row).text


def describe(row: object) -> str:
    """The stored line in words, the same on every page, file and PDF:
    `split: NS 4S by N, 10 tricks (+420), EW 4S by N, 9 tricks (-50)`; a fouled board's
    group is added (`; fouled board, group 2`)."""
    return ruling_words(ruling_of(row), _getter(row)("foul_group") or 0)


def ruling_words(ruling: Ruling, foul_group: int = 0) -> str:
    """`describe` for a Ruling and its fouled-board group (an engine Line has both)."""
    words = ruling.words
    return f"{words}; fouled board, group {foul_group}" if foul_group else words


def _outcome(get) -> Outcome:
    level, score = get("level"), get("score_ns")
    if level is None:
        return Outcome("played", score_ns=score)
    if level == 0:
        return Outcome("played", PASSED_OUT, score_ns=0)
    contract = Contract(level, get("strain"), get("doubled") or 0)
    return Outcome("played", contract, get("declarer"), get("tricks"), score)


def _result(outcome: Outcome) -> str:
    """A real result's contract, declarer and tricks as stored beside its score (`4S N 10`,
    `PASS`, or empty when only the score is known)."""
    return outcome_text(outcome) if outcome.contract is not None else ""


def _getter(row: object):
    if isinstance(row, Mapping):
        return lambda name: row.get(name)
    return lambda name: getattr(row, name, None)


def line_ruling(line: Line) -> str:
    """An engine Line's ruling in words, as `describe` says it; "" for a table result."""
    if line.ruling is None or not (line.assigned or line.group):
        return ""
    return ruling_words(line.ruling, line.group)
