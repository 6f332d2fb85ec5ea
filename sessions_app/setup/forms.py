"""Forms for the director: they parse and check input; the services store it."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from ..core.section_movement import section_movement
from ..models import Club, Section, Session
from ..models.clubs import NationalBody
from ..players.session_names import parse_names, section_labels
from ..rows.words import worded
from ..scoring.masterpoints import BODIES
from ..scoring.message import message_of
from ..scoring.presets import PRESETS
from ..session_rules import averages_problems
from .sessions import CONVENTION_SETTINGS, SECTION_SETTINGS, SESSION_SETTINGS


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
        # The fields named by Django from their column (no verbose_name: one would be a
        # migration), in the page's language.
        labels = {
            "name": _("Name"),
            "date": _("Date"),
            "method": _("Method"),
            "scale": _("Scale"),
            "across_the_field": _("Across the field"),
        }

    def __init__(self, data=None, *args, clubs=None, **kwargs):
        if data is not None and data.get("preset"):
            data = with_preset(data, data["preset"])
        super().__init__(data, *args, **kwargs)
        club = self.fields["club"]
        assert isinstance(club, forms.ModelChoiceField)  # declared above
        club.queryset = clubs if clubs is not None else Club.objects.all()
        for name in CONVENTION_SETTINGS:  # left out: kept as they are (a form of before them)
            self.fields[name].required = False
        if self.instance.pk:
            del self.fields["club"]
        elif clubs is not None and clubs.count() == 1:
            self.fields["club"].initial = clubs.first()
        self.fields["masterpoint_scale"] = forms.ChoiceField(
            label=_("Master points"),
            required=False,
            choices=masterpoint_scales(),
            help_text=_(
                "The scale of the club's national body (set on the club's settings)"
                " the session awards by."
            ),
        )

    def clean(self):
        super().clean()
        data = self.cleaned_data
        for name in CONVENTION_SETTINGS:
            if data.get(name) in (None, ""):
                data[name] = getattr(self.instance, name)
        self._check_masterpoint_scale(data)
        ave_plus, ave, ave_minus = (data.get(name) for name in ("ave_plus", "ave", "ave_minus"))
        if ave_plus is not None and ave is not None and ave_minus is not None:
            problems = averages_problems(ave_plus=ave_plus, ave=ave, ave_minus=ave_minus)
            for field, messages in problems.items():
                for message in messages:
                    self.add_error(field, worded(message))
        return data

    def _check_masterpoint_scale(self, data) -> None:
        """A scale must be one of the session's club's body's."""
        scale = data.get("masterpoint_scale") or ""
        club = data.get("club") or (self.instance.club if self.instance.club_id else None)
        if not scale or club is None:
            return
        body = BODIES.get(club.national_body)
        if body is None:
            self.add_error(
                "masterpoint_scale",
                gettext("%(club)s has no national body: choose it on the club's settings first")
                % {"club": club.name},
            )
        elif scale not in body.scales:
            self.add_error(
                "masterpoint_scale",
                gettext("%(scale)s is no scale of the %(body)s: choose one of its")
                % {"scale": repr(scale), "body": body.name},
            )


def masterpoint_scales() -> list:
    """The scales a session may award by, grouped by body: [("", "No master points"),
    ("EBU", [("club", "Club (black points)"), ...]), ...], the words in the page's language
    (the bodies' modules mark them for the catalogue)."""
    return [("", gettext("No master points"))] + [
        (body.name, [(scale, gettext(words)) for scale, words in body.scales.items()])
        for body in BODIES.values()
    ]


def with_preset(data, key: str):
    """The posted settings with preset `key`'s values in place (scoring/presets.py): a
    checkbox is sent "on" or left out, an empty percentage is left empty. An unknown preset
    changes nothing (the form then saves what was typed)."""
    preset = PRESETS.get(key)
    data = data.copy()
    for name, value in preset.values.items() if preset else ():
        if value is False:
            data.pop(name, None)
        else:
            data[name] = "on" if value is True else value or ""
    return data


# The movements (`free`: a free-form section) whose settings each field of SectionForm is;
# the page shows a field only for those (static/js/section_form.js). A Howell is played
# complete, one field, and never switched (movements/howell_movement.py), so rounds, even
# tables, arrow switch and winners are a Mitchell's; the boards in play, a free-form section's.
SECTION_FIELD_MOVEMENTS = {
    "tables": ("mitchell", "howell"),
    "boards_per_round": ("mitchell", "howell"),
    "rounds": ("mitchell",),
    "even_tables": ("mitchell",),
    "arrow_switch": ("mitchell",),
    "pair_count": ("mitchell", "howell"),
    "missing_pair": ("mitchell", "howell"),
    "winners": ("mitchell", "free"),
    "boards": ("free",),
}


