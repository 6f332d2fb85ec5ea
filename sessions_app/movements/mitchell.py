"""Mitchell movements: NS pairs stay, EW pairs move up one table, boards move down one table.

Pairs: NS pair t sits at table t all session; EW pair T+t starts at table t. Board set t starts
at table t. After each round EW pairs go to the next higher table (T -> 1) and the boards to the
next lower one (1 -> T), so an EW pair meets a new NS pair and a new set every round.

Odd T (the plain Mitchell, T rounds): the EW pair and the boards close in on each other by two
tables a round, and as T is odd that visits every set once before coming round again.

Even T needs one of the two published fixes (bridgecentral.com "Skip Mitchell", "Share and
relay Mitchell"; Bernard Magee's glossary; ACBL "relay and bye stand"):

- **skip**: boards move as usual, but after round T/2 the EW pairs move up two tables once.
  Each EW pair then misses one NS pair and one set. The full movement is T-1 rounds: a T-th
  round would be the "revenge round" against the starting opponents. It can be cut short at
  any round and every set is still played equally often. Example (EBU/bridgewebs list): 10
  tables, 9 rounds of 3, skip after round 5.
- **relay and bye stand** (share-and-relay): sets 1..T/2 on tables 1..T/2, set T/2+1 on a bye
  stand (no players) between tables T/2 and T/2+1, sets T/2+2..T on tables T/2+1..T-1, and
  table T shares set 1 with table 1. Boards move down through the bye stand; the shared boards
  go on to table T-1. All T rounds are played; it cannot be cut short without some sets being
  played more often than others (bridgecentral: a curtailed even Mitchell must use the skip).

Half table (2T-1 pairs): one pair is missing and its seat is None, so its opponent sits out.
By default the missing pair is EW pair 2T; in a relay Mitchell it is NS pair T, at a share
table, which takes away the sharing (Magee: "it is usual to make the N/S pair at the last table
the missing pair, thereby avoiding sharing"). `missing_pair` chooses another.

Example: mitchell(7, 3) round 1 table 3 -> Seating(3, "3", "10", (7, 8, 9));
mitchell(8, 2, method="relay") round 1: table 8 shares (1, 2) with table 1, table 5 has set 6
(11, 12), set 5 waits on the bye stand and reaches table 4 in round 2.
"""

from __future__ import annotations

from typing import Literal

from ..scoring.message import Message, MessageError, gettext_noop, joined
from .arrow_switch import ArrowSwitch, apply_arrow_switch, switch_rounds
from .model import Movement, Round, Seating, board_set

EvenMethod = Literal["skip", "relay"]
MIN_TABLES = 3
MAX_TABLES = 20
MAX_BOARDS_PER_ROUND = 8


def full_rounds(tables: int, method: EvenMethod | None = None) -> int:
    """Rounds of the complete Mitchell: T, or T-1 for a skip (no revenge round).

    Example: full_rounds(7) -> 7; full_rounds(10, "skip") -> 9; full_rounds(8, "relay") -> 8.
    """
    return tables - 1 if method == "skip" else tables


def mitchell(
    tables: int,
    boards_per_round: int,
    *,
    method: EvenMethod | None = None,
    pairs: int | None = None,
    rounds: int | None = None,
    arrow_switch: ArrowSwitch = None,
    missing_pair: int | None = None,
) -> Movement:
    """A Mitchell of `tables` tables (3-20) and `boards_per_round` boards a round (1-8).

    `method` is required for an even number of tables ("skip" or "relay") and refused for an
    odd one. `pairs` is 2T (default) or 2T-1 (half table); `rounds` may cut the movement short;
    `arrow_switch` is None, "last" or chosen round numbers. Raises ValueError with the reason
    for anything that would not be a sound movement.

    Example: mitchell(7, 3).to_dict()["rounds"][0]["tables"][2]
    -> {"table": 3, "ns": "3", "ew": "10", "boards": [7, 8, 9]}.
    """
    _check_size(tables, boards_per_round, method)
    played = _check_rounds(tables, method, rounds)
    missing = _missing_label(tables, method, pairs, missing_pair)
    switched = switch_rounds(arrow_switch, played)

    built = tuple(
        Round(
            number,
            tuple(
                Seating(
                    table,
                    _seat(str(table), missing),
                    _seat(str(tables + _ew_start(table, number, tables, method)), missing),
                    board_set(_set_at(table, number, tables, method), boards_per_round),
                )
                for table in range(1, tables + 1)
            ),
        )
        for number in range(1, played + 1)
    )
    labels = tuple(str(p) for p in range(1, 2 * tables + 1) if str(p) != missing)
    return Movement(
        kind="mitchell",
        tables=tables,
        boards_per_round=boards_per_round,
        rounds=apply_arrow_switch(built, switched),
        pairs=labels,
        boards=tables * boards_per_round,
        said=_describe(tables, boards_per_round, method, played, missing, switched),
    )


