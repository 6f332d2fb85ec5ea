"""A player's page, a partnership's page, a competition and the console, each rendered for a
session with every kind of line (played, passed out, score only, assigned, split, weighted,
artificial, phantom, not played, fouled: tests/interchange/conftest.py's `every_ruling`): each
pair's % and place on the players' pages are the ranking's, figure for figure."""

from __future__ import annotations

import pytest
from django.urls import reverse

from sessions_app.competitions.standings import competition_save
from sessions_app.core.results import session_results
from sessions_app.models import Competition, Pair
from sessions_app.players.register import player_create
from sessions_app.players.session_names import pairs_set_names
from sessions_app.scoring import display
from sessions_app.setup.status import session_set_status
from tests.conftest import publish
from tests.interchange.conftest import every_ruling  # noqa: F401 (a fixture)

pytestmark = pytest.mark.django_db


FIRST = (
    "Alexander",
    "Beatrice",
    "Cuthbert",
    "Dorothy",
    "Ezekiel",
    "Francesca",
    "Gwendolyn",
    "Horatio",
    "Isadora",
    "Jeremiah",
    "Kassandra",
    "Leopold",
)
LAST = (
    "Abbott",
    "Brown",
    "Carmichael",
    "Dunwoody",
    "Edgeworth",
    "Fitzgerald",
    "Grimshaw",
    "Hollingsworth",
    "Ingleby",
    "Jablonski",
    "Kowalczyk",
    "Lindqvist",
)


def named(session) -> None:
    """Every pair's two players in the register, and their names given to the pair: names far
    enough apart that each is its own sure match (docs/rules.md §14), so all are linked."""
    people = iter(f"{first} {last}" for first in FIRST for last in LAST[:2])
    for section in session.sections.all():
        names = [(pair.label, next(people), next(people)) for pair in section.pairs.all()]
        for _, player1, player2 in names:
            player_create(club=session.club, name=player1)
            player_create(club=session.club, name=player2)
        pairs_set_names(section=section, names=names)


def test_each_players_page_gives_the_rankings_figures(client, every_ruling):  # noqa: F811
    named(every_ruling)
    publish(every_ruling)
    standings = [
        (section.name, standing)
        for section in session_results(every_ruling).sections
        for field in section.fields
        for standing in field.standings
    ]
    assert len(standings) == 12  # two 3-table Mitchells, 6 pairs each
    for section, standing in standings:
        pair = Pair.objects.get(
            section__session=every_ruling, section__name=section, label=standing.score.label
        )
        assert pair.player1_ref is not None and pair.player2_ref is not None
        slug = every_ruling.club.slug
        page = client.get(f"/clubs/{slug}/players/{pair.player1_ref_id}/", follow=True)
        assert page.status_code == 200
        row = page.text.split("Every session")[1].split(every_ruling.name)[1].split("</tr>")[0]
        assert f"{display.percent(standing.score.percentage)}%" in row
        assert pair.player2 in row
        partnership = client.get(
            f"/clubs/{slug}/players/{pair.player1_ref_id}/with/{pair.player2_ref_id}/"
        )
        assert f"{display.percent(standing.score.percentage)}%" in partnership.text


def test_a_competition_and_the_console_render_it(director_client, every_ruling):  # noqa: F811
    named(every_ruling)
    session_set_status(session=every_ruling, status="in_play")
    console = director_client.get(reverse("sessions_app:console", args=[every_ruling.pk]))
    assert console.status_code == 200
    ranking = session_results(every_ruling).sections[0].fields[0].standings
    assert f"{display.percent(ranking[0].score.percentage)}%" in console.text
    publish(every_ruling)
    competition = competition_save(
        competition=Competition(
            club=every_ruling.club,
            name="One night",
            selection="chosen",
            rule="total",
            published=True,
        ),
        sessions=[every_ruling],
    )
    url = reverse("sessions_app:competition", args=[every_ruling.club.slug, competition.pk])
    page = director_client.get(url, follow=True)
    assert page.status_code == 200 and "Alexander Abbott" in page.text
