"""Every object named by an id in a URL or a form is looked up here, and only inside the session
the user may act on: a line id, a change id or a section name of another club's session is
not found, exactly like one that never existed.

Views get the session itself from `permissions.director_required`; everything below it
(sections, pairs, boards, lines, audit records, trash) goes through `in_session`, in the views
and in the services alike. Ids arrive as text: junk (`abc`, `1.5`, NUL bytes, a number too
big for the database) is refused here with a message in words rather than reaching a query.

Example: in_session(Result, session, pk="17") is line 17 if it belongs to one of `session`'s
sections, else NotInSession("line 17 is not in this session").
"""

from __future__ import annotations

from typing import TypeVar

from django.db.models import Model, QuerySet
from django.http import Http404
from django.utils.functional import Promise
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from ..models import (
    Board,
    Club,
    Competition,
    Pair,
    Player,
    Result,
    ResultChange,
    Section,
    Session,
    TableCall,
    TableCode,
    TableDevice,
    Trash,
)

# How each model reaches its session.
SESSION_PATH: dict[type[Model], str] = {
    Session: "pk",
    Section: "session",
    Board: "session",
    Pair: "section__session",
    Result: "section__session",
    ResultChange: "session",
    TableCode: "section__session",
    TableCall: "section__session",
    TableDevice: "table_code__section__session",
}
WHAT = {
    Section: "section",
    Board: "board",
    Pair: "pair",
    Result: "line",
    ResultChange: "change",
    Trash: "trash item",
    TableCode: "table code",
    TableCall: "call",
    TableDevice: "phone",
    Player: "player",
    Competition: "competition",
}
# Each refusal as a whole sentence per kind of thing (the WHAT above, the kinds parse_id is
# given), so that a translation words each one as its language does; as the middle of a
# sentence (refusals.py `as_sentence` capitalises one shown alone). `%(value)s` is the id as
# typed, quoted when it is junk.
NOT_A_NUMBER: dict[str, Promise] = {
    "section": _("section %(value)s is not a number from 1 up"),
    "board": _("board %(value)s is not a number from 1 up"),
    "pair": _("pair %(value)s is not a number from 1 up"),
    "line": _("line %(value)s is not a number from 1 up"),
    "line's version": _("line's version %(value)s is not a number from 1 up"),
    "change": _("change %(value)s is not a number from 1 up"),
    "trash item": _("trash item %(value)s is not a number from 1 up"),
    "table code": _("table code %(value)s is not a number from 1 up"),
    "call": _("call %(value)s is not a number from 1 up"),
    "phone": _("phone %(value)s is not a number from 1 up"),
    "player": _("player %(value)s is not a number from 1 up"),
    "competition": _("competition %(value)s is not a number from 1 up"),
    "session": _("session %(value)s is not a number from 1 up"),
    "table": _("table %(value)s is not a number from 1 up"),
    "round": _("round %(value)s is not a number from 1 up"),
}
NOT_IN_SESSION: dict[str, Promise] = {
    "section": _("section %(value)s is not in this session"),
    "board": _("board %(value)s is not in this session"),
    "pair": _("pair %(value)s is not in this session"),
    "line": _("line %(value)s is not in this session"),
    "change": _("change %(value)s is not in this session"),
    "trash item": _("trash item %(value)s is not in this session"),
    "table code": _("table code %(value)s is not in this session"),
    "call": _("call %(value)s is not in this session"),
    "phone": _("phone %(value)s is not in this session"),
    "player": _("player %(value)s is not in this session"),
    "competition": _("competition %(value)s is not in this session"),
    "session": _("session %(value)s is not in this session"),
}
NOT_IN_CLUB: dict[str, Promise] = {
    "trash item": _("trash item %(value)s is not in this club's trash"),
    "player": _("player %(value)s is not in this club's register"),
    "competition": _("competition %(value)s is not in this club's competitions"),
    "session": _("session %(value)s is not in this club's sessions"),
}
# How each model reaches its club, for what belongs to a club rather than to one session (the
# trash outlives the session it came from).
CLUB_PATH: dict[type[Model], str] = {
    Session: "club",
    Trash: "club",
    Player: "club",
    Competition: "club",
}
MAX_ID = 2**31 - 1  # the largest id every database here stores
M = TypeVar("M", bound=Model)


class NotInSession(Http404):
    """An id that names nothing the user may act on in this session (a 404 when not caught)."""


