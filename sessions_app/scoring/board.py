"""Dealer and vulnerability of a board from its number (Law 2).

The cycle repeats every 16 boards: board 17 is dealt and vulnerable like board 1.
"""

SEATS = "NESW"
VULNERABILITIES = ("None", "NS", "EW", "All")

# Law 2: None on 1, 8, 11, 14; NS on 2, 5, 12, 15; EW on 3, 6, 9, 16; All on 4, 7, 10, 13.
_VULNERABILITY_CYCLE = (
    "None",
    "NS",
    "EW",
    "All",
    "NS",
    "EW",
    "All",
    "None",
    "EW",
    "All",
    "None",
    "NS",
    "All",
    "None",
    "NS",
    "EW",
)


def dealer(board: int) -> str:
    """The seat that deals board `board`: N, E, S, W in turn (board 1 = N, board 6 = E)."""
    _check_board_number(board)
    return SEATS[(board - 1) % 4]


def vulnerability(board: int) -> str:
    """`None`, `NS`, `EW` or `All` for board `board` (board 1 = None, board 7 = All)."""
    _check_board_number(board)
    return _VULNERABILITY_CYCLE[(board - 1) % 16]


def is_vulnerable(vul: str, seat: str) -> bool:
    """Whether the side of `seat` (N, E, S or W) is vulnerable under `vul`."""
    if vul not in VULNERABILITIES:
        raise ValueError(f"unknown vulnerability {vul!r}")
    side = "NS" if seat in "NS" else "EW"
    return vul == "All" or vul == side


def _check_board_number(board: int) -> None:
    if board < 1:
        raise ValueError(f"board numbers start at 1, not {board}")
