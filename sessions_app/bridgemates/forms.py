"""The club's Data Connector as the director gives it, and the club's choices for its
terminals. The licence key is a secret: the form never shows it back, and leaving it empty
keeps the one stored."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from ..models import BridgemateLink
from . import terminal_settings

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


class BridgemateLinkForm(forms.ModelForm):
    address = forms.URLField(
        max_length=200,
        assume_scheme="http",  # BCS's Data Connector listens on plain http on the club's LAN
        help_text=_("Where the Data Connector listens, e.g. http://192.168.1.50:5079"),
    )
    licence_key = forms.CharField(
        max_length=100,
        required=False,
        widget=forms.PasswordInput(render_value=False, attrs={"autocomplete": "off"}),
        help_text=_("As Bridge Systems gave it; left empty, the one stored is kept."),
    )

    class Meta:
        model = BridgemateLink
        fields = ["address", "bcs_club_id", "licence_key"]

    def clean_licence_key(self) -> str:
        key = self.cleaned_data["licence_key"].strip()
        if key:
            return key
        if self.instance.pk and self.instance.licence_key:
            return self.instance.licence_key
        raise forms.ValidationError(gettext("give the licence key Bridge Systems gave the club"))


def translated(words: dict[str, str]) -> list[tuple[str, StrOrPromise]]:
    """A choice of terminal_settings.py (English words marked for the catalogue there) in the
    page's language. Example, in French: {"never": "never"} -> [("never", "jamais")]."""
    return [(value, _(word)) for value, word in words.items()]


class TerminalSettingsForm(forms.Form):
    """The club's choices for its terminals (terminal_settings.py), offered as that module
    names them; `chosen()` gives them as TerminalSettings."""

    pin_code = forms.RegexField(
        regex=r"^[0-9]{4}$",
        label=_("TD's PIN"),
        help_text=_("Four digits the director keys in for the terminals' TD menu."),
        error_messages={"invalid": _("the PIN is four digits, 0-9")},
        widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
    )
    results_shown = forms.ChoiceField(
        label=_("After a board, show"), choices=translated(terminal_settings.RESULTS_SHOWN)
    )
    percentage_shown = forms.BooleanField(
        label=_("Show a board's score as a percentage (else matchpoints)"), required=False
    )
    ranking_shown = forms.ChoiceField(
        label=_("Show the ranking"), choices=translated(terminal_settings.RANKING_SHOWN)
    )
    lead_card = forms.ChoiceField(
        label=_("The opening lead is"), choices=translated(terminal_settings.LEAD_CARD)
    )
    member_numbers = forms.ChoiceField(
        label=_("Players' member numbers are"),
        choices=translated(terminal_settings.MEMBER_NUMBERS),
    )
    td_call = forms.BooleanField(label=_("Players can call the director"), required=False)
    players_correct = forms.BooleanField(
        label=_("Players may correct a confirmed result themselves"), required=False
    )
    confirm_seconds = forms.IntegerField(
        label=_("Seconds “opponents confirm” shows (Bridgemate 2)"), min_value=1, max_value=7
    )
    language = forms.ChoiceField(
        label=_("Language (Bridgemate 3)"), choices=translated(terminal_settings.LANGUAGES)
    )

    @classmethod
    def for_link(cls, link: BridgemateLink | None, data=None) -> TerminalSettingsForm:
        stored = terminal_settings.settings_from(link.terminal_settings if link else {})
        return cls(data, initial=terminal_settings.settings_stored(stored))

    def chosen(self) -> terminal_settings.TerminalSettings:
        return terminal_settings.settings_from(self.cleaned_data)