def _check_size(tables: int, boards_per_round: int, method: EvenMethod | None) -> None:
    if not MIN_TABLES <= tables <= MAX_TABLES:
        too_few = tables < MIN_TABLES
        raise MessageError(
            Message(
                gettext_noop(
                    "a Mitchell needs %(least)s to %(most)s tables, not %(tables)s (play a Howell)"
                )
                if too_few
                else gettext_noop("a Mitchell needs %(least)s to %(most)s tables, not %(tables)s"),
                {"least": MIN_TABLES, "most": MAX_TABLES, "tables": tables},
            )
        )
    if not 1 <= boards_per_round <= MAX_BOARDS_PER_ROUND:
        raise MessageError(
            Message(
                gettext_noop("a Mitchell plays 1 to %(most)s boards a round, not %(boards)s"),
                {"most": MAX_BOARDS_PER_ROUND, "boards": boards_per_round},
            )
        )
    if method not in (None, "skip", "relay"):
        raise MessageError(
            Message(
                gettext_noop("unknown even-table method %(method)r: use 'skip' or 'relay'"),
                {"method": method},
            )
        )
    if tables % 2 == 1 and method is not None:
        raise MessageError(Message(_ODD_TABLES[method], {"tables": tables}))
    if tables % 2 == 0 and method is None:
        raise MessageError(
            Message(
                gettext_noop(
                    "%(tables)s tables is even: choose a skip or a relay and bye stand, or the EW"
                    " pairs would meet the boards they have already played"
                ),
                {"tables": tables},
            )
        )


# The even-table methods, refused for an odd number of tables.
_ODD_TABLES = {
    "skip": gettext_noop(
        "a skip is only for an even number of tables; %(tables)s tables play a plain Mitchell"
    ),
    "relay": gettext_noop(
        "a relay is only for an even number of tables; %(tables)s tables play a plain Mitchell"
    ),
}


def _check_rounds(tables: int, method: EvenMethod | None, rounds: int | None) -> int:
    full = full_rounds(tables, method)
    if rounds is None:
        return full
    if not 1 <= rounds <= full:
        raise MessageError(
            Message(
                gettext_noop(
                    "this %(tables)s-table Mitchell has 1 to %(full)s rounds, not %(rounds)s"
                ),
                {"tables": tables, "full": full, "rounds": rounds},
            )
        )
    if method == "relay" and rounds != full:
        raise MessageError(
            Message(
                gettext_noop(
                    "a relay Mitchell cannot be cut short (some sets would be played more often"
                    " than others): use the skip for fewer rounds"
                )
            )
        )
    return rounds


def _missing_label(
    tables: int, method: EvenMethod | None, pairs: int | None, missing_pair: int | None
) -> str | None:
    if pairs is None or pairs == 2 * tables:
        if missing_pair is not None:
            raise MessageError(
                Message(gettext_noop("a missing pair needs an odd number of pairs (2T-1)"))
            )
        return None
    if pairs != 2 * tables - 1:
        raise MessageError(
            Message(
                gettext_noop(
                    "a %(tables)s-table Mitchell has %(full)s pairs, or %(half)s with a half"
                    " table, not %(pairs)s"
                ),
                {"tables": tables, "full": 2 * tables, "half": 2 * tables - 1, "pairs": pairs},
            )
        )
    if missing_pair is None:
        return str(tables) if method == "relay" else str(2 * tables)
    if not 1 <= missing_pair <= 2 * tables:
        raise MessageError(
            Message(
                gettext_noop("pair %(pair)s is not in a %(tables)s-table Mitchell"),
                {"pair": missing_pair, "tables": tables},
            )
        )
    return str(missing_pair)


def _seat(label: str, missing: str | None) -> str | None:
    return None if label == missing else label


def _ew_start(table: int, number: int, tables: int, method: EvenMethod | None) -> int:
    """The starting table of the EW pair at `table` in round `number`."""
    moved = number - 1
    if method == "skip" and number > tables // 2:
        moved += 1
    return (table - 1 - moved) % tables + 1


def _set_at(table: int, number: int, tables: int, method: EvenMethod | None) -> int:
    """The board set at `table` in round `number`: its starting set plus one a round."""
    return (_start_position(table, tables, method) + number - 2) % tables + 1


def _start_position(table: int, tables: int, method: EvenMethod | None) -> int:
    """The set at `table` in round 1; with a relay the bye stand takes position T/2+1."""
    if method != "relay":
        return table
    if table == tables:
        return 1  # shares with table 1
    return table if table <= tables // 2 else table + 1


def _describe(
    tables: int,
    boards_per_round: int,
    method: EvenMethod | None,
    played: int,
    missing: str | None,
    switched: tuple[int, ...],
) -> Message:
    parts = [Message(gettext_noop("Mitchell, %(tables)s tables"), {"tables": tables})]
    half = tables // 2
    if method == "skip" and played > half:
        parts.append(
            Message(gettext_noop("EW pairs skip a table after round %(round)s"), {"round": half})
        )
    elif method == "skip":
        parts.append(
            Message(
                gettext_noop("EW pairs skip a table after round %(round)s (not reached)"),
                {"round": half},
            )
        )
    elif method == "relay":
        parts.append(
            Message(
                gettext_noop(
                    "tables 1 and %(tables)s share boards, bye stand between tables %(half)s"
                    " and %(next)s"
                ),
                {"tables": tables, "half": half, "next": half + 1},
            )
        )
    parts.append(
        Message(
            gettext_noop("%(rounds)s rounds of %(boards)s"),
            {"rounds": played, "boards": boards_per_round},
        )
    )
    if missing is not None:
        parts.append(
            Message(
                gettext_noop("pair %(pair)s missing (its opponents sit out)"), {"pair": missing}
            )
        )
    if switched:
        parts.append(
            Message(
                gettext_noop("arrow switch in round %(rounds)s"),
                {"rounds": ", ".join(str(r) for r in switched)},
            )
        )
    return joined("; ", tuple(parts))
