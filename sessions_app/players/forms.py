"""The director's forms for the club's register of players."""

from __future__ import annotations

from django import forms
from django.db import models
from django.utils.translation import gettext_lazy as _

from ..models import Player


def _length(name: str) -> int | None:
    field = Player._meta.get_field(name)
    assert isinstance(field, models.CharField)
    return field.max_length


class PlayerForm(forms.Form):
    """An entry of the register: what a director types; players/register.py checks it."""

    name = forms.CharField(max_length=_length("name"))
    member_number = forms.CharField(
        max_length=_length("member_number"),
        required=False,
        help_text=_("The national member number (EBU, ACBL ...), if any; one person's only."),
    )
    email = forms.EmailField(
        required=False,
        label=_("E-mail"),
        help_text=_("Private: never shown on the players' pages."),
    )
    results_by_mail = forms.BooleanField(
        required=False,
        label=_("Send the results by e-mail"),
        help_text=_(
            "Only with the player's consent: each published session's place and %, and"
            " again when it is amended. Every message has a link that stops them."
        ),
    )
    results_mail_pdf = forms.BooleanField(
        required=False, label=_("With the score card attached (PDF)")
    )


class MergeForm(forms.Form):
    """The entry to merge into the one being looked at (which is the one kept)."""

    merged = forms.ChoiceField(label=_("The same person as"))
    confirm = forms.BooleanField(
        required=False,
        label=_("Yes, merge them"),
        help_text=_(
            "The other entry's sessions become this one's, and the other entry is deleted."
        ),
    )

    def __init__(self, *args, keep: Player, others: list[Player], **kwargs):
        super().__init__(*args, **kwargs)
        field = self.fields["merged"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = [("", _("— choose —"))] + [
            (str(p.pk), f"{p.name}{f' ({p.member_number})' if p.member_number else ''}")
            for p in others
            if p.pk != keep.pk
        ]
