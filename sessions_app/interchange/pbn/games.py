"""A PBN file of one game a table: each game is one traveller line, told by its own tags
(`Board`, `Contract`, `Declarer`, `Result`, `Score`), as JFR Pary (through PbnTools), BBO,
KOPS and most dealing and playing programs write results (docs/formats.md, PBN, "Dialects").

The pairs: `PairId_NS` / `PairId_EW` tags when the game has them, else the players' names
(`North` and `South` one pair, `East` and `West` the other), a pair numbered 1, 2, 3 ... in
the order the file first names it, whichever way it sits — or by the number its name carries
when both players have one name `Para-12` (PbnTools: JFR Pary's and KOPS's pair 12) or
`Pair 12`; names that only say the seat and a number (`N1`, `W12`: PbnTools's KOPS files of
one kind) name no one. A game with a result and neither is
refused with its line: clubscorer cannot tell who played it.

Example: `[Board "1"] [North "Para-1"] [South "Para-1"] [East "Para-2"] [West "Para-2"]
[Contract "4S"] [Declarer "N"] [Result "9"]` -> board 1, pair 1 (Para-1) NS against pair 2
(Para-2), 4S by N, 9 tricks; `[North "Para-3"] [South "Para-3"] [East "Para-8"] [West
"Para-8"]` is pair 3 against pair 8 wherever in the file it comes.
"""

from __future__ import annotations

import re

from ...scoring.contract import ContractError
from ...scoring.message import Message, MessageError, gettext_noop
from ...scoring.notation import outcome_from_fields, parse_adjustment
from ...scoring.rulings import Ruling, played
from ..fields import check_label
from ..records import NamesRow
from .dialects import contract_text
from .syntax import Game

_PLACEHOLDER = re.compile(r"^[NESW]\d+$", re.I)  # PbnTools's "N1", "E1" ...: a seat, no one
_RESULT_TAGS = ("Contract", "Result", "Score")
_PAIR_NUMBER = re.compile(r"^(?:para|pair|paar|paire|par)[- ]?(\d{1,4})$", re.I)


def has_result(game: Game) -> bool:
    """Whether a game without a ScoreTable tells a table's result in its own tags."""
    return any(game.value(name) not in ("", "?", "-") for name in _RESULT_TAGS)


class TablePairs:
    """The pairs of a file of one game a table, as the games name them."""

    def __init__(self) -> None:
        self.labels: dict[frozenset[str], str] = {}  # the pair's names -> its label
        self.names: dict[str, NamesRow] = {}

    def pairs(self, game: Game, section: str) -> tuple[str, str]:
        """(NS, EW) labels of the game's pairs; ValueError when the game does not say."""
        ns, ew = game.value("PairId_NS"), game.value("PairId_EW")
        if ns or ew:
            if not ns or not ew:
                raise MessageError(
                    Message(
                        gettext_noop("a game with PairId_NS needs PairId_EW too, and the reverse")
                    )
                )
            return check_label(ns, "pair"), check_label(ew, "pair")
        ns_names = self._players(game, "North", "South")
        ew_names = self._players(game, "East", "West")
        if not ns_names or not ew_names:
            raise MessageError(
                Message(
                    gettext_noop(
                        "the game has a result but does not say who played it: clubscorer needs"
                        " PairId_NS and PairId_EW tags, or the players' names (North, South,"
                        " East, West)"
                    )
                )
            )
        return self._label(ns_names, section), self._label(ew_names, section)

    @staticmethod
    def _players(game: Game, first: str, second: str) -> tuple[str, str] | None:
        names = tuple(game.value(seat) for seat in (first, second))
        if not any(names) or all(_PLACEHOLDER.match(name) or not name for name in names):
            return None
        return names[0], names[1]

    def _label(self, names: tuple[str, str], section: str) -> str:
        key = frozenset(name.strip().lower() for name in names)
        label = self.labels.get(key)
        if label is None:
            label = _numbered(names) or self._next_label()
            if label in self.names:
                other = " & ".join(filter(None, self.names[label].names))
                raise MessageError(
                    Message(
                        gettext_noop("pair %(pair)s names two pairs: %(other)r and %(names)r"),
                        {"pair": label, "other": other, "names": names[0]},
                    )
                )
            self.labels[key] = label
            shown = (names[0], "") if names[0] == names[1] else names
            self.names[label] = NamesRow(section, label, (shown[0][:100], shown[1][:100]))
        return label

    def _next_label(self) -> str:
        number = len(self.labels) + 1
        while str(number) in self.names:
            number += 1
        return str(number)


def _numbered(names: tuple[str, str]) -> str | None:
    """The pair number a side's names carry: both players named `Para-12` (PbnTools, for JFR
    Pary and KOPS) or `Pair 12` -> "12"; else None."""
    match = _PAIR_NUMBER.match(names[0].strip())
    return str(int(match.group(1))) if match and names[0].strip() == names[1].strip() else None


def table_ruling(game: Game, vulnerability: str) -> Ruling:
    """The line a game's own tags give: `Contract` (a contract, `Pass`, `P.O.`, or an
    adjustment such as `A+/A-`), `Declarer`, `Result` (tricks, or `=`, `+1`, `-2`), and the
    `Score` (`NS 420`, `EW 50`, `420`), which must agree with them."""
    contract = contract_text(_known(game.value("Contract")))
    adjustment = parse_adjustment(contract) if contract else None
    if adjustment is not None:
        return played(adjustment)
    result = _known(game.value("Result"))
    tricks = result if result.isdigit() else ""
    return played(
        outcome_from_fields(
            contract=contract,
            declarer=_known(game.value("Declarer")),
            tricks=tricks,
            result="" if tricks else result,
            score=_ns_score(_known(game.value("Score"))),
            vul=vulnerability,
        )
    )


def _ns_score(text: str) -> str:
    """A `Score` tag as the NS score: `NS 420` -> 420, `EW 420` -> -420, `420` -> 420."""
    side, _, number = text.upper().partition(" ")
    if side in ("NS", "EW") and number.strip():
        value = number.strip()
        try:
            return str(int(value) if side == "NS" else -int(value))
        except ValueError:
            raise ContractError(
                Message(gettext_noop("Score %(value)r is not a score"), {"value": text})
            ) from None
    return text


def _known(value: str) -> str:
    return "" if value.strip() in ("", "-", "?") else value.strip()
