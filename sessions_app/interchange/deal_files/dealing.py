"""Dealing a set of boards: every deal equally likely, from the operating system's secure
random source, or repeatably from a seed the director chooses.

A deal is a shuffle of the 52 cards cut into four hands of 13 (North the first 13, East the
next …). The shuffle is Fisher–Yates: for each place from the last down to the second, swap
it with a place drawn uniformly from those up to it. Each of the 52! orders is then equally
likely, and each deal comes from exactly (13!)⁴ orders, so every one of the
52! / (13!)⁴ ≈ 5.36 × 10²⁸ deals is equally likely.

A place below `n` (n ≤ 52) is drawn from one random byte `b`: `b % n` when `b < 256 - 256 % n`,
else the byte is thrown away and another drawn, so that no place is likelier than another (a
byte of 256 values does not split evenly into 52; the 48 bytes 208-255 are the ones thrown
away when n = 52).

The bytes come from:

- without a seed, `secrets.SystemRandom` (the operating system's random source, which no one
  can predict or repeat);
- with a seed, SHA-256 in counter mode: the bytes of board B are SHA-256 of the UTF-8 text
  `clubscorer deal 1|<seed>|<B>|<k>` for k = 0, 1, 2 …, one after the other. The same seed
  deals the same board B the same in every set, on every computer and in every version of
  Python (so clubs playing a simultaneous event deal the same boards from the seed, and a test
  is repeatable); a seed is only as secret as its words, so a set dealt from a seed that others
  may guess is not a secret set.

Example: deal_boards([1, 2], seed="club night") gives the same two deals every time;
deal_boards([1, 2]) two new ones.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import Callable, Iterable, Iterator

from ...scoring.message import Message, MessageError, gettext_noop
from .boards import DealtBoard

MOST_BOARDS = 200  # a set of boards dealt at once
HIGHEST_BOARD = 999
SEED_VERSION = 1  # part of the hashed text: a new way of dealing from a seed gets a new number


class BadRange(MessageError):
    """A boards range that is not one; its words say why."""


def board_numbers(text: str) -> list[int]:
    """The boards a director's range names. Examples: "1-28" -> 1 … 28; "1-4, 9" -> 1, 2, 3,
    4, 9; "28-1" -> BadRange("'28-1': a range goes up, e.g. 1-28")."""
    numbers: set[int] = set()
    parts = [part.strip() for part in text.split(",")]
    if not any(parts):
        raise BadRange(Message(gettext_noop("give the boards to deal, e.g. 1-28")))
    for part in parts:
        match = re.fullmatch(r"([0-9]{1,4})(?:\s*-\s*([0-9]{1,4}))?", part)  # "٣" is no board
        if not match:
            raise BadRange(
                Message(
                    gettext_noop("%(part)r is not a board or a range of boards, e.g. 1-28"),
                    {"part": part},
                )
            )
        first = int(match.group(1))
        last = int(match.group(2) or first)
        if last < first:
            raise BadRange(
                Message(
                    gettext_noop("%(part)r: a range goes up, e.g. %(last)s-%(first)s"),
                    {"part": part, "last": last, "first": first},
                )
            )
        if first < 1 or last > HIGHEST_BOARD:
            raise BadRange(
                Message(
                    gettext_noop("%(part)r: boards are numbered 1-%(highest)s"),
                    {"part": part, "highest": HIGHEST_BOARD},
                )
            )
        numbers.update(range(first, last + 1))
        if len(numbers) > MOST_BOARDS:
            raise BadRange(
                Message(gettext_noop("at most %(most)s boards at once"), {"most": MOST_BOARDS})
            )
    return sorted(numbers)


def deal_boards(numbers: Iterable[int], seed: str | None = None) -> tuple[DealtBoard, ...]:
    """A new deal for each board number, dealer and vulnerability by Law 2 (module docstring:
    from the secure source, or from `seed`)."""
    return tuple(
        DealtBoard.law2(number, deal_owners(byte_source(number, seed))) for number in numbers
    )


def deal_owners(next_byte: Callable[[], int]) -> tuple[int, ...]:
    """One deal as its 52 cards' seats (`boards.py`), by Fisher–Yates over `next_byte`'s
    bytes (module docstring)."""
    order = list(range(52))
    for top in range(51, 0, -1):
        size = top + 1
        limit = 256 - 256 % size
        byte = next_byte()
        while byte >= limit:
            byte = next_byte()
        place = byte % size
        order[top], order[place] = order[place], order[top]
    owners = [0] * 52
    for position, card in enumerate(order):
        owners[card] = position // 13
    return tuple(owners)


def byte_source(number: int, seed: str | None) -> Callable[[], int]:
    """The bytes board `number` is dealt from: the secure source, or the seed's (module
    docstring)."""
    stream = _seeded(number, seed) if seed is not None else _secure()
    return stream.__next__


def _secure() -> Iterator[int]:
    source = secrets.SystemRandom()
    while True:
        yield from source.randbytes(64)


def _seeded(number: int, seed: str) -> Iterator[int]:
    block = 0
    while True:
        text = f"clubscorer deal {SEED_VERSION}|{seed}|{number}|{block}"
        yield from hashlib.sha256(text.encode("utf-8")).digest()
        block += 1
