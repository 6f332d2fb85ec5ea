"""A traveller line, defined once: the columns that store it, and the stored line as a
`Ruling` (scoring/rulings.py) and as the engine's `Line`. Pure Python: the services, the audit
trail, backups, imports, the entry screens and the changes page all call these functions
instead of reading the columns themselves; the line as people read it (the text the director
types, its words) is scoring/line_words.py's.

A line is stored in `LINE_COLUMNS` of `Result` (and of an audit snapshot or a backup, which
are plain dicts with the same keys). Example: 30% of 4S= and 70% of 3NT-1 on a None board is
stored as kind "weighted", weights [{"weight": "3/10", "score": 420, "result": "4S N 10"},
{"weight": "7/10", "score": -50, "result": "3NT S 8"}] and every contract column empty;
`ruling_of` reads it back as that weighted Ruling, and `to_line` as the engine's Line whose
awards weigh +420 at 3/10 and -50 at 7/10.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from functools import lru_cache, partial
from operator import attrgetter, itemgetter
from typing import Any

from .awards import Award
from .contract import PASSED_OUT, Contract
from .lines import Line
from .notation import Outcome
from .rulings import Ruling, outcome_text, played, stored_outcome

RULING_COLUMNS = (
    "kind",
    "level",
    "strain",
    "doubled",
    "declarer",
    "tricks",
    "score_ns",
    "split_score_ns",
    "split_result",
    "weights",
    "ns_artificial",
    "ew_artificial",
)
LINE_COLUMNS = ("round", "table", "lead", *RULING_COLUMNS, "foul_group", "reason")
_EMPTY = {
    "level": None,
    "strain": "",
    "doubled": 0,
    "declarer": "",
    "tricks": None,
    "score_ns": None,
    "split_score_ns": None,
    "split_result": "",
    "weights": None,
    "ns_artificial": "",
    "ew_artificial": "",
}
# What an engine Line takes from a ruling (`_line_parts`): NS and EW awards, contract column,
# declarer, tricks.
_Parts = tuple[Award, Award, str, str, int | None]


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
    return _ruling_and_parts(row)[0]


def _ruling_and_parts(row: object) -> tuple[Ruling, _Parts]:
    """The ruling of a stored line and what an engine Line takes from it (`_line_parts`),
    looked up once for the lines a large event repeats."""
    values = column_values(row, _RULING_VALUES)
    if values[0] == "weighted":
        ruling = Ruling(
            "weighted",
            weights=tuple(
                (Fraction(part["weight"]), stored_outcome(part.get("result", ""), part["score"]))
                for part in column_values(row, ("weights",))[0]
            ),
        )
        return ruling, _line_parts(ruling)
    return _cached(*values)


_RULING_VALUES = tuple(name for name in RULING_COLUMNS if name != "weights")
# The columns of a line that are not its ruling's, as `_line_fields` takes them.
PLACE_VALUES = ("foul_group", "lead", "round", "table", "reason")


@lru_cache(maxsize=8192)  # a large event repeats a few hundred different lines many times
def _cached(*values: Any) -> tuple[Ruling, _Parts]:  # the values of _RULING_VALUES
    ruling = _ruling(*values)
    return ruling, _line_parts(ruling)


def _ruling(
    kind: str,
    level: int | None,
    strain: str,
    doubled: int | None,
    declarer: str,
    tricks: int | None,
    score: int | None,
    split_score: int | None,
    split_result: str | None,
    ns_artificial: str,
    ew_artificial: str,
) -> Ruling:
    """A Ruling from the values of _RULING_VALUES (those of a weighted score apart)."""
    if kind == "artificial":
        return played(
            Outcome("artificial", ns_artificial=ns_artificial, ew_artificial=ew_artificial)
        )
    if kind == "not_played":
        return played(Outcome("not_played"))
    if level is None:
        outcome = Outcome("played", score_ns=score)
    elif level == 0:
        outcome = Outcome("played", PASSED_OUT, score_ns=0)
    else:
        contract = Contract(level, strain, doubled or 0)
        outcome = Outcome("played", contract, declarer, tricks, score)
    if kind == "split":
        assert split_score is not None  # the database refuses a split without it
        return Ruling("split", outcome, stored_outcome(split_result or "", split_score))
    return Ruling("assigned", outcome) if kind == "assigned" else played(outcome)


def to_line(row: object, ns: str, ew: str, ref: object = None) -> Line:
    """The engine's Line for a stored line (LINE_COLUMNS) between pairs `ns` and `ew`."""
    ruling, parts = _ruling_and_parts(row)
    return Line(*_line_fields(ruling, parts, ns, ew, ref, column_values(row, PLACE_VALUES)))


