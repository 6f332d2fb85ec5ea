"""What a director deleted, kept for a while so that it can be put back."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from .sessions import Club


class Trash(models.Model):
    """Something a director deleted: a session, a section, a pair, or a movement pair's names,
    kept whole for settings.TRASH_DAYS days so that it can be put back (trash/deleting.py).

    `document` is in the shape of a backup (files/backup.py); `session_ref` is the id of
    the session it came from, kept as a number because that session may be in the trash too
    (restored, it gets the same id back). Example: deleting section B of session 17 keeps
    {"section": {...}, "boards": [...], "results": [...]} with kind "section" and
    session_ref 17, and the summary "7 tables, 14 pairs, 147 traveller lines"."""

    class Kind(models.TextChoices):
        SESSION = "session", _("Session")
        SECTION = "section", pgettext_lazy("section of a bridge session", "Section")
        PAIR = "pair", pgettext_lazy("bridge pair", "Pair")
        NAMES = "names", _("Pair's names")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="trash")
    kind = models.CharField(max_length=8, choices=Kind.choices)
    session_ref = models.PositiveBigIntegerField(help_text=_("The id of the session it came from."))
    title = models.CharField(max_length=200)
    summary = models.CharField(max_length=300, blank=True)
    document = models.JSONField()
    deleted_at = models.DateTimeField(db_index=True)
    deleted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["-deleted_at", "-id"]
        verbose_name_plural = _("trash")
        indexes = [models.Index(fields=["club", "-deleted_at"])]

    def __str__(self) -> str:
        return f"{self.title} (deleted {self.deleted_at:%Y-%m-%d %H:%M})"
