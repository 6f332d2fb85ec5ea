"""Deleting sessions, sections and pairs into the club's trash, and purging it.

A director's delete is never final at once: the thing is kept whole in a `Trash` row of the
club (a document made of files/backup.py's pieces) for settings.TRASH_DAYS days, and
trash/restoring.py puts it back. Deleting is one transaction: keep, remove, say so in
the session's audit trail, bump the results version (so no cached page or PDF shows what
went), and once committed remove the session's stored PDFs.

A movement decides its pairs (pair 14 of a 7-table Mitchell plays every round), so only a
free-form section's pair can be deleted; a movement pair's names are cleared instead.

Example: deleting section B of "Tuesday pairs (17 Nov 2026)", a 7-table Mitchell with every
line entered, keeps "Section B of Tuesday pairs (17 Nov 2026)" with the summary "7 tables,
14 pairs, 147 traveller lines" (7 tables x 3 boards a round x 7 rounds = 147 lines).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from functools import partial

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Count, Q
from django.utils import timezone, translation
from django.utils.dateformat import format as date_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ..core.audit import change_for, snapshot
from ..core.results import session_touch
from ..core.stored_files import forget_stored
from ..files.backup import pair_data, pair_document, section_document, session_document
from ..models import Pair, Result, ResultChange, Section, Session, Trash
from ..rows.words import described


@dataclass(frozen=True)
class Contents:
    """What a delete takes away, in words, for the confirmation page and the trash."""

    title: str  # "Section B of Tuesday pairs (17 Nov 2026)"
    summary: str  # "7 tables, 14 pairs, 147 traveller lines"
    details: tuple[str, ...] = ()  # one line each: the sections of a session, a pair's lines


def plural(count: int, word: str) -> str:
    """plural(1, "pair") is "1 pair", plural(14, "pair") is "14 pairs" (English only: the
    texts of this module say their counts with `ngettext`)."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def _pairs(count: int) -> str:
    return ngettext("%(count)s pair", "%(count)s pairs", count) % {"count": count}


def _lines(count: int) -> str:
    return ngettext("%(count)s traveller line", "%(count)s traveller lines", count) % {
        "count": count
    }


def session_title(session: Session) -> str:
    return f"{session.name} ({date_format(session.date, 'j M Y')})"


def session_contents(session: Session) -> Contents:
    """Example: "2 sections, 28 pairs, 27 boards (27 with deals), 294 traveller lines, 300
    changes in its audit trail", detailed section by section."""
    sections = list(session.sections.order_by("name"))
    pairs = _counts(Pair.objects.filter(section__session=session))
    lines = _counts(Result.objects.filter(section__session=session))
    boards = session.boards.aggregate(all=Count("pk"), deals=Count("pk", filter=~Q(deal="")))
    changes = session.changes.count()
    summary = ", ".join(
        (
            ngettext("%(count)s section", "%(count)s sections", len(sections))
            % {"count": len(sections)},
            _pairs(sum(pairs.values())),
            ngettext(
                "%(count)s board (%(deals)s with deals)",
                "%(count)s boards (%(deals)s with deals)",
                boards["all"],
            )
            % {"count": boards["all"], "deals": boards["deals"]},
            _lines(sum(lines.values())),
            ngettext(
                "%(count)s change in its audit trail",
                "%(count)s changes in its audit trail",
                changes,
            )
            % {"count": changes},
        )
    )
    details = tuple(
        _("Section %(section)s: %(summary)s")
        % {
            "section": s.name,
            "summary": _section_summary(s, pairs.get(s.pk, 0), lines.get(s.pk, 0)),
        }
        for s in sections
    )
    return Contents(
        _("Session %(session)s") % {"session": session_title(session)}, summary, details
    )


def section_contents(section: Section) -> Contents:
    """Example: "7 tables, 14 pairs, 147 traveller lines" (a free-form section: "free-form,
    6 pairs, 9 traveller lines")."""
    summary = _section_summary(section, section.pairs.count(), section.results.count())
    title = _("Section %(section)s of %(session)s") % {
        "section": section.name,
        "session": session_title(section.session),
    }
    return Contents(title, summary)


