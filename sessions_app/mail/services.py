"""Who is sent which results when: the queue's writes, the unsubscribe token and the back-off.

Publishing queues one row per subscribed player at the session's `results_version` (at most
one a version: a second publication of unchanged results queues nothing). An amendment queues
nothing by itself: `session_touch` stays one UPDATE per write. The worker instead looks for
published sessions amended at least STABLE ago (`mail_queue_amended`), so a director who
corrects twelve lines in a minute sends one message, not twelve, and no player gets the
same results twice: a row still waiting, or one sent after the amendment, covers it.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.core import signing
from django.db import transaction
from django.db.models import Q, QuerySet

from ..models import Player, ResultMail, Session

STABLE = timedelta(minutes=1)  # results unchanged this long before a message is sent
LOOKBACK = timedelta(days=7)  # amendments older than this are not announced any more
MAX_TRIES = 10
FIRST_RETRY = timedelta(minutes=1)
LAST_RETRY = timedelta(hours=4)
UNSUBSCRIBE_SALT = "sessions_app.mail.unsubscribe"


def subscribers(session: Session) -> QuerySet[Player]:
    """The players of `session` (matched to the register) who asked for results by e-mail
    and have an address: one query."""
    played = Q(pairs_as_player1__section__session=session) | Q(
        pairs_as_player2__section__session=session
    )
    chosen = Player.objects.filter(played, club_id=session.club_id, results_by_mail=True)
    return chosen.exclude(email="").distinct()


def mail_queue_session(*, session: Session, now: datetime, amended: bool = False) -> int:
    """Queue a message for each subscriber of the published `session` at its current
    version, call inside the publishing transaction; how many rows are new. A test session
    is never sent. Example: published at version 12 with Ann and Bob subscribed -> 2; the
    same session published again after going back to final, unchanged -> 0."""
    if session.is_test:
        return 0
    before = ResultMail.objects.filter(session=session).count()
    ResultMail.objects.bulk_create(
        [
            ResultMail(
                session=session,
                player=player,
                results_version=session.results_version,
                amended=amended,
                next_try_at=now,
            )
            for player in subscribers(session)
        ],
        ignore_conflicts=True,  # a row of this version already: once a version
    )
    return ResultMail.objects.filter(session=session).count() - before


def mail_queue_amended(*, now: datetime) -> int:
    """Queue the messages of every published session whose last amendment is at least STABLE
    old (and at most LOOKBACK) and not yet announced to a subscriber: none waiting for them,
    none sent since the amendment, none of this version. How many rows are new.

    Example: amended at 22:40:10; at 22:40:50 nothing is queued (a second correction may
    follow), at 22:41:15 Ann's row "amended" at version 14; at 22:45 nothing more."""
    amended = Session.objects.public().filter(
        amended_at__lte=now - STABLE, amended_at__gte=now - LOOKBACK
    )
    queued = 0
    for session in amended:
        assert session.amended_at is not None
        covered = ResultMail.objects.filter(session=session).filter(
            Q(status=ResultMail.Status.QUEUED)
            | Q(sent_at__gte=session.amended_at)
            | Q(results_version=session.results_version)
        )
        wanted = subscribers(session).exclude(pk__in=covered.values("player_id"))
        rows = [
            ResultMail(
                session=session,
                player=player,
                results_version=session.results_version,
                amended=True,
                next_try_at=now,
            )
            for player in wanted
        ]
        ResultMail.objects.bulk_create(rows, ignore_conflicts=True)
        queued += len(rows)
    return queued


def retry_delay(tries: int) -> timedelta:
    """How long after its `tries`-th failure a message is tried again: doubling from a
    minute, at most four hours. Example: 1 -> 1 min, 2 -> 2 min, 5 -> 16 min, 9 -> 4 h."""
    return min(FIRST_RETRY * 2 ** (tries - 1), LAST_RETRY)


def unsubscribe_token(player: Player) -> str:
    """The signed part of a player's unsubscribe link: the entry's id, signed with the site's
    secret key, so that no one can stop another player's messages by changing a number.
    Example: player 7 -> "Nw:1tXyz...:abc..." (the link /mail/stop/<token>/)."""
    return signing.dumps(player.pk, salt=UNSUBSCRIBE_SALT, compress=True)


def player_unsubscribe(*, token: str) -> None:
    """Stop the results e-mails of the entry the token names, waiting ones too; the same for
    an entry since deleted, so the answer says nothing of who is in the register.

    Raises signing.BadSignature for a token changed or cut short."""
    player_id = signing.loads(token, salt=UNSUBSCRIBE_SALT)
    with transaction.atomic():
        Player.objects.filter(pk=player_id).update(results_by_mail=False, results_mail_pdf=False)
        ResultMail.objects.filter(player_id=player_id, status=ResultMail.Status.QUEUED).delete()


def session_retry_mail(*, session: Session, now: datetime) -> int:
    """The director's "Try again now": every message of `session` that failed, waiting or
    given up, is tried at the worker's next run, with its tries counted afresh; how many."""
    failed = ResultMail.objects.filter(session=session).filter(
        Q(status=ResultMail.Status.FAILED) | Q(status=ResultMail.Status.QUEUED, tries__gt=0)
    )
    return failed.update(status=ResultMail.Status.QUEUED, tries=0, next_try_at=now)
