"""A line as the players give it at the table, and the one rule that turns it into a result.

The phone's board form is a keypad for what the director types on the entry grid: a level, a
strain, the doubling, the declarer and the tricks. The grid's parser reads those parts out of
the typed text and hands them to `scoring.contract.Contract` and
`scoring.notation.outcome_from_contract`; the phone sends the parts already apart, so it hands
them to the same two: a result is accepted, refused and scored the same whichever way it came
in, and the phone cannot drift from the director's rules.

Example: TableResult(level=4, strain="S", doubled=1, declarer="N", tricks=10) is what the grid
reads from "4SX N 10": on a board where nobody is vulnerable, 4SX by N, 10 tricks: 4 × 30
doubled = 240 for the tricks, + 300 for a game, + 50 for making a doubled contract = NS +590.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ..core.json_shapes import shown
from ..rows.words import worded
from ..scoring.contract import PASSED_OUT, Contract, ContractError
from ..scoring.notation import outcome_from_contract
from ..scoring.rulings import Ruling, played
from .access import TableRefused

CONTRACT_FIELDS = ("level", "strain", "doubled", "declarer", "tricks", "lead")
# Each field a contract needs, with the sentence refusing it (the field's name is a JSON key).
NEEDED = (
    (
        "level",
        gettext_lazy(
            "level must be a whole number from 1 to 7 (or passed_out true), not %(value)s"
        ),
    ),
    ("strain", gettext_lazy("strain must be one of C, D, H, S, NT, not %(value)s")),
    ("declarer", gettext_lazy("declarer must be N, E, S or W, not %(value)s")),
    ("tricks", gettext_lazy("tricks must be a whole number from 0 to 13, not %(value)s")),
)
EMPTY = (None, 0, "")  # a field left out, as a JSON client may write it


@dataclass(frozen=True)
class TableResult:
    """The played result of one board as the players give it, each field of its shape already
    (table_scoring/views/shapes.py), None when left out. What the fields say together is
    checked when it is read (`table_ruling`), after the write's retry and its line are
    looked up: a passed-out board says nothing else; any other board has a level from 1 to
    7, a strain, a declarer and the tricks. `lead` is the opening lead, a card or ""
    (`entry.checks.check_lead` checks it when the line is stored, as for the grid's lines)."""

    passed_out: bool = False
    level: int | None = None
    strain: str | None = None
    doubled: int | None = None
    declarer: str | None = None
    tricks: int | None = None
    lead: str | None = None

    @property
    def opening_lead(self) -> str:
        """The lead as a line stores it: the card, or "" when none was given."""
        return self.lead or ""


@dataclass(frozen=True)
class TableLineInput:
    """A new line from a table's phone: the phone's id for this write (a retry sends it
    again), the board's number and the result. The pairs and the round are the movement's."""

    client_id: str
    board: int
    result: TableResult


def table_ruling(result: TableResult, vulnerability: str) -> Ruling:
    """The Ruling of a table's result on a board of `vulnerability`, by the grid's rules
    (module docstring); TableRefused(400) naming the field that does not fit the others, or
    the tricks for a result bridge cannot have.

    Example: 4S by N, 10 tricks, "All" -> played 4S by N, 10 tricks, NS +620 (4 × 30 for the
    tricks + 500 for a vulnerable game), the Ruling the grid makes of "4S N 10"; 3NT with 9
    tricks and no declarer -> "declarer must be N, E, S or W, not nothing"."""
    _check_fields(result)
    if result.passed_out:
        return played(outcome_from_contract(PASSED_OUT, "", 0, vulnerability))
    assert result.level is not None and result.strain is not None  # _check_fields
    assert result.declarer is not None and result.tricks is not None
    try:
        contract = Contract(result.level, result.strain, result.doubled or 0)
        outcome = outcome_from_contract(contract, result.declarer, result.tricks, vulnerability)
    except ContractError as error:
        raise TableRefused(400, worded(error.message), "tricks") from None
    return played(outcome)


def _check_fields(result: TableResult) -> None:
    """TableRefused(400) naming the first field a passed-out board gives (it says nothing
    else), or the first one a contract leaves out. 0 tricks is a number of tricks, not a
    field left out. Example: passed out with level 4 -> 'a passed-out board has no level:
    send 0 or "" or leave it out, not 4'."""
    if result.passed_out:
        given = next((name for name in CONTRACT_FIELDS if getattr(result, name)), None)
        if given is not None:
            raise TableRefused(
                400,
                # Translators: %(field)s is a JSON field's name (level, strain ...): kept as is.
                _(
                    'a passed-out board has no %(field)s: send 0 or "" or leave it out, not'
                    " %(value)s"
                )
                % {"field": given, "value": shown(getattr(result, given))},
                given,
            )
        return
    for name, refusal in NEEDED:
        value = getattr(result, name)
        if value in EMPTY and not (name == "tricks" and value == 0):
            raise TableRefused(400, str(refusal) % {"value": shown(value)}, name)
