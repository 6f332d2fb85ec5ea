"""Compare what a file published with what clubscorer computes from the same travellers.

A value is compared at the precision the file uses for that kind of figure: the most decimals
it writes for any of them (line matchpoints, line IMPs, totals, percentages, datums), since
programs drop trailing zeros (ScoreBridge writes `7` beside `13.9`). It agrees when clubscorer's
exact value, rounded to that many decimals, is the file's value — within half a unit of the
last decimal, so a file that rounds half-way cases down still agrees. Example: the file says
MP_NS `8.3` and elsewhere nothing with more decimals; clubscorer has 25/3 = 8.333... -> agrees;
`8.4` -> a difference "8.4 in the file, 8.33 here"; `7` where the file writes `13.9` elsewhere
and clubscorer has 6.96 -> a difference (7.0 is not 6.96 to one decimal).

A figure written with 7 significant digits or more is a floating-point number printed in
full (`62.01923`, `8.333333`, `104.0769`): its decimals vary with its size, so it is compared
at its own decimals, and the other figures of its kind at theirs without it. Example: a file
writes percentages 41.66667 and 8.333333; clubscorer has 41.666666... and 8.333333... ->
both agree (41.66667 to five decimals, 8.333333 to six), where six decimals for both would
read 41.66667 as 41.666670 and differ.

A file that writes a kind of figure only as whole numbers says nothing below the unit, so a
whole number never absorbs a difference: it agrees only with the same whole number. Where
clubscorer's value is fractional and within half a unit of the file's (the file says 7,
clubscorer 6.75), the difference is reported as "rounded in the file" — grouped apart, since
it is what a file that rounds to whole numbers would write, but never hidden; any other is a
plain difference. Example: a file of whole-number IMPs says 2 where clubscorer has 1.75 ->
"NS IMPs 2 in the file, 1.75 here (rounded in the file)".

Matchpoints are compared on the 2/1 or the 1/½ scale; `likely_scale` picks the one on which
the file agrees best, since a file rarely says which it used. IMPs (a line's, a pair's total, a
Butler datum) are compared as they are; `likely_discard` picks the Butler datum setting (how
many results are left out at each end) on which the file agrees best, since no file says it.
A pair's total IMPs scaled to the full number of boards (salliere's `PERCENTAGE` in an IMP
event) is compared with clubscorer's total times the most boards any pair of the section
played over the boards the pair played (docs/formats.md).

A pair's place is compared as a figure is: in its section with clubscorer's standing in the
section's field, across sections with its standing in the session's ranking across sections
(`SessionResults.overall`, docs/rules.md §6.6). A tie is compared by the places it spans,
not by how it is written: the file's "2/3" agrees with clubscorer's "2=" shared by two pairs
(places 2 to 3), not with a "2=" shared by three (2 to 4); the file's "2=" says only that the
tie starts at 2, and agrees with any tie of clubscorer's from 2. Example: the file's "2" where
clubscorer ties the pair "2=" with another -> "pair 3NS: place in its section 2 in the file,
2= here" (a file that does not write its ties).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, replace
from decimal import Decimal
from fractions import Fraction

from ..scoring import EventInput, score_session
from ..scoring.display import percent, points
from ..scoring.event import BUTLER_DISCARDS, SCALES, ButlerDiscard, Settings
from ..scoring.message import Message, gettext_noop
from ..scoring.results import ScoredLine, SessionResults, Value
from .compare_places import our_places, same_place
from .records import PublishedDatum, PublishedLine, PublishedTotal

# What a difference is about, as the import page's table and the command line say it.
LINE_VALUES = {
    "mp_ns": Message(gettext_noop("NS matchpoints")),
    "mp_ew": Message(gettext_noop("EW matchpoints")),
    "pct_ns": Message(gettext_noop("NS percentage")),
    "pct_ew": Message(gettext_noop("EW percentage")),
    "imp_ns": Message(gettext_noop("NS IMPs")),
    "imp_ew": Message(gettext_noop("EW IMPs")),
}
TOTAL_VALUES = {
    "mp": Message(gettext_noop("total matchpoints")),
    "pct": Message(gettext_noop("percentage")),
    "imps": Message(gettext_noop("total IMPs")),
    "imps_scaled": Message(gettext_noop("total IMPs scaled to the full number of boards")),
}
PLACES = {
    "section": Message(gettext_noop("place in its section")),
    "overall": Message(gettext_noop("place across sections")),
}
DATUM = Message(gettext_noop("datum"))
LINE = Message(gettext_noop("line"))
PLAYED, NOT_PLAYED, MISSING = (
    Message(gettext_noop(words)) for words in ("played", "not played", "missing")
)
ROUNDED = "rounded in the file"
USUAL_DISCARD = Settings().butler_discard  # "1": tried first, so that it wins a tie
DISCARDS = (USUAL_DISCARD, *(discard for discard in BUTLER_DISCARDS if discard != USUAL_DISCARD))


@dataclass(frozen=True, slots=True)
class Difference:
    """One value on which the file and clubscorer disagree."""

    line: int  # in the file; 0 when the file has no such line
    at: Message  # "board 1, 3 v 11" or "pair 3", for a page to word
    about: Message  # "NS matchpoints", "line" ...
    theirs: Message | str  # a figure as the file writes it, or "played"
    ours: Message | str  # a figure as the pages write it, or "not played"
    rounded: bool = False  # a whole number in the file within half a unit of ours

    @property
    def where(self) -> str:
        """Where, in English (the command line, the tests): "board 1, 3 v 11"."""
        return str(self.at)

    @property
    def what(self) -> str:
        """What, in English: "NS matchpoints"."""
        return str(self.about)

    def __str__(self) -> str:
        prefix = f"line {self.line}: " if self.line else ""
        note = f" ({ROUNDED})" if self.rounded else ""
        return (
            f"{prefix}{self.where}: {self.what} {self.theirs} in the file, {self.ours} here{note}"
        )


FLOAT_DIGITS = 7  # a single-precision float printed in full: 62.01923, 8.333333, 104.0769


def decimals(value: Decimal) -> int:
    """How many decimals a figure is written with: `13.9` 1, `7` 0, `62.50` 2."""
    return max(0, -int(value.as_tuple().exponent))


def printed_float(value: Decimal) -> bool:
    """Whether a figure is a floating-point number printed in full (FLOAT_DIGITS significant
    digits or more), whose last digit is its own precision: `62.01923` yes, `62.02` no."""
    digits = value.as_tuple().digits
    return len(digits) - next((i for i, d in enumerate(digits) if d), len(digits)) >= FLOAT_DIGITS


def agrees(theirs: Decimal, ours: Value | None, places: int | None = None) -> bool:
    """Whether `ours` (exact) rounds to `theirs` at `places` decimals (default: as many as
    `theirs` is written with); at 0 places only the same whole number agrees. Examples: 8.3
    and 25/3 agree; 7 and 6.96 agree at 1 place, not at 2; 7 and 6.75 do not agree at 0."""
    if ours is None:
        return False
    places = decimals(theirs) if places is None else max(places, decimals(theirs))
    numerator, denominator = (ours, 1) if isinstance(ours, int) else ours.as_integer_ratio()
    if places == 0:
        return denominator == 1 and numerator == int(theirs)
    scale: int = 10**places
    units = int(theirs * scale)  # exact: theirs has no more decimals than that
    # |units/scale - n/d| <= 1/(2 scale), in integers (a big event compares 100,000 values)
    return abs(2 * units * denominator - 2 * scale * numerator) <= denominator


def rounded_in_the_file(theirs: Decimal, ours: Value | None, places: int) -> bool:
    """A whole number in a file of whole numbers within half a unit of our fractional value:
    what rounding there would give (7 for 6.75)."""
    if ours is None or places or decimals(theirs):
        return False
    fraction = Fraction(ours)
    return fraction.denominator != 1 and abs(fraction - int(theirs)) <= Fraction(1, 2)


def compare(
    results: SessionResults,
    lines: Iterable[PublishedLine],
    totals: Iterable[PublishedTotal] = (),
    scale: str | None = None,
    datums: Iterable[PublishedDatum] = (),
) -> list[Difference]:
    """Every published value clubscorer does not reproduce, in the file's order (Butler datums
    last), those "rounded in the file" after the others; matchpoints on `scale` (default: the
    session's)."""
    scale = scale or results.scale
    lines, totals, datums = list(lines), list(totals), list(datums)
    places = _places(lines, totals, datums)
    several = len(results.sections) > 1 or any(s.name != "A" for s in results.sections)
    ours = _our_lines(results)
    differences: list[Difference] = []

    def check(
        line: int, where: Message, name: str, what: Message, theirs: Decimal, value: Value | None
    ) -> None:
        precision = decimals(theirs) if printed_float(theirs) else places[name]
        if not agrees(theirs, value, precision):
            rounded = rounded_in_the_file(theirs, value, precision)
            differences.append(
                Difference(line, where, what, str(theirs), _ours(value, name), rounded)
            )

    compared: set[tuple[str, int]] = set()
    seen: set[tuple[str, int, str, str]] = set()
    for published in lines:
        key = (published.section, published.board, published.ns, published.ew)
        compared.add((published.section, published.board))
        seen.add(key)
        where = _where(published.section, several, _line_where(*key[1:]))
        scored = ours.get(key)
        if scored is None:
            differences.append(Difference(published.line, where, LINE, PLAYED, NOT_PLAYED))
            continue
        for name, theirs in published.values.items():
            mine = _line_value(scored, name, scale)
            check(published.line, where, name[:-3], LINE_VALUES[name], theirs, mine)
    for key in ours:
        if key[:2] in compared and key not in seen:
            where = _where(key[0], several, _line_where(*key[1:]))
            differences.append(Difference(0, where, LINE, MISSING, PLAYED))
    most = _most_boards(results)
    placed: dict[str, dict[tuple[str, str], tuple[str, int, int]]] = {}
    for total in totals:
        score = results.scores.get((total.section, total.pair))
        where = _where(
            total.section, several, Message(gettext_noop("pair %(pair)s"), {"pair": total.pair})
        )
        for name, theirs in total.values.items():
            if score is None:
                value: Value | None = None
            elif name == "mp":
                value = _scaled(score.points, scale)
            elif name == "imps":
                value = score.points
            elif name == "imps_scaled":
                value = _scaled_up(score.points, most[total.section], score.boards)
            else:
                value = score.percentage
            check(total.line, where, f"total {name}", TOTAL_VALUES[name], theirs, value)
        for name, theirs_place in total.places.items():
            if name not in placed:
                placed[name] = our_places(results, name)
            ours_place = placed[name].get((total.section, total.pair))
            if not same_place(theirs_place, ours_place):
                text = ours_place[0] if ours_place else "-"
                differences.append(Difference(total.line, where, PLACES[name], theirs_place, text))
    for datum in datums:
        section = results.section(datum.section)
        board = section.board(datum.board) if section else None
        board_where = Message(gettext_noop("board %(board)s"), {"board": datum.board})
        where = _where(datum.section, several, board_where)
        check(datum.line, where, "datum", DATUM, datum.value, board.datum if board else None)
    return sorted(differences, key=lambda difference: difference.rounded)  # stable


def _places(
    lines: list[PublishedLine], totals: list[PublishedTotal], datums: list[PublishedDatum]
) -> dict[str, int]:
    """The most decimals the file writes for each kind of figure ("mp", "imp", "pct",
    "total mp", ..., "datum"), printed floats apart: the precision its values are compared at."""
    places: dict[str, int] = defaultdict(int)
    figures = [
        *((name[:-3], value) for line in lines for name, value in line.values.items()),
        *((f"total {name}", value) for total in totals for name, value in total.values.items()),
        *(("datum", datum.value) for datum in datums),
    ]
    for kind, value in figures:
        places[kind] = max(places[kind], 0 if printed_float(value) else decimals(value))
    return places


def _scaled_up(points: Value, most: int, boards: int) -> Value | None:
    """A total IMPs as if the pair had played `most` boards: 25.13 in 24 of 27 -> 28.27."""
    return Fraction(points) * most / boards if boards else None


def _most_boards(results: SessionResults) -> dict[str, int]:
    """The most boards any pair of each section played."""
    most: dict[str, int] = defaultdict(int)
    for (section, _), score in results.scores.items():
        most[section] = max(most[section], score.boards)
    return most


def likely_scale(
    results: SessionResults, lines: list[PublishedLine], totals: list[PublishedTotal]
) -> str:
    """The matchpoint scale on which the file agrees best with clubscorer (2/1 on a tie),
    judged on its first 500 lines with values and 100 totals: plenty to tell 2/1 from 1/½."""
    lines = [line for line in lines if line.values][:500]
    counts = [len(compare(results, lines, totals[:100], scale)) for scale in SCALES]
    return SCALES[counts.index(min(counts))]


def likely_field(
    event: EventInput, lines: list[PublishedLine], totals: list[PublishedTotal]
) -> tuple[bool, SessionResults]:
    """Whether a file of several sections matchpointed them across the field (docs/rules.md
    §7), judged like `likely_scale` on either scale: the session is scored each way; with the
    session scored on the better (each section alone on a tie). Example: board 1 played 13
    times in each of sections A and B and 7 times in C, its lines' matchpoints adding up to
    64 = 2 x (33 - 1): across the field."""
    lines = [line for line in lines if line.values][:500]
    scored = []
    for across in (False, True):
        results = score_session(
            replace(event, settings=replace(event.settings, across_the_field=across))
        )
        differences = min(len(compare(results, lines, totals[:100], scale)) for scale in SCALES)
        scored.append((differences, across, results))
    best = min(scored, key=lambda entry: entry[0])
    return best[1], best[2]


def likely_discard(
    event: EventInput,
    lines: list[PublishedLine],
    totals: list[PublishedTotal],
    datums: Iterable[PublishedDatum] = (),
) -> tuple[ButlerDiscard, SessionResults]:
    """The Butler datum setting ("1", "0", "5%", "10%" results left out at each end) on which
    the file's IMPs and datums agree best with clubscorer's ("1" on a tie), judged like
    `likely_scale`: the session is scored once for each setting; with the session scored on
    it."""
    lines = [line for line in lines if line.values][:500]
    datums = list(datums)[:500]
    scored = []
    for discard in DISCARDS:
        settings = replace(event.settings, method="butler", butler_discard=discard)
        results = score_session(replace(event, settings=settings))
        scored.append((len(compare(results, lines, totals[:100], datums=datums)), discard, results))
    best = min(scored, key=lambda entry: entry[0])  # the first of the best: "1" on a tie
    return best[1], best[2]


def _our_lines(results: SessionResults) -> dict[tuple[str, int, str, str], ScoredLine]:
    return {
        (section.name, board.number, scored.line.ns, scored.line.ew): scored
        for section in results.sections
        for board in section.boards
        for scored in board.lines
    }


def _line_value(scored: ScoredLine, name: str, scale: str) -> Value | None:
    if name == "mp_ns":
        return _scaled(scored.points_ns, scale)
    if name == "mp_ew":
        return _scaled(scored.points_ew, scale)
    if name == "imp_ns":
        return scored.points_ns  # at IMPs the line's IMPs, never scaled
    if name == "imp_ew":
        return scored.points_ew
    return scored.pct_ns if name == "pct_ns" else scored.pct_ew


def _scaled(value: Value | None, scale: str) -> Value | None:
    if value is None:
        return None
    return Fraction(value, 2) if scale == "1/0.5" else value


def _where(section: str, several: bool, where: Message) -> Message:
    """Where a difference is, with its section when the session has several: "section B,
    board 3, 4 v 11"; else "board 3, 4 v 11"."""
    if not several:
        return where
    return Message(
        gettext_noop("section %(section)s, %(where)s"), {"section": section, "where": where}
    )


def _line_where(board: int, ns: str, ew: str) -> Message:
    """A traveller line as a difference names it: "board 3, 4 v 11"."""
    return Message(
        gettext_noop("board %(board)s, %(ns)s v %(ew)s"), {"board": board, "ns": ns, "ew": ew}
    )


def _ours(value: Value | None, name: str) -> str:
    """Our figure as the pages write it (scoring/display.py): "total pct" 63.19, "imp"
    10.50, "mp" 7.5; "-" for none."""
    if value is None:
        return "-"
    return percent(value) if name.endswith("pct") else points(value, imps="imp" in name)
