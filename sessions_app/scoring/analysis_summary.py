"""A session analysed against its hand records: each pair's boards judged (`analysis.judge`),
each pair's summary, and the summary of the top third of its field to compare it with.

Only a contract the table played on the hand record's cards is judged. A line is *not
analysed*, with the reason said, when it has no played contract (passed out, a score without
its contract, a director's ruling: assigned, split, weighted or artificial, not played, a
phantom), when the board is fouled (some tables played other cards, so the hand record may not
be theirs), or when the board has no double-dummy table and par.

A pair's summary counts the category of every contract its side declared, and of every
contract it defended, with their shares; the categories that judge the pair itself are correct,
underbid and overbid on its own contracts, failed to double and doubled a making contract on
its opponents'. Tricks: as declarer, the tricks taken beyond double dummy; in defence, the
tricks declarer was held below it; each a total and an average a board.

The top third of a field are its ranked pairs whose place (the first of a shared place) is at
most a third of the field, rounded up: in a field of 7, places 1 to 3 (and a pair sharing
third place). Their summaries are added together, so their shares are of all their boards.

Worked example: pair 1 declared 4 boards (3 correct, 1 overbid; tricks +1, 0, -1, -1) and
defended 4 (one failed to double, 3 correct; declarer held to 0, 0, 1, 0 tricks below double
dummy): correct on 3/4 = 75% of its own contracts, -1/4 = -0.25 tricks a board as declarer,
+1/4 = +0.25 a board in defence, failed to double on 1/4 = 25% of its defences. If the top
third's pairs declared 10 boards between them, 8 correct, their share is 80%.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from .analysis import Category, HandRecord, Judgement
from .analysis import judge as judge_contract
from .awards import PHANTOM
from .event import Direction
from .lines import Line
from .results import SectionResult, SessionResults, Standing

REASONS = {  # a ruling's kind -> why its line is not analysed
    "assigned": "assigned score",
    "split": "split score",
    "weighted": "weighted score",
    "artificial": "artificial score",
    "not_played": "not played",
}


@dataclass(frozen=True, slots=True)
class BoardLine:
    """One board of a pair, analysed (`judgement`) or not (`reason` says why)."""

    board: int
    direction: Direction  # the side the pair sat
    opponent: str
    contract: str  # as the traveller shows it: "4SX", "PASS", "A+/A-", "NP"
    declarer: str
    tricks: int | None
    judgement: Judgement | None
    reason: str = ""

    @property
    def declaring(self) -> bool:
        """The pair's side declared (its own contract)."""
        return bool(self.declarer) and (self.declarer in "NS") == (self.direction == "NS")

    @property
    def gain(self) -> int | None:
        """Tricks against double dummy from the pair's view: beyond it as declarer, below it
        for declarer in defence. 4S by N taking 11 where double dummy gives 10 is +1 for NS
        and -1 for EW."""
        if self.judgement is None:
            return None
        difference = self.judgement.trick_difference
        return difference if self.declaring else -difference


@dataclass(frozen=True, slots=True)
class Summary:
    """What a pair (or several pairs added together) did on its analysed boards: the category
    of each contract its side declared and of each it defended, and the tricks."""

    declared: int = 0
    defended: int = 0
    not_analysed: int = 0
    declaring: Mapping[Category, int] = field(default_factory=dict)  # contracts declared
    defending: Mapping[Category, int] = field(default_factory=dict)  # contracts defended
    declarer_tricks: int = 0  # tricks beyond double dummy, summed over boards declared
    defence_tricks: int = 0  # tricks declarer was held below double dummy, summed

    def share(self, category: Category, *, declaring: bool) -> Fraction | None:
        """The category's share of the contracts declared (or defended): 3 correct of 4
        declared -> 3/4; None when there were none."""
        counts, boards = (
            (self.declaring, self.declared) if declaring else (self.defending, self.defended)
        )
        return Fraction(counts.get(category, 0), boards) if boards else None

    @property
    def declarer_per_board(self) -> Fraction | None:
        return Fraction(self.declarer_tricks, self.declared) if self.declared else None

    @property
    def defence_per_board(self) -> Fraction | None:
        return Fraction(self.defence_tricks, self.defended) if self.defended else None


@dataclass(frozen=True, slots=True)
class PairAnalysis:
    section: str
    label: str
    place: str | None  # its place in its field; None: not ranked
    lines: tuple[BoardLine, ...]  # by board number
    summary: Summary
    top_third: Summary | None  # of its field; None when the pair is not ranked


@dataclass(frozen=True, slots=True)
class FieldAnalysis:
    section: str
    direction: Direction | None  # None: one field
    pairs: tuple[PairAnalysis, ...]  # in ranking order
    top_labels: tuple[str, ...]
    top_third: Summary


@dataclass(frozen=True, slots=True)
class SessionAnalysis:
    fields: tuple[FieldAnalysis, ...]
    unranked: tuple[PairAnalysis, ...]  # pairs in no ranking (a phantom that never came)
    boards: int  # boards with a complete hand record

    def pair(self, section: str, label: str) -> PairAnalysis | None:
        pairs = [*(p for f in self.fields for p in f.pairs), *self.unranked]
        return next((p for p in pairs if p.section == section and p.label == label), None)


