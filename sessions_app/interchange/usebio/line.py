"""A USEBIO `TRAVELLER_LINE`, in and out: the table result or the director's ruling, its
matchpoints (or IMPs), and clubscorer's own elements for what USEBIO 1.2 has no place for.

USEBIO 1.2 gives a line `CONTRACT`, `PLAYED_BY`, `LEAD`, `TRICKS`, `SCORE` (NS, signed) and the
pairs' points; for an artificial adjusted score the programs write `SCORE` as `A` and the NS
and EW percentages (`A6040` is average-plus to NS, average-minus to EW; `A5050` average), and
the readers we know take a `SCORE` starting with `A` as an adjusted score (they read the others
as whole numbers) and the line's points from `NS_MATCH_POINTS` / `EW_MATCH_POINTS`. It has no
assigned, split or weighted score and no fouled board. So clubscorer writes:

| line | CONTRACT, PLAYED_BY, TRICKS | SCORE | clubscorer's elements |
|---|---|---|---|
| played, assigned | the result | its NS score | `CLUBSCORER_RULING` for assigned |
| split (NS / EW) | NS's result | NS's score | `CLUBSCORER_RULING` `4S N 10 / 4S N 9` |
| weighted | - | `A` + the line's NS and EW % (`A2378`) | `CLUBSCORER_RULING` `30% 4S N 10; ...` |
| artificial | - | `A6040`, `A5050`, `A4060`, ... (60 A+, 50 A, 40 A-) | |
| artificial 55%/45% | - | `A5545` (`ADJ` for 61.8%) | `CLUBSCORER_RULING` `55%/45%` |
| facing a phantom | - | `ADJ` | `CLUBSCORER_RULING` `PH/NP` |
| not played | - | `NP` | |

plus `CLUBSCORER_FOUL_GROUP` (Law 87) and `CLUBSCORER_REASON` (the director's reason) when the
line has them. Other programs see each line's points and a result or an adjusted score they
know; clubscorer reads `CLUBSCORER_RULING` instead of the standard elements when a line has it.

In, from other programs too (docs/formats.md "Dialects of USEBIO"): an adjustment token in
`SCORE` or `CONTRACT` (`A+/A-`, `A`, `NP`); Compscore's `AxxYY` (NS xx %, EW yy %) in `SCORE`
or `CONTRACT`, and `60%/40%` or `A60/A40`, where 60 is A+, 50 A and 40 A- (Law 12C2): any other
percentage (`A5545`) is refused with its line until a line can carry a percentage of its own,
never read as the nearest kind; a passed-out line with Compscore's `PLAYED_BY` and an empty or 0
`TRICKS`, or written `P.O.`/`PO`; salliere's `SCORE` `430.0`. Example: `SCORE` `A5050` on a
top of 10 is average to both sides, 5 matchpoints each (at Butler 0 IMPs each).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Hashable, Mapping
from decimal import Decimal
from fractions import Fraction

from ...scoring.awards import Artificial
from ...scoring.contract import ContractError, parse_contract
from ...scoring.display import number as rounded_number
from ...scoring.display import rounded
from ...scoring.lines import Line, components
from ...scoring.matchpoints import Value
from ...scoring.message import Message, gettext_noop
from ...scoring.notation import Outcome, outcome_from_fields, parse_adjustment
from ...scoring.results import ScoredLine, SessionResults
from ...scoring.rulings import Ruling, parse_ruling
from ..fields import check_reason, foul_group, played_or_kept, published_number
from .hands import text_element
from .xml_tree import Node

RULING, FOUL_GROUP, REASON = "CLUBSCORER_RULING", "CLUBSCORER_FOUL_GROUP", "CLUBSCORER_REASON"
WRITTEN = {  # method -> EVENT_TYPE, BOARD_SCORING_METHOD, the traveller line's NS and EW points
    "mp": ("MP_PAIRS", "MATCH_POINTS", "NS_MATCH_POINTS", "EW_MATCH_POINTS"),
    "cross_imps": ("CROSS_IMPS", "CROSS_IMPS", "NS_CROSS_IMP_POINTS", "EW_CROSS_IMP_POINTS"),
    "butler": ("BUTLER_PAIRS", "BUTLER_IMPS", "NS_BUTLER_POINTS", "EW_BUTLER_POINTS"),
}
WRITTEN_WHOLE = ("assigned", "split", "weighted")  # rulings only CLUBSCORER_RULING says
_PERCENT = {"A+": 60, "A": 50, "A-": 40}
_A_CODE = re.compile(r"^A(\d\d)(\d\d)$", re.I)  # A6040: NS 60%, EW 40%
_PERCENTAGES = re.compile(r"^A?(\d+(?:\.\d+)?)%?(?:/A?(\d+(?:\.\d+)?)%?)?$", re.I)
_KINDS = {Decimal(60): "A+", Decimal(50): "A", Decimal(40): "A-"}
_PASSED_OUT = re.compile(r"P\.?\s*O\.?", re.I)  # P.O., PO
_DECIMAL_SCORE = re.compile(r"[+-]?\d+\.\d+")


def line_ruling(line: Node, vul: str) -> tuple[Ruling, Message | None]:
    """The line's result or ruling: CLUBSCORER_RULING when it has one, else the standard
    elements; and, for a line kept by its score (`fields.played_or_kept`: a CONTRACT that
    cannot be read or contradicts SCORE), why, else None. Raises ContractError with the
    reason."""
    text = line.value(RULING)
    if text:
        return parse_ruling(text, vul), None
    return played_or_kept(
        lambda: _outcome(line, vul),
        contract=line.value("CONTRACT"),
        score=lambda: _whole_score(line.value("SCORE")),
        vul=vul,
    )


def line_foul_group(line: Node) -> int:
    return foul_group(line.value(FOUL_GROUP))


def line_reason(line: Node) -> str:
    return check_reason(line.value(REASON))


def _outcome(line: Node, vul: str) -> Outcome:
    contract, score = line.value("CONTRACT"), line.value("SCORE")
    adjusted = _adjusted(score, contract)
    if adjusted is not None:
        return adjusted
    if re.fullmatch(r"[+-]?\d+/[+-]?\d+", score):
        raise ContractError(
            Message(
                gettext_noop(
                    "SCORE %(score)s is a split score, which clubscorer imports only from its own"
                    " %(element)s"
                ),
                {"score": score, "element": RULING},
            )
        )
    declarer, tricks = line.value("PLAYED_BY"), line.value("TRICKS")
    if _PASSED_OUT.fullmatch(contract):
        contract = "PASS"
    if contract and parse_contract(contract).passed_out:  # Compscore: PLAYED_BY, TRICKS 0
        if tricks not in ("", "0"):
            raise ContractError(
                Message(
                    gettext_noop("a passed-out board has no tricks (TRICKS %(tricks)s)"),
                    {"tricks": tricks},
                )
            )
        declarer = tricks = ""
    return outcome_from_fields(
        contract=contract,
        declarer=declarer,
        tricks=tricks if tricks.isdigit() else "",
        result="" if tricks.isdigit() else tricks,
        score=_whole_score(score),
        vul=vul,
    )


def _adjusted(score: str, contract: str) -> Outcome | None:
    """The artificial or not-played outcome `SCORE` or `CONTRACT` says, if either says one;
    raises ContractError when the two disagree or a percentage is not 60, 50 or 40."""
    found = [(text, outcome) for text in (score, contract) if (outcome := _adjustment(text))]
    if not found:
        return None
    (text, outcome), *others = found
    if any(other != outcome for _, other in others):
        raise ContractError(
            Message(
                gettext_noop("SCORE %(score)s and CONTRACT %(contract)s are different adjustments"),
                {"score": score, "contract": contract},
            )
        )
    if contract and not others and text == score:
        raise ContractError(
            Message(
                gettext_noop(
                    "SCORE %(score)s is an adjusted score: CONTRACT %(contract)s must be empty"
                ),
                {"score": score, "contract": contract},
            )
        )
    return outcome


def _adjustment(text: str) -> Outcome | None:
    if not text:
        return None
    code = _A_CODE.match(text) or (
        _PERCENTAGES.match(text) if ("%" in text or text[:1] in "Aa") else None
    )
    if code:
        return _artificial(text, *code.groups())
    return parse_adjustment(text)


def _artificial(text: str, ns: str, ew: str | None) -> Outcome:
    """Each side's artificial score from its percentage: 60, 50, 40 are Ave+, Ave, Ave- (so
    Law 12C2(c) applies to them, as to the programs' own averages); any other percentage is
    awarded as it is. Example: A6040 -> A+/A-; A5545 -> 55%/45%; A5050 -> A/A."""
    kinds = []
    for part in (ns, ew or ns):
        percent = Decimal(part)
        if percent > 100:
            raise ContractError(
                Message(
                    gettext_noop("%(text)s gives a side %(part)s%%, more than 100%%"),
                    {"text": text, "part": part},
                )
            )
        kinds.append(_KINDS.get(percent) or f"{percent.normalize():f}%")
    outcome = parse_adjustment("/".join(kinds))
    assert outcome is not None
    return outcome


def _whole_score(text: str) -> str:
    """An NS score as salliere writes it, `430.0`, as the whole number it is; `430.5` is
    refused."""
    if not _DECIMAL_SCORE.fullmatch(text):
        return text
    value = published_number(text, "SCORE")
    if value is None or value != value.to_integral_value():
        raise ContractError(
            Message(gettext_noop("SCORE %(value)r is not a whole number"), {"value": text})
        )
    return str(int(value))


def write_traveller_line(
    element: ET.Element,
    results: SessionResults,
    scored: ScoredLine,
    reasons: Mapping[Hashable, str],
) -> None:
    """A TRAVELLER_LINE's elements, as the table of this module's docstring says."""
    line = scored.line
    text_element(element, "NS_PAIR_NUMBER", line.ns)
    text_element(element, "EW_PAIR_NUMBER", line.ew)
    ruling = line.ruling
    if line.is_not_played:
        text_element(element, "SCORE", "NP")
    else:
        ns_award, ew_award = line.ns_award, line.ew_award
        if isinstance(ns_award, Artificial) and isinstance(ew_award, Artificial):
            score = _artificial_code(ns_award, ew_award)
        elif line.faces_phantom:
            score = "ADJ"  # PH/NP: only CLUBSCORER_RULING says it
        elif ruling is not None and ruling.kind == "weighted":
            score = _weighted_code(scored)
        else:
            score = str(components(ns_award)[0][1])  # NS's own score (of a split score too)
            if line.contract:
                text_element(element, "CONTRACT", line.contract)
                if line.contract != "PASS":
                    text_element(element, "PLAYED_BY", line.declarer)
        if line.lead:
            text_element(element, "LEAD", line.lead)
        if line.tricks is not None:
            text_element(element, "TRICKS", str(line.tricks))
        text_element(element, "SCORE", score)
        _, _, ns_tag, ew_tag = WRITTEN[results.settings.method]
        text_element(element, ns_tag, _points(results.scaled(scored.points_ns)))  # IMPs: unscaled
        text_element(element, ew_tag, _points(results.scaled(scored.points_ew)))
    if ruling is not None and (ruling.kind in WRITTEN_WHOLE or _explicit(line)):
        text_element(element, RULING, ruling.text)
    if line.group:
        text_element(element, FOUL_GROUP, str(line.group))
    if reasons.get(line.ref):
        text_element(element, REASON, reasons[line.ref])


def _artificial_code(ns: Artificial, ew: Artificial) -> str:
    """`A6040` for Ave+/Ave-; an explicit percentage as its whole number (`A5545`: 55%/45%),
    `ADJ` when a side's has decimals or is 100% (61.8%/38.2%, which CLUBSCORER_RULING says)."""
    sides = [_PERCENT[award.kind] if award.percent is None else award.percent for award in (ns, ew)]
    if any(Fraction(side).denominator != 1 or not 0 <= side <= 99 for side in sides):
        return "ADJ"
    return "A" + "".join(f"{int(side):02d}" for side in sides)


def _explicit(line: Line) -> bool:
    """Whether a side of the line has an explicit artificial percentage (55%), or the line
    faces a phantom (PH/NP), which only CLUBSCORER_RULING says exactly: other programs read
    `A6040` as Ave+/Ave-."""
    return line.faces_phantom or any(
        isinstance(award, Artificial) and award.percent is not None
        for award in (line.ns_award, line.ew_award)
    )


def _weighted_code(scored: ScoredLine) -> str:
    """`A` and the line's NS and EW percentages, whole and at most 99 (`A2378`); `ADJ` at
    IMPs, which have no percentages."""
    if scored.pct_ns is None or scored.pct_ew is None:
        return "ADJ"
    ns, ew = (min(99, int(rounded(pct, 0))) for pct in (scored.pct_ns, scored.pct_ew))
    return f"A{ns:02d}{ew:02d}"


def _points(value: Value | None) -> str:
    return "-" if value is None else f"{rounded_number(value):.2f}"
