"""The club's Data Connector as the director gives it. The licence key is a secret: the form
never shows it back, and leaving it empty keeps the one stored."""

from __future__ import annotations

from django import forms

from ..models import BridgemateLink


class BridgemateLinkForm(forms.ModelForm):
    address = forms.URLField(
        max_length=200,
        assume_scheme="http",  # BCS's Data Connector listens on plain http on the club's LAN
        help_text="Where the Data Connector listens, e.g. http://192.168.1.50:5079",
    )
    licence_key = forms.CharField(
        max_length=100,
        required=False,
        widget=forms.PasswordInput(render_value=False, attrs={"autocomplete": "off"}),
        help_text="As Bridge Systems gave it; left empty, the one stored is kept.",
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
        raise forms.ValidationError("give the licence key Bridge Systems gave the club")
