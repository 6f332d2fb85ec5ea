"""A pair's own line, highlighted on the traveller it reaches from its score card: the score
card links each board with the pair (`?section=A&pair=11`), and the board page marks that
line (`class="own"`, `aria-current`), in HTML alone (no script). Only a pair with a line on
the board is marked; anything else is ignored and served the board's usual page."""

from __future__ import annotations

import pytest
from django.core.cache import cache

from sessions_app.core.results import session_touch
from tests.conftest import publish
from tests.interchange.conftest import every_ruling  # noqa: F401 (a fixture)
from tests.pages.conftest import parse, table_rows
from tests.pages.test_across_the_field import COLD, small_and_big  # noqa: F401 (a fixture)


def entries(kind: str) -> list[str]:
    return [key for key in cache._cache if f":clubscorer:{kind}:" in key]


def marked(tree, table_id: str) -> list[list[str]]:
    """The highlighted rows of a table, as the text of their cells."""
    table = tree.find("table", id=table_id)
    return [
        [cell.text for cell in row.children if not isinstance(cell, str)]
        for row in table.find("tbody").find_all("tr", class_="own")
    ]


@pytest.mark.django_db
def test_the_score_card_links_each_board_with_the_pair(client, pagat):
    tree = parse(client.get(f"/sessions/{pagat.pk}/pairs/A/11/"))
    link = tree.find("table", id="scorecard-card").find("tbody").find("a")
    assert link.attrs["href"] == f"/sessions/{pagat.pk}/boards/1/?section=A&pair=11"


@pytest.mark.django_db
def test_it_highlights_the_pairs_line_and_only_that(client, pagat):
    # Pagat board 1: pair 11 sat EW against 3 (5C× by E, three off: NS +500, 12 to 0).
    tree = parse(client.get(f"/sessions/{pagat.pk}/boards/1/?section=A&pair=11"))
    rows = marked(tree, "traveller-a")
    assert [row[:2] for row in rows] == [["3", "11"]]
    assert rows[0][6:9] == ["+500", "12", "0"]
    row = tree.find("table", id="traveller-a").find("tr", class_="own")
    assert row.attrs["aria-current"] == "true"
    note = tree.find("p", class_="own-line")
    assert note.text == "Pair 11's line is highlighted. Back to its score card"
    assert note.find("a").attrs["href"] == f"/sessions/{pagat.pk}/pairs/A/11/"
    # The sort links keep the pair, so its line stays marked in any order.
    sort = tree.find("table", id="traveller-a").find("thead").find("a")
    assert "section=A" in sort.attrs["href"] and "pair=11" in sort.attrs["href"]


@pytest.mark.django_db
def test_an_ns_pair_is_highlighted_too(client, pagat):
    tree = parse(client.get(f"/sessions/{pagat.pk}/boards/1/?pair=6&section=A"))
    assert [row[:2] for row in marked(tree, "traveller-a")] == [["6", "12"]]


@pytest.mark.django_db
def test_the_plain_page_and_the_marked_page_are_kept_apart(client, pagat):
    plain = f"/sessions/{pagat.pk}/boards/1/"
    assert marked(parse(client.get(plain)), "traveller-a") == []
    assert len(marked(parse(client.get(plain + "?section=A&pair=11")), "traveller-a")) == 1
    assert len(marked(parse(client.get(plain + "?section=A&pair=5")), "traveller-a")) == 1
    assert marked(parse(client.get(plain)), "traveller-a") == []  # within the 2 seconds too
    assert len(entries("page")) == 3


@pytest.mark.django_db
@pytest.mark.parametrize(
    "query",
    ["?section=A&pair=99", "?section=B&pair=11", "?pair=11", "?section=A", "?section=A&pair="],
)
def test_a_pair_without_a_line_here_is_ignored(client, pagat, query):
    plain = f"/sessions/{pagat.pk}/boards/1/"
    first = client.get(plain)
    asked = client.get(plain + query)
    assert asked.status_code == 200
    assert marked(parse(asked), "traveller-a") == []
    assert "own-line" not in asked.content.decode()
    assert asked.content == first.content
    assert len(entries("page")) == 1  # junk makes no page of its own


@pytest.mark.django_db
def test_it_marks_the_line_in_the_pairs_own_section_only(client, demo):
    # The demo's section A (a Mitchell, pairs 1-14) and B (a Howell, pairs 1-8) both play
    # board 1; B's first line there is between two labels section A has too.
    url = f"/sessions/{demo.pk}/boards/1/"
    first = table_rows(parse(client.get(url)), "traveller-b")[0]
    ns, ew = (cell.split()[0] for cell in first[:2])  # the labels, without the names below
    tree = parse(client.get(f"{url}?section=B&pair={ew}"))
    assert marked(tree, "traveller-a") == []
    assert [[cell.split()[0] for cell in row[:2]] for row in marked(tree, "traveller-b")] == [
        [ns, ew]
    ]
    assert tree.find("p", class_="own-line").text.startswith(
        f"Pair {ew}'s line is highlighted in section B."
    )
    # The next board keeps the pair (marked there too when it played it).
    assert (
        tree.find("a", rel="next").attrs["href"]
        == f"/sessions/{demo.pk}/boards/2/?section=B&pair={ew}"
    )


@pytest.mark.django_db
def test_every_kind_of_line_is_found_from_every_score_card(client, every_ruling):  # noqa: F811
    """Played, passed out, split, weighted, artificial, not played, a phantom and a fouled
    board: from each pair's score card, each board's link marks exactly the line where the
    pair sat, in its own section."""
    publish(every_ruling)
    base = f"/sessions/{every_ruling.pk}"
    checked = 0
    for section, pairs in (("A", range(1, 7)), ("B", range(1, 7))):
        for label in map(str, pairs):
            card = parse(client.get(f"{base}/pairs/{section}/{label}/"))
            for link in card.find("table", id="scorecard-card").find("tbody").find_all("a"):
                href = link.attrs["href"]
                if "/boards/" not in href:
                    continue
                board = parse(client.get(href))
                rows = marked(board, f"traveller-{section.lower()}")
                assert len(rows) == 1 and label in rows[0][:2], (href, rows)
                other = "b" if section == "A" else "a"
                if board.find("table", id=f"traveller-{other}") is not None:
                    assert marked(board, f"traveller-{other}") == []
                checked += 1
    # Section A: 6 pairs x 6 boards; section B: 6 pairs x 3 boards.
    assert checked == 36 + 18


@pytest.mark.django_db
def test_a_marked_board_takes_as_many_queries_at_60_tables_as_at_4(
    client,
    small_and_big,  # noqa: F811
    django_assert_num_queries,
):
    for session in small_and_big:  # pair 1 (NS) plays boards 1-3 at either size
        url = f"/sessions/{session.pk}/boards/2/?section=A&pair=1"
        session_touch(session, amends=False)
        cache.clear()
        with django_assert_num_queries(COLD["board"]):
            response = client.get(url)
        assert len(marked(parse(response), "traveller-a")) == 1
        with django_assert_num_queries(0):
            assert client.get(url).content == response.content
