"""A Howell as a `Movement`: the request checked, a missing pair seated as a phantom, and the
movement described in words; the seatings themselves are `howell`'s.

Apart from `howell` (the seatings and how they were found) because this is what a director
may ask of them: a complete Howell only (every pair meets every other once, so `rounds` is
2T-1 or nothing), no arrow switch (its pairs are one field already), and 2T or 2T-1 pairs, the
missing one chosen by number, whose opponents then sit out where it would have sat.

Example: howell(5, 3, pairs=9) -> 9 rounds of 3 boards, pairs "1".."9", described "Howell, 5
tables; 9 rounds of 3; pair 10 missing: in round r pair r sits out at table 3; relay sets: ...".
"""

from __future__ import annotations

from ..scoring.message import Message, MessageError, gettext_noop, joined
from .arrow_switch import ArrowSwitch, switch_rounds
from .howell import MAX_TABLES, MIN_TABLES, howell_layouts, howell_rounds
from .model import Movement, Round, Seating, board_set


def howell(
    tables: int,
    boards_per_round: int,
    *,
    pairs: int | None = None,
    rounds: int | None = None,
    arrow_switch: ArrowSwitch = None,
    missing_pair: int | None = None,
) -> Movement:
    """A complete Howell of `tables` tables (2-15) with any number of boards a round.

    `pairs` is 2T (default) or 2T-1: one pair is then a phantom and its opponents sit out, pair
    2T unless `missing_pair` names another (a missing pair alone means 2T-1 pairs).
    `rounds`, if given, must be the full 2T-1. An arrow switch does not apply (ValueError).

    Example: howell(5, 3, pairs=9) -> 9 rounds, 27 boards, pairs "1".."9"; in round r pair r
    sits out at table 3 and every board is played 4 times (expected_plays == 4);
    howell(5, 3, missing_pair=1) -> pair 1's opponent of each round sits out where pair 1 sat.
    """
    if not MIN_TABLES <= tables <= MAX_TABLES:
        raise MessageError(
            Message(
                gettext_noop(
                    "a Howell here has %(least)s to %(most)s tables (%(least_pairs)s to"
                    " %(most_pairs)s pairs), not %(tables)s"
                ),
                {
                    "least": MIN_TABLES,
                    "most": MAX_TABLES,
                    "least_pairs": 2 * MIN_TABLES,
                    "most_pairs": 2 * MAX_TABLES,
                    "tables": tables,
                },
            )
        )
    if boards_per_round < 1:
        raise MessageError(
            Message(
                gettext_noop("a round has at least one board, not %(boards)s"),
                {"boards": boards_per_round},
            )
        )
    if switch_rounds(arrow_switch, howell_rounds(tables)):
        raise MessageError(
            Message(
                gettext_noop("an arrow switch does not apply to a Howell: it is one field already")
            )
        )
    full = howell_rounds(tables)
    if rounds is not None and rounds != full:
        raise MessageError(
            Message(
                gettext_noop(
                    "a %(tables)s-table Howell is played complete: %(full)s rounds, not %(rounds)s"
                ),
                {"tables": tables, "full": full, "rounds": rounds},
            )
        )
    if pairs not in (None, 2 * tables, 2 * tables - 1):
        raise MessageError(
            Message(
                gettext_noop(
                    "a %(tables)s-table Howell has %(full)s or %(half)s pairs, not %(pairs)s"
                ),
                {"tables": tables, "full": 2 * tables, "half": 2 * tables - 1, "pairs": pairs},
            )
        )
    phantom = _phantom(tables, pairs, missing_pair)

    def seat(pair: int) -> str | None:
        return None if str(pair) == phantom else str(pair)

    built = tuple(
        Round(
            number,
            tuple(
                Seating(table, seat(ns), seat(ew), board_set(number_set, boards_per_round))
                for table, (ns, ew, number_set) in enumerate(layout, start=1)
            ),
        )
        for number, layout in enumerate(howell_layouts(tables), start=1)
    )
    return Movement(
        kind="howell",
        tables=tables,
        boards_per_round=boards_per_round,
        rounds=built,
        pairs=tuple(str(p) for p in range(1, 2 * tables + 1) if str(p) != phantom),
        boards=full * boards_per_round,
        said=_describe(tables, boards_per_round, phantom),
    )


def _phantom(tables: int, pairs: int | None, missing_pair: int | None) -> str | None:
    if missing_pair is None:
        return str(2 * tables) if pairs == 2 * tables - 1 else None
    if not 1 <= missing_pair <= 2 * tables:
        raise MessageError(not_in_howell(missing_pair, tables))
    if pairs == 2 * tables:
        raise MessageError(
            Message(gettext_noop("a missing pair needs an odd number of pairs (2T-1)"))
        )
    return str(missing_pair)


def not_in_howell(pair: int | str, tables: int) -> Message:
    """A missing pair named that a Howell does not have: "pair 11 is not in a 5-table Howell
    (its pairs are 1 to 10)"."""
    return Message(
        gettext_noop(
            "pair %(pair)s is not in a %(tables)s-table Howell (its pairs are 1 to %(pairs)s)"
        ),
        {"pair": pair, "tables": tables, "pairs": 2 * tables},
    )


def _describe(tables: int, boards_per_round: int, phantom: str | None) -> Message:
    size = howell_rounds(tables)
    parts = [
        Message(gettext_noop("Howell, %(tables)s tables"), {"tables": tables}),
        Message(
            gettext_noop("%(rounds)s rounds of %(boards)s"),
            {"rounds": size, "boards": boards_per_round},
        ),
    ]
    first = howell_layouts(tables)[0]
    home = next(t for t, (ns, _, _) in enumerate(first, start=1) if ns == 2 * tables)
    if phantom is None:
        parts.append(
            Message(
                gettext_noop("pair %(pair)s stays NS at table %(table)s"),
                {"pair": 2 * tables, "table": home},
            )
        )
    elif phantom == str(2 * tables):
        parts.append(
            Message(
                gettext_noop(
                    "pair %(pair)s missing: in round r pair r sits out at table %(table)s"
                ),
                {"pair": phantom, "table": home},
            )
        )
    else:
        parts.append(
            Message(
                gettext_noop("pair %(pair)s missing: the pair it would meet sits out each round"),
                {"pair": phantom},
            )
        )
    if tables == 2:
        parts.append(Message(gettext_noop("both tables share each set")))
    elif tables == 3:
        parts.append(Message(gettext_noop("all three tables share set 5 in round 5")))
    else:
        sets = [s for _, _, s in first]
        relays = [
            Message(
                gettext_noop("%(sets)s between tables %(table)s and %(next)s"),
                {
                    "sets": (sets[(i + 1) % tables] - s - 1) % size,
                    "table": i + 1,
                    "next": (i + 1) % tables + 1,
                },
            )
            for i, s in enumerate(sets)
            if (sets[(i + 1) % tables] - s - 1) % size
        ]
        parts.append(
            Message(gettext_noop("relay sets: %(relays)s"), {"relays": joined(", ", tuple(relays))})
        )
    return joined("; ", tuple(parts))