def pair_contents(pair: Pair) -> Contents:
    """A free-form section's pair with its lines, each in words; a movement pair's names."""
    section = pair.section
    lines = list(Result.objects.filter(Q(ns=pair) | Q(ew=pair)).select_related("board", "ns", "ew"))
    words = {
        "pair": pair.label,
        "names": pair.names,
        "section": section.name,
        "session": session_title(section.session),
        "count": len(lines),
    }
    if section.movement:
        if pair.names:
            summary = ngettext(
                "the names (%(names)s); the pair and its %(count)s traveller line stay, since"
                " section %(section)s's movement seats pair %(pair)s in every round",
                "the names (%(names)s); the pair and its %(count)s traveller lines stay, since"
                " section %(section)s's movement seats pair %(pair)s in every round",
                len(lines),
            )
        else:
            summary = ngettext(
                "the names; the pair and its %(count)s traveller line stay, since"
                " section %(section)s's movement seats pair %(pair)s in every round",
                "the names; the pair and its %(count)s traveller lines stay, since"
                " section %(section)s's movement seats pair %(pair)s in every round",
                len(lines),
            )
        title = _("The names of pair %(pair)s of section %(section)s of %(session)s")
        return Contents(title % words, summary % words)
    details = tuple(
        _("Board %(board)s: %(ns)s v %(ew)s, %(line)s")
        % {"board": r.board.number, "ns": r.ns.label, "ew": r.ew.label, "line": described(r)}
        for r in lines
    )
    if pair.names:
        summary = ngettext(
            "pair %(pair)s (%(names)s) and its %(count)s traveller line",
            "pair %(pair)s (%(names)s) and its %(count)s traveller lines",
            len(lines),
        )
        title = _("Pair %(pair)s (%(names)s) of section %(section)s of %(session)s")
    else:
        summary = ngettext(
            "pair %(pair)s and its %(count)s traveller line",
            "pair %(pair)s and its %(count)s traveller lines",
            len(lines),
        )
        title = _("Pair %(pair)s of section %(section)s of %(session)s")
    return Contents(title % words, summary % words, details)


def _counts(queryset) -> dict[int, int]:
    return dict(queryset.values_list("section").annotate(n=Count("pk")).order_by())


def _section_summary(section: Section, pairs: int, lines: int) -> str:
    if section.movement and section.tables:
        shape = ngettext("%(count)s table", "%(count)s tables", section.tables) % {
            "count": section.tables
        }
    else:
        shape = _("free-form")
    return ", ".join((shape, _pairs(pairs), _lines(lines)))


def session_delete(*, session: Session, user=None, now: datetime.datetime | None = None) -> Trash:
    """Move the whole session to the trash: sections, pairs, boards and deals, lines and its
    audit trail (which, restored, says when it went and came back)."""
    with transaction.atomic():
        lock_session(session)
        now = now or timezone.now()
        contents = _as_stored(session_contents, session)
        document = session_document(session)
        # The competitions the director chose it for: a restore puts it back in them.
        document["competitions"] = sorted(session.competitions.values_list("pk", flat=True))
        document["changes"].append(
            {
                "section": "",
                "board": None,
                "action": ResultChange.Action.TRASH,
                "before": None,
                "after": None,
                "note": _note("moved to the trash", contents),
                "at": now.isoformat(),
                "user": user.get_username() if known_user(user) else "",
                "restored": False,
            }
        )
        item = _keep(session, Trash.Kind.SESSION, contents, document, user, now)
        session_id = session.pk
        Result.objects.filter(section__session=session).delete()  # lines protect their pairs
        session.delete()
        forget_pdfs(session_id)
        return item


def section_delete(*, section: Section, user=None, now: datetime.datetime | None = None) -> Trash:
    """Move a section, its pairs and its lines to the trash (the session keeps its boards)."""
    session = section.session
    with transaction.atomic():
        lock_session(session)
        contents = _as_stored(section_contents, section)
        item = _keep(session, Trash.Kind.SECTION, contents, section_document(section), user, now)
        Result.objects.filter(section=section).delete()
        section.delete()
        ResultChange.objects.create(
            session=session,
            section_name=section.name,
            action=ResultChange.Action.TRASH,
            user=user if known_user(user) else None,
            note=_note(f"section {section.name} moved to the trash", contents),
        )
        _touched(session)
        return item


