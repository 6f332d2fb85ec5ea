"""Every name the players' pages show is a link to its player's page when the register knows it
(`Pair.player1_ref`, `player2_ref`), and plain text otherwise: the ranking, the score card, the
traveller, the club page's winners and a competition's standings. Linking or merging names
makes the pages anew (their cache key changes), so no page links a name to the wrong player.

The session: Pagat's board 1 (tests/conftest.py), pair 3 "Ann Lee & Bob Ray" against pair 11
"Cy Dunn & Di Fox"; the register holds Ann Lee, Bob Ray and Cy Dunn, which the import links
(exact names), but not Di Fox.
"""

from __future__ import annotations

import pytest
from django.core.cache import cache

from sessions_app.models import Pair
from sessions_app.players.linking import session_confirm_players, session_link_players
from sessions_app.players.merging import players_merge
from sessions_app.players.register import player_create
from tests.competitions.conftest import build_three_sessions
from tests.conftest import PAGAT_BOARD_1, publish
from tests.pages.conftest import PAGAT_NAMES, Node, parse

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(club):
    return {name: player_create(club=club, name=name) for name in ("Ann Lee", "Bob Ray", "Cy Dunn")}


@pytest.fixture
def pagat(people, make_session):
    return make_session(PAGAT_BOARD_1, PAGAT_NAMES, name="Pagat", publish=True)


def href(player) -> str:
    return f"/clubs/riverside/players/{player.pk}/"


def player_links(node: Node | None) -> list[tuple[str, str]]:
    """Each link to a player's page under `node`: (its text, its address)."""
    assert node is not None
    return [(a.text, a.attrs["href"]) for a in node.find_all("a") if "/players/" in a.attrs["href"]]


def expire_fresh_pages() -> None:
    """What two seconds do to the pages served without reading the session ("page-fresh",
    core/cache_keys.py); the pages kept under the session's token stay."""
    for key in [key for key in cache._cache if ":clubscorer:page-fresh:" in key]:
        cache._expire_info[key] = 0


def page_entries() -> set[str]:
    return {key for key in cache._cache if ":clubscorer:page:" in key}


def test_the_ranking_links_every_linked_name_and_leaves_the_others_plain(client, pagat, people):
    tree = parse(client.get(f"/sessions/{pagat.pk}/"))
    ranking = tree.find("table", id="ranking-a-ns")
    assert player_links(ranking) == [
        ("Ann Lee", href(people["Ann Lee"])),
        ("Bob Ray", href(people["Bob Ray"])),
    ]
    ew = tree.find("table", id="ranking-a-ew")
    assert player_links(ew) == [("Cy Dunn", href(people["Cy Dunn"]))]
    names = [cell.text for cell in ew.find_all("td", class_="pair-names")]
    assert "Cy Dunn & Di Fox" in names  # Di Fox as typed, not a link
    # The pair's label still links its score card.
    assert f"/sessions/{pagat.pk}/pairs/A/3/" in {a.attrs["href"] for a in ranking.find_all("a")}


def test_the_score_card_links_the_pairs_own_names_and_its_opponents(client, pagat, people):
    tree = parse(client.get(f"/sessions/{pagat.pk}/pairs/A/11/"))
    assert tree.find("p", class_="names-line").text == "Cy Dunn & Di Fox"
    assert player_links(tree.find("p", class_="names-line")) == [
        ("Cy Dunn", href(people["Cy Dunn"]))
    ]
    assert player_links(tree.find("table", id="scorecard-card")) == [
        ("Ann Lee", href(people["Ann Lee"])),
        ("Bob Ray", href(people["Bob Ray"])),
    ]


def test_the_traveller_links_the_names_of_the_pairs_the_register_knows(client, pagat, people):
    tree = parse(client.get(f"/sessions/{pagat.pk}/boards/1/"))
    traveller = tree.find("table", id="traveller-a")
    # Pair 3 (NS) v 11 (EW) is the only line with a linked name; the other pairs' names
    # are in their labels' titles, as before.
    assert player_links(traveller) == [
        ("Ann Lee", href(people["Ann Lee"])),
        ("Bob Ray", href(people["Bob Ray"])),
        ("Cy Dunn", href(people["Cy Dunn"])),
    ]
    row = next(
        tr
        for tr in traveller.find_all("tr")
        if tr.find("a", href=f"/sessions/{pagat.pk}/pairs/A/11/")
    )
    assert "Cy Dunn & Di Fox" in row.text


