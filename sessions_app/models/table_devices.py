"""Scoring at the table: the codes that bind a phone to one table of a session, the devices
signed in with them, and the players' calls to the director.

Why: the players' phones write traveller lines themselves (docs/table-scoring.md), so each
write must name a table and be refused for anything else. A `TableCode` is what is printed on
the table card (a short code and a QR of its address); signing in with it gives the browser a
`TableDevice` whose secret token it sends with every request. Revoking the code (a lost phone,
a wrong table) revokes its devices; re-issuing gives the table a new code.

Example: section A, table 3 of session 7 gets code "K7MQ4P"; a phone that opens /t/K7MQ4P/
signs in and gets a 43-character token; `TableCode.round` then says which round table 3 is on.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from .sections import Section

# No 0/O, 1/I/L, 5/S, 2/Z, 8/B: a code read off a card or said aloud is typed right.
CODE_ALPHABET = "34679ACDEFGHJKMNPQRTUVWXY"
CODE_LENGTH = 6


class TableCode(models.Model):
    """One table of one section, as the players' phones know it."""

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="table_codes")
    table = models.PositiveSmallIntegerField()
    code = models.CharField(max_length=12, unique=True)
    issued_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)
    round = models.PositiveSmallIntegerField(
        default=1, help_text=_("The round this table is playing.")
    )

    class Meta:
        ordering = ["section", "table", "-issued_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["section", "table"],
                condition=Q(revoked_at__isnull=True),
                name="table_code_one_live_per_table",
            ),
            models.CheckConstraint(condition=Q(table__gte=1), name="table_code_table_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.section} table {self.table}: {self.code}"

    @property
    def live(self) -> bool:
        return self.revoked_at is None


BRIDGEMATE = "Bridgemate"  # the label of a table's Bridgemate terminal (bridgemates/)


class TableDevice(models.Model):
    """A browser signed in with a table code, `token` its secret; or the table's Bridgemate
    (label BRIDGEMATE), whose results come through the Data Connector and whose token no
    browser ever holds."""

    table_code = models.ForeignKey(TableCode, on_delete=models.CASCADE, related_name="devices")
    token = models.CharField(max_length=64, unique=True)
    signed_in_at = models.DateTimeField(auto_now_add=True)
    last_seen_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)
    label = models.CharField(max_length=80, blank=True, help_text=_("Its browser, in short."))
    crowded_out = models.BooleanField(
        default=False, help_text=_("Signed out to make room for a newer phone of its table.")
    )

    class Meta:
        ordering = ["table_code", "signed_in_at"]

    def __str__(self) -> str:
        return f"{self.table_code.section} table {self.table_code.table} device {self.pk}"

    @property
    def name(self) -> str:
        """How the audit trail names it: "table A3 (device 12)", or the table's Bridgemate
        "table A3 (Bridgemate)"; a section named with more than a letter is said apart:
        "table 3 of section B2 (device 12)"."""
        code, section = self.table_code, self.table_code.section.name
        where = (
            f"{section}{code.table}"
            if len(section) == 1 and section.isalpha()
            else (f"{code.table} of section {section}")
        )
        return f"table {where} ({BRIDGEMATE if self.label == BRIDGEMATE else f'device {self.pk}'})"


class TableCall(models.Model):
    """The players asked for the director at their table."""

    class Reason(models.TextChoices):
        RULING = "ruling", _("A ruling")
        SCORE = "score", _("A score to correct")
        MOVEMENT = "movement", _("The movement")
        OTHER = "other", _("Something else")

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="table_calls")
    table = models.PositiveSmallIntegerField()
    round = models.PositiveSmallIntegerField()
    reason = models.CharField(max_length=10, choices=Reason.choices, default=Reason.OTHER)
    text = models.CharField(max_length=200, blank=True)
    client_id = models.CharField(max_length=40, blank=True)
    device = models.ForeignKey(
        TableDevice, null=True, blank=True, on_delete=models.SET_NULL, related_name="calls"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    answered_at = models.DateTimeField(null=True, blank=True)
    answered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["section", "client_id"],
                condition=~Q(client_id=""),
                name="table_call_client_id_once",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.section} table {self.table}, round {self.round}: {self.reason}"
