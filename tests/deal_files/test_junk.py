"""Whatever bytes arrive, a deal file reader answers with boards or a refusal in words, never
another error (a 500 on the page): each format's file cut short, with bytes changed or added,
or replaced by random bytes, from a fixed seed so that a failure repeats."""

from __future__ import annotations

import random

import pytest

from sessions_app.interchange.deal_files.dealing import deal_boards
from sessions_app.interchange.deal_files.formats import DEAL_FORMATS
from sessions_app.interchange.refused import FileRefused

BOARDS = deal_boards(range(1, 5), seed="junk")


def damaged(content: bytes, rng: random.Random) -> bytes:
    changed = bytearray(content)
    how = rng.randrange(4)
    if how == 0:
        return content[: rng.randrange(len(content) + 1)]
    if how == 1:
        for _ in range(rng.randrange(1, 4)):
            changed[rng.randrange(len(changed))] = rng.randrange(256)
    elif how == 2:
        place = rng.randrange(len(changed))
        changed[place:place] = rng.randbytes(rng.randrange(1, 5))
    else:
        return rng.randbytes(rng.randrange(300))
    return bytes(changed)


@pytest.mark.parametrize("name", DEAL_FORMATS)
def test_it_refuses_damaged_files_in_words(name):
    fmt = DEAL_FORMATS[name]
    rng = random.Random(name)
    good = fmt.write(BOARDS)
    for _ in range(300):
        content = damaged(good, rng)
        try:
            boards = fmt.read(content)
        except FileRefused as refused:
            assert refused.errors and all(
                error.startswith(("line ", "byte ")) for error in refused.errors
            ), refused.errors
        else:
            assert all(len(board.owners) == 52 for board in boards)
