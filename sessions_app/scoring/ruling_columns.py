"""A ruling given as a file's columns: a traveller row of a CSV, PBN or USEBIO file.

Files carry a line as columns (contract, declarer, tricks, result, score), which
`notation.outcome_from_fields` reads; a director's ruling does not fit them, so a file writes
it whole in `contract` in the notation of `rulings` (`assigned 4S N 10`, `4S N 10 / 4S N 9`,
`30% 4S N 10; 70% 3NT S 8`) and leaves the other columns empty. Kept apart from `rulings`
because this is where the two readings meet: which one a row asks for (`is_ruling_text`), and
the refusal of a row that gives both, so that a file never has a ruling and a table result
disagree.

Example: ruling_from_fields(contract="4S N 10 / 4S N 9", vul="None") -> the split score;
ruling_from_fields(contract="4S", declarer="N", tricks="10", vul="None") -> 4S by N, +420;
ruling_from_fields(contract="assigned 4S N 10", tricks="10", vul="None") -> ContractError.
"""

from __future__ import annotations

from .contract import ContractError
from .message import Message, gettext_noop
from .notation import outcome_from_fields
from .rulings import Ruling, is_ruling_text, parse_ruling, played


def ruling_from_fields(
    *,
    contract: str,
    declarer: str = "",
    tricks: str = "",
    result: str = "",
    score: str = "",
    vul: str,
) -> Ruling:
    """A traveller row given as columns (a CSV, a PBN or USEBIO line): a table result or an
    adjustment token as `notation.outcome_from_fields` reads them, or in `contract` a whole
    ruling in the notation of `rulings` (`assigned 4S N 10`, `4S N 10 / 4S N 9`,
    `30% 4S N 10; 70% 3NT S 8`), the other columns then empty."""
    if is_ruling_text(contract):
        if any(value.strip() for value in (declarer, tricks, result, score)):
            raise ContractError(
                Message(
                    gettext_noop("%(ruling)r is a ruling: leave declarer, tricks and score empty"),
                    {"ruling": contract.strip()},
                )
            )
        return parse_ruling(contract, vul)
    return played(
        outcome_from_fields(
            contract=contract,
            declarer=declarer,
            tricks=tricks,
            result=result,
            score=score,
            vul=vul,
        )
    )