# The columns `stored_lines` reads, in this order; a row may go on with the caller's own.
STORED_LINE = ("id", "ns_id", "ew_id", *_RULING_VALUES, *PLACE_VALUES, "weights")
_RULING_AT = slice(3, 3 + len(_RULING_VALUES))
_PLACE_AT = slice(_RULING_AT.stop, _RULING_AT.stop + len(PLACE_VALUES))


def stored_lines(rows: Iterable[tuple[Any, ...]], labels: Mapping[Any, str]) -> list[Line]:
    """`to_line` for every stored line of an event at once: `rows` are plain tuples of the
    STORED_LINE columns (a large event: 26,000 of them, with a few hundred distinct results),
    `labels` the label of each pair id (a file's rows, not stored yet, name their pairs by
    label: `interchange/event.py` gives each label as its own id).

    Each distinct result is read once; the lines are made without Line's checks, which the
    database has made already (a pair never plays itself, result_distinct_pairs) or which
    cannot fail (the awards of a result that is not weighted: one score for each side, or
    artificial scores); a weighted line is read by `to_line`, checks and all.
    """
    known: dict[tuple[Any, ...], tuple[Ruling, _Parts]] = {}
    lines = []
    for row in rows:
        ns, ew = labels[row[1]], labels[row[2]]
        key = row[_RULING_AT]
        if key[0] == "weighted":
            lines.append(to_line(dict(zip(STORED_LINE, row, strict=False)), ns, ew, row[0]))
            continue
        if (read := known.get(key)) is None:
            read = known[key] = _cached(*key)
        ruling, parts = read
        lines.append(_new_tuple(Line, _line_fields(ruling, parts, ns, ew, row[0], row[_PLACE_AT])))
    return lines


_new_tuple = tuple.__new__


def ruling_lines(
    ns: Sequence[str],
    ew: Sequence[str],
    rulings: Sequence[Ruling],
    places: Sequence[Sequence[Any]],
) -> list[Line]:
    """`stored_lines` for lines not stored yet (a file's, `interchange/event.py`), given as
    columns: the pairs, the Ruling of each line in place of its ruling's columns, and the
    columns of PLACE_VALUES; each line's `ref` is its place, from 1.

    Each distinct ruling object is stored (`to_columns`) and read back once, so that every
    line is the one `stored_lines` makes of it once stored; the lines are then made column by
    column. Example: a file's 78,000 lines, whose reader shares one Ruling among the tables
    that wrote the same result, read a few hundred rulings back; the line of 4H by N, 10
    tricks is (ns, ew, ((1, 420),), ((1, 420),), 0, "4H", "N", 10, ...) however it came.
    """
    if not rulings:
        return []
    distinct = dict(zip(map(id, rulings), rulings, strict=True))  # the rows keep them alive
    read = {key: _ruling_and_parts(to_columns(ruling)) for key, ruling in distinct.items()}
    refs = range(1, len(rulings) + 1)
    if any(stored.kind == "weighted" for stored, _ in read.values()):
        lines = []  # a weighted line checked as `stored_lines` checks it
        for ruling, pairs, ref, place in zip(
            rulings, zip(ns, ew, strict=True), refs, zip(*places, strict=True), strict=True
        ):
            stored, parts = read[id(ruling)]
            fields = _line_fields(stored, parts, *pairs, ref, place)
            lines.append(Line(*fields) if stored.kind == "weighted" else _new_line(fields))
        return lines
    ruled = {
        key: _RULED(_line_fields(*known, "", "", None, _NO_PLACE)) for key, known in read.items()
    }
    ns_award, ew_award, contract, declarer, tricks, assigned, read_back = zip(
        *map(ruled.__getitem__, map(id, rulings)), strict=True
    )
    group, lead, round_, table, reason = places
    return list(
        map(
            _new_line,
            zip(
                ns,
                ew,
                ns_award,
                ew_award,
                _each(group, lambda value: value or 0),
                contract,
                declarer,
                tricks,
                _each(lead, lambda value: value or ""),
                round_,
                table,
                assigned,
                refs,
                read_back,
                _each(reason, lambda value: value or ""),
                strict=True,
            ),
        )
    )


