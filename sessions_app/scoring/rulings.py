"""What a traveller line says, in full: the table result or the director's ruling, in one
notation that people type and files carry, in words for people, and as the engine's awards.

Every place that shows, stores or exchanges a line goes through `Ruling`: the grid and the
adjust form read `parse_ruling`, the grid and the files write `Ruling.text`, the changes
page, the exports and the PDFs say `Ruling.words`; a file's columns are read by
`ruling_columns`.

| kind | notation | words |
|---|---|---|
| played | `4S N 10`, `3NTX E 7`, `PASS`, `420` | `4S by N, 10 tricks (+420)` |
| assigned (Law 12C1) | `assigned 4S N 10` | `assigned: 4S by N, 10 tricks (+420)` |
| split (NS / EW) | `4S N 10 / 4S N 9`, `420 / -50` | `split: NS 4S by N, ... EW 4S by N, ...` |
| weighted (Law 12C1(c)) | `30% 4S N 10; 70% 3NT S 8` | `weighted: 30% of 4S by N, ... + 70% of ...`
| artificial (Law 12C2) | `A+/A-`, `A`, `55%/45%` | `artificial: A+ to NS, A- to EW` |
| facing a phantom | `PH/NP`, `NP/PH` | `phantom: EW absent, NS gets the phantom score` |
| not played | `NP` | `not played` |

Example: parse_ruling("30% 4sn10; 70% 3nts8", "None") is weighted, awards ((3/10, 420),
(7/10, -50)) both sides, text "30% 4S N 10; 70% 3NT S 8"; "55% / 45%" is artificial.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from .awards import PHANTOM, Award, Components, artificial_award
from .contract import PASSED_OUT, Contract, ContractError
from .message import Message, gettext_noop, joined
from .notation import Outcome, parse_adjustment, parse_entry
from .notation_words import ENGLISH, Notation

RulingKind = Literal["played", "assigned", "split", "weighted", "artificial", "not_played"]
KINDS: tuple[RulingKind, ...] = (
    "played",
    "assigned",
    "split",
    "weighted",
    "artificial",
    "not_played",
)
Weights = tuple[tuple[Fraction, Outcome], ...]

_WEIGHT = re.compile(r"^\s*(\d+(?:\.\d+)?\s*%|0?\.\d+|\d+/\d+)\s+(\S.*)$")
_STORED = re.compile(r"^([1-7])(C|D|H|S|NT)(X{0,2}) ([NESW]) (\d{1,2})$")


@dataclass(frozen=True, slots=True)
class Ruling:
    """A line's result: `outcome` (a table result, an artificial score or not played; NS's
    part of a split), `ew_outcome` (EW's part of a split), `weights` (a weighted score).

    Build one with `played`, `assigned`, `split` or `weighted`: they check what bridge and
    the Laws allow and raise ContractError with the reason in words.
    """

    kind: RulingKind
    outcome: Outcome | None = None
    ew_outcome: Outcome | None = None
    weights: Weights = ()

    @property
    def text(self) -> str:
        """The notation: what the director types to get this line (parse_ruling reads it),
        as files carry it."""
        return self.text_in(ENGLISH)

    def text_in(self, notation: Notation) -> str:
        """`text` in a club's notation, for its director to correct: a split of 4H= and 4H-1
        in French is "4C N 10 / 4C N 9"."""
        if self.kind == "weighted":
            return "; ".join(
                f"{weight_text(w)} {outcome_text(o, notation)}" for w, o in self.weights
            )
        assert self.outcome is not None
        if self.kind == "split":
            assert self.ew_outcome is not None
            ns, ew = outcome_text(self.outcome, notation), outcome_text(self.ew_outcome, notation)
            return f"{ns} / {ew}"
        if self.kind == "assigned":
            return f"{notation.assigned_words[0]} {outcome_text(self.outcome, notation)}"
        return outcome_text(self.outcome, notation)

    @property
    def words(self) -> str:
        """The line in words, in English, for files and exports (`message` for pages)."""
        return str(self.message)

    @property
    def message(self) -> Message:
        """The line in words, for the changes page, messages, notes on pages, PDFs: "split:
        NS 4S by N, 10 tricks (+420), EW 4S by N, 9 tricks (-50)" in the page's language."""
        if self.kind == "weighted":
            parts = tuple(
                Message(
                    gettext_noop("%(weight)s of %(outcome)s"),
                    {"weight": weight_text(w), "outcome": outcome_message(o)},
                )
                for w, o in self.weights
            )
            return Message(gettext_noop("weighted: %(parts)s"), {"parts": joined(" + ", parts)})
        assert self.outcome is not None
        if self.kind == "split":
            assert self.ew_outcome is not None
            return Message(
                gettext_noop("split: NS %(ns)s, EW %(ew)s"),
                {"ns": outcome_message(self.outcome), "ew": outcome_message(self.ew_outcome)},
            )
        if self.kind == "assigned":
            return Message(
                gettext_noop("assigned: %(outcome)s"), {"outcome": outcome_message(self.outcome)}
            )
        return outcome_message(self.outcome)

    @property
    def is_ruling(self) -> bool:
        """Anything but a result as the table played it."""
        return self.kind != "played"

    @property
    def awards(self) -> tuple[Award, Award]:
        """What the NS and the EW pair are scored with (scoring/lines.py)."""
        if self.kind == "weighted":
            components: Components = tuple((w, _score(o)) for w, o in self.weights)
            return components, components
        outcome = self.outcome
        assert outcome is not None
        if outcome.kind == "artificial":
            # The kinds are text from a form or the database: anything but A+, A, A- or a
            # percentage such as 55% is refused (ValueError).
            return artificial_award(outcome.ns_artificial), artificial_award(outcome.ew_artificial)
        if outcome.kind == "not_played":
            return None, None
        ns: Components = ((1, _score(outcome)),)
        if self.kind == "split":
            assert self.ew_outcome is not None
            return ns, ((1, _score(self.ew_outcome)),)
        return ns, ns

    @property
    def shown(self) -> Outcome | None:
        """The outcome a traveller's contract, declarer and tricks columns show: the table's
        (NS's part of a split); None for a weighted score, which has several."""
        return None if self.kind == "weighted" else self.outcome


def played(outcome: Outcome) -> Ruling:
    """A table result, an artificial score or a board not played, as `outcome` says."""
    return Ruling(outcome.kind, outcome)  # every kind of outcome is a kind of ruling


def assigned(outcome: Outcome) -> Ruling:
    """Law 12C1: the director assigns a result in place of the table's."""
    _real(outcome, gettext_noop("an assigned score is a real result, e.g. 4S N 10"))
    return Ruling("assigned", outcome)


def split(ns: Outcome, ew: Outcome) -> Ruling:
    """A split assigned score: the NS pair is scored with `ns`, the EW pair with `ew`."""
    _real(ns, gettext_noop("a split score gives each side a real result, e.g. 4S N 10 / 4S N 9"))
    _real(ew, gettext_noop("a split score gives each side a real result, e.g. 4S N 10 / 4S N 9"))
    return Ruling("split", ns, ew)


def weighted(weights: Weights) -> Ruling:
    """Law 12C1(c): several results, each with its weight, the weights adding up to 100%."""
    if len(weights) < 2:
        raise ContractError(
            Message(gettext_noop("a weighted score needs at least two results with their weights"))
        )
    for weight, outcome in weights:
        if not 0 < weight < 1:
            raise ContractError(
                Message(
                    gettext_noop("%(weight)s is not a weight between 0 and 100%%"),
                    {"weight": weight_text(weight)},
                )
            )
        _real(outcome, gettext_noop("a weighted score is made of real results only"))
    total = sum((weight for weight, _ in weights), Fraction(0))
    if total != 1:
        raise ContractError(
            Message(
                gettext_noop("the weights must add up to 100%%, not %(total)s"),
                {"total": weight_text(total)},
            )
        )
    return Ruling("weighted", weights=tuple(weights))


def parse_ruling(text: str, vul: str, notation: Notation = ENGLISH) -> Ruling:
    """A line in the notation of this module, on a board of vulnerability `vul`, in a club's
    `notation` (scoring/notation_words.py).

    Example: parse_ruling("4sn10 / 4sn9", "None") -> split(+420, -50);
    parse_ruling("assigned 3nt s 9", "NS") -> assigned 3NT by S, 9 tricks (+600); in French
    parse_ruling("attribué 3sa s 9", "NS", FRENCH) is the same ruling.
    Raises ContractError with the reason in words.
    """
    adjustment = parse_adjustment(text)
    if adjustment is not None:  # `55% / 45%` is an artificial score, not a weight
        return played(adjustment)
    if ";" in text or "\n" in text or _WEIGHT.match(text):
        return weighted(parse_weights(text, vul, notation))
    assigned_prefix = notation.ruling_word(notation.assigned_words).match(text)
    if assigned_prefix:
        return assigned(parse_entry(text[assigned_prefix.end() :], vul, notation))
    split_prefix = notation.ruling_word(notation.split_words).match(text)
    body = text[split_prefix.end() :] if split_prefix else text
    if "/" in body and parse_adjustment(body) is None:
        ns_text, _, ew_text = body.partition("/")
        return split(parse_entry(ns_text, vul, notation), parse_entry(ew_text, vul, notation))
    if split_prefix:
        example = notation.example
        raise ContractError(
            Message(
                gettext_noop("a split score is NS's result / EW's result, e.g. %(ns)s / %(ew)s 9"),
                {"ns": example, "ew": example[:-3]},
            )
        )
    return played(parse_entry(body, vul, notation))


def is_ruling_text(text: str) -> bool:
    """Whether `text` is an assigned, split or weighted score in this module's notation
    rather than a contract or an adjustment token (`A+/A-` and `55%/45%` are tokens)."""
    words = ENGLISH.ruling_word(ENGLISH.assigned_words), ENGLISH.ruling_word(ENGLISH.split_words)
    return parse_adjustment(text) is None and bool(
        any(prefix.match(text) for prefix in words) or any(mark in text for mark in ";%/")
    )


def parse_weights(text: str, vul: str, notation: Notation = ENGLISH) -> Weights:
    """`30% 4S N 10; 70% 3NT S 8` (or one a line; weights also `0.3` or `3/10`)."""
    weights = []
    for part in re.split(r"[;\n]", text):
        if not part.strip():
            continue
        match = _WEIGHT.match(part)
        if not match:
            raise ContractError(
                Message(
                    gettext_noop(
                        "%(part)r has no weight: write each result with its weight,"
                        " e.g. 30%% %(example)s; 70%% %(contract)s %(seat)s 8"
                    ),
                    {
                        "part": part.strip(),
                        "example": notation.example,
                        "contract": notation.contract_text(Contract(3, "NT")),
                        "seat": notation.seat_text("S"),
                    },
                )
            )
        weights.append((parse_weight(match[1]), parse_entry(match[2], vul, notation)))
    return tuple(weights)


def parse_weight(text: str) -> Fraction:
    """`30%`, `33.3%`, `0.3` or `3/10` as an exact fraction of the whole."""
    text = "".join(text.split())
    try:
        if text.endswith("%"):
            return Fraction(text[:-1]) / 100
        return Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise ContractError(
            Message(gettext_noop("%(text)r is not a weight: write 30%% or 0.3"), {"text": text})
        ) from None


def weight_text(weight: Fraction) -> str:
    """A weight as people write it: `30%`, `12.5%`; a third is `1/3` (no exact percentage).

    Example: weight_text(Fraction(3, 10)) -> "30%"; weight_text(Fraction(1, 3)) -> "1/3".
    """
    percent = Fraction(weight) * 100
    for places in range(3):
        scaled = percent * 10**places
        if scaled.denominator == 1:
            return f"{int(scaled) / 10**places:.{places}f}%" if places else f"{int(scaled)}%"
    return f"{weight.numerator}/{weight.denominator}"


def outcome_text(outcome: Outcome, notation: Notation = ENGLISH) -> str:
    """One result as typed: `4S N 10`, `PASS`, `420`, `A+/A-`, `NP`; in French `4P N 10`,
    `PASSE`."""
    if outcome.kind != "played":
        return outcome.token
    if outcome.contract is None:
        return str(outcome.score_ns)
    contract = notation.contract_text(outcome.contract)
    if outcome.contract.passed_out:
        return contract
    return f"{contract} {notation.seat_text(outcome.declarer)} {outcome.tricks}"


def outcome_words(outcome: Outcome) -> str:
    """One result in words, in English: `4S by N, 10 tricks (+420)`, `passed out`, `+420`."""
    return str(outcome_message(outcome))


def outcome_message(outcome: Outcome) -> Message:
    """One result in words, for pages (`outcome_words` is its English)."""
    if outcome.kind == "artificial":
        if PHANTOM in (outcome.ns_artificial, outcome.ew_artificial):
            present, absent = ("NS", "EW") if outcome.ns_artificial == PHANTOM else ("EW", "NS")
            return Message(
                gettext_noop("phantom: %(absent)s absent, %(present)s gets the phantom score"),
                {"absent": absent, "present": present},
            )
        return Message(
            # Translators: an artificial adjusted score, e.g. "artificial: A+ to NS, A- to EW".
            gettext_noop("artificial: %(ns)s to NS, %(ew)s to EW"),
            {"ns": outcome.ns_artificial, "ew": outcome.ew_artificial},
        )
    if outcome.kind == "not_played":
        return Message(gettext_noop("not played"))
    if outcome.contract is None:
        return Message(f"{_score(outcome):+d}")
    if outcome.contract.passed_out:
        return Message(gettext_noop("passed out"))
    return Message(
        # Translators: a bridge result: contract, declarer, tricks taken and NS's score.
        gettext_noop("%(contract)s by %(declarer)s, %(tricks)s tricks (%(score)s)"),
        {
            "contract": str(outcome.contract),
            "declarer": outcome.declarer,
            "tricks": outcome.tricks,
            "score": f"{_score(outcome):+d}",
        },
    )


def stored_outcome(text: str, score: int) -> Outcome:
    """A real result as `outcome_text` wrote it, with its NS score, back into an Outcome
    without scoring it again (the score was checked when it was stored)."""
    if not text:
        return Outcome("played", score_ns=score)
    if text == "PASS":
        return Outcome("played", PASSED_OUT, score_ns=0)
    match = _STORED.match(text)
    if not match:
        raise ContractError(
            Message(gettext_noop("%(text)r is not a stored result"), {"text": text})
        )
    level, strain, doubled, declarer, tricks = match.groups()
    contract = Contract(int(level), strain, len(doubled))
    return Outcome("played", contract, declarer, int(tricks), score)


def _real(outcome: Outcome, message: str) -> None:
    """ContractError saying `message` (a text marked with gettext_noop) unless `outcome` is a
    real result (a contract played, or a score)."""
    if outcome.kind != "played":
        raise ContractError(Message(message))


def _score(outcome: Outcome) -> int:
    assert outcome.score_ns is not None
    return outcome.score_ns
