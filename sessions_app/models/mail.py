"""Results sent to players by e-mail: one row a message waiting, sent or given up
(sessions_app/mail/ queues and sends them).

A row is queued when a session is published (for each player of it who asked for results by
e-mail) and again, once, when a published session's results are amended; the worker
(`manage.py send_results_mail`) claims rows with a lease, sends each, and on a failure keeps
it queued with the error and the time of the next try, later each time, until it gives up.

Example: session 7 published at version 12 -> Ann's row (7, Ann, 12) queued; the SMTP server
refuses it -> tries 1, last_error "Connection refused", next try a minute later; the next
run sends it -> status "sent", sent_at set.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from .players import Player
from .sessions import Session


class ResultMail(models.Model):
    """One player's message of a session's results, at the `results_version` it was queued
    for (one message a version: a re-publication of unchanged results sends nothing new)."""

    class Status(models.TextChoices):
        QUEUED = "queued", _("Waiting to be sent")
        SENT = "sent", _("Sent")
        FAILED = "failed", _("Given up")

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="result_mails")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="result_mails")
    results_version = models.PositiveIntegerField()
    amended = models.BooleanField(default=False)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.QUEUED)
    tries = models.PositiveSmallIntegerField(default=0)
    last_error = models.CharField(max_length=300, blank=True)
    next_try_at = models.DateTimeField()
    # The worker holding the row, and until when (mail/worker.py): another worker leaves it.
    claimed_by = models.CharField(max_length=32, blank=True)
    busy_until = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["session", "player", "results_version"], name="result_mail_once_a_version"
            ),
        ]
        indexes = [models.Index(fields=["status", "next_try_at"], name="result_mail_due")]

    def __str__(self) -> str:
        return f"{self.session} to {self.player}: {self.get_status_display()}"
