"""Pair names: read as the director pastes them, checked all at once, and stored."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import CharField
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ..core.results import session_touch
from ..models import Pair, Section
from ..scoring.ranking import natural_key
from .linking import session_link_players
from .name_lines import LineRefused, NameLine, in_order, label_runs, read_line, write_line


def _max_length(name: str) -> int:
    field = Pair._meta.get_field(name)
    assert isinstance(field, CharField) and field.max_length is not None
    return field.max_length


_LABEL_LENGTH = _max_length("label")
_NAME_LENGTH = _max_length("player1")


def parse_names(
    text: str, *, pairs: Sequence[str] = (), fixed: bool = False, section_name: str = ""
) -> list[tuple[str, str, str]]:
    """Pair names typed or pasted by the director, one pair a line (the shapes of a line:
    players/name_lines.py): each line with its pair number, or none with one (two columns from a
    spreadsheet), the lines then naming the section's `pairs` in order (and new numbers after
    them, unless the pairs are `fixed`: those of the movement, the only numbers allowed);
    a blank line among them stands for its pair and leaves it as it is (an empty row of the
    spreadsheet).

    Raises ValidationError listing every line it cannot take, each named, all at once.
    Example: "1, Ann, Bob\n15, Cy, Di\n1, Eve" with the fixed pairs 1-14 ->
    ["line 2: section A has no pair 15 (its pairs are 1 to 14)",
     "line 3: pair 1 is on line 1 already"]; "Ann Lee<TAB>Bob Ray\nCy Dunn<TAB>Di Eve" ->
    [("1", "Ann Lee", "Bob Ray"), ("2", "Cy Dunn", "Di Eve")].
    """
    read: list[tuple[int, NameLine | None]] = []  # None: a blank line, or one refused
    errors = []
    for number, raw in enumerate(text.splitlines(), start=1):
        try:
            read.append((number, read_line(raw) if raw.strip() else None))
        except LineRefused as refused:
            errors.append(_line_said(number, refused))
            read.append((number, None))
    while read and read[-1][1] is None:
        read.pop()
    lines = [(number, line) for number, line in read if line is not None]
    numbered = [number for number, line in lines if line.label is not None]
    unnumbered = [number for number, line in lines if line.label is None]
    if numbered and unnumbered:
        errors += [
            _(
                "line %(line)s: no pair number, though line %(first)s has one: number every"
                " line, or none (the lines then name the pairs in order)"
            )
            % {"line": number, "first": numbered[0]}
            for number in unnumbered
        ]
        lines = [(number, line) for number, line in lines if line.label is not None]
    elif unnumbered:  # line k names the k-th pair; a blank line leaves its pair as it is
        order = in_order(pairs, len(read), grows=not fixed)
        errors += [
            ngettext(
                "line %(line)s: section %(section)s has %(count)s pair, and lines without"
                " pair numbers name them in order",
                "line %(line)s: section %(section)s has %(count)s pairs, and lines without"
                " pair numbers name them in order",
                len(pairs),
            )
            % {"line": number, "section": section_name, "count": len(pairs)}
            for number, line in read[len(order) :]
            if line is not None
        ]
        named = zip(read[: len(order)], order, strict=True)
        lines = [(n, NameLine(label, line.names)) for (n, line), label in named if line]
    result = []
    seen: dict[str, int] = {}  # pair -> the line naming it
    for number, (label, names) in lines:
        assert label is not None
        problems = _problems(label, names, seen, pairs if fixed else None, section_name)
        seen.setdefault(label, number)
        errors += [_line_said(number, problem) for problem in problems]
        if not problems:
            player1, player2 = [*names, "", ""][:2]
            result.append((label, player1, player2))
    if errors:
        raise ValidationError(errors)
    return result


def _problems(
    label: str,
    names: Sequence[str],
    seen: dict[str, int],
    pairs: Sequence[str] | None,
    section_name: str,
) -> list[str]:
    problems = []
    if len(label) > _LABEL_LENGTH:
        problems.append(
            ngettext(
                "the pair number %(label)s is %(length)s character long; %(most)s at most",
                "the pair number %(label)s is %(length)s characters long; %(most)s at most",
                len(label),
            )
            % {"label": label, "length": len(label), "most": _LABEL_LENGTH}
        )
    elif pairs is not None and label not in pairs:
        problems.append(
            _("section %(section)s has no pair %(label)s (its pairs are %(pairs)s)")
            % {"section": section_name, "label": label, "pairs": _labels(pairs)}
        )
    elif label in seen:
        problems.append(
            _("pair %(label)s is on line %(line)s already") % {"label": label, "line": seen[label]}
        )
    if len(names) > 2:
        problems.append(_("more than two players for pair %(label)s") % {"label": label})
    problems += [
        ngettext(
            "the name %(name)s is %(length)s character long; %(most)s at most",
            "the name %(name)s is %(length)s characters long; %(most)s at most",
            len(name),
        )
        % {"name": _shortened(name), "length": len(name), "most": _NAME_LENGTH}
        for name in names[:2]
        if len(name) > _NAME_LENGTH
    ]
    return problems


def _line_said(number: int, problem: object) -> str:
    """A problem of one pasted line: "line 2: pair 1 is on line 1 already"."""
    # Translators: problem is a sentence about what the line says.
    return _("line %(line)s: %(problem)s") % {"line": number, "problem": problem}


def _shortened(name: str) -> str:
    return f"{name[:20]}…" if len(name) > 20 else name


def _labels(labels: Collection[str]) -> str:
    """Pair numbers for a message, in order: `1 to 14`, `1 to 5, 8 to 14`."""
    return label_runs(sorted(labels, key=natural_key))


def section_labels(section: Section) -> tuple[list[str], bool]:
    """The section's pair numbers in order, and whether they are fixed: a movement's are
    the only ones names may be given for; in a free-form section a new number adds a pair."""
    labels = sorted(section.pairs.values_list("label", flat=True), key=natural_key)
    return labels, bool(section.movement)


def names_text(pairs: Iterable[Pair]) -> str:
    """The names page's text: one line a pair, which `parse_names` reads back as exactly the
    names stored (name_lines.write_line)."""
    return "\n".join(write_line(p.label, (p.player1, p.player2)) for p in pairs)


def pair_directions(pairs: Iterable[Pair]) -> str:
    """Which pair numbers sit North-South and which East-West, for the director: in a
    Mitchell the NS pairs keep their table and the EW pairs move, numbered after them.
    Example, 7 tables: "pairs 1 to 7 sit North-South, pairs 8 to 14 East-West"; "" when the
    pairs have no home direction (a Howell, a free-form section)."""
    ordered = sorted(pairs, key=lambda p: natural_key(p.label))
    ns = [p.label for p in ordered if p.direction == "NS"]
    ew = [p.label for p in ordered if p.direction == "EW"]
    if not ns or not ew:
        return ""
    return _("pairs %(ns)s sit North-South, pairs %(ew)s East-West") % {
        "ns": label_runs(ns),
        "ew": label_runs(ew),
    }


@transaction.atomic
def pairs_set_names(
    *,
    section: Section,
    names: list[tuple[str, str, str]],
    add_missing: bool = True,
    from_table: bool = False,
) -> list[Pair]:
    """Give the section's pairs their players; pairs not in the section are added for a
    free-form section and refused when the movement does not have them. Every problem is
    reported at once, in words, naming its pair; nothing is stored unless all are right.

    Names `from_table` (a phone's) are marked so and wait for the director to match them to
    the register; names the director gives another pair clear the mark."""
    existing = {pair.label: pair for pair in section.pairs.all()}
    unknown = [label for label, *_ in names if label not in existing]
    if unknown and (section.movement or not add_missing):
        raise ValidationError(
            ngettext(
                "section %(section)s has no pair %(unknown)s (its pairs are %(pairs)s)",
                "section %(section)s has no pair %(unknown)s (its pairs are %(pairs)s)",
                len(unknown),
            )
            % {"section": section.name, "unknown": ", ".join(unknown), "pairs": _labels(existing)}
        )
    changed, errors, seen, renamed = [], [], set(), False
    for label, player1, player2 in names:
        if label in seen:
            errors.append(_("pair %(label)s: given twice") % {"label": label})
            continue
        seen.add(label)
        pair = existing.get(label) or Pair(section=section, label=label)
        new = pair.pk is None or (pair.player1, pair.player2) != (player1, player2)
        renamed = renamed or new
        if new:
            pair.names_from_table = from_table
        if pair.player1 != player1:  # another name: its match to the register is asked again
            pair.player1_ref = None
        if pair.player2 != player2:
            pair.player2_ref = None
        pair.player1, pair.player2 = player1, player2
        try:
            pair.full_clean()
        except ValidationError as error:
            errors += [
                # Translators: message is a sentence about the pair's names.
                _("pair %(label)s: %(message)s") % {"label": label, "message": message}
                for message in error.messages
            ]
            continue
        changed.append(pair)
    if errors:
        raise ValidationError(errors)
    for pair in changed:
        pair.save()
    session_touch(section.session, amends=renamed)  # the same names again amend nothing
    if renamed:
        session_link_players(session=section.session)
    return changed