class SectionForm(forms.ModelForm):
    boards = forms.IntegerField(
        min_value=1,
        max_value=200,
        required=False,
        label=_("Boards"),
        help_text=_("Free-form sections only: how many boards are in play."),
    )

    class Meta:
        model = Section
        fields = list(SECTION_SETTINGS)
        labels = {  # as SessionForm's
            "name": _("Name"),
            "movement": _("Movement"),
            "tables": _("Tables"),
            "boards_per_round": _("Boards per round"),
            "rounds": _("Rounds"),
            "even_tables": _("Even tables"),
            "arrow_switch": _("Arrow switch"),
            "pair_count": _("Pair count"),
            "winners": _("Winners"),
            "missing_pair": _("Missing pair"),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name, movements in SECTION_FIELD_MOVEMENTS.items():
            self.fields[name].widget.attrs["data-movements"] = " ".join(movements)

    def clean(self):
        super().clean()
        data = self.cleaned_data
        probe = Section(**{name: data.get(name) for name in SECTION_SETTINGS})
        probe.even_tables = probe.even_tables or ""
        probe.arrow_switch = probe.arrow_switch or ""
        try:
            movement = section_movement(probe)
        except ValueError as error:
            raise ValidationError(worded(message_of(error))) from None
        if movement is None and not data.get("boards") and not self.instance.pk:
            self.add_error("boards", gettext("Say how many boards a free-form section plays."))
        return data


class PairNamesForm(forms.Form):
    names = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 16, "spellcheck": "false"}),
        label=_("Names"),
        help_text=_(
            "One pair a line: 3, Ann Lee, Bob Ray — or paste two columns from a spreadsheet"
            " (without pair numbers: the lines name the pairs in order). A name holding a comma"
            ' is put in double quotes: 3, "Lee, Ann", Bob Ray.'
        ),
    )

    def __init__(self, *args, section: Section | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.section = section

    def clean_names(self):
        """Every problem of the paste at once, each with its line (pair numbers the section's
        movement does not have too); lines without pair numbers name the pairs in order."""
        labels, fixed = section_labels(self.section) if self.section else ([], False)
        return parse_names(
            self.cleaned_data["names"],
            pairs=labels,
            fixed=fixed,
            section_name=self.section.name if self.section else "",
        )


class SessionCopyForm(forms.Form):
    """A new session like this one: its name and date (a week later unless told)."""

    name = forms.CharField(max_length=120, label=_("Name"))
    date = forms.DateField(widget=IsoDateInput(), label=_("Date"))
    keep_names = forms.BooleanField(
        required=False,
        initial=True,
        label=_("Keep the pair names"),
        help_text=_("Untick to start with every pair's names empty."),
    )
    is_test = forms.BooleanField(
        required=False,
        label=_("Test session"),
        help_text=_("Never shown to players, even when published."),
    )


class ClubSettingsForm(forms.Form):
    """What a club's directors set for the club itself."""

    name = forms.CharField(max_length=Club._meta.get_field("name").max_length, label=_("Name"))
    show_reasons = forms.BooleanField(
        required=False,
        label=_("Show players the reasons for rulings"),
        help_text=_(
            "The reason a director gives for an adjusted score appears below the"
            " traveller and the score card on the players' pages and in their downloads."
        ),
    )
    show_grades = forms.BooleanField(
        required=False,
        label=_("Show club grades"),
        help_text=_(
            "Each player's page shows their club grade, its trend and the boards behind"
            " it (docs/rules.md §19)."
        ),
    )
    language = forms.ChoiceField(
        required=False,
        choices=settings.LANGUAGES,
        label=_("Language"),
        help_text=_(
            "The language of the club's pages for a visitor who has not chosen one, and"
            " the result notation its directors type on the grid and the adjust form: French"
            " 4P N 10 (O for West, SA for no trumps), Dutch 4S Z 10, German 4P O 10; the"
            " English letters are read too where they mean nothing else."
        ),
    )
    national_body = forms.ChoiceField(
        required=False,
        choices=[("", pgettext_lazy("no national body", "None")), *NationalBody.choices],
        label=_("National body"),
        help_text=_(
            "Whose master points the club's sessions award, and whose membership"
            " numbers its players carry."
        ),
    )
    national_club_id = forms.CharField(
        max_length=Club._meta.get_field("national_club_id").max_length,
        required=False,
        label=_("Club number with the national body"),
        help_text=_(
            "As the body numbers the club (EBU club id, ACBL club number ...); written"
            " in the results files sent to it."
        ),
    )
