"""The identity of every write a table's phone made: its `client_id`, kept for as long as the
section, beyond the line or call it made.

Why a table of its own: a phone whose answer was lost sends the same write again (its outbox
keeps the `client_id` for every retry). The line the write made may have been corrected since,
or deleted by the director; the retry must still be recognised, answered and never stored a
second time. The line's own `client_id` is only its last write's, and goes with the line.

Example: table 3's phone enters 4S by N, 10 tricks on board 7 as "c1": one Result and one
TableWrite (section A, table 3, "c1", kind "line", that result, the digest of board 7 4S N 10
with no lead). The director deletes the line: the TableWrite stays, its result now empty, so
"c1" sent again is answered 410 and nothing is stored (table_scoring/writes.py).
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from .results import Result
from .sections import Section
from .table_devices import TableCall


class TableWrite(models.Model):
    """One write of a table's phone (a line entered or corrected, a call), by its client_id."""

    class Kind(models.TextChoices):
        LINE = "line", _("A line entered or corrected")
        CALL = "call", _("A call to the director")

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="table_writes")
    table = models.PositiveSmallIntegerField()
    client_id = models.CharField(max_length=40)
    kind = models.CharField(max_length=4, choices=Kind.choices)
    result = models.ForeignKey(
        Result, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    call = models.ForeignKey(
        TableCall, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    digest = models.CharField(
        max_length=64, help_text=_("SHA-256 of what the write said (table_scoring/writes.py).")
    )
    said = models.CharField(max_length=200, blank=True, help_text=_("What it stored, in words."))
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["section", "created_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["section", "client_id"], name="table_write_client_id_once"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.section} table {self.table}: {self.kind} {self.client_id}"
