"""Who may see and change what.

Everyone may read published sessions. A club's directors (and superusers) may see its drafts
and change its sessions; anyone else asking to change one gets 403, and an anonymous visitor is
sent to log in.
"""

from __future__ import annotations

from functools import wraps

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404

from ..models import Club, Session
from .languages import speak_club_language


def is_director(user, club: Club) -> bool:
    """Whether `user` directs `club` (`Club.objects.directed_by`)."""
    return Club.objects.directed_by(user).filter(pk=club.pk).exists()


def session_for_director(user, session_id: int) -> Session:
    """The session if `user` directs its club: 404 if there is none, 403 if not theirs."""
    session = Session.objects.select_related("club").filter(pk=session_id).first()
    if session is None:
        raise Http404("No such session")
    if not is_director(user, session.club):
        raise PermissionDenied("You are not a director of this club.")
    return session


def director_required(view):
    """For views taking `session_id`: log in first, then the session must be one the user
    directs; the view receives the Session instead of the id, in its club's language unless
    the director chose one (core/languages.py)."""

    @login_required
    @wraps(view)
    def wrapped(request, session_id: int, *args, **kwargs):
        session = session_for_director(request.user, session_id)
        speak_club_language(request, session.club)
        return view(request, session, *args, **kwargs)

    return wrapped


def club_for_director(user, slug: str) -> Club:
    """The club if `user` directs it: 404 if there is none, 403 if not theirs."""
    club = Club.objects.filter(slug=slug).first()
    if club is None:
        raise Http404("No such club")
    if not is_director(user, club):
        raise PermissionDenied("You are not a director of this club.")
    return club


def club_director_required(view):
    """For views taking `club` (a slug), like director_required for `session_id`: the view
    receives the Club the user directs."""

    @login_required
    @wraps(view)
    def wrapped(request, club: str, *args, **kwargs):
        found = club_for_director(request.user, club)
        speak_club_language(request, found)
        return view(request, found, *args, **kwargs)

    return wrapped
