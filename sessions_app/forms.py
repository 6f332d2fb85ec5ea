"""Forms for the director: they parse and check input; the services store it."""

from __future__ import annotations

from fractions import Fraction

from django import forms
from django.core.exceptions import ValidationError

from .models import Board, Club, Section, Session
from .scoring.contract import ContractError
from .scoring.notation import Outcome, parse_entry
from .services.entry import LineInput
from .services.movements import section_movement
from .services.sessions import SECTION_SETTINGS, SESSION_SETTINGS, parse_names


class SessionForm(forms.ModelForm):
    club = forms.ModelChoiceField(queryset=Club.objects.none())

    class Meta:
        model = Session
        fields = ["club", *SESSION_SETTINGS]
        widgets = {"date": forms.DateInput(attrs={"type": "date"})}

    def __init__(self, *args, clubs=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["club"].queryset = clubs if clubs is not None else Club.objects.all()
        if self.instance.pk:
            del self.fields["club"]
        elif clubs is not None and clubs.count() == 1:
            self.fields["club"].initial = clubs.first()


class SectionForm(forms.ModelForm):
    boards = forms.IntegerField(
        min_value=1, max_value=200, required=False,
        help_text="Free-form sections only: how many boards are in play.",
    )  # fmt: skip

    class Meta:
        model = Section
        fields = list(SECTION_SETTINGS)

    def clean(self):
        data = super().clean()
        probe = Section(**{name: data.get(name) for name in SECTION_SETTINGS})
        probe.even_tables = probe.even_tables or ""
        probe.arrow_switch = probe.arrow_switch or ""
        try:
            movement = section_movement(probe)
        except ValueError as error:
            raise ValidationError(str(error)) from None
        if movement is None and not data.get("boards") and not self.instance.pk:
            self.add_error("boards", "Say how many boards a free-form section plays.")
        return data


class PairNamesForm(forms.Form):
    names = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 16, "spellcheck": "false"}),
        help_text="One pair a line: 3, Ann Lee, Bob Ray — or paste two columns from a spreadsheet.",
    )

    def clean_names(self):
        return parse_names(self.cleaned_data["names"])


class LineForm(forms.Form):
    """One traveller line as the entry screen posts it."""

    board = forms.IntegerField(min_value=1)
    ns = forms.CharField(max_length=10)
    ew = forms.CharField(max_length=10)
    round = forms.IntegerField(min_value=1, required=False)
    table = forms.IntegerField(min_value=1, required=False)
    entry = forms.CharField(max_length=40, required=False)
    lead = forms.CharField(max_length=3, required=False)
    result_id = forms.IntegerField(required=False)
    version = forms.IntegerField(required=False)
    confirmed = forms.BooleanField(required=False)

    def __init__(self, *args, session: Session, **kwargs):
        super().__init__(*args, **kwargs)
        self.session = session

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        board = Board.objects.filter(session=self.session, number=data["board"]).first()
        if board is None:
            raise ValidationError(f"board {data['board']} is not one of this session's boards")
        try:
            outcome = parse_entry(data.get("entry") or "", board.vulnerability)
        except ContractError as error:
            raise ValidationError(str(error)) from None
        data["line"] = LineInput(
            board=board.number,
            ns=data["ns"].strip(),
            ew=data["ew"].strip(),
            outcome=outcome,
            round=data.get("round"),
            table=data.get("table"),
            lead=data.get("lead") or "",
        )
        return data

    def first_error(self) -> str:
        """The form's problem in one sentence, for the row it came from."""
        for field, errors in self.errors.items():
            prefix = "" if field == "__all__" else f"{field}: "
            return prefix + errors[0]
        return ""


