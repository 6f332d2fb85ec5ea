"""A French club's director on a session with every kind of line (played, passed out, a score
only, assigned, split, weighted, artificial, a phantom, not played, a fouled board): the
club's language saved through its settings page (the redirect followed), then every board's
grid and every line's adjust form rendered. Each line shows in French letters, and what it
shows reads back, in French, as the very ruling stored; ECats' page renders for the session.
"""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.conf import settings
from django.urls import reverse

from sessions_app.models import Result
from sessions_app.scoring.board import vulnerability
from sessions_app.scoring.notation_words import FRENCH
from sessions_app.scoring.rulings import parse_ruling
from sessions_app.scoring.traveller_line import ruling_of

from .test_every_ruling_awards import follow_post

pytestmark = pytest.mark.django_db
ENTRY = re.compile(r'name="r\d+-entry" value="([^"]*)"')


def test_every_kind_of_line_is_shown_and_read_back_in_french(director_client, every_ruling):
    club = every_ruling.club
    page = follow_post(
        director_client,
        reverse("sessions_app:club_settings", args=[club.slug]),
        {"name": club.name, "language": "fr"},
    )
    assert f"Settings of {club.name} saved." in page
    # The director reads the pages in English (the language menu); the letters are the club's.
    director_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en-gb"

    lines = Result.objects.filter(board__session=every_ruling).select_related(
        "board", "section", "ns", "ew"
    )
    kinds, shown = set(), 0
    for line in lines:
        board = line.board.number
        grid = director_client.get(
            reverse("sessions_app:board_entry", args=[every_ruling.pk, line.section.name, board])
        ).content.decode()
        typed = {unescape(text) for text in ENTRY.findall(grid) if text}
        stored = ruling_of(line)
        [text] = [t for t in typed if parse_ruling(t, vulnerability(board), FRENCH) == stored]
        assert text == stored.text_in(FRENCH)
        kinds.add(stored.kind)
        form = director_client.get(
            reverse("sessions_app:line_adjust", args=[every_ruling.pk, line.section.name, board]),
            {"result": line.pk},
        )
        assert form.status_code == 200
        shown += 1
    assert kinds == {"played", "assigned", "split", "weighted", "artificial", "not_played"}
    assert shown == lines.count()
    french = [ruling_of(line).text_in(FRENCH) for line in lines]
    assert sum(text != ruling_of(line).text for text, line in zip(french, lines, strict=True)) > 5
    ecats = director_client.get(reverse("sessions_app:ecats", args=[every_ruling.pk]))
    assert ecats.status_code == 200 and "Send to ECats" in ecats.content.decode()
