"""A pair that missed rounds: a no-show, a late pair, or a pair that left early.

Why: the boards the pair would have played in those rounds have no result, so the section
looks incomplete and the opponents' boards would be scored as if they were still to come. The
director says "pair 7 missed rounds 1-2" and every such board gets its line at once, on the
movement's schedule (so the entry pages show it in its row and the section counts as
complete), through `entry.lines.result_save`: checked, audited and restorable like any
line. What the line says is the director's choice:

- `not_played` (the default): the board is not played at that table; the opponents are
  scored on the boards they did play (their score factored, Neuberg), and so is the pair;
- `artificial`: Ave+ to the opponents, who were ready to play, and Ave- to the absent pair
  (Law 12C2 artificial scores, 60% / 40% by default);
- `phantom`: the absent pair is a phantom (docs/rules.md §5.10): each line is `PH/NP`, its
  opponents get the session's phantom score (a fixed percentage, or their own), and it gets
  nothing — a pair that never came has no score and is not ranked.

A board that already has a line for either pair is left as it is and named in the report:
nothing entered is replaced. A round in which the pair sits out anyway (a half table) adds
nothing.

Example: 7-table Mitchell of 3 a round, pair 10 (EW) arrives for round 3. Pair 10 starts at
table 3 and moves up a table a round while the boards move down: round 1 at table 3 against
NS 3 on boards 7-9, round 2 at table 4 against NS 4 on boards 13-15. `pair_absence_record(...,
pair="10", first_round=1, last_round=2)` saves six "not played" lines: 3 v 10 on boards 7, 8,
9 and 4 v 10 on boards 13, 14, 15.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext, gettext_lazy, ngettext

from ..core.section_movement import usable_movement
from ..models import Result, Section
from ..rows.words import described
from ..scoring.awards import NOBODY, PHANTOM
from ..scoring.notation import Outcome
from ..scoring.rulings import Ruling, played
from .lines import LineInput, result_save

AWARDS = {
    "not_played": gettext_lazy(
        "Not played: the opponents' score is factored over the boards they played"
    ),
    "artificial": gettext_lazy("Ave+ to the opponents, Ave- to the absent pair"),
    "phantom": gettext_lazy(
        "The absent pair is a phantom: its opponents get the session's phantom score"
        " (its fixed %, or their own %), it gets nothing and is not ranked if it never came"
    ),
}


@dataclass(frozen=True)
class AbsenceReport:
    pair: str
    rounds: tuple[int, int]
    saved: tuple[tuple[int, str, str], ...]  # (board, NS, EW) of each line written
    kept: tuple[str, ...]  # boards that already had a line, in words
    sat_out: tuple[int, ...]  # rounds the pair had no opponent anyway

    @property
    def summary(self) -> str:
        """E.g. "Pair 10 missed rounds 1-2: 6 lines saved (boards 7, 8, 9, 13, 14, 15)."."""
        first, last = self.rounds
        count = len(self.saved)
        words = {
            "pair": self.pair,
            "first": first,
            "last": last,
            "count": count,
            "boards": ", ".join(str(board) for board, _, _ in self.saved),
        }
        if count and first == last:
            text = ngettext(
                "Pair %(pair)s missed round %(first)s: %(count)s line saved (boards %(boards)s).",
                "Pair %(pair)s missed round %(first)s: %(count)s lines saved (boards %(boards)s).",
                count,
            )
        elif count:
            text = ngettext(
                "Pair %(pair)s missed rounds %(first)s-%(last)s: %(count)s line saved"
                " (boards %(boards)s).",
                "Pair %(pair)s missed rounds %(first)s-%(last)s: %(count)s lines saved"
                " (boards %(boards)s).",
                count,
            )
        elif first == last:
            text = gettext("Pair %(pair)s missed round %(first)s: no line to add.")
        else:
            text = gettext("Pair %(pair)s missed rounds %(first)s-%(last)s: no line to add.")
        text %= words
        if self.kept:
            text += " " + gettext("Already entered, left as it is: %(lines)s.") % {
                "lines": "; ".join(self.kept)
            }
        if self.sat_out:
            text += " " + ngettext(
                "Sat out anyway in round %(rounds)s.",
                "Sat out anyway in round %(rounds)s.",
                len(self.sat_out),
            ) % {"rounds": ", ".join(map(str, self.sat_out))}
        return text


def pair_absence_record(
    *,
    section: Section,
    pair: str,
    first_round: int,
    last_round: int,
    award: str = "not_played",
    user=None,
) -> AbsenceReport:
    """Give every board `pair` would have played in rounds `first_round`..`last_round` its
    line (see the module docstring). Raises ValidationError, in words, for a section without
    a movement, a pair or rounds the movement does not have, or an unknown award."""
    movement = usable_movement(section)
    if movement is None:
        raise ValidationError(
            gettext(
                "section %(section)s has no movement, so it has no rounds: enter the boards"
                " the pair missed one by one (NP, or A+/A- for artificial scores)"
            )
            % {"section": section.name}
        )
    if pair not in movement.pairs:
        raise ValidationError(
            gettext(
                "pair %(pair)s is not in the movement of section %(section)s"
                " (its pairs are %(pairs)s)"
            )
            % {"pair": pair, "section": section.name, "pairs": ", ".join(movement.pairs)}
        )
    rounds = len(movement.rounds)
    if not 1 <= first_round <= last_round <= rounds:
        raise ValidationError(
            gettext(
                "rounds %(first)s to %(last)s are not rounds of this movement: it has"
                " rounds 1 to %(rounds)s, and the first comes before the last"
            )
            % {"first": first_round, "last": last_round, "rounds": rounds}
        )
    if award not in AWARDS:
        raise ValidationError(
            gettext("choose one of: %(awards)s")
            % {"awards": ", ".join(str(words) for words in AWARDS.values())}
        )
    stops = [s for s in movement.pair_schedule(pair) if first_round <= s.round <= last_round]
    with transaction.atomic():
        entered = _entered(section, pair, stops)
        saved, kept = [], []
        for stop in stops:
            if stop.opponent is None:
                continue
            ns, ew = (pair, stop.opponent) if stop.direction == "NS" else (stop.opponent, pair)
            for board in stop.boards:
                if board in entered:
                    kept.append(
                        gettext("board %(board)s (%(line)s)")
                        % {"board": board, "line": entered[board]}
                    )
                    continue
                line = LineInput(
                    board,
                    ns,
                    ew,
                    _ruling(award, absent_ns=ns == pair),
                    stop.round,
                    stop.table,
                    reason=f"pair {pair} absent in round {stop.round}",
                )
                result_save(section=section, line=line, user=user)
                saved.append((board, ns, ew))
    return AbsenceReport(
        pair=pair,
        rounds=(first_round, last_round),
        saved=tuple(saved),
        kept=tuple(kept),
        sat_out=tuple(s.round for s in stops if s.opponent is None),
    )


def _entered(section: Section, pair: str, stops) -> dict[int, str]:
    """The boards of these stops that already have a line with the pair or its opponent."""
    boards = [board for stop in stops for board in stop.boards]
    labels = {pair, *(stop.opponent for stop in stops if stop.opponent)}
    lines = (
        Result.objects.filter(section=section, board__number__in=boards)
        .filter(Q(ns__label__in=labels) | Q(ew__label__in=labels))
        .select_related("board", "ns", "ew")
    )
    opponent = {board: stop.opponent for stop in stops for board in stop.boards}
    return {
        line.board.number: f"{line.ns.label} v {line.ew.label}: {described(line)}"
        for line in lines
        if {pair, opponent[line.board.number]} & {line.ns.label, line.ew.label}
    }


def _ruling(award: str, *, absent_ns: bool) -> Ruling:
    if award == "phantom":  # docs/rules.md §5.10: PH/NP, the phantom on the absent pair's side
        ns, ew = (NOBODY, PHANTOM) if absent_ns else (PHANTOM, NOBODY)
        return played(Outcome("artificial", ns_artificial=ns, ew_artificial=ew))
    if award == "artificial":
        absent, present = "A-", "A+"
        ns, ew = (absent, present) if absent_ns else (present, absent)
        return played(Outcome("artificial", ns_artificial=ns, ew_artificial=ew))
    return played(Outcome("not_played"))
