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

in the language of the director who restores it (the command line's in English); the
backup's own words (a section's name, a JSON key) as the file has them.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from ..interchange.refused import MOST_PROBLEMS  # as many as a file's readers list
from ..rows.words import worded
from ..scoring.contract import STRAINS, ContractError, check_tricks
from ..scoring.message import Message
from ..scoring.notation import Outcome
from ..scoring.rulings import KINDS
from ..scoring.traveller_line import ruling_of


def backup_problems(sessions: list[Any]) -> list[str]:
    """Every problem of a backup's `sessions`, at most MOST_PROBLEMS and then how many more;
    [] when it can be restored."""
    problems: list[str] = []
    for number, data in enumerate(sessions, 1):
        name = data.get("name", "") if isinstance(data, dict) else ""
        if name:
            where = _("session %(number)s (%(name)s)") % {"number": number, "name": name}
        else:
            where = _("session %(number)s") % {"number": number}
        problems += _session_problems(data, where)
    if len(problems) > MOST_PROBLEMS:
        more = len(problems) - MOST_PROBLEMS
        problems = [
            *problems[:MOST_PROBLEMS],
            ngettext(
                "and %(count)s more problem like these",
                "and %(count)s more problems like these",
                more,
            )
            % {"count": more},
        ]
    return problems


def _session_problems(data: Any, where: str) -> list[str]:
    """The problems of one session of the backup, each said with `where` ("session 1
    (Tuesday pairs)") before it."""
    if not isinstance(data, dict):
        return [_("%(session)s: not a session (a JSON object)") % {"session": where}]
    missing = [key for key in ("date", "sections", "boards", "results") if key not in data]
    if missing:
        return [
            _("%(session)s: the backup is damaged: no %(keys)s")
            % {"session": where, "keys": ", ".join(missing)}
        ]
    try:
        pairs = _pairs(data["sections"])
        boards = {board["number"] for board in data["boards"]}
    except (KeyError, TypeError, ValueError) as error:
        return [
            _("%(session)s: a section or board is damaged (%(error)s)")
            % {"session": where, "error": repr(error)}
        ]
    problems = []
    seated: dict[tuple[object, str, object, object], int] = {}
    for number, line in enumerate(data["results"], 1):
        for problem in _line_problems(line, number, pairs, boards, seated):
            # Translators: a problem of a backup's line: "session 1 (Tuesday pairs), line 3:
            # board 4, A1 v 2: 99 tricks is impossible (0-13)".
            said = _("%(session)s, line %(line)s: %(problem)s")
            problems.append(said % {"session": where, "line": number, "problem": problem})
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
        return [_("not a traveller line (a JSON object)")]
    board, section, ns, ew = (line.get(key) for key in ("board", "section", "ns", "ew"))
    words = {"board": board, "section": section, "ns": ns, "ew": ew}
    # Translators: a backup's line, then what is wrong with it: "board 4, A1 v 2: ...".
    label = _("board %(board)s, %(section)s%(ns)s v %(ew)s: %(problem)s")
    if board not in boards:
        problem = _("board %(board)s is not among the session's boards") % words
        return [label % {**words, "problem": problem}]
    if section not in pairs:
        problem = _("section %(section)s is not in the session") % {"section": repr(section)}
        return [label % {**words, "problem": problem}]
    outside = [pair for pair in (ns, ew) if pair not in pairs[section]]
    if outside:
        problem = _("pair %(pair)s is not in section %(section)s") % {
            "pair": outside[0],
            "section": section,
        }
        return [label % {**words, "problem": problem}]
    if ns == ew:
        problem = _("pair %(pair)s cannot play against itself") % {"pair": ns}
        return [label % {**words, "problem": problem}]
    twice = {
        "NS": _(
            "board %(board)s, pair %(pair)s plays North-South twice (lines %(first)s and %(line)s)"
        ),
        "EW": _(
            "board %(board)s, pair %(pair)s plays East-West twice (lines %(first)s and %(line)s)"
        ),
    }
    problems = []
    for direction, pair in (("NS", ns), ("EW", ew)):
        first = seated.setdefault((board, section, pair, direction), number)
        if first != number:
            problems.append(
                twice[direction]
                % {"board": board, "pair": f"{section}{pair}", "first": first, "line": number}
            )
    try:
        _check_ruling(line)
    except ContractError as error:
        problems.append(label % {**words, "problem": worded(error.message)})
    except (KeyError, TypeError, ValueError) as error:
        damaged = _("damaged (%(error)s)") % {"error": repr(error)}
        problems.append(label % {**words, "problem": damaged})
    return problems


def _check_ruling(line: dict) -> None:
    """The line's ruling, each of its results one bridge allows; ContractError saying why
    not. Example: 4S by N with 99 tricks -> "99 tricks is impossible (0-13)"."""
    if line.get("kind", "played") not in KINDS:
        raise ContractError(
            Message(
                gettext_noop("%(kind)s is not a kind of line (%(kinds)s)"),
                {"kind": repr(line["kind"]), "kinds": ", ".join(KINDS)},
            )
        )
    ruling = ruling_of(line)
    outcomes = [ruling.outcome, ruling.ew_outcome, *(outcome for weight, outcome in ruling.weights)]
    for outcome in outcomes:
        if outcome is not None and outcome.contract is not None:
            _check_contract(outcome)


def _check_contract(outcome: Outcome) -> None:
    contract = outcome.contract
    assert contract is not None  # only outcomes with a contract are checked
    if contract.passed_out:
        return
    if not 1 <= contract.level <= 7 or contract.strain not in STRAINS:
        raise ContractError(
            Message(
                gettext_noop("%(contract)s is not a contract"),
                {"contract": f"{contract.level}{contract.strain}"},
            )
        )
    if contract.doubled not in (0, 1, 2):
        raise ContractError(
            Message(
                gettext_noop("doubled %(doubled)s is not 0, 1 (X) or 2 (XX)"),
                {"doubled": contract.doubled},
            )
        )
    if outcome.declarer not in ("N", "E", "S", "W"):
        raise ContractError(
            Message(
                gettext_noop("declarer %(declarer)s is not N, E, S or W"),
                {"declarer": repr(outcome.declarer)},
            )
        )
    if outcome.tricks is not None:
        check_tricks(contract, outcome.tricks)
