"""An ACBLscore game file decoded: its pairs events, their sections, each pair's players and
published figures, and each board's traveller lines with their published matchpoints.

The layout is docs/formats.md "ACBLscore game files": a master table of up to 50 events and
100 sections at fixed offsets; each section points to its details (movement, pair-to-table
maps, the pair index of each direction) and to its board index; each pair's entry holds its
matchpoints, percentage, places and two players (name and ACBL player number). ACBLscore
keeps no contracts: a line is the NS pair, the EW pair, each side's score and matchpoints.

Example, Long Beach Bridge Center, 18 June 2017 (tests/interchange/data/real/acblscore/): one
event, section BB, a 7-table Mitchell of 28 boards; board 1, round 1 at table 1: NS 1 +100,
5.5 matchpoints, EW 1 0.5 (stored 10 and 550; -10 and 50: scores in tens, matchpoints in
hundredths); pair 1 NS, Jo Melis (O033032) and John Melis (K993708), 85.50 matchpoints,
50.89% (8550 and 5089), fifth NS pair.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache

from ...scoring.message import Message, gettext_noop, message_of
from ..fields import check_label
from . import MAGIC
from .layout import BadBytes, Bytes, hundredths
from .lines import Line, read_lines

EVENTS = 50  # event pointers, from EVENT_POINTERS
EVENT_POINTERS, EVENT_TYPES, EVENT_SCORING = 0x12, 0xDA, 0x10C
SECTIONS, SECTION_TABLE, SECTION_SIZE = 100, 0x13E, 22
# in a section's master table entry, the sections before and after it (entry numbers, 1 up)
SCORED_LINKS, RANKED_LINKS = (0x0F, 0x10), (0x11, 0x12)
RANKS_AT = 0x5E  # a pair entry's ranks in the first strat: 6 numbers of 16 bits
PAIRS_EVENT, MATCHPOINTS = 0, 0
EVENT_TYPE_NAMES = (
    "pairs",
    "teams",
    "individual",
    "home style pairs",
    "BAM teams",
    "series winner",
)
HOWELL = 1  # a section's movement byte; every other is read as a Mitchell (two directions)
_SECTIONS_EVENT = Message(gettext_noop("a section's event"))
_SECTIONS_LINK = Message(gettext_noop("a section's link"))
PLAYER_SIZE, PLAYERS_AT = 120, 0xA4


@dataclass(frozen=True, slots=True)
class Player:
    first: str
    last: str
    number: str  # the ACBL player number, "" when none

    @property
    def name(self) -> str:
        return " ".join(part for part in (self.first, self.last) if part)


@dataclass(frozen=True, slots=True)
class Entry:
    """A pair as its section's entry: its label in clubscorer, its players, and what the
    file published for it (matchpoints and percentage to two decimals; its place in its
    direction, or in the section for a Howell)."""

    label: str
    direction: str  # NS, EW, or "" in a Howell
    players: tuple[Player, Player]
    matchpoints: Decimal
    percentage: Decimal
    place: int  # the event's first strat's `rank`: every pair's, ties not written
    award_place: tuple[int, int]  # (low, high) to the award depth, a tie (1, 2); (0, 0) past it
    overall_place: tuple[int, int]  # every pair of the event together, likewise


def place_text(low: int, high: int) -> str:
    """A place as the file writes it: low and high of a tie, `(2, 3)` -> "2/3"; `(2, 0)` ->
    "2"; `(0, 0)` -> "" (none written)."""
    if not low:
        return ""
    return f"{low}/{high}" if high and high != low else str(low)


@dataclass(frozen=True, slots=True)
class Section:
    letter: str
    howell: bool
    event: int
    entries: tuple[Entry, ...]
    lines: tuple[Line, ...]


@dataclass(frozen=True, slots=True)
class Event:
    number: int  # 1 up, its place in the master table
    name: str
    session: str
    date: str


@dataclass(frozen=True, slots=True)
class Game:
    events: tuple[Event, ...]
    sections: tuple[Section, ...]
    # Sections matchpointed together, and those ranked together, as groups of letters: a
    # section alone is a group of one (ACBLgamedump's `combining_and_ranking`).
    scored_together: tuple[tuple[str, ...], ...] = ()
    ranked_together: tuple[tuple[str, ...], ...] = ()


def read_game(data: bytes) -> Game:
    """The game file decoded; raises BadBytes naming the offset of the first field it cannot
    read, or of an event it does not read (teams, individuals, IMPs)."""
    raw = Bytes(data)
    if data[: len(MAGIC)] != MAGIC:
        raise BadBytes(
            0,
            Message(gettext_noop("not an ACBLscore game file (it does not start 12 0A 03 'AC3')")),
        )
    events: list[Event] = []
    for index in range(EVENTS):
        pointer = Message(gettext_noop("event %(event)s's pointer"), {"event": index + 1})
        offset = raw.pointer(EVENT_POINTERS + 4 * index, pointer)
        if offset:
            events.append(_event(raw, index, offset))
    numbers = {event.number for event in events}
    sections = []
    letters: dict[int, str] = {}  # by master table entry (0 up)
    for index in range(SECTIONS):
        at = SECTION_TABLE + SECTION_SIZE * index
        event = raw.u8(at, _SECTIONS_EVENT)
        if event == 0:
            continue
        if event not in numbers:
            raise BadBytes(
                at,
                Message(
                    gettext_noop("a section of event %(event)s, which the file does not have"),
                    {"event": event},
                ),
            )
        sections.append(_section(raw, at, event))
        letters[index] = sections[-1].letter
    if not sections:
        raise BadBytes(SECTION_TABLE, Message(gettext_noop("the file has no section")))
    return Game(
        tuple(events),
        tuple(sections),
        scored_together=_groups(raw, letters, SCORED_LINKS),
        ranked_together=_groups(raw, letters, RANKED_LINKS),
    )


def _groups(
    raw: Bytes, letters: dict[int, str], links: tuple[int, int]
) -> tuple[tuple[str, ...], ...]:
    """Sections linked together: each section's master table entry holds, at `links`, the
    number (1 up; 0 none) of the section before it in its group and of the one after it; a
    group starts at a section with none before. Example, 750 Bridge Club, 25 July 2017: A
    (entry 1) has 0 before and 2 after, B (entry 2) 1 before and 0 after: one group, (A, B).
    Raises BadBytes for a link to no section or a chain that loops."""
    before, after = links
    groups = []
    for index in letters:
        at = SECTION_TABLE + SECTION_SIZE * index
        if raw.u8(at + before, _SECTIONS_LINK):
            continue
        group = [letters[index]]
        while following := raw.u8(at + after, _SECTIONS_LINK):
            if following - 1 not in letters:
                raise BadBytes(
                    at + after,
                    Message(
                        gettext_noop("section %(section)s's link to %(following)s is none"),
                        {"section": group[-1], "following": following},
                    ),
                )
            if len(group) >= len(letters):
                raise BadBytes(
                    at + after,
                    Message(
                        gettext_noop("section %(section)s's links loop"), {"section": group[-1]}
                    ),
                )
            at = SECTION_TABLE + SECTION_SIZE * (following - 1)
            group.append(letters[following - 1])
        groups.append(tuple(group))
    return tuple(groups)


def _event(raw: Bytes, index: int, at: int) -> Event:
    kind = raw.u8(EVENT_TYPES + index, Message(gettext_noop("an event's type")))
    if kind != PAIRS_EVENT:
        name = EVENT_TYPE_NAMES[kind] if kind < len(EVENT_TYPE_NAMES) else f"type {kind}"
        raise BadBytes(
            EVENT_TYPES + index,
            Message(
                gettext_noop(
                    "event %(event)s is a %(kind)s event: clubscorer reads pairs events only"
                ),
                {"event": index + 1, "kind": name},
            ),
        )
    scoring = raw.u8(EVENT_SCORING + index, Message(gettext_noop("an event's scoring")))
    if scoring != MATCHPOINTS:
        raise BadBytes(
            EVENT_SCORING + index,
            Message(
                gettext_noop(
                    "event %(event)s is scored by method %(method)s, not matchpoints (0):"
                    " clubscorer reads matchpointed pairs events only"
                ),
                {"event": index + 1, "method": scoring},
            ),
        )
    return Event(
        number=index + 1,
        name=raw.text(at + 0x04, Message(gettext_noop("the event's name"))),
        session=raw.text(at + 0x1E, Message(gettext_noop("the session's name"))),
        date=raw.text(at + 0x48, Message(gettext_noop("the event's date"))),
    )


def _section(raw: Bytes, at: int, event: int) -> Section:
    letter = raw.text(at + 1, Message(gettext_noop("a section's letter")), longest=2)
    try:
        check_label(letter, "section")
    except ValueError as error:
        raise BadBytes(at + 1, message_of(error)) from None
    details = raw.pointer(
        at + 4, _of_section(gettext_noop("section %(section)s's details"), letter)
    )
    boards = raw.pointer(at + 8, _of_section(gettext_noop("section %(section)s's boards"), letter))
    if not details:
        raise BadBytes(
            at + 4, _of_section(gettext_noop("section %(section)s has no details"), letter)
        )
    movement = _of_section(gettext_noop("section %(section)s's movement"), letter)
    howell = raw.u8(details + 0x18, movement) == HOWELL
    labels = _Labels(raw, details, howell, letter)
    entries = tuple(_entries(raw, details, letter, labels))
    if not boards:
        raise BadBytes(
            at + 8,
            _of_section(
                gettext_noop("section %(section)s has no board results (scored by hand)"), letter
            ),
        )
    lines = tuple(read_lines(raw, boards, letter, labels.label))
    return Section(letter, howell, event, entries, lines)


class _Labels:
    """Pair numbers as clubscorer's labels: `3` in a Howell; `3NS` and `3EW` in a Mitchell,
    whose NS and EW pairs are numbered apart. A pair renumbered by ACBLscore's EDMOV command
    takes its new number, in its entry and on every line."""

    def __init__(self, raw: Bytes, details: int, howell: bool, letter: str):
        self.howell = howell
        size = 80 if howell else 160
        renumbering = _of_section(gettext_noop("section %(section)s's renumbering"), letter)
        self.renumbered = [raw.u8(details + 0xDD + index, renumbering) for index in range(size)]

    def label(self, pair: int, direction: int) -> str:
        """`direction` 0 for the NS pair of a Mitchell, 1 for EW."""
        if self.howell:
            new = self.renumbered[pair - 1] if 0 < pair <= len(self.renumbered) else 0
            return str(new or pair)
        index = 4 * (pair - 1) + direction
        new = self.renumbered[index] if 0 <= index < len(self.renumbered) else 0
        return f"{new or pair}{('NS', 'EW')[direction]}"


def _entries(raw: Bytes, details: int, letter: str, labels: _Labels) -> list[Entry]:
    """Each pair's entry, found through the section's pair-to-table map and the pair index of
    its direction; the phantom pair (a sit-out) and places beyond the index are no pair."""
    pair_index = _of_section(gettext_noop("section %(section)s's pair index"), letter)
    indexes = [raw.pointer(details + 4 + 4 * d, pair_index) for d in (0, 1)]
    highest = raw.u16(
        details + 0x1B,
        _of_section(gettext_noop("section %(section)s's highest pair number"), letter),
    )
    phantom = raw.i8(
        details + 0x43, _of_section(gettext_noop("section %(section)s's phantom pair"), letter)
    )
    if highest > 80:
        raise BadBytes(
            details + 0x1B,
            Message(
                gettext_noop("section %(section)s has %(pairs)s pairs, at most 80"),
                {"section": letter, "pairs": highest},
            ),
        )
    entries = []
    for pair in range(1, highest + 1):
        if labels.howell:
            if pair == phantom:
                continue
            seat = details + 0xDD + 0x50 + 2 * (pair - 1)
            table = raw.u8(seat, _of_pair(gettext_noop("pair %(pair)s's table"), pair))
            direction = raw.u8(seat + 1, _of_pair(gettext_noop("pair %(pair)s's direction"), pair))
            if direction not in (1, 2):
                raise BadBytes(
                    seat + 1,
                    Message(
                        gettext_noop("pair %(pair)s's direction %(direction)s is not 1 or 2"),
                        {"pair": pair, "direction": direction},
                    ),
                )
            sides = [(direction - 1, table)]
        else:
            sides = []
            for direction in (0, 1):
                if phantom == (pair if direction == 0 else -pair):
                    continue
                seat = details + 0xDD + 0xA0 + 4 * (pair - 1) + direction
                table = raw.u8(seat, _of_pair(gettext_noop("pair %(pair)s's table"), pair))
                sides.append((direction, table))
        for direction, table in sides:
            index = indexes[direction]
            if not index:
                raise BadBytes(
                    details + 4 + 4 * direction,
                    _of_section(gettext_noop("section %(section)s has no pair index"), letter),
                )
            count = _of_section(gettext_noop("section %(section)s's pair count"), letter)
            if not labels.howell and pair > raw.u8(index + 6, count):
                continue  # a Mitchell's bump pair: numbered, with no entry
            at = raw.pointer(
                index + 0x10 + 8 * table, _of_pair(gettext_noop("pair %(pair)s's entry"), pair)
            )
            if not at:
                raise BadBytes(
                    index + 0x10 + 8 * table,
                    _of_pair(gettext_noop("pair %(pair)s has no entry"), pair),
                )
            label = labels.label(pair, direction)
            home = "" if labels.howell else ("NS", "EW")[direction]
            entries.append(_entry(raw, at, label, home))
    return entries


def _entry(raw: Bytes, at: int, label: str, direction: str) -> Entry:
    first, last, number = (
        _of_pair(gettext_noop("pair %(pair)s's first name"), label),
        _of_pair(gettext_noop("pair %(pair)s's last name"), label),
        _of_pair(gettext_noop("pair %(pair)s's player number"), label),
    )
    players = tuple(
        Player(
            first=raw.text(at + PLAYERS_AT + PLAYER_SIZE * i + 0x11, first, 16),
            last=raw.text(at + PLAYERS_AT + PLAYER_SIZE * i, last, 16),
            number=raw.text(at + PLAYERS_AT + PLAYER_SIZE * i + 0x36, number, 7),
        )
        for i in (0, 1)
    )
    place = _of_pair(gettext_noop("pair %(pair)s's place"), label)
    overall = _of_pair(gettext_noop("pair %(pair)s's overall place"), label)
    return Entry(
        label=label,
        direction=direction,
        players=(players[0], players[1]),
        matchpoints=hundredths(
            raw.i32(at + 0x08, _of_pair(gettext_noop("pair %(pair)s's matchpoints"), label))
        ),
        percentage=hundredths(
            raw.u16(at + 0x1C, _of_pair(gettext_noop("pair %(pair)s's percentage"), label))
        ),
        place=raw.u16(at + RANKS_AT + 10, place),
        award_place=(raw.u16(at + RANKS_AT, place), raw.u16(at + RANKS_AT + 2, place)),
        overall_place=(raw.u16(at + RANKS_AT + 4, overall), raw.u16(at + RANKS_AT + 6, overall)),
    )


@lru_cache(maxsize=1024)  # the same few for every section of every file
def _of_section(text: str, letter: str) -> Message:
    """What is read of a section, or what is wrong with it, named with its letter:
    _of_section(gettext_noop("section %(section)s's boards"), "A") says "section A's
    boards"."""
    return Message(text, {"section": letter})


@lru_cache(maxsize=4096)  # the same few for every pair of every file
def _of_pair(text: str, pair: int | str) -> Message:
    """What is read of a pair, named with its number or label: _of_pair(gettext_noop("pair
    %(pair)s's table"), 3) says "pair 3's table"."""
    return Message(text, {"pair": pair})