class AdjustForm(forms.Form):
    """The director's ruling on one line: an assigned, split or weighted score, an artificial
    score, not played, or a fouled-board group."""

    KINDS = [
        ("played", "Table result"),
        ("assigned", "Assigned score (Law 12C1)"),
        ("split", "Split score: each side its own result"),
        ("weighted", "Weighted score (Law 12C1(c))"),
        ("artificial", "Artificial score (Law 12C2)"),
        ("not_played", "Not played"),
    ]
    ARTIFICIAL = [("A+", "Ave+"), ("A", "Ave"), ("A-", "Ave-")]

    ns = forms.CharField(max_length=10, label="NS pair")
    ew = forms.CharField(max_length=10, label="EW pair")
    kind = forms.ChoiceField(choices=KINDS, widget=forms.RadioSelect)
    result = forms.CharField(max_length=40, required=False, help_text="e.g. 4S N 10 or 420")
    ew_result = forms.CharField(
        max_length=40, required=False, label="EW's result (split)",
        help_text="The result the EW pair is scored with; the NS pair gets the one above.",
    )  # fmt: skip
    weights = forms.CharField(
        required=False, widget=forms.Textarea(attrs={"rows": 3}),
        help_text="One result a line with its weight: 30% 4S N 10 / 70% 3NT S 8.",
    )  # fmt: skip
    ns_artificial = forms.ChoiceField(choices=ARTIFICIAL, initial="A", label="NS gets")
    ew_artificial = forms.ChoiceField(choices=ARTIFICIAL, initial="A", label="EW gets")
    foul_group = forms.IntegerField(
        min_value=0, max_value=9, initial=0, label="Fouled-board group",
        help_text="0 unless the board was fouled (Law 87): lines of a group are compared alone.",
    )  # fmt: skip
    round = forms.IntegerField(min_value=1, required=False)
    table = forms.IntegerField(min_value=1, required=False)
    result_id = forms.IntegerField(required=False, widget=forms.HiddenInput)
    version = forms.IntegerField(required=False, widget=forms.HiddenInput)
    confirmed = forms.BooleanField(required=False, label="Save even though the movement differs")

    def __init__(self, *args, board: Board, **kwargs):
        super().__init__(*args, **kwargs)
        self.board = board

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        kind, vul = data["kind"], self.board.vulnerability
        try:
            outcome = Outcome("not_played")
            ew_outcome, weights = None, ()
            if kind in ("played", "assigned", "split"):
                outcome = parse_entry(data.get("result") or "", vul)
            if kind == "split":
                ew_outcome = parse_entry(data.get("ew_result") or "", vul)
            elif kind == "weighted":
                weights = _weights(data.get("weights") or "", vul)
                outcome = weights[0][1]
            elif kind == "artificial":
                outcome = Outcome("artificial", ns_artificial=data["ns_artificial"],
                                  ew_artificial=data["ew_artificial"])  # fmt: skip
        except ContractError as error:
            raise ValidationError(str(error)) from None
        data["line"] = LineInput(
            board=self.board.number, ns=data["ns"].strip(), ew=data["ew"].strip(),
            outcome=outcome, round=data.get("round"), table=data.get("table"),
            assigned=kind == "assigned", ew_outcome=ew_outcome, weights=weights,
            foul_group=data.get("foul_group") or 0,
        )  # fmt: skip
        return data


def _weights(text: str, vul: str) -> tuple:
    """`30% 4S N 10` lines (or `0.3 ...`, `3/10 ...`) into (weight, Outcome) pairs."""
    weights = []
    for line in filter(str.strip, text.splitlines()):
        head, _, rest = line.strip().partition(" ")
        try:
            weight = Fraction(head.rstrip("%")) / (100 if head.endswith("%") else 1)
        except (ValueError, ZeroDivisionError):
            raise ContractError(f"{head!r} is not a weight: write 30% or 0.3") from None
        weights.append((weight, parse_entry(rest, vul)))
    if len(weights) < 2:
        raise ContractError("a weighted score needs at least two results with their weights")
    if sum(weight for weight, _ in weights) != 1:
        raise ContractError("the weights must add up to 100%")
    return tuple(weights)
