"""Every kind of page, for the tests that walk them all (axe-core's, tests/browser/
test_accessibility.py, and the languages', tests/pages/test_every_page_in_every_language.py):
the demo's published evening (`manage.py load_demo`), a competition over it, and a second
evening in play for the console, the table codes and a table's screen."""

from __future__ import annotations

import datetime

from sessions_app.competitions.standings import competition_save
from sessions_app.models import Competition, Pair, Result


def autumn_championship(club) -> Competition:
    """The club's published competition of November 2026, its best session counted."""
    return competition_save(
        competition=Competition(
            club=club,
            name="Autumn championship",
            rule="best",
            best=1,
            published=True,
            date_from=datetime.date(2026, 11, 1),
            date_to=datetime.date(2026, 11, 30),
        )
    )


def public_pages(demo, competition) -> dict[str, str]:
    session, club = f"/sessions/{demo.pk}", f"/clubs/{demo.club.slug}"
    pair = Pair.objects.filter(section__session=demo, player1_ref__isnull=False)
    pair = pair.exclude(player2_ref=None).order_by("pk").first()
    player, partner = pair.player1_ref_id, pair.player2_ref_id
    return {
        "home": "/",
        "club": f"{club}/",
        "session ranking": f"{session}/",
        "board and traveller": f"{session}/boards/1/",
        "pair score card": f"{session}/pairs/A/10/",
        "session analysis": f"{session}/analysis/",
        "pair analysis": f"{session}/pairs/A/10/analysis/",
        "players search": f"{club}/players/?q=a",
        "player": f"{club}/players/{player}/",
        "partnership": f"{club}/players/{player}/with/{partner}/",
        "competition": f"{club}/competitions/{competition.pk}/",
    }


def director_pages(demo, in_play) -> dict[str, str]:
    session, playing = f"/director/sessions/{demo.pk}", f"/director/sessions/{in_play.pk}"
    line = Result.objects.filter(section__session=demo, board__number=1).order_by("pk")[0].pk
    return {
        "dashboard": "/director/",
        "session": f"{session}/",
        "entry grid (round and table)": f"{session}/sections/A/rounds/1/tables/1/",
        "board entry": f"{session}/sections/A/boards/1/",
        "ruling (adjust)": f"{session}/sections/A/boards/1/adjust/?result={line}",
        "section form": f"{session}/sections/A/edit/",
        "new section form": f"{session}/sections/new/",
        "session form": f"{session}/edit/",
        "new session form": "/director/sessions/new/",
        "publish": f"{session}/publish/",
        "register": f"/director/clubs/{demo.club.slug}/players/",
        "changes": f"{session}/changes/",
        "trash": f"/director/clubs/{demo.club.slug}/trash/",
        "console": f"{playing}/console/",
        "table codes": f"{playing}/tables/",
        "Bridgemates": f"{session}/bridgemates/",
        "deal boards": f"{session}/deal/",
        "send to ECats": f"{session}/ecats/",
        "import": "/director/import/",
        "help": "/help/",
    }
