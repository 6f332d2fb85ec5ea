"""Forms for the director: they parse and check input; the services store it."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError

from .models import Board, Club, Section, Session
from .scoring.contract import ContractError
from .scoring.notation import parse_entry
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
