"""What the director's session page says of the results e-mails."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Q

from ..models import ResultMail, Session


@dataclass(frozen=True)
class SessionMail:
    """The session's messages by state, and those that failed (waiting for another try or
    given up), each with the player, the tries and the last error."""

    sent: int
    waiting: int
    failed: list[ResultMail]

    @property
    def any(self) -> bool:
        return bool(self.sent or self.waiting or self.failed)


def session_mail(session: Session) -> SessionMail:
    """Two queries. Example: 3 sent, Ann's waiting after 2 failed tries ("Connection
    refused") -> SessionMail(sent=3, waiting=1, failed=[Ann's row])."""
    rows = ResultMail.objects.filter(session=session)
    counts = rows.aggregate(
        sent=Count("pk", filter=Q(status=ResultMail.Status.SENT)),
        waiting=Count("pk", filter=Q(status=ResultMail.Status.QUEUED)),
    )
    failed = rows.filter(Q(status=ResultMail.Status.FAILED) | Q(tries__gt=0)).exclude(
        status=ResultMail.Status.SENT
    )
    return SessionMail(
        counts["sent"], counts["waiting"], list(failed.select_related("player").order_by("pk"))
    )
