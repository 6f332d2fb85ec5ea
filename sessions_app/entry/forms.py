"""Forms of the traveller entry screens: one line as the grid posts it, and the director's
ruling on one line. They parse and check; entry.lines stores."""

from __future__ import annotations

from collections.abc import Sequence

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from ..core.scope import MAX_ID
from ..models import Board, Session
from ..rows.words import worded
from ..scoring import rulings
from ..scoring.contract import Contract, ContractError
from ..scoring.notation import Outcome, parse_adjustment, parse_entry
from ..scoring.notation_words import ENGLISH, Notation
from .absences import AWARDS
from .lines import LineInput
from .notation import club_notation

# The refusals of an id posted back, one whole sentence each (word order differs between
# languages): the line's id, and its version.
LINE_ID_ERRORS = {
    "invalid": _("the line is not a number"),
    "min_value": _("the line is not a number from 1 up"),
    "max_value": _("the line is too large"),
}
VERSION_ERRORS = {
    "invalid": _("the line's version is not a number"),
    "min_value": _("the line's version is not a number from 1 up"),
    "max_value": _("the line's version is too large"),
}


def _id_field(label, error_messages: dict, **kwargs) -> forms.IntegerField:
    """An id posted back by a page (a line, its version): junk is refused in words."""
    return forms.IntegerField(
        label=label,
        min_value=1,
        max_value=MAX_ID,
        required=False,
        error_messages=error_messages,
        **kwargs,
    )


class LineForm(forms.Form):
    """One traveller line as the entry screen posts it: `entry` is read in the notation of
    scoring/rulings.py, so a split (`4S N 10 / 4S N 9`) or weighted score can be typed too."""

    # The labels name a field in `first_error` (this form is posted, never shown).
    board = forms.IntegerField(
        min_value=1, max_value=MAX_ID, label=pgettext_lazy("bridge board (deal)", "board")
    )
    ns = forms.CharField(max_length=10, label=_("NS pair"))
    ew = forms.CharField(max_length=10, label=_("EW pair"))
    round = forms.IntegerField(
        min_value=1,
        max_value=999,
        required=False,
        label=pgettext_lazy("round of a movement", "round"),
    )
    table = forms.IntegerField(
        min_value=1, max_value=999, required=False, label=pgettext_lazy("bridge table", "table")
    )
    entry = forms.CharField(max_length=120, required=False, label=_("result"))
    lead = forms.CharField(
        max_length=3, required=False, label=pgettext_lazy("opening lead", "lead")
    )
    result_id = _id_field(_("line"), LINE_ID_ERRORS)
    version = _id_field(_("line's version"), VERSION_ERRORS)
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
            raise ValidationError(
                gettext("board %(board)s is not one of this session's boards")
                % {"board": data["board"]}
            )
        try:
            entry = data.get("entry") or ""
            ruling = rulings.parse_ruling(entry, board.vulnerability, self.notation)
        except ContractError as error:
            raise ValidationError(worded(error.message)) from None
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
            # Translators: a field's name, then what is wrong with it.
            return gettext("%(field)s: %(error)s") % {"field": label, "error": errors[0]}
        return ""


class AdjustForm(forms.Form):
    """The director's ruling on one line: an assigned, split or weighted score, an artificial
    score, not played, or a fouled-board group, with the reason. Only the fields of the kind
    chosen are read (the page shows only those)."""

    KINDS = [
        ("played", _("Table result")),
        ("assigned", _("Assigned score (Law 12C1)")),
        ("split", _("Split score: each side its own result")),
        ("weighted", _("Weighted score (Law 12C1(c))")),
        ("artificial", _("Artificial score (Law 12C2)")),
        ("not_played", _("Not played")),
    ]

    ns = forms.CharField(max_length=10, label=_("NS pair"))
    ew = forms.CharField(max_length=10, label=_("EW pair"))
    kind = forms.ChoiceField(choices=KINDS, widget=forms.RadioSelect, label=_("Ruling"))
    result = forms.CharField(
        max_length=40,
        required=False,
        label=_("Result"),  # its help, in the club's letters: __init__
    )
    ew_result = forms.CharField(
        max_length=40,
        required=False,
        label=_("EW's result"),
        help_text=_("The result the EW pair is scored with; the NS pair gets the one above."),
    )
    weights = forms.CharField(
        max_length=400,
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        label=_("Weights"),  # its help, in the club's letters: __init__
    )
    ns_artificial = forms.CharField(
        max_length=8,
        initial="A",
        label=_("NS gets"),
        help_text=_("A+, A, A- or a percentage of the top (55, 61.8)."),
    )
    ew_artificial = forms.CharField(
        max_length=8,
        initial="A",
        label=_("EW gets"),
        help_text=_("A+, A, A- or a percentage of the top (45, 38.2)."),
    )
    foul_group = forms.IntegerField(
        min_value=0,
        max_value=9,
        initial=0,
        label=_("Fouled-board group"),
        help_text=_("0 unless the board was fouled (Law 87): lines of a group are compared alone."),
    )
    reason = forms.CharField(
        max_length=200,
        required=False,
        label=_("Reason"),
        help_text=_("Why, in a few words (e.g. revoke, slow play, misinformation)."),
    )
    round = forms.IntegerField(
        min_value=1,
        max_value=999,
        required=False,
        label=pgettext_lazy("round of a movement", "Round"),
    )
    table = forms.IntegerField(
        min_value=1, max_value=999, required=False, label=pgettext_lazy("bridge table", "Table")
    )
    result_id = _id_field(_("line"), LINE_ID_ERRORS, widget=forms.HiddenInput)
    version = _id_field(_("line's version"), VERSION_ERRORS, widget=forms.HiddenInput)
    confirmed = forms.BooleanField(required=False, label=_("Save even though it looks wrong"))

    def __init__(self, *args, board: Board, notation: Notation = ENGLISH, **kwargs):
        super().__init__(*args, **kwargs)
        self.board = board
        self.notation = notation
        three, south = notation.contract_text(Contract(3, "NT")), notation.seat_text("S")
        values = {"example": notation.example, "three": three, "south": south}
        self.fields["result"].help_text = (
            gettext("e.g. %(example)s, %(three)s-1 %(south)s or 420") % values
        )
        self.fields["weights"].help_text = (
            gettext(
                "One result a line with its weight: 30%% %(example)s, then 70%% %(three)s"
                " %(south)s 8."
            )
            % values
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
            raise ValidationError(worded(error.message)) from None
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
        raise ValidationError(
            gettext("%(text)s is not A+, A, A- or a percentage from 0 to 100")
            % {"text": repr(text.strip())}
        )
    return outcome.ns_artificial


class AbsenceForm(forms.Form):
    """A pair that missed rounds (no-show, late, left early): which pair, which rounds, and
    what its boards get (entry/absences.py)."""

    pair = forms.ChoiceField(label=pgettext_lazy("bridge pair", "Pair"))
    first_round = forms.IntegerField(min_value=1, max_value=999, label=_("From round"))
    last_round = forms.IntegerField(min_value=1, max_value=999, label=_("To round"))
    award = forms.ChoiceField(
        choices=list(AWARDS.items()),
        initial="not_played",
        widget=forms.RadioSelect,
        label=_("Its boards get"),
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
            self.add_error(
                "last_round",
                gettext("the last round comes after the first (%(first)s)") % {"first": first},
            )
        return data
