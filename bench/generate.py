"""Deterministic, realistic-looking travellers for benchmarks: an across-the-field event.

Table t seats NS pair t and EW pair T + ((t + b) mod T) + 1 on board b, so every pair plays every
board exactly once. Each board has a "normal" contract; tables stray from it now and then
(an overtrick, a trick short, a double, a different game, a pass-out).
"""

from __future__ import annotations

import random

HEADER = ("board", "ns", "ew", "contract", "declarer", "tricks")
_NORMAL = [
    (4, "S"),
    (4, "H"),
    (3, "NT"),
    (2, "H"),
    (2, "S"),
    (3, "C"),
    (1, "NT"),
    (5, "D"),
    (6, "NT"),
]


def event_rows(tables: int, boards: int, seed: int = 2026) -> list[tuple]:
    """(board, ns, ew, contract, declarer, tricks) for `tables` tables playing `boards` boards."""
    rng = random.Random(seed)
    rows = []
    for board in range(1, boards + 1):
        level, strain = rng.choice(_NORMAL)
        declarer = rng.choice("NESW")
        for table in range(1, tables + 1):
            ew = tables + (table + board) % tables + 1
            rows.append((board, str(table), str(ew), *_table_result(rng, level, strain, declarer)))
    return rows


def _table_result(rng: random.Random, level: int, strain: str, declarer: str) -> tuple:
    roll = rng.random()
    if roll < 0.03:
        return ("P", "", "")
    if roll < 0.15:
        level, strain = rng.choice(_NORMAL)
    doubled = "X" if rng.random() < 0.04 else ""
    seat = declarer if rng.random() < 0.85 else rng.choice("NESW")
    tricks = max(0, min(13, level + 6 + rng.choice((-2, -1, -1, 0, 0, 0, 0, 1, 1, 2))))
    return (f"{level}{strain}{doubled}", seat, str(tricks))
