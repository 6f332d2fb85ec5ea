"""The director's form for a competition: it parses and checks; competitions/standings.py
stores it."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from ..core.scope import club_scoped
from ..models import Club, Competition, Session
from ..setup.forms import IsoDateInput

FIELDS = [
    "name",
    "entrants",
    "rule",
    "best",
    "minimum",
    "selection",
    "date_from",
    "date_to",
    "name_contains",
    "sessions",
    "published",
]


class SessionChoice(forms.ModelMultipleChoiceField):
    def label_from_instance(self, obj: Session) -> str:
        status = "" if obj.status == Session.Status.PUBLISHED else f" ({obj.get_status_display()})"
        return f"{obj.date:%a %d %b %Y} · {obj.name}{status}"


class CompetitionForm(forms.ModelForm):
    """Only the club's own sessions can be chosen (any other id is "not one of the
    available choices"); the fields a rule or a selection does not use are kept as they are.

    Example: rule "best" with N 0 -> "Count at least one session."; a date range with From
    after To -> "From (30 Nov 2026) is after To (1 Nov 2026)."
    """

    sessions = SessionChoice(
        queryset=Session.objects.none(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label=_("Sessions chosen"),
        help_text=_("when the sessions are the ones chosen: only published sessions count"),
    )

    class Meta:
        model = Competition
        fields = FIELDS
        widgets = {"date_from": IsoDateInput(), "date_to": IsoDateInput()}

    def __init__(self, data=None, *args, club: Club, **kwargs):
        super().__init__(data, *args, **kwargs)
        sessions = self.fields["sessions"]
        assert isinstance(sessions, forms.ModelMultipleChoiceField)  # declared above
        sessions.queryset = club_scoped(Session, club).order_by("-date", "-id")
        self.fields["best"].widget.attrs["min"] = 1
        self.fields["minimum"].widget.attrs["min"] = 1

    def clean(self):
        super().clean()
        data = self.cleaned_data
        if data.get("rule") == Competition.Rule.BEST and data.get("best") == 0:
            self.add_error("best", gettext("Count at least one session."))
        if data.get("rule") == Competition.Rule.AVERAGE and data.get("minimum") == 0:
            self.add_error("minimum", gettext("The minimum is 1 session or more."))
        if data.get("selection") == Competition.Selection.RANGE:
            start, end = data.get("date_from"), data.get("date_to")
            for name, value in (("date_from", start), ("date_to", end)):
                if value is None and name not in self.errors:
                    self.add_error(name, gettext("Give the dates of the sessions that count."))
            if start and end and start > end:
                self.add_error(
                    "date_to",
                    gettext("From (%(start)s) is after To (%(end)s).")
                    % {"start": f"{start:%d %b %Y}", "end": f"{end:%d %b %Y}"},
                )
        elif data.get("selection") == Competition.Selection.CHOSEN and not data.get("sessions"):
            self.add_error("sessions", gettext("Choose the sessions that count."))
        return data
