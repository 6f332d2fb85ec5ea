"""A session's status: draft -> in play -> final -> published, and back; publishing checks
that every line is in unless the director confirms."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.functional import Promise, lazy
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from ..choice_words import STATUS_IN_SENTENCE
from ..core.refusals import either
from ..mail.services import mail_queue_session
from ..models import Session
from ..players.grades import club_grades_refresh
from ..players.handicaps import session_handicaps_refresh
from ..review.checks import session_missing
from ..table_scoring.access import codes_issue

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

_S = Session.Status
# The status workflow: the steps a director may take from each status, with their buttons.
STATUS_STEPS: dict[str, tuple[tuple[str, StrOrPromise], ...]] = {
    _S.DRAFT: ((_S.IN_PLAY, _("Start play")),),
    _S.IN_PLAY: ((_S.FINAL, _("Mark final")), (_S.DRAFT, _("Back to draft"))),
    _S.FINAL: ((_S.PUBLISHED, _("Publish results")), (_S.IN_PLAY, _("Back to in play"))),
    _S.PUBLISHED: ((_S.FINAL, _("Unpublish")),),
}
# Asking for the status a session has already, a sentence for each.
ALREADY: dict[str, Promise] = {
    _S.DRAFT: _("the session is draft already"),
    _S.IN_PLAY: _("the session is in play already"),
    _S.FINAL: _("the session is final already"),
    _S.PUBLISHED: _("the session is published already"),
}


@dataclass(frozen=True)
class PublishStep:
    """A step of STATUS_STEPS that publishes a session, as the publish page shows it: the
    status it sets, its button, and the status it is taken from.
    Example: PublishStep("published", "Publish results", taken_from="final")."""

    status: str
    label: StrOrPromise
    taken_from: str


PUBLISH_STEPS = tuple(
    PublishStep(step, label, taken_from=now)
    for now, steps in STATUS_STEPS.items()
    for step, label in steps
    if step == _S.PUBLISHED
)


# The statuses a session is published from, for the director: "final" (lazy: in the
# language of each page that shows it).
PUBLISHED_FROM = lazy(either, str)([STATUS_IN_SENTENCE[s.taken_from] for s in PUBLISH_STEPS])


def publish_step(status: str) -> PublishStep | None:
    """The step publishing a session whose status is `status`, None when STATUS_STEPS takes
    none from there. Example: publish_step("final") -> PublishStep("published", "Publish
    results", taken_from="final"); publish_step("draft") -> None."""
    return next((step for step in PUBLISH_STEPS if step.taken_from == status), None)


class ResultsMissing(Exception):
    """Publishing a session with lines still missing: done only when the director confirms
    (`publish_incomplete`); `missing` lists them (review.checks.Missing)."""

    def __init__(self, missing):
        super().__init__(
            ngettext("%(count)s result missing", "%(count)s results missing", missing.count)
            % {"count": missing.count}
        )
        self.missing = missing


def session_set_status(
    *, session: Session, status: str, publish_incomplete: bool = False
) -> Session:
    """Move the session one step along draft -> in play -> final -> published, or back
    (STATUS_STEPS): results can be corrected after publication, and unpublishing hides them
    again. Going in play gives every table its code for scoring at the table
    (table_scoring/access.py). Publishing needs every line entered, or `publish_incomplete`
    (players then see the results marked provisional); it records `published_at` the first
    time, and queues the results e-mails of the players who asked for them (sent by the
    worker: publishing never waits for a mail server). Publishing, or taking back, a
    session brings the club's grades up to date (players/grades.py).

    Raises ValidationError in words for a step that is not allowed (e.g. "a published session
    can go to final, not straight to draft"), ResultsMissing when lines are missing.
    Example: final -> published with board 3's line 2 v 9 missing raises ResultsMissing
    listing it; with publish_incomplete=True the session is published."""
    with transaction.atomic():
        current = Session.objects.select_for_update().get(pk=session.pk)
        _check_step(current.status, status)
        previous = current.status
        if status == _S.PUBLISHED and not publish_incomplete:
            missing = session_missing(current)
            if missing.count:
                raise ResultsMissing(missing)
        current.status = status
        if status == _S.PUBLISHED and current.published_at is None:
            current.published_at = timezone.now()
        current.save(update_fields=["status", "published_at", "updated_at"])
        if status == _S.PUBLISHED:  # the players' e-mails, sent by the worker (mail/)
            mail_queue_session(session=current, now=timezone.now())
        if status == _S.IN_PLAY:
            codes_issue(session=current)  # every table gets its code (the ones it has are kept)
    session.status, session.published_at = current.status, current.published_at
    session.updated_at = current.updated_at
    if _S.PUBLISHED in (status, previous):
        club_grades_refresh(club=session.club)
    if status == _S.PUBLISHED:
        session_handicaps_refresh(session=session, amends=False)
    return session


def _check_step(now: str, wanted: str) -> None:
    names = dict(_S.choices)
    if wanted not in names:
        raise ValidationError(
            gettext("%(wanted)s is not a status (draft, in play, final or published)")
            % {"wanted": repr(wanted[:20])}
        )
    if wanted == now:
        raise ValidationError(str(ALREADY[now]))
    allowed = [STATUS_IN_SENTENCE[step] for step, _label in STATUS_STEPS[now]]
    if wanted not in dict(STATUS_STEPS[now]):
        words = {
            "now": STATUS_IN_SENTENCE[now],
            "wanted": STATUS_IN_SENTENCE[wanted],
            "step": allowed[0],
        }
        if len(allowed) == 1:
            sentence = gettext("a %(now)s session can go to %(step)s, not straight to %(wanted)s")
        else:
            words["other"] = allowed[1]
            sentence = gettext(
                "a %(now)s session can go to %(step)s or to %(other)s, not straight to %(wanted)s"
            )
        raise ValidationError(sentence % words)
