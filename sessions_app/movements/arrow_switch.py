"""Arrow switch: in the marked rounds of a Mitchell the NS and EW pairs change seats.

Why: a Mitchell without a switch has two fields (NS pairs only compete with NS pairs). Turning
the arrow on the board for some rounds makes the home EW pairs play the NS cards there, so every
pair meets every other on some boards and one winner can be named (docs/rules.md §6.3). The director
usually switches the last round (about 1 round in T, blakjak "why 1 in 8"), or chosen rounds.

Results keep the pairs as they actually sat: in a switched round the seating itself says that
the EW pair sat NS. So a switched round is simply a round whose tables are swapped.

Example: 7-table Mitchell, switch "last" -> round 7, table 1 shows NS "9", EW "1" instead of
NS "1", EW "9"; parse_arrow_switch("2,5") -> (2, 5); switch_rounds("last", 7) -> (7,).
"""

from __future__ import annotations

from collections.abc import Iterable

from ..scoring.message import Message, MessageError, gettext_noop
from .model import Round

ArrowSwitch = str | Iterable[int] | None
"""None or "none" (no switch), "last", or the chosen round numbers, e.g. (3, 7)."""


def parse_arrow_switch(text: str) -> ArrowSwitch:
    """The command-line form: "none", "last" or comma-separated round numbers "2,5".

    Example: parse_arrow_switch("last") -> "last"; parse_arrow_switch("2, 5") -> (2, 5).
    Raises ValueError for anything else ("x", "2,,5").
    """
    cleaned = text.strip().lower()
    if cleaned in ("none", "last"):
        return cleaned
    try:
        return tuple(int(part) for part in cleaned.split(","))
    except ValueError:
        raise MessageError(
            Message(
                gettext_noop(
                    "arrow switch %(text)r is not 'none', 'last' or round numbers like '2,5'"
                ),
                {"text": text},
            )
        ) from None


def switch_rounds(spec: ArrowSwitch, rounds: int) -> tuple[int, ...]:
    """The switched round numbers of a movement of `rounds` rounds, sorted.

    Example: switch_rounds(None, 7) -> (); switch_rounds("last", 7) -> (7,);
    switch_rounds((5, 2), 7) -> (2, 5); switch_rounds((8,), 7) raises ValueError.
    """
    if spec is None or spec == "none":
        return ()
    if spec == "last":
        return (rounds,)
    if isinstance(spec, str):
        raise MessageError(
            Message(
                gettext_noop("arrow switch %(text)r is not 'none', 'last' or round numbers"),
                {"text": spec},
            )
        )
    chosen = tuple(spec)
    for number in chosen:
        if not 1 <= number <= rounds:
            raise MessageError(
                Message(
                    gettext_noop(
                        "arrow switch round %(round)s does not exist: the movement has rounds 1"
                        " to %(rounds)s"
                    ),
                    {"round": number, "rounds": rounds},
                )
            )
    if len(set(chosen)) != len(chosen):
        raise MessageError(
            Message(
                gettext_noop("arrow switch rounds %(chosen)s name a round twice"),
                {"chosen": str(chosen)},
            )
        )
    return tuple(sorted(chosen))


def apply_arrow_switch(rounds: Iterable[Round], switched: Iterable[int]) -> tuple[Round, ...]:
    """The rounds with every table of the `switched` rounds swapped and the round marked.

    Example: a round whose table 1 is NS "1" v EW "9" becomes NS "9" v EW "1", switched=True.
    """
    marked = set(switched)
    return tuple(
        Round(rnd.number, tuple(s.swapped() for s in rnd.tables), switched=True)
        if rnd.number in marked
        else rnd
        for rnd in rounds
    )
