"""A backup read whole before anything is written: every problem named, in words.

A backup is a file anyone can edit, so `restore` checks all of it first and writes nothing
when something is wrong, rather than stopping at the database's first refusal (a raw
IntegrityError that names no line). The checks are those the tables would make: each line's
board, section and pairs exist in the backup, a pair plays a board once in each direction,
and the line is one bridge allows (`traveller_line.ruling_of`, the one place that rule
lives: tricks 0-13, level 0-7, a declarer N E S W ...).

Example: a session whose second line repeats pair 1's board 3 and whose third line says
`tricks: 99` gives

    session 1 (Tuesday pairs), line 2: board 3, pair A1 plays North-South twice (lines 1 and 2)
    session 1 (Tuesday pairs), line 3: board 4, A1 v 2: 99 tricks is impossible (0-13)
"""

from __future__ import annotations

from typing import Any

from ..interchange.refused import MOST_PROBLEMS  # as many as a file's readers list
from ..scoring.contract import STRAINS, ContractError, check_tricks
from ..scoring.notation import Outcome
from ..scoring.rulings import KINDS
from ..scoring.traveller_line import ruling_of


def backup_problems(sessions: list[Any]) -> list[str]:
    """Every problem of a backup's `sessions`, at most MOST_PROBLEMS and then how many more;
    [] when it can be restored."""
    problems: list[str] = []
    for number, data in enumerate(sessions, 1):
        name = data.get("name", "") if isinstance(data, dict) else ""
        where = f"session {number}" + (f" ({name})" if name else "")
        problems += [f"{where}{problem}" for problem in _session_problems(data)]
    if len(problems) > MOST_PROBLEMS:
        more = len(problems) - MOST_PROBLEMS
        problems = [*problems[:MOST_PROBLEMS], f"and {more} more problem(s) like these"]
    return problems


def _session_problems(data: Any) -> list[str]:
    if not isinstance(data, dict):
        return [": not a session (a JSON object)"]
    missing = [key for key in ("date", "sections", "boards", "results") if key not in data]
    if missing:
        return [f": the backup is damaged: no {', '.join(missing)}"]
    try:
        pairs = _pairs(data["sections"])
        boards = {board["number"] for board in data["boards"]}
    except (KeyError, TypeError, ValueError) as error:
        return [f": a section or board is damaged ({error!r})"]
    problems = []
    seated: dict[tuple[object, str, object, object], int] = {}
    for number, line in enumerate(data["results"], 1):
        for problem in _line_problems(line, number, pairs, boards, seated):
            problems.append(f", line {number}: {problem}")
    return problems


def _pairs(sections: list[dict]) -> dict[str, set[str]]:
    """The pairs' labels of each section by its name."""
    return {section["name"]: {pair[0] for pair in section["pairs"]} for section in sections}


def _line_problems(
    line: Any,
    number: int,
    pairs: dict[str, set[str]],
    boards: set[int],
    seated: dict[tuple[object, str, object, object], int],
) -> list[str]:
    """What is wrong with one line; `seated` remembers the line where each pair played each
    board in each direction."""
    if not isinstance(line, dict):
        return ["not a traveller line (a JSON object)"]
    board, section, ns, ew = (line.get(key) for key in ("board", "section", "ns", "ew"))
    label = f"board {board}, {section}{ns} v {ew}"
    if board not in boards:
        return [f"{label}: board {board} is not among the session's boards"]
    if section not in pairs:
        return [f"{label}: section {section!r} is not in the session"]
    outside = [pair for pair in (ns, ew) if pair not in pairs[section]]
    if outside:
        return [f"{label}: pair {outside[0]} is not in section {section}"]
    if ns == ew:
        return [f"{label}: pair {ns} cannot play against itself"]
    problems = []
    for direction, pair in (("North-South", ns), ("East-West", ew)):
        first = seated.setdefault((board, section, pair, direction), number)
        if first != number:
            problems.append(
                f"board {board}, pair {section}{pair} plays {direction} twice"
                f" (lines {first} and {number})"
            )
    try:
        _check_ruling(line)
    except ContractError as error:
        problems.append(f"{label}: {error}")
    except (KeyError, TypeError, ValueError) as error:
        problems.append(f"{label}: damaged ({error!r})")
    return problems


def _check_ruling(line: dict) -> None:
    """The line's ruling, each of its results one bridge allows; ContractError saying why
    not. Example: 4S by N with 99 tricks -> "99 tricks is impossible (0-13)"."""
    if line.get("kind", "played") not in KINDS:
        raise ContractError(f"{line['kind']!r} is not a kind of line ({', '.join(KINDS)})")
    ruling = ruling_of(line)
    outcomes = [ruling.outcome, ruling.ew_outcome, *(outcome for _, outcome in ruling.weights)]
    for outcome in outcomes:
        if outcome is not None and outcome.contract is not None:
            _check_contract(outcome)


def _check_contract(outcome: Outcome) -> None:
    contract = outcome.contract
    assert contract is not None  # only outcomes with a contract are checked
    if contract.passed_out:
        return
    if not 1 <= contract.level <= 7 or contract.strain not in STRAINS:
        raise ContractError(f"{contract.level}{contract.strain} is not a contract")
    if contract.doubled not in (0, 1, 2):
        raise ContractError(f"doubled {contract.doubled} is not 0, 1 (X) or 2 (XX)")
    if outcome.declarer not in ("N", "E", "S", "W"):
        raise ContractError(f"declarer {outcome.declarer!r} is not N, E, S or W")
    if outcome.tricks is not None:
        check_tricks(contract, outcome.tricks)