def summarise(lines: Iterable[BoardLine]) -> Summary:
    """A pair's summary of its board lines, as the module's docstring says."""
    declared = defended = not_analysed = declarer_tricks = defence_tricks = 0
    declaring: Counter[Category] = Counter()
    defending: Counter[Category] = Counter()
    for line in lines:
        judgement, gain = line.judgement, line.gain
        if judgement is None or gain is None:
            not_analysed += 1
        elif line.declaring:
            declared += 1
            declarer_tricks += gain
            declaring[judgement.category] += 1
        else:
            defended += 1
            defence_tricks += gain
            defending[judgement.category] += 1
    return Summary(
        declared,
        defended,
        not_analysed,
        dict(declaring),
        dict(defending),
        declarer_tricks,
        defence_tricks,
    )


def combine(summaries: Iterable[Summary]) -> Summary:
    """Summaries added together: counts and trick totals summed."""
    parts = list(summaries)
    declaring: Counter[Category] = Counter()
    defending: Counter[Category] = Counter()
    for summary in parts:
        declaring.update(summary.declaring)
        defending.update(summary.defending)
    return Summary(
        declared=sum(s.declared for s in parts),
        defended=sum(s.defended for s in parts),
        not_analysed=sum(s.not_analysed for s in parts),
        declaring=dict(declaring),
        defending=dict(defending),
        declarer_tricks=sum(s.declarer_tricks for s in parts),
        defence_tricks=sum(s.defence_tricks for s in parts),
    )


def top_third(standings: tuple[Standing, ...]) -> tuple[Standing, ...]:
    """The standings whose place is at most a third of the field, rounded up: places "1",
    "2=", "2=", "4", "5", "6", "7" -> the first three (7 / 3 rounded up is 3; "2=" is 2)."""
    cut = math.ceil(len(standings) / 3)
    return tuple(s for s in standings if int(s.place.split("=")[0].split("/")[0]) <= cut)


def judge_line(line: Line, record: HandRecord | None, fouled: bool) -> tuple[Judgement | None, str]:
    """A traveller line's judgement, or None and why it is not analysed."""
    ruling = line.ruling
    if fouled:
        return None, "fouled board"
    if ruling is None or ruling.outcome is None:
        return None, REASONS.get(ruling.kind if ruling else "", "no contract")
    outcome = ruling.outcome
    if PHANTOM in (outcome.ns_artificial, outcome.ew_artificial):
        return None, "phantom"
    if ruling.kind != "played":
        return None, REASONS[ruling.kind]
    if outcome.kind != "played":
        return None, REASONS[outcome.kind]
    contract = outcome.contract
    if contract is None:
        return None, "score only, no contract"
    if contract.passed_out:
        return None, "passed out"
    if outcome.tricks is None or outcome.declarer not in "NESW" or not outcome.declarer:
        return None, "no declarer or tricks"
    if record is None or not record.complete:
        return None, "no double-dummy table and par"
    return judge_contract(contract, outcome.declarer, outcome.tricks, record), ""


def analyse_session(results: SessionResults, records: Mapping[int, HandRecord]) -> SessionAnalysis:
    """Every pair of every field analysed, with its field's top third (one pass over the
    lines; `records` by board number)."""
    fields, unranked = [], []
    for section in results.sections:
        lines = _section_lines(section, records)
        ranked_labels = set()
        for ranked in section.fields:
            labels = [standing.score.label for standing in ranked.standings]
            ranked_labels.update(labels)
            summaries = {label: summarise(lines.get(label, ())) for label in labels}
            top_labels = tuple(s.score.label for s in top_third(ranked.standings))
            top = combine(summaries[label] for label in top_labels)
            pairs = tuple(
                PairAnalysis(
                    section.name,
                    s.score.label,
                    s.place,
                    tuple(lines.get(s.score.label, ())),
                    summaries[s.score.label],
                    top,
                )
                for s in ranked.standings
            )
            fields.append(FieldAnalysis(section.name, ranked.direction, pairs, top_labels, top))
        for label in section.pairs:
            if label not in ranked_labels:
                own = tuple(lines.get(label, ()))
                unranked.append(PairAnalysis(section.name, label, None, own, summarise(own), None))
    complete = sum(1 for record in records.values() if record.complete)
    return SessionAnalysis(tuple(fields), tuple(unranked), complete)


def _section_lines(
    section: SectionResult, records: Mapping[int, HandRecord]
) -> dict[str, list[BoardLine]]:
    """Each pair's board lines, by label, in board order."""
    found: dict[str, list[BoardLine]] = {}
    for board in section.boards:
        fouled = any(scored.line.group for scored in board.lines)
        record = records.get(board.number)
        for scored in board.lines:
            line = scored.line
            judgement, reason = judge_line(line, record, fouled)
            sides: tuple[tuple[str, Direction, str], ...] = (
                (line.ns, "NS", line.ew),
                (line.ew, "EW", line.ns),
            )
            for label, direction, opponent in sides:
                found.setdefault(label, []).append(
                    BoardLine(
                        board.number,
                        direction,
                        opponent,
                        line.contract,
                        line.declarer,
                        line.tricks,
                        judgement,
                        reason,
                    )
                )
    return found
