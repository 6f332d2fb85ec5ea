"""Players' names as links to their pages, for the templates that show names outside a results
table (a club's page of winners)."""

from django import template
from django.utils.safestring import SafeString

from ..results.page_tables.base import PlayerUrls, player_names_html

register = template.Library()


@register.simple_tag
def player_names(players, session, club=None) -> SafeString:
    """`players` (rows.PlayerName) joined by " & ", each linked to its player's page when the
    register knows it and `session` is public. Example: {% player_names winner.players session
    club %} -> '<a class="player" href="/clubs/c/players/12/">Ann Lee</a> &amp; A. Ray'."""
    return player_names_html(players, PlayerUrls.of(session, club))
