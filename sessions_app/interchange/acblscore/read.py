"""An ACBLscore game file as the `ResultsFile` every reader returns (docs/formats.md
"ACBLscore game files").

Every pairs event of the file comes in, each of its sections a section of the session, with
its pairs' names and ACBL player numbers, its traveller lines (a score for each side, no
contract: ACBLscore keeps none), and what the file published: each line's matchpoints and
each pair's total, percentage and place (in its section, or across the sections ranked
together), compared with clubscorer's as for every file; sections matchpointed or ranked
together give the session's `across_the_field` and `overall_ranking` (`_settings`). A player's
number goes with the name, `Jo Melis (O033032)`, as a director types one: the register links
the name by its number (docs/rules.md §14). Each board is Law 2's: the file has no deals.

Example: the Long Beach file of 18 June 2017 gives section BB, pairs 1NS ... 7NS and
1EW ... 7EW, 196 lines (28 boards, 7 tables), line board 1 `1NS v 1EW` with NS +100, NS 5.5
and EW 0.5 matchpoints, and pair 1NS's total 85.50, 50.89%.
"""

from __future__ import annotations

import datetime

from ...scoring.contract import ContractError
from ...scoring.message import Message, MessageError, gettext_noop, message_of
from ...scoring.rulings import parse_ruling
from ..fields import against_itself, check_label
from ..records import (
    BoardRecord,
    NamesRow,
    PublishedLine,
    PublishedTotal,
    ResultsFile,
    TravellerRow,
)
from ..refused import FileRefused, at_byte, on_board
from .game import Entry, Game, Player, Section, place_text, read_game
from .layout import BadBytes
from .lines import Line, side_text


def read_acblscore(data: bytes) -> ResultsFile:
    """The game file's sessions, pairs, lines and published figures; raises FileRefused
    naming, for each problem, the byte offset and the reason."""
    try:
        game = read_game(data)
    except BadBytes as error:
        raise FileRefused([error.message]) from None
    errors: list[Message] = []
    rows: list[TravellerRow] = []
    lines: list[PublishedLine] = []
    names: list[NamesRow] = []
    totals: list[PublishedTotal] = []
    boards: set[int] = set()
    settings = _settings(game)
    ranked = _ranked_in(game, settings)
    for section in game.sections:
        for entry in section.entries:
            names.append(NamesRow(section.letter, entry.label, _names(entry), entry.direction))
            values = {"mp": entry.matchpoints, "pct": entry.percentage}
            place = _place(entry)
            places = {ranked[section.letter]: place} if place and section.letter in ranked else {}
            totals.append(PublishedTotal(0, section.letter, entry.label, values, places))
        seen: dict[tuple[int, str], int] = {}
        for line in section.lines:
            try:
                rows.append(_row(section, line, seen))
            except (ContractError, ValueError) as error:
                errors.append(_in_section(line.offset, section.letter, message_of(error)))
                continue
            boards.add(line.board)
            values = {"mp_ns": line.ns.matchpoints, "mp_ew": line.ew.matchpoints}
            if rows[-1].ruling.kind == "not_played":
                values = {}  # its 0.00 is no score: the board was not played
            lines.append(
                PublishedLine(0, section.letter, line.board, line.ns.pair, line.ew.pair, values)
            )
    if errors:
        raise FileRefused(errors)
    return ResultsFile(
        kind="acbl",
        name=_name(game),
        date=_date(game),
        boards={number: BoardRecord.law2(number) for number in sorted(boards)},
        rows=rows,
        names=names,
        winners={s.letter: 1 if s.howell else 2 for s in game.sections},
        lines=lines,
        totals=totals,
        settings=settings,
    )


def _settings(game: Game) -> dict[str, str]:
    """The session's settings the file says, in clubscorer's notation (interchange/settings.py):
    `across_the_field=yes` when all its sections are matchpointed together, `overall_ranking`
    when they are all ranked together ("direction": NS of every section in one ranking, EW
    in another, as ACBLscore ranks Mitchells; "field" when every section is a Howell).
    Sections apart, or only some of them together, say nothing: clubscorer scores and ranks
    a session's sections all together or all apart. Example, 750 Bridge Club, 25 July 2017:
    Mitchells A and B matchpointed and ranked together -> {"tie_places": "range",
    "across_the_field": "yes", "overall_ranking": "direction"}. ACBLscore writes a tie as the
    places it spans ("1/2"), so every file's session does too (docs/rules.md §6.4)."""
    settings = {"tie_places": "range"}
    if _all_together(game, game.scored_together):
        settings["across_the_field"] = "yes"
    if _all_together(game, game.ranked_together):
        howells = all(section.howell for section in game.sections)
        settings["overall_ranking"] = "field" if howells else "direction"
    return settings