def scoped(model: type[Model], session: Session) -> QuerySet:
    """The rows of `model` that belong to `session`."""
    return model._default_manager.filter(**{SESSION_PATH[model]: session})


def in_session(source: type[M] | QuerySet[M], session: Session, **lookup: object) -> M:
    """The one object of `source` (a model, or a queryset of it to add select_related and the
    like) in `session` matching `lookup`; NotInSession, in words, when there is none.

    Values of `pk`, `id` and `number` lookups may be text from a URL or a form."""
    queryset = source if isinstance(source, QuerySet) else source._default_manager.all()
    model = queryset.model
    what = _kind(model)
    clean = {name: _checked(name, value, what) for name, value in lookup.items()}
    found = queryset.filter(**{SESSION_PATH[model]: session}, **clean).first()
    if found is None:
        shown = ", ".join(str(value) for value in clean.values())
        raise NotInSession(_said(NOT_IN_SESSION, what, shown))
    if isinstance(found, Section | Board | ResultChange):  # those whose SESSION_PATH is "session"
        found.session = session  # one instance: a write's new results version is seen here
    return found


def club_scoped(model: type[M], club: Club) -> QuerySet[M]:
    """The rows of `model` that belong to `club`: what a form may offer to choose from (a
    ModelChoiceField then refuses any other id as not one of its choices)."""
    return model._default_manager.filter(**{CLUB_PATH[model]: club})


class NotInClub(Http404):
    """An id that names nothing of this club's (a 404 when not caught)."""


def in_club(source: type[M] | QuerySet[M], club: Club, **lookup: object) -> M:
    """The one object of `source` belonging to `club` matching `lookup`; NotInClub, in words,
    when there is none. Example: in_club(Trash, hilltop, pk="5") is NotInClub("trash item 5
    is not in this club's trash") when item 5 is Riverside's."""
    queryset = source if isinstance(source, QuerySet) else source._default_manager.all()
    model = queryset.model
    what = _kind(model)
    try:
        clean = {name: _checked(name, value, what) for name, value in lookup.items()}
    except NotInSession as error:
        raise NotInClub(str(error)) from None
    found = queryset.filter(**{CLUB_PATH[model]: club}, **clean).first()
    if found is None:
        shown = ", ".join(str(value) for value in clean.values())
        raise NotInClub(_said(NOT_IN_CLUB, what, shown))
    return found


def _kind(model: type[Model]) -> str:
    """The kind of thing `model` is, as WHAT names it (its model name otherwise): the key of
    the sentences above."""
    return WHAT.get(model, model._meta.model_name or model.__name__.lower())


def _said(sentences: dict[str, Promise], what: str, value: str) -> str:
    """The sentence of kind `what` about `value`, in the reader's language; a kind without its
    own sentence (none of the code's) is named as it is."""
    sentence = sentences.get(what)
    if sentence is None:
        if sentences is NOT_IN_CLUB:
            # Translators: what is a kind of thing (English), value its id.
            return gettext("%(what)s %(value)s is not in this club's sessions") % {
                "what": what,
                "value": value,
            }
        if sentences is NOT_IN_SESSION:
            # Translators: what is a kind of thing (English), value its id.
            return gettext("%(what)s %(value)s is not in this session") % {
                "what": what,
                "value": value,
            }
        # Translators: what is a kind of thing (English), value the id typed.
        return gettext("%(what)s %(value)s is not a number from 1 up") % {
            "what": what,
            "value": value,
        }
    return sentence % {"value": value}


def parse_id(value: object, what: str) -> int:
    """An id or number typed or posted as text: a whole number from 1 up, else NotInSession.
    `what` is the kind of thing it numbers, a key of NOT_A_NUMBER ("line", "round", "table")."""
    text = str(value).strip() if value is not None else ""
    if not text.isascii() or not text.isdigit() or not 1 <= int(text) <= MAX_ID:
        raise NotInSession(_said(NOT_A_NUMBER, what, _shown(text)))
    return int(text)


def _checked(name: str, value: object, what: str) -> object:
    if name in ("pk", "id", "number") or name.endswith(("_id", "__pk", "__number")):
        return parse_id(value, what)
    if isinstance(value, str) and ("\x00" in value or len(value) > 200):
        raise NotInSession(_said(NOT_IN_SESSION, what, _shown(value)))
    return value


def _shown(text: str) -> str:
    """Junk as it may be shown back: printable, at most 20 characters."""
    printable = "".join(c if c.isprintable() else "?" for c in text)
    return repr(printable[:20] + ("…" if len(printable) > 20 else ""))
