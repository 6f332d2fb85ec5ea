"""Putting back what the trash keeps (trash/deleting.py), whole or not at all.

A restore gives back exactly what was deleted: the session at its old id (players' links work
again, and it is back in the competitions it was chosen for) with its sections, pairs, boards
and deals, lines and audit trail; a section with its pairs and lines; a pair with its lines; a
movement pair's names. Lines keep their versions and times, so every matchpoint is as before.
When something taken meanwhile would clash, nothing is restored and each problem is named in
one sentence: nothing is ever merged, lost or doubled.

Example: section B deleted, then a new section B added: restoring the old one is refused with
"Tuesday pairs (17 Nov 2026) has a section B again: rename or delete that one first".
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils.translation import gettext, ngettext

from ..core.audit import change_for, snapshot
from ..core.results import session_touch
from ..files.restore import restore_boards, restore_lines, restore_section_rows, restore_session
from ..models import (
    Competition,
    ImportedFile,
    Pair,
    Result,
    ResultChange,
    Section,
    Session,
    Trash,
)
from ..players.linking import session_link_players
from .deleting import _lines, _pairs, forget_pdfs, known_user, lock_session, plural, session_title


@dataclass(frozen=True)
class Restored:
    session: Session
    message: str  # "Section B of Tuesday pairs (17 Nov 2026) is back: 14 pairs, 147 lines."


def trash_restore(*, item: Trash, user=None) -> Restored:
    """Put `item` back and take it out of the trash; ValidationError listing every conflict."""
    restore = {
        Trash.Kind.SESSION: _session,
        Trash.Kind.SECTION: _section,
        Trash.Kind.PAIR: _pair,
        Trash.Kind.NAMES: _names,
    }[Trash.Kind(item.kind)]
    try:
        with transaction.atomic():
            item = Trash.objects.select_for_update().filter(pk=item.pk).first() or _gone()
            restored = restore(item, item.document, user if known_user(user) else None)
            session_link_players(session=restored.session)  # the names' sure matches
            item.delete()
            forget_pdfs(restored.session.pk)
            return restored
    except IntegrityError:  # a clash the checks below did not foresee: nothing was restored
        raise ValidationError(
            gettext("%(title)s clashes with what the session has now; nothing was restored")
            % {"title": item.title}
        ) from None


def _gone():
    raise ValidationError(gettext("this is no longer in the trash (restored or purged meanwhile)"))


def _session(item: Trash, data: dict, user) -> Restored:
    name, date = data["name"], datetime.date.fromisoformat(data["date"])
    if Session.objects.filter(pk=item.session_ref).exists():
        raise ValidationError(
            gettext("session %(session)s exists again; nothing was restored")
            % {"session": item.session_ref}
        )
    twin = Session.objects.filter(club=item.club, name=name, date=date).first()
    if twin is not None:
        raise ValidationError(_twin_problem(item, twin))
    session = restore_session(data, item.club, pk=item.session_ref, note=None)
    chosen_for = Competition.objects.filter(club=item.club, pk__in=data.get("competitions", ()))
    session.competitions.add(*chosen_for)  # those of the club that still exist
    ResultChange.objects.create(
        session=session,
        action=ResultChange.Action.RESTORE,
        user=user,
        note="restored from the trash",
    )
    lines = Result.objects.filter(section__session=session).count()
    back = ngettext(
        "%(title)s is back with %(count)s traveller line.",
        "%(title)s is back with %(count)s traveller lines.",
        lines,
    )
    return Restored(session, back % {"title": session_title(session), "count": lines})


def _twin_problem(item: Trash, twin: Session) -> str:
    """Why a session is not restored beside one of the same name and date: the two would be
    one evening twice. Said plainly when they are the same file imported twice (`ImportedFile`),
    e.g. "Tuesday pairs (17 Nov 2026) is there already, made from the same file (imported
    twice): keep that one, or move it to the trash and restore this one; nothing was restored".
    """
    title = session_title(twin)
    files = ImportedFile.objects.filter(club=item.club, session_ref__in=[item.session_ref, twin.pk])
    made: dict[int, set[str]] = {}
    for session_ref, digest in files.values_list("session_ref", "sha256"):
        made.setdefault(session_ref, set()).add(digest)
    if made.get(item.session_ref, set()) & made.get(twin.pk, set()):
        return gettext(
            "%(title)s is there already, made from the same file (imported twice): keep that"
            " one, or move it to the trash and restore this one; nothing was restored"
        ) % {"title": title}
    return gettext(
        "%(club)s has another session %(title)s, restored from a backup or imported"
        " again: rename one of the two (its settings) or move that one to the trash first;"
        " nothing was restored"
    ) % {"club": item.club.name, "title": title}


def _section(item: Trash, data: dict, user) -> Restored:
    session = _its_session(item)
    name = data["section"]["name"]
    if session.sections.filter(name=name).exists():
        raise ValidationError(
            gettext("%(title)s has a section %(section)s again: rename or delete that one first")
            % {"title": session_title(session), "section": name}
        )
    section = restore_section_rows(session, data["section"])
    restore_lines({name: section}, restore_boards(session, data["boards"]), data["results"])
    summary = f"{plural(len(data['section']['pairs']), 'pair')}, " + plural(
        len(data["results"]), "traveller line"
    )
    _record(session, name, f"section {name} restored from the trash: {summary}", user)
    pairs, results = len(data["section"]["pairs"]), len(data["results"])
    # Translators: e.g. "Section B of Tuesday pairs is back: 12 pairs, 36 traveller lines."
    back = gettext("%(title)s is back: %(pairs)s, %(lines)s.")
    return Restored(
        session, back % {"title": item.title, "pairs": _pairs(pairs), "lines": _lines(results)}
    )


def _pair(item: Trash, data: dict, user) -> Restored:
    session = _its_session(item)
    section = _its_section(session, data["section"])
    label, direction, player1, player2 = data["pair"]
    problems = []
    if section.movement:
        problems.append(
            gettext(
                "section %(section)s now has a movement, which decides its pairs;"
                " nothing was restored"
            )
            % {"section": section.name}
        )
    if section.pairs.filter(label=label).exists():
        problems.append(
            gettext("section %(section)s has a pair %(pair)s again; nothing was restored")
            % {"section": section.name, "pair": label}
        )
    problems += _line_clashes(section, label, data["results"])
    if problems:
        raise ValidationError(problems)
    pair = Pair(section=section, label=label, direction=direction, player1=player1, player2=player2)
    pair.full_clean()
    pair.save()
    restore_lines({section.name: section}, restore_boards(session, data["boards"]), data["results"])
    lines = Result.objects.filter(Q(ns=pair) | Q(ew=pair)).select_related(
        "board", "section", "ns", "ew"
    )
    note = f"restored with pair {label} from the trash"
    ResultChange.objects.bulk_create(
        change_for(r, ResultChange.Action.RESTORE, after=snapshot(r), user=user, note=note)
        for r in lines
    )
    summary = f"pair {label} and {plural(len(data['results']), 'traveller line')}"
    _record(session, section.name, f"{summary} restored from the trash", user)
    back = ngettext(
        "%(title)s is back with %(count)s traveller line.",
        "%(title)s is back with %(count)s traveller lines.",
        len(lines),
    )
    return Restored(session, back % {"title": item.title, "count": len(lines)})


def _line_clashes(section: Section, label: str, results: list[dict]) -> list[str]:
    """Each of the pair's lines needs its opponent still in the section, without a line of
    its own on that board (a pair plays a board once)."""
    opponents = {r["ew"] if r["ns"] == label else r["ns"] for r in results}
    present = dict(section.pairs.filter(label__in=opponents).values_list("label", "pk"))
    taken = {
        (number, pk)
        for number, ns, ew in Result.objects.filter(section=section).values_list(
            "board__number", "ns", "ew"
        )
        for pk in (ns, ew)
    }
    problems = []
    for r in results:
        opponent = r["ew"] if r["ns"] == label else r["ns"]
        if opponent not in present:
            problems.append(
                gettext(
                    "pair %(pair)s, its opponent on board %(board)s, is no longer in"
                    " section %(section)s; nothing was restored"
                )
                % {"pair": opponent, "board": r["board"], "section": section.name}
            )
        elif (r["board"], present[opponent]) in taken:
            problems.append(
                gettext(
                    "pair %(pair)s already has a line on board %(board)s, so the line"
                    " %(ns)s v %(ew)s cannot come back beside it; nothing was restored"
                )
                % {"pair": opponent, "board": r["board"], "ns": r["ns"], "ew": r["ew"]}
            )
    return problems


def _names(item: Trash, data: dict, user) -> Restored:
    session = _its_session(item)
    section = _its_section(session, data["section"])
    label, _, player1, player2 = data["pair"]
    pair = section.pairs.filter(label=label).first()
    if pair is None:
        raise ValidationError(
            gettext("section %(section)s no longer has a pair %(pair)s")
            % {"section": section.name, "pair": label}
        )
    if pair.names:
        raise ValidationError(
            gettext(
                "pair %(pair)s has names again (%(names)s): clear them first if the old ones"
                " should come back"
            )
            % {"pair": label, "names": pair.names}
        )
    Pair.objects.filter(pk=pair.pk).update(player1=player1, player2=player2)
    names = " & ".join(n for n in (player1, player2) if n)
    _record(session, section.name, f"names of pair {label} ({names}) restored", user)
    again = gettext("Pair %(pair)s of section %(section)s is %(names)s again.")
    return Restored(session, again % {"pair": label, "section": section.name, "names": names})


def _its_session(item: Trash) -> Session:
    session = Session.objects.filter(pk=item.session_ref, club=item.club).first()
    if session is None:
        waiting = Trash.objects.filter(
            club=item.club, kind=Trash.Kind.SESSION, session_ref=item.session_ref
        ).exists()
        raise ValidationError(
            gettext(
                "the session it belongs to is no longer here: it is in the trash too, restore"
                " it first"
            )
            if waiting
            else gettext("the session it belongs to is no longer here")
        )
    lock_session(session)
    return session


def _its_section(session: Session, name: str) -> Section:
    section = session.sections.filter(name=name).first()
    if section is None:
        raise ValidationError(
            gettext("section %(section)s is no longer in %(title)s")
            % {"section": name, "title": session_title(session)}
        )
    return section


def _record(session: Session, section_name: str, note: str, user) -> None:
    ResultChange.objects.create(
        session=session,
        section_name=section_name,
        action=ResultChange.Action.RESTORE,
        user=user,
        note=note[:200],
    )
    session_touch(session)
