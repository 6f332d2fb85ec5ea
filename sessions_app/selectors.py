"""Read queries shared by pages."""

from __future__ import annotations

from django.http import Http404

from .models import Session


def visible_sessions(user):
    """Published sessions for everyone; a director also sees the sessions of their clubs."""
    sessions = Session.objects.select_related("club")
    if user.is_authenticated:
        if user.is_superuser:
            return sessions
        return sessions.filter(status=Session.Status.PUBLISHED) | sessions.filter(
            club__directors=user
        )
    return sessions.published()


def session_for_viewer(user, session_id: int) -> Session:
    """The session if this user may see it; a draft is a 404 to the public."""
    session = visible_sessions(user).filter(pk=session_id).first()
    if session is None:
        raise Http404("No such session")
    return session