def _all_together(game: Game, groups: tuple[tuple[str, ...], ...]) -> bool:
    """Whether the file's sections, two or more, are one group, each once."""
    letters = sorted(section.letter for section in game.sections)
    return len(letters) > 1 and len(groups) == 1 and sorted(groups[0]) == letters


def _ranked_in(game: Game, settings: dict[str, str]) -> dict[str, str]:
    """Which of a pair's places the file's is, by section: "section" for a section ranked
    alone, "overall" for sections ranked together when the session ranks them so; a
    section ranked with only some others has a place clubscorer has no ranking for (none)."""
    ranked = {}
    for group in game.ranked_together:
        for letter in group:
            if len(group) == 1:
                ranked[letter] = "section"
            elif "overall_ranking" in settings:
                ranked[letter] = "overall"
    return ranked


def _place(entry: Entry) -> str:
    """The pair's place in the event's first strat: the low and high of its award place
    ("1/2" for a tie), else, past the award depth, its rank, where ties are not written (two
    pairs tied for 2nd are 2 and 3). Example, Long Beach, 12 June 2017, section NN: 1NS and
    2NS tied on 14.00 are both (1, 2): "1/2"; 2EW and 3EW tied on 11.00, with no award, ranks
    2 and 3: "2" and "3"."""
    return place_text(*entry.award_place) or (str(entry.place) if entry.place else "")


def _row(section: Section, line: Line, seen: dict[tuple[int, str], int]) -> TravellerRow:
    """A line as clubscorer's: its ruling in the notation of docs/rules.md §10 (`420`,
    `A+/A-`, `NP`, or a split `420 / -450` when the sides' scores differ), scores for NS."""
    ns, ew = line.ns.pair, line.ew.pair
    if ns == ew:
        raise MessageError(on_board(line.board, against_itself(ns)))
    for pair in (ns, ew):
        check_label(pair, "pair")
        earlier = seen.setdefault((line.board, pair), line.offset)
        if earlier != line.offset:
            raise MessageError(
                on_board(
                    line.board,
                    Message(
                        gettext_noop("pair %(pair)s already played it (byte %(byte)s)"),
                        {"pair": pair, "byte": earlier},
                    ),
                )
            )
    (ns_text, ns_group), (ew_text, ew_group) = side_text(line.ns.code), side_text(line.ew.code)
    if ns_group != ew_group:
        raise MessageError(
            on_board(
                line.board,
                Message(
                    gettext_noop("NS in foul group %(ns)s, EW in %(ew)s"),
                    {"ns": ns_group, "ew": ew_group},
                ),
            )
        )
    if ew_text.lstrip("-").isdigit():
        ew_text = str(-int(ew_text))  # EW's own score, as NS's
    if ns_text == ew_text:
        text = ns_text
    else:
        text = f"{ns_text} / {ew_text}" if ns_text[-1].isdigit() else f"{ns_text}/{ew_text}"
    number = line.board
    return TravellerRow(
        line=0,
        section=section.letter,
        board=number,
        ns=ns,
        ew=ew,
        ruling=parse_ruling(text, BoardRecord.law2(number).vulnerability),
        round=line.round or None,
        table=line.table or None,
        foul_group=ns_group,
    )


def _in_section(offset: int, letter: str, problem: Message) -> Message:
    """A line's problem, named by its byte and section: "byte 1200: section A, board 3: ..."."""
    return at_byte(
        offset,
        Message(
            gettext_noop("section %(section)s, %(problem)s"),
            {"section": letter, "problem": problem},
        ),
    )


def _names(entry: Entry) -> tuple[str, str]:
    return _name_of(entry.players[0]), _name_of(entry.players[1])


def _name_of(player: Player) -> str:
    """`Jo Melis (O033032)`; the name alone without a number."""
    return f"{player.name} ({player.number})" if player.number else player.name


def _name(game: Game) -> str:
    """The events' names, each with its session's (`Stratified Open Pairs, Saturday Aft`)."""
    titles = []
    for event in game.events:
        title = ", ".join(part for part in (event.name, event.session) if part)
        if title and title not in titles:
            titles.append(title)
    return " / ".join(titles)[:120]


def _date(game: Game) -> datetime.date | None:
    """The first event's date, written `June 18, 2017`; None when it is not such a date (the
    director dates the session, as for a file without a date)."""
    try:
        return datetime.datetime.strptime(game.events[0].date, "%B %d, %Y").date()
    except (IndexError, ValueError):
        return None
