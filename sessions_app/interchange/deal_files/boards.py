"""A board of a deal file, and the one representation of a deal every format converts through.

Most machine formats store a deal card by card: for each of the 52 cards, in the order
spades, hearts, diamonds, clubs and, within a suit, A K Q J T 9 … 2, the seat that holds it.
So a deal here is `owners`, a tuple of 52 seat indices (0 North, 1 East, 2 South, 3 West),
card `13 * suit + rank`. Example: the deal in which North holds every spade, East every heart,
South every diamond and West every club is `(0,) * 13 + (1,) * 13 + (2,) * 13 + (3,) * 13`,
`N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432` in PBN.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...scoring.board import SEATS
from ...scoring.board import dealer as law2_dealer
from ...scoring.board import vulnerability as law2_vulnerability
from ...scoring.message import Message, MessageError, gettext_noop
from ..refused import at_byte

RANKS = "AKQJT98765432"
SUITS = "SHDC"
CARDS = 52


class BadDeal(MessageError):
    """A deal that is not 52 different cards in four hands of 13; its `reason` says why, and
    `byte` the byte of the file it names, when it names one. Example: BadDeal(m, byte=130)
    says "byte 130: " and then m."""

    def __init__(self, reason: Message, byte: int | None = None) -> None:
        self.reason, self.byte = reason, byte
        super().__init__(reason if byte is None else at_byte(byte, reason))


class NotWritable(MessageError):
    """A set of boards a format cannot hold (e.g. boards 5-8 in a format numbered from 1)."""


@dataclass(frozen=True, slots=True)
class DealtBoard:
    """One board of a deal file: its number, deal (PBN from North), dealer and vulnerability,
    and whether the file stated each of those two (False: Law 2's for the number)."""

    number: int
    deal: str
    dealer: str
    vulnerability: str
    stated: tuple[bool, bool] = (False, False)  # dealer, vulnerability

    @classmethod
    def law2(cls, number: int, owners: Sequence[int]) -> DealtBoard:
        """A board whose file gives only its number and cards. Example: board 6 is dealt by
        East with North-South vulnerable."""
        return cls(number, pbn_of(owners), law2_dealer(number), law2_vulnerability(number))

    @property
    def owners(self) -> tuple[int, ...]:
        return owners_of(self.deal)


def card_name(card: int) -> str:
    """`SA` for card 0, `C2` for card 51."""
    return SUITS[card // 13] + RANKS[card % 13]


def check_owners(owners: Sequence[int | None]) -> tuple[int, ...]:
    """The 52 owners if each card has one and each seat 13 cards, else BadDeal naming what is
    wrong. Example: a deal with no club two -> "C2 is in no hand"."""
    missing = [card_name(card) for card, owner in enumerate(owners) if owner is None]
    if missing:
        cards = f"{', '.join(missing[:4])}{' …' if len(missing) > 4 else ''}"
        raise BadDeal(Message(gettext_noop("%(cards)s in no hand"), {"cards": cards}))
    counts = [sum(1 for owner in owners if owner == seat) for seat in range(4)]
    if len(owners) != CARDS or counts != [13] * 4:
        sizes = ", ".join(f"{SEATS[seat]} {count}" for seat, count in enumerate(counts))
        raise BadDeal(
            Message(gettext_noop("each hand needs 13 cards (%(sizes)s)"), {"sizes": sizes})
        )
    return tuple(owner for owner in owners if owner is not None)


def no_card(seat: str, hand: str, letter: str) -> Message:
    """A hand with a letter that is no card: "N's hand 'AKX': 'X' is no card"."""
    return Message(
        gettext_noop("%(seat)s's hand %(hand)r: %(letter)r is no card"),
        {"seat": seat, "hand": hand, "letter": letter},
    )


def in_two_hands(card: str) -> Message:
    """A card dealt twice: "SA is in two hands"."""
    return Message(gettext_noop("%(card)s is in two hands"), {"card": card})


def pbn_of(owners: Sequence[int]) -> str:
    """The PBN deal string from North. Example: owners of the deal above ->
    `N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432`."""
    hands = []
    for seat in range(4):
        suits = (
            "".join(RANKS[rank] for rank in range(13) if owners[13 * suit + rank] == seat)
            for suit in range(4)
        )
        hands.append(".".join(suits))
    return "N:" + " ".join(hands)


def owners_of(pbn: str) -> tuple[int, ...]:
    """The owners of a PBN deal string (from any seat, `-` for a hand not given, which then
    holds the cards no other hand does). Raises BadDeal with the reason. Example:
    owners_of("E:- AKQJT98765432... ...") gives East's hand to the seat after the first."""
    first, colon, rest = pbn.strip().partition(":")
    if not colon or first.strip().upper() not in SEATS:
        raise BadDeal(
            Message(
                gettext_noop("%(deal)r does not start with its first seat (N:, E:, S:, W:)"),
                {"deal": pbn.strip()[:80]},
            )
        )
    start = SEATS.index(first.strip().upper())
    hands = rest.split()
    if len(hands) != 4:
        raise BadDeal(
            Message(
                gettext_noop("a deal has four hands, %(deal)r has %(count)s"),
                {"deal": pbn.strip()[:80], "count": len(hands)},
            )
        )
    owners: list[int | None] = [None] * CARDS
    open_seat = None
    for offset, hand in enumerate(hands):
        seat = (start + offset) % 4
        if hand == "-":
            open_seat = seat
            continue
        suits = hand.split(".")
        if len(suits) != 4:
            raise BadDeal(
                Message(
                    gettext_noop("%(seat)s's hand %(hand)r needs four suits separated by dots"),
                    {"seat": SEATS[seat], "hand": hand},
                )
            )
        for suit, cards in enumerate(suits):
            for rank_letter in cards.upper():
                rank = RANKS.find(rank_letter)
                if rank < 0:
                    raise BadDeal(no_card(SEATS[seat], hand, rank_letter))
                card = 13 * suit + rank
                if owners[card] is not None:
                    raise BadDeal(in_two_hands(card_name(card)))
                owners[card] = seat
    if open_seat is not None:
        owners = [open_seat if owner is None else owner for owner in owners]
    return check_owners(owners)


def from_north(pbn: str) -> str:
    """A PBN deal string checked and written from North (raises BadDeal)."""
    return pbn_of(owners_of(pbn))


def numbered_from_one(boards: Sequence[DealtBoard], extension: str) -> None:
    """For the formats whose boards are their records' places: boards 1, 2, … n, else
    NotWritable. Example: boards 5-8 as .bri -> "a .bri file numbers its boards from 1 …"."""
    numbers = [board.number for board in boards]
    if numbers != list(range(1, len(numbers) + 1)):
        raise NotWritable(
            Message(
                gettext_noop(
                    "a .%(extension)s file numbers its boards 1, 2, 3 … by their places: boards"
                    " %(boards)s cannot be written in it (deal boards from 1, or choose PBN,"
                    " .dlm, .dup, .lin, .bhg or .cds)"
                ),
                {"extension": extension, "boards": numbers_words(numbers)},
            )
        )


def consecutive(boards: Sequence[DealtBoard], extension: str, highest: int) -> None:
    """For the formats holding a run of boards `first`..`last` up to `highest`, else
    NotWritable naming the gap."""
    numbers = [board.number for board in boards]
    if not numbers:
        raise NotWritable(Message(gettext_noop("no boards to write")))
    if numbers != list(range(numbers[0], numbers[0] + len(numbers))) or numbers[-1] > highest:
        raise NotWritable(
            Message(
                gettext_noop(
                    "a .%(extension)s file holds one run of boards numbered 1-%(highest)s:"
                    " boards %(boards)s cannot be written in it"
                ),
                {"extension": extension, "highest": highest, "boards": numbers_words(numbers)},
            )
        )


def numbers_words(numbers: Sequence[int]) -> str:
    """Board numbers as runs. Example: [1, 2, 3, 7] -> "1-3, 7"."""
    runs: list[list[int]] = []
    for number in numbers:
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    return ", ".join(f"{run[0]}-{run[-1]}" if len(run) > 1 else f"{run[0]}" for run in runs)


def sorted_boards(boards: Sequence[DealtBoard]) -> list[DealtBoard]:
    return sorted(boards, key=lambda board: board.number)
