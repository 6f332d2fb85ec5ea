"""Forms for the director: they parse and check input; the services store it."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError

from .models import Board, Club, Section, Session
from .scope import MAX_ID
from .scoring import rulings
from .scoring.contract import ContractError
from .scoring.notation import Outcome, parse_entry
from .services.absences import AWARDS
from .services.entry import LineInput
from .services.movements import section_movement
from .services.sessions import (
    SECTION_SETTINGS,
    SESSION_SETTINGS,
    averages_problems,
    parse_names,
    section_fixed_labels,
)


class IsoDateInput(forms.DateInput):
    """The browser's date picker. Its value must be written YYYY-MM-DD whatever the site's
    language: a browser blanks any other (en-gb would write 16/11/2026), and the form then
    cannot be saved without typing the date again."""

    input_type = "date"

    def __init__(self, attrs=None):
        super().__init__(attrs, format="%Y-%m-%d")


class SessionForm(forms.ModelForm):
    club = forms.ModelChoiceField(queryset=Club.objects.none())

    class Meta:
        model = Session
        fields = ["club", *SESSION_SETTINGS]
        widgets = {"date": IsoDateInput()}

    def __init__(self, *args, clubs=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["club"].queryset = clubs if clubs is not None else Club.objects.all()
        if self.instance.pk:
            del self.fields["club"]
        elif clubs is not None and clubs.count() == 1:
            self.fields["club"].initial = clubs.first()

    def clean(self):
        data = super().clean()
        averages = [data.get(name) for name in ("ave_plus", "ave", "ave_minus")]
        if None not in averages:
            ave_plus, ave, ave_minus = averages
            problems = averages_problems(ave_plus=ave_plus, ave=ave, ave_minus=ave_minus)
            for field, messages in problems.items():
                for message in messages:
                    self.add_error(field, message)
        return data


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

    def __init__(self, *args, section: Section | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.section = section

    def clean_names(self):
        """Every problem of the paste at once, each with its line (pair numbers the section's
        movement does not have too)."""
        if self.section is None:
            return parse_names(self.cleaned_data["names"])
        return parse_names(
            self.cleaned_data["names"],
            pairs=section_fixed_labels(self.section),
            section_name=self.section.name,
        )


def _id_field(label: str, **kwargs) -> forms.IntegerField:
    """An id posted back by a page (a line, its version): junk is refused in words."""
    return forms.IntegerField(
        label=label, min_value=1, max_value=MAX_ID, required=False,
        error_messages={"invalid": f"the {label} is not a number",
                        "min_value": f"the {label} is not a number from 1 up",
                        "max_value": f"the {label} is too large"},
        **kwargs,
    )  # fmt: skip


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

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        board = Board.objects.filter(session=self.session, number=data["board"]).first()
        if board is None:
            raise ValidationError(f"board {data['board']} is not one of this session's boards")
        try:
            ruling = rulings.parse_ruling(data.get("entry") or "", board.vulnerability)
        except ContractError as error:
            raise ValidationError(str(error)) from None
        data["line"] = LineInput(
            board=board.number,
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
                return errors[0]
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
    ARTIFICIAL = [("A+", "Ave+"), ("A", "Ave"), ("A-", "Ave-")]

    ns = forms.CharField(max_length=10, label="NS pair")
    ew = forms.CharField(max_length=10, label="EW pair")
    kind = forms.ChoiceField(choices=KINDS, widget=forms.RadioSelect, label="Ruling")
    result = forms.CharField(
        max_length=40, required=False, label="Result", help_text="e.g. 4S N 10, 3NT-1 S or 420"
    )
    ew_result = forms.CharField(
        max_length=40, required=False, label="EW's result",
        help_text="The result the EW pair is scored with; the NS pair gets the one above.",
    )  # fmt: skip
    weights = forms.CharField(
        max_length=400, required=False, widget=forms.Textarea(attrs={"rows": 3}),
        help_text="One result a line with its weight: 30% 4S N 10, then 70% 3NT S 8.",
    )  # fmt: skip
    ns_artificial = forms.ChoiceField(choices=ARTIFICIAL, initial="A", label="NS gets")
    ew_artificial = forms.ChoiceField(choices=ARTIFICIAL, initial="A", label="EW gets")
    foul_group = forms.IntegerField(
        min_value=0, max_value=9, initial=0, label="Fouled-board group",
        help_text="0 unless the board was fouled (Law 87): lines of a group are compared alone.",
    )  # fmt: skip
    reason = forms.CharField(
        max_length=200, required=False, label="Reason",
        help_text="Why, in a few words (e.g. revoke, slow play, misinformation).",
    )  # fmt: skip
    round = forms.IntegerField(min_value=1, max_value=999, required=False)
    table = forms.IntegerField(min_value=1, max_value=999, required=False)
    result_id = _id_field("line", widget=forms.HiddenInput)
    version = _id_field("line's version", widget=forms.HiddenInput)
    confirmed = forms.BooleanField(required=False, label="Save even though it looks wrong")

    def __init__(self, *args, board: Board, **kwargs):
        super().__init__(*args, **kwargs)
        self.board = board

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        try:
            ruling = self._ruling(data)
        except ContractError as error:
            raise ValidationError(str(error)) from None
        data["line"] = LineInput(
            board=self.board.number, ns=data["ns"].strip(), ew=data["ew"].strip(),
            ruling=ruling, round=data.get("round"), table=data.get("table"),
            foul_group=data.get("foul_group") or 0, reason=data.get("reason") or "",
        )  # fmt: skip
        return data

    def _ruling(self, data) -> rulings.Ruling:
        kind, vul = data["kind"], self.board.vulnerability
        if kind == "weighted":
            return rulings.weighted(rulings.parse_weights(data.get("weights") or "", vul))
        if kind == "artificial":
            return rulings.played(
                Outcome("artificial", ns_artificial=data["ns_artificial"],
                        ew_artificial=data["ew_artificial"])
            )  # fmt: skip
        if kind == "not_played":
            return rulings.played(Outcome("not_played"))
        outcome = parse_entry(data.get("result") or "", vul)
        if kind == "split":
            return rulings.split(outcome, parse_entry(data.get("ew_result") or "", vul))
        if kind == "assigned":
            return rulings.assigned(outcome)
        return rulings.played(outcome)


class SessionCopyForm(forms.Form):
    """A new session like this one: its name and date (a week later unless told)."""

    name = forms.CharField(max_length=120)
    date = forms.DateField(widget=IsoDateInput())
    keep_names = forms.BooleanField(
        required=False, initial=True, label="Keep the pair names",
        help_text="Untick to start with every pair's names empty.",
    )  # fmt: skip
    is_test = forms.BooleanField(
        required=False,
        label="Test session",
        help_text="Never shown to players, even when published.",
    )


class AbsenceForm(forms.Form):
    """A pair that missed rounds (no-show, late, left early): which pair, which rounds, and
    what its boards get (services/absences.py)."""

    pair = forms.ChoiceField(label="Pair")
    first_round = forms.IntegerField(min_value=1, max_value=999, label="From round")
    last_round = forms.IntegerField(min_value=1, max_value=999, label="To round")
    award = forms.ChoiceField(
        choices=list(AWARDS.items()), initial="not_played", widget=forms.RadioSelect,
        label="Its boards get",
    )  # fmt: skip

    def __init__(self, *args, pairs: tuple[str, ...], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["pair"].choices = [(label, label) for label in pairs]

    def clean(self):
        data = super().clean()
        first, last = data.get("first_round"), data.get("last_round")
        if first and last and first > last:
            self.add_error("last_round", f"the last round comes after the first ({first})")
        return data


class ClubSettingsForm(forms.Form):
    """What a club's directors set for the club itself."""

    name = forms.CharField(max_length=Club._meta.get_field("name").max_length)
    show_reasons = forms.BooleanField(
        required=False, label="Show players the reasons for rulings",
        help_text="The reason a director gives for an adjusted score appears below the"
        " traveller and the score card on the players' pages and in their downloads.",
    )  # fmt: skip
