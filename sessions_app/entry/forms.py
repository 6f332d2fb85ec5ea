"""Forms of the traveller entry screens: one line as the grid posts it, and the director's
ruling on one line. They parse and check; entry.lines stores."""

from __future__ import annotations

from collections.abc import Sequence

from django import forms
from django.core.exceptions import ValidationError

from ..core.scope import MAX_ID
from ..models import Board, Session
from ..scoring import rulings
from ..scoring.contract import Contract, ContractError
from ..scoring.notation import Outcome, parse_adjustment, parse_entry
from ..scoring.notation_words import ENGLISH, Notation
from .absences import AWARDS
from .lines import LineInput
from .notation import club_notation


def _id_field(label: str, **kwargs) -> forms.IntegerField:
    """An id posted back by a page (a line, its version): junk is refused in words."""
    return forms.IntegerField(
        label=label,
        min_value=1,
        max_value=MAX_ID,
        required=False,
        error_messages={
            "invalid": f"the {label} is not a number",
            "min_value": f"the {label} is not a number from 1 up",
            "max_value": f"the {label} is too large",
        },
        **kwargs,
    )


class LineForm(forms.Form):
    """One traveller line as the entry screen posts it: `entry` is read in the notation of
    scoring/rulings.py, so a split (`4S N 10 / 4S N 9`) or weighted score can be typed too."""

    board = forms.IntegerField(min_value=1, max_value=MAX_ID)
    ns = forms.CharField(max_length=10, label="NS pair")
    ew = forms.CharField(max_length=10, label="EW pair")
    round = forms.IntegerField(min_value=1, max_value=999, required=False)
    table = forms.IntegerField(min_value=1, max_value=999, required=False)
    entry = forms.CharField(max_length=120, required=False, label="result")
    lead = forms.CharField(max_length=3, required=False)
    result_id = _id_field("line")
    version = _id_field("line's version")
    confirmed = forms.BooleanField(required=False)

    def __init__(self, *args, session: Session, **kwargs):
        super().__init__(*args, **kwargs)
        self.session = session
        self.notation = club_notation(session.club)  # what `entry` is read in

    def clean(self):
        super().clean()
        data = self.cleaned_data
        if self.errors:
            return data
        board = Board.objects.filter(session=self.session, number=data["board"]).first()
        if board is None:
            raise ValidationError(f"board {data['board']} is not one of this session's boards")
        try:
            entry = data.get("entry") or ""
            ruling = rulings.parse_ruling(entry, board.vulnerability, self.notation)
        except ContractError as error:
            raise ValidationError(str(error)) from None
        data["line"] = LineInput(
            board=board,
            ns=data["ns"].strip(),
            ew=data["ew"].strip(),
            ruling=ruling,
            round=data.get("round"),
            table=data.get("table"),
            lead=data.get("lead") or "",
        )
        return data

    def first_error(self) -> str:
        """The form's problem in one sentence, for the row it came from."""
        for field, errors in self.errors.items():
            if field == "__all__":
                return str(errors[0])
            label = self.fields[field].label or field
            return f"{label}: {errors[0]}"
        return ""