def pair_delete(*, pair: Pair, user=None, now: datetime.datetime | None = None) -> Trash:
    """Move a free-form section's pair and every line it played to the trash; each line goes
    in the audit trail as it was."""
    section = pair.section
    if section.movement:
        raise ValidationError(
            _(
                "pair %(pair)s is part of section %(section)s's movement, which seats it"
                " in every round: clear its names instead"
            )
            % {"pair": pair.label, "section": section.name}
        )
    session = section.session
    with transaction.atomic():
        lock_session(session)
        contents = _as_stored(pair_contents, pair)
        item = _keep(session, Trash.Kind.PAIR, contents, pair_document(pair), user, now)
        lines = Result.objects.filter(Q(ns=pair) | Q(ew=pair)).select_related(
            "board", "section", "ns", "ew"
        )
        note = f"deleted with pair {pair.label} (in the trash)"
        ResultChange.objects.bulk_create(
            change_for(r, ResultChange.Action.TRASH, before=snapshot(r), user=user, note=note)
            for r in lines
        )
        lines.delete()
        pair.delete()
        ResultChange.objects.create(
            session=session,
            section_name=section.name,
            action=ResultChange.Action.TRASH,
            user=user if known_user(user) else None,
            note=_note("moved to the trash", contents),
        )
        _touched(session)
        return item


def pair_clear_names(*, pair: Pair, user=None, now: datetime.datetime | None = None) -> Trash:
    """Clear a pair's names, keeping them in the trash; the pair and its lines stay."""
    if not pair.names:
        raise ValidationError(_("pair %(pair)s has no names to clear") % {"pair": pair.label})
    session = pair.section.session
    with transaction.atomic():
        lock_session(session)
        contents = _as_stored(pair_contents, pair)
        document = {"section": pair.section.name, "pair": pair_data(pair)}
        item = _keep(session, Trash.Kind.NAMES, contents, document, user, now)
        Pair.objects.filter(pk=pair.pk).update(
            player1="", player2="", player1_ref=None, player2_ref=None
        )
        ResultChange.objects.create(
            session=session,
            section_name=pair.section.name,
            action=ResultChange.Action.TRASH,
            user=user if known_user(user) else None,
            note=_note(f"names of pair {pair.label} cleared ({pair.names}), in the trash", None),
        )
        _touched(session)
        return item


def trash_purge(*, now: datetime.datetime | None = None, club=None) -> int:
    """Delete for good what has been in the trash longer than TRASH_DAYS; how many went."""
    cutoff = (now or timezone.now()) - datetime.timedelta(days=settings.TRASH_DAYS)
    expired = Trash.objects.filter(deleted_at__lt=cutoff)
    if club is not None:
        expired = expired.filter(club=club)
    return expired.delete()[0]


def trash_forget(*, item: Trash) -> None:
    """Delete a trash item for good, before its time: what it held cannot be restored after.

    Example: a session deleted by mistake and entered again by hand -> its item in the trash
    is forgotten, so that nobody restores the old copy beside the new one."""
    item.delete()


def trash_expiry(item: Trash) -> datetime.datetime:
    """When `item` is purged."""
    return item.deleted_at + datetime.timedelta(days=settings.TRASH_DAYS)


def lock_session(session: Session) -> None:
    """Hold the session's row for the whole delete: a line saved meanwhile waits its turn
    rather than slipping in between what is kept and what is removed."""
    Session.objects.select_for_update().filter(pk=session.pk).first()


def _as_stored(contents_of, thing) -> Contents:
    """What the trash keeps of `thing`, in the site's language (settings.LANGUAGE_CODE)
    whoever deletes it: one record, read alike by every director of the club, as the audit
    trail's notes are. Example: a French director's session -> "Monday pairs, 16 Nov 2026"."""
    with translation.override(settings.LANGUAGE_CODE):
        return contents_of(thing)


def _keep(session, kind, contents: Contents, document: dict, user, now) -> Trash:
    item = Trash(
        club_id=session.club_id,
        kind=kind,
        session_ref=session.pk,
        title=contents.title[:200],
        summary=contents.summary[:300],
        document=document,
        deleted_at=now or timezone.now(),
        deleted_by=user if known_user(user) else None,
    )
    item.full_clean()
    item.save()
    return item


def _touched(session: Session) -> None:
    session_touch(session)
    forget_pdfs(session.pk)


def forget_pdfs(session_id: int) -> None:
    """Remove the session's stored PDFs once the delete is committed (a file removed cannot
    be rolled back; a PDF kept by a rolled-back delete is still right)."""
    transaction.on_commit(partial(forget_stored, session_id))


def _note(what: str, contents: Contents | None) -> str:
    return (f"{what}: {contents.summary}" if contents else what)[:200]


def known_user(user) -> bool:
    return user is not None and user.is_authenticated
