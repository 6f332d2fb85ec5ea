"""Players' names as links to their pages: the results tables' cells (results/page_tables/) and
the templates that show names outside a table (a club's page of winners)."""

from __future__ import annotations

from html import escape

from django import template
from django.urls import reverse
from django.utils.safestring import SafeString

register = template.Library()


class PlayerUrls:
    """The addresses of one club's players' pages: reverse() once (for player 0), then each
    player's by putting its id in the last segment, as `BoardUrls` does for boards.

    Example: PlayerUrls("bridge-club")(12) -> "/clubs/bridge-club/players/12/".
    """

    def __init__(self, slug: str):
        self.head, _, self.tail = reverse("sessions_app:player", args=[slug, "0"]).rpartition("/0/")

    def __call__(self, player: int) -> str:
        return f"{self.head}/{int(player)}/{self.tail}"

    @classmethod
    def of(cls, session, club=None) -> PlayerUrls | None:
        """The links a session's names get: its club's players' pages when the session is
        public (a player has a page only once a public session of theirs is); None, plain
        names, for a draft or a test session a director looks at. `club`: the session's,
        when the caller has it (a club's page of sessions, read without their clubs)."""
        if not session.is_public:
            return None
        return cls((club or session.club).slug)


def player_names_html(players, urls: PlayerUrls | None) -> SafeString:
    """A pair's names joined by " & ", each linked to its player's page when the register
    knows it and `urls` is given, else plain text.

    Example: (PlayerName("Ann Lee", 12), PlayerName("A. Ray", None)) ->
    '<a href="/clubs/c/players/12/">Ann Lee</a> &amp; A. Ray'.
    """
    parts = []
    for name, player in players:
        text = escape(name)
        if player is not None and urls is not None:
            text = f'<a class="player" href="{escape(urls(player))}">{text}</a>'
        parts.append(text)
    return SafeString(" &amp; ".join(parts))


@register.simple_tag
def player_names(players, session, club=None) -> SafeString:
    """`players` (rows.PlayerName) joined by " & ", each linked to its player's page when the
    register knows it and `session` is public. Example: {% player_names winner.players session
    club %} -> '<a class="player" href="/clubs/c/players/12/">Ann Lee</a> &amp; A. Ray'."""
    return player_names_html(players, PlayerUrls.of(session, club))
