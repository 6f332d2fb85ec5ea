"""A big field's ranking is shown 100 pairs a page (results/page_cache.py `RANKING_PAGE_ROWS`):
a phone gets a page of a 2,000-pair field, not all of it. Every page is the session's one
ranking cut in order, sorted or not; a page the field does not have shows the first."""

from __future__ import annotations

import pytest
from django.core.cache import cache

from sessions_app.core.results import session_results
from sessions_app.entry.lines import LineInput, result_save
from sessions_app.models import Result
from sessions_app.scoring.rulings import parse_ruling
from tests.pages.conftest import parse, table_rows
from tests.pages.test_queries import names, travellers

pytestmark = pytest.mark.django_db


@pytest.fixture
def big(make_session):
    """125 tables across the field on 3 boards: NS pairs 1-125, EW 126-250."""
    return make_session(travellers(125, 3), names(125), name="Big", publish=True)


def shown(client, url: str, table: str = "ranking-a-ns") -> tuple[list[list[str]], str]:
    """The rows of `table` on the page at `url`, and what its pages' links say and lead to."""
    page = parse(client.get(url))
    nav = page.find("nav", id=f"{table}-pages")
    links = [a.attrs["href"] for a in nav.find_all("a")] if nav else []
    return table_rows(page, table), " | ".join([nav.text if nav else "", *links])


def test_a_field_of_125_pairs_is_shown_100_then_25(client, big):
    url = f"/sessions/{big.pk}/"
    (ns_field, ew_field) = session_results(big).section("A").fields
    first, said = shown(client, url)
    assert [row[1] for row in first] == [s.score.label for s in ns_field.standings[:100]]
    assert "Pairs 1 to 100 of 125" in said and "?a-ns-page=2#ranking-a-ns" in said
    second, said = shown(client, url + "?a-ns-page=2")
    assert [row[1] for row in second] == [s.score.label for s in ns_field.standings[100:]]
    assert [row[0] for row in second][:1] == [ns_field.standings[100].place]
    assert "Pairs 101 to 125 of 125" in said and "?a-ns-page=1#ranking-a-ns" in said
    # the other field stays on its first page
    assert len(table_rows(parse(client.get(url + "?a-ns-page=2")), "ranking-a-ew")) == 100
    assert len(ew_field.standings) == 125


def test_a_sorted_field_is_paged_in_its_sorted_order(client, big):
    url = f"/sessions/{big.pk}/?a-ns-sort=-label&a-ns-page=2"
    rows, _ = shown(client, url)
    labels = sorted((str(n) for n in range(1, 126)), key=int, reverse=True)
    assert [row[1] for row in rows] == labels[100:]


@pytest.mark.parametrize("page", ["0", "3", "-1", "x", "99999", "2.5", "1"])
def test_a_page_the_field_does_not_have_shows_the_first(client, big, page):
    cache.clear()
    rows, said = shown(client, f"/sessions/{big.pk}/?a-ns-page={page}")
    assert len(rows) == 100 and rows[0][0] == "1" and "Pairs 1 to 100 of 125" in said


def test_a_director_asking_for_a_page_the_field_does_not_have_gets_a_page(director_client, big):
    """A signed-in visitor's page is rendered from the query as asked (no cache): django-tables2
    shows the first or the last page for a number it cannot show."""
    for page in ("0", "3", "x", "99999"):
        answer = director_client.get(f"/sessions/{big.pk}/?a-ns-page={page}")
        assert answer.status_code == 200


def test_the_pages_links_speak_the_page_s_language(client, big):
    big.club.language = "fr"
    big.club.save()
    page = parse(client.get(f"/sessions/{big.pk}/"))
    nav = page.find("nav", id="ranking-a-ns-pages")
    assert nav.text == "Paires 1 à 100 sur 125 Page suivante"
    assert nav.attrs["aria-label"].endswith(" : pages")
    assert page.find("form", role="search").text == "Trouver une paire ou un nom Trouver"
    found = parse(client.get(f"/sessions/{big.pk}/", {"find": "Player 7"}))
    assert found.find("p", class_="found").text.startswith("Les paires de numéro « Player 7 »")
    assert "Afficher tout le classement" in found.find("form", role="search").text


def test_a_player_finds_their_pair_by_name_or_number_in_its_place(client, big):
    """Pair n's players are "Player na" and "Player nb": "player 7" (any case, spaces tidied)
    is in the names of NS pairs 7 and 70-79 and of no EW pair (126-250); "88" is NS pair 88's
    number and in the names of EW pair 188."""
    url = f"/sessions/{big.pk}/"
    (ns_field, ew_field) = session_results(big).section("A").fields
    places = {s.score.label: s.place for field in (ns_field, ew_field) for s in field.standings}
    page = parse(client.get(url, {"find": "  PLAYER   7 "}))
    ns_rows = table_rows(page, "ranking-a-ns")
    assert sorted(int(row[1]) for row in ns_rows) == [7, *range(70, 80)]
    assert [row[0] for row in ns_rows] == [places[row[1]] for row in ns_rows]
    assert table_rows(page, "ranking-a-ew")[0][0] == "No results."
    assert page.find("input", id="find").attrs["value"] == "PLAYER 7"
    page = parse(client.get(url, {"find": "88"}))
    ((ns_place, ns_label, *_),) = table_rows(page, "ranking-a-ns")
    ((ew_place, ew_label, *_),) = table_rows(page, "ranking-a-ew")
    assert [(ns_place, ns_label), (ew_place, ew_label)] == [
        (places["88"], "88"),
        (places["188"], "188"),
    ]
    long = parse(client.get(url, {"find": "x" * 41}))  # more than any name: the whole ranking
    assert len(table_rows(long, "ranking-a-ns")) == 100


def test_every_kind_of_line_keeps_a_paged_field_in_its_places(client, big):
    """Board 1's lines of NS pairs 1-5 made a weighted score, a split score, an artificial
    one (A+/A-), a pass-out and a not-played: both pages of the NS field show the places and
    percentages of the session scored whole, in order."""
    section = big.sections.get()
    kinds = ["30% 4S N 10; 70% 3NT S 8", "4S N 10 / 4S N 9", "A+/A-", "PASS", "NP"]
    lines = Result.objects.filter(board__number=1, ns__label__in=["1", "2", "3", "4", "5"])
    for line, text in zip(
        lines.select_related("ns", "ew").order_by("ns__label"), kinds, strict=True
    ):
        result_save(
            section=section,
            line=LineInput(1, line.ns.label, line.ew.label, parse_ruling(text, "None")),
            result_id=line.pk,
            version=line.version,
            confirmed=True,
        )
    (ns_field, _) = session_results(big).section("A").fields
    url = f"/sessions/{big.pk}/"
    for page, standings in ((1, ns_field.standings[:100]), (2, ns_field.standings[100:])):
        rows, _ = shown(client, f"{url}?a-ns-page={page}")
        assert [(row[0], row[1]) for row in rows] == [(s.place, s.score.label) for s in standings]
    boards = {s.score.label: s.score.boards for s in ns_field.standings}
    # an artificial score is a board the pair played (A+: 60 % of its top); not played is not
    assert (boards["1"], boards["3"], boards["5"], boards["6"]) == (3, 3, 2, 3)