# What `_line_fields` takes from the ruling (its awards, contract, declarer, tricks, whether
# it was assigned, the ruling), made once for each distinct ruling by `ruling_lines`.
_RULED = itemgetter(2, 3, 5, 6, 7, 11, 13)
_NO_PLACE = (0, "", None, None, "")
_new_line = partial(tuple.__new__, Line)


def _each(values: Iterable[Any], convert: Callable[[Any], Any]) -> map[Any]:
    """`convert` of each value, called once for each distinct one."""
    values = list(values)
    converted = {value: convert(value) for value in set(values)}
    return map(converted.__getitem__, values)


def _line_fields(
    ruling: Ruling, parts: _Parts, ns: str, ew: str, ref: object, place: tuple[Any, ...]
) -> tuple[Any, ...]:
    """The fields of the engine's Line, in order, for a stored line: its ruling and what is
    read from it (`_line_parts`), its pairs, its key and its PLACE_VALUES."""
    ns_award, ew_award, contract, declarer, tricks = parts
    group, lead, round_, table, reason = place
    return (
        ns,
        ew,
        ns_award,
        ew_award,
        group or 0,
        contract,
        declarer,
        tricks,
        lead or "",
        round_,
        table,
        ruling.kind != "played",
        ref,
        ruling,
        reason or "",
    )


def _line_parts(ruling: Ruling) -> _Parts:
    """What an engine Line takes from a ruling: the awards and the columns a traveller shows."""
    shown = ruling.shown
    return (
        *ruling.awards,
        contract_token(ruling),
        shown.declarer if shown else "",
        shown.tricks if shown else None,
    )


def contract_token(ruling: Ruling) -> str:
    """What a traveller's contract column shows: `4SX`, `PASS`, `A+/A-`, `NP`; empty when
    only the score is known or for a weighted score (several contracts)."""
    shown = ruling.shown
    return shown.token if shown else ""


def _result(outcome: Outcome) -> str:
    """A real result's contract, declarer and tricks as stored beside its score (`4S N 10`,
    `PASS`, or empty when only the score is known)."""
    return outcome_text(outcome) if outcome.contract is not None else ""


def column_values(row: object, names: tuple[str, ...]) -> tuple[Any, ...]:
    """The values of columns `names` of a Result, a named values row or a dict (of the types
    the model's fields give them), so that every kind of stored line is read alike.
    Example: column_values({"foul_group": 2, "lead": "SK"}, ("foul_group",)) -> (2,)."""
    if isinstance(row, dict):  # a snapshot or a backup (a plain dict: a quick test)
        return tuple(row.get(name) for name in names)
    getter = _GETTERS.get(names)
    if getter is None:  # one C-level call per row: scoring 26,000 lines reads them all
        getter = _GETTERS[names] = (
            attrgetter(*names, names[0]) if len(names) == 1 else (attrgetter(*names))
        )
    return getter(row)


_GETTERS: dict[tuple[str, ...], attrgetter[tuple[Any, ...]]] = {}