class AdjustForm(forms.Form):
    """The director's ruling on one line: an assigned, split or weighted score, an artificial
    score, not played, or a fouled-board group, with the reason. Only the fields of the kind
    chosen are read (the page shows only those)."""

    KINDS = [
        ("played", "Table result"),
        ("assigned", "Assigned score (Law 12C1)"),
        ("split", "Split score: each side its own result"),
        ("weighted", "Weighted score (Law 12C1(c))"),
        ("artificial", "Artificial score (Law 12C2)"),
        ("not_played", "Not played"),
    ]

    ns = forms.CharField(max_length=10, label="NS pair")
    ew = forms.CharField(max_length=10, label="EW pair")
    kind = forms.ChoiceField(choices=KINDS, widget=forms.RadioSelect, label="Ruling")
    result = forms.CharField(
        max_length=40, required=False, label="Result", help_text="e.g. 4S N 10, 3NT-1 S or 420"
    )
    ew_result = forms.CharField(
        max_length=40,
        required=False,
        label="EW's result",
        help_text="The result the EW pair is scored with; the NS pair gets the one above.",
    )
    weights = forms.CharField(
        max_length=400,
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text="One result a line with its weight: 30% 4S N 10, then 70% 3NT S 8.",
    )
    ns_artificial = forms.CharField(
        max_length=8,
        initial="A",
        label="NS gets",
        help_text="A+, A, A- or a percentage of the top (55, 61.8).",
    )
    ew_artificial = forms.CharField(
        max_length=8,
        initial="A",
        label="EW gets",
        help_text="A+, A, A- or a percentage of the top (45, 38.2).",
    )
    foul_group = forms.IntegerField(
        min_value=0,
        max_value=9,
        initial=0,
        label="Fouled-board group",
        help_text="0 unless the board was fouled (Law 87): lines of a group are compared alone.",
    )
    reason = forms.CharField(
        max_length=200,
        required=False,
        label="Reason",
        help_text="Why, in a few words (e.g. revoke, slow play, misinformation).",
    )
    round = forms.IntegerField(min_value=1, max_value=999, required=False)
    table = forms.IntegerField(min_value=1, max_value=999, required=False)
    result_id = _id_field("line", widget=forms.HiddenInput)
    version = _id_field("line's version", widget=forms.HiddenInput)
    confirmed = forms.BooleanField(required=False, label="Save even though it looks wrong")

    def __init__(self, *args, board: Board, notation: Notation = ENGLISH, **kwargs):
        super().__init__(*args, **kwargs)
        self.board = board
        self.notation = notation
        three, south = notation.contract_text(Contract(3, "NT")), notation.seat_text("S")
        self.fields["result"].help_text = f"e.g. {notation.example}, {three}-1 {south} or 420"
        self.fields["weights"].help_text = (
            f"One result a line with its weight: 30% {notation.example}, then 70% {three}"
            f" {south} 8."
        )

    def clean_ns_artificial(self) -> str:
        return artificial_side(self.cleaned_data["ns_artificial"])

    def clean_ew_artificial(self) -> str:
        return artificial_side(self.cleaned_data["ew_artificial"])

    def clean(self):
        super().clean()
        data = self.cleaned_data
        if self.errors:
            return data
        try:
            ruling = self._ruling(data)
        except ContractError as error:
            raise ValidationError(str(error)) from None
        data["line"] = LineInput(
            board=self.board,
            ns=data["ns"].strip(),
            ew=data["ew"].strip(),
            ruling=ruling,
            round=data.get("round"),
            table=data.get("table"),
            foul_group=data.get("foul_group") or 0,
            reason=data.get("reason") or "",
        )
        return data

    def _ruling(self, data) -> rulings.Ruling:
        kind, vul, notation = data["kind"], self.board.vulnerability, self.notation
        if kind == "weighted":
            weights = rulings.parse_weights(data.get("weights") or "", vul, notation)
            return rulings.weighted(weights)
        if kind == "artificial":
            return rulings.played(
                Outcome(
                    "artificial",
                    ns_artificial=data["ns_artificial"],
                    ew_artificial=data["ew_artificial"],
                )
            )
        if kind == "not_played":
            return rulings.played(Outcome("not_played"))
        outcome = parse_entry(data.get("result") or "", vul, notation)
        if kind == "split":
            return rulings.split(outcome, parse_entry(data.get("ew_result") or "", vul, notation))
        if kind == "assigned":
            return rulings.assigned(outcome)
        return rulings.played(outcome)


def artificial_side(text: str) -> str:
    """One side's artificial score as typed on the adjust form, as the notation writes it:
    `A+`, `Ave-`, `55`, `61.8 %` -> `A+`, `A-`, `55%`, `61.8%` (docs/rules.md §10). A bare
    number is a percentage of the top."""
    compact = "".join(text.split())
    if compact and compact[-1].isdigit():
        compact += "%"
    outcome = parse_adjustment(compact)
    if outcome is None or outcome.kind != "artificial" or "/" in outcome.token:
        raise ValidationError(f"{text.strip()!r} is not A+, A, A- or a percentage from 0 to 100")
    return outcome.ns_artificial


class AbsenceForm(forms.Form):
    """A pair that missed rounds (no-show, late, left early): which pair, which rounds, and
    what its boards get (entry/absences.py)."""

    pair = forms.ChoiceField(label="Pair")
    first_round = forms.IntegerField(min_value=1, max_value=999, label="From round")
    last_round = forms.IntegerField(min_value=1, max_value=999, label="To round")
    award = forms.ChoiceField(
        choices=list(AWARDS.items()),
        initial="not_played",
        widget=forms.RadioSelect,
        label="Its boards get",
    )

    def __init__(self, *args, pairs: Sequence[tuple[str, str]], **kwargs):
        """`pairs`: the movement's pairs in its order, each (label, names as the names page
        gave them); offered as "3 — Anne Lee & Bob Ray", or "3" before any names."""
        super().__init__(*args, **kwargs)
        pair = self.fields["pair"]
        assert isinstance(pair, forms.ChoiceField)  # declared above
        pair.choices = [(label, f"{label} — {names}" if names else label) for label, names in pairs]

    def clean(self):
        super().clean()
        data = self.cleaned_data
        first, last = data.get("first_round"), data.get("last_round")
        if first and last and first > last:
            self.add_error("last_round", f"the last round comes after the first ({first})")
        return data