def test_a_session_players_cannot_see_links_no_name(client, director, make_session, people):
    # A draft, seen by its director: its players have no page for it yet, so no link.
    draft = make_session(PAGAT_BOARD_1, PAGAT_NAMES, name="Draft")
    client.force_login(director)
    for path in ("", "pairs/A/3/", "boards/1/"):
        tree = parse(client.get(f"/sessions/{draft.pk}/{path}"))
        assert player_links(tree.find("main") or tree) == []
    assert "Ann Lee &amp; Bob Ray" in client.get(f"/sessions/{draft.pk}/").content.decode()


def test_a_name_linked_is_a_link_on_the_next_request(client, club, pagat):
    url = f"/sessions/{pagat.pk}/pairs/A/11/"
    assert player_links(parse(client.get(url)).find("p", class_="names-line"))[1:] == []
    kept = page_entries()
    di = player_create(club=club, name="Di Fox")
    # Di Fox, now the register's exactly (pair 11's two names are counted, Cy Dunn's before).
    assert session_link_players(session=pagat) == 2
    expire_fresh_pages()
    after = parse(client.get(url))
    assert player_links(after.find("p", class_="names-line"))[1] == ("Di Fox", href(di))
    # Not by emptying the cache: the page kept before is there still, under its old key.
    assert kept < page_entries()


def test_a_name_the_director_confirms_is_a_link_on_the_next_request(client, club, pagat):
    url = f"/sessions/{pagat.pk}/"
    assert len(player_links(parse(client.get(url)))) == 3
    di = player_create(club=club, name="Diana Fox")
    pair = Pair.objects.get(section__session=pagat, label="11")
    session_confirm_players(session=pagat, choices={f"name-{pair.pk}-2": str(di.pk)})
    expire_fresh_pages()
    assert ("Di Fox", href(di)) in player_links(parse(client.get(url)))


def test_merging_two_players_moves_every_link_to_the_one_kept(client, club, pagat, people):
    a_lee = player_create(club=club, name="A. Lee")  # the same person, entered twice
    pages = [
        f"/sessions/{pagat.pk}/{path}" for path in ("", "pairs/A/3/", "pairs/A/11/", "boards/1/")
    ]
    ann = people["Ann Lee"]
    for page in pages:
        assert ("Ann Lee", href(ann)) in player_links(parse(client.get(page)))
    players_merge(keep=a_lee, merged=ann)
    expire_fresh_pages()
    for page in pages:
        links = player_links(parse(client.get(page)))
        assert ("Ann Lee", href(a_lee)) in links, page
        assert all(address != href(ann) for _, address in links), page
    assert client.get(href(ann)).status_code == 404
    assert client.get(href(a_lee)).status_code == 200


def test_the_club_page_links_its_winners_names(client, pagat, people):
    tree = parse(client.get("/clubs/riverside/"))
    winners = tree.find("p", class_="winners")
    # docs/rules.md §9.1: NS pair 3 and EW pair 12 (no names) take 12 of 12.
    assert "NS: Ann Lee & Bob Ray (3), 100.00%" in winners.text
    assert player_links(winners) == [
        ("Ann Lee", href(people["Ann Lee"])),
        ("Bob Ray", href(people["Bob Ray"])),
    ]
    assert [a.attrs["href"] for a in winners.find_all("a") if "/pairs/" in a.attrs["href"]] == [
        f"/sessions/{pagat.pk}/pairs/A/3/",
        f"/sessions/{pagat.pk}/pairs/A/12/",
    ]


def test_a_competitions_standings_link_every_entrant(client, club, make_session):
    from tests.competitions.test_pages import make, page_url

    build_three_sessions(club, make_session)
    competition = make(club, rule="best", best=2)
    tree = parse(client.get(page_url(competition)))
    ids = {player.name: player.pk for player in club.players.all()}
    for table in ("standings", "by-session"):
        links = player_links(tree.find("table", id=table))
        assert len(links) == 9, table
        assert ("Ann Lee", f"/clubs/riverside/players/{ids['Ann Lee']}/") in links


def test_publishing_a_session_needs_no_more_for_its_links(client, make_session, people):
    session = make_session(PAGAT_BOARD_1, PAGAT_NAMES, name="Later")
    publish(session)
    assert len(player_links(parse(client.get(f"/sessions/{session.pk}/")))) == 3
