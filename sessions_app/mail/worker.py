"""Sending the queued results e-mails, by as many workers as are running
(`manage.py send_results_mail`), each message by one of them.

A worker claims up to BATCH due rows in one UPDATE that writes its own name and a lease
(`busy_until`) only on rows nobody holds (as bridgemates/worker.py claims a session), then
reads back the rows that carry its name: two workers never hold the same row. It sends each
and lets it go: sent, or still queued with the error and a later try (services.retry_delay),
or given up after MAX_TRIES. A worker that dies holding rows delays them by the lease only.

A row is due when its time has come and its session's results have not changed for STABLE
(a director correcting lines just after publishing sends the corrected results once).

Example: two workers at once over 30 due rows: the first claims 20, the second the other 10;
the SMTP server down -> each row queued again with "Connection refused", tried a minute later.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db.models import Q
from django.utils import timezone

from ..models import ResultMail
from .message import result_message
from .services import MAX_TRIES, STABLE, mail_queue_amended, retry_delay

LEASE = timedelta(minutes=5)
BATCH = 20


@dataclass
class Report:
    """One run: rows queued for amendments, messages sent, tries failed (with their words)."""

    queued: int = 0
    sent: int = 0
    failed: list[str] | None = None

    def summary(self) -> str:
        failed = len(self.failed or [])
        return f"{self.queued} queued for amendments, {self.sent} sent, {failed} failed"


def mail_run(*, now: datetime | None = None) -> Report:
    """One run of a worker: queue what the amendments call for, then send every due row,
    a batch at a time, until none is left that this worker may take."""
    now = now or timezone.now()
    report = Report(queued=mail_queue_amended(now=now), failed=[])
    worker = uuid.uuid4().hex
    while claimed := claim(worker=worker, now=now):
        for mail in claimed:
            problem = send_claimed(mail, now=now)
            if problem is None:
                report.sent += 1
            else:
                assert report.failed is not None
                report.failed.append(f"{mail.session} to {mail.player}: {problem}")
    return report


def claim(*, worker: str, now: datetime) -> list[ResultMail]:
    """Up to BATCH due rows, now held by `worker` alone (one UPDATE claims them)."""
    free = Q(busy_until__isnull=True) | Q(busy_until__lt=now)
    stable = Q(session__amended_at__isnull=True) | Q(session__amended_at__lte=now - STABLE)
    due = ResultMail.objects.filter(free, stable, status=ResultMail.Status.QUEUED)
    ids = list(due.filter(next_try_at__lte=now).values_list("pk", flat=True)[:BATCH])
    if not ids:
        return []
    ResultMail.objects.filter(free, pk__in=ids, status=ResultMail.Status.QUEUED).update(
        claimed_by=worker, busy_until=now + LEASE
    )
    mine = ResultMail.objects.filter(claimed_by=worker, busy_until=now + LEASE)
    return list(mine.select_related("session__club", "player"))


def send_claimed(mail: ResultMail, *, now: datetime) -> str | None:
    """Send one claimed row and let it go; the problem in words when it failed. A row with
    nothing to send any more (session unpublished, player unsubscribed) is dropped."""
    try:
        message = result_message(mail)
        if message is None:
            mail.delete()
            return None
        message.send()
    except Exception as error:  # whatever stops this message must not stop the others
        problem = f"{type(error).__name__}: {error}"[:300]
        tries = mail.tries + 1
        ResultMail.objects.filter(pk=mail.pk).update(
            tries=tries,
            last_error=problem,
            status=ResultMail.Status.FAILED if tries >= MAX_TRIES else ResultMail.Status.QUEUED,
            next_try_at=now + retry_delay(tries),
            claimed_by="",
            busy_until=None,
        )
        return problem
    ResultMail.objects.filter(pk=mail.pk).update(
        tries=mail.tries + 1,
        last_error="",
        status=ResultMail.Status.SENT,
        sent_at=now,
        claimed_by="",
        busy_until=None,
    )
    return None
