"""The files imported as sessions, remembered by their digest beyond the session they made."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from .sessions import Club


class ImportedFile(models.Model):
    """One import of a file into a new session: the file's SHA-256 and the session it made,
    so that the same file chosen again is recognised ("already imported as Tuesday pairs,
    17/11/2026") before a second session is made of it. `session_ref` is a number, not a
    key: the session may be in the trash (restored, it gets the same id back) or gone, and
    the file is still known by the name and date it was imported as."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="imported_files")
    sha256 = models.CharField(max_length=64)
    session_ref = models.PositiveBigIntegerField(help_text=_("The id of the session it made."))
    name = models.CharField(max_length=200)
    date = models.DateField()
    source = models.CharField(max_length=200, blank=True, help_text=_("The file's name."))
    imported_at = models.DateTimeField(auto_now_add=True)
    imported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["-imported_at", "-id"]
        indexes = [models.Index(fields=["club", "sha256"])]

    def __str__(self) -> str:
        return f"{self.source or self.sha256[:12]} as {self.name} ({self.date:%Y-%m-%d})"
