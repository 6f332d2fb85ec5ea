"""The director's help page: reached from every director page, and every example of the
result notation it gives is read by the parser the grid uses, to the meaning the page says.

The meanings in the page are written by hand from Law 77 on a board nobody is vulnerable on
(board 1): 4S by N making 10 tricks = 4 x 30 + 300 game bonus = +420; 3NT by S one off = -50;
4SX by E with an overtrick = -(2 x 120 + 50 insult + 300 game + 100 doubled overtrick) = -690.
"""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.urls import reverse

from sessions_app.scoring.contract import ContractError
from sessions_app.scoring.notation_words import NOTATIONS
from sessions_app.scoring.rulings import parse_ruling

EXAMPLE = re.compile(
    r'<tr class="example">\s*<td><kbd>(?P<typed>[^<]+)</kbd></td>\s*<td>(?P<means>[^<]+)</td>'
)
REFUSED = re.compile(
    r'<tr class="refused">\s*<td><kbd>(?P<typed>[^<]+)</kbd></td>\s*<td>(?P<says>[^<]+)</td>'
)
HELP_LINK = re.compile(r'<a href="(?P<href>[^"]+)"[^>]*>Help</a>')


def help_page(client):
    """The help page as a director reaches it: following the Help link of the session page."""
    return client.get("/help/", follow=True)


@pytest.mark.django_db
def test_it_links_every_director_page_to_the_help_page(director_client, mitchell):
    session_id = mitchell.session_id
    pages = [
        reverse("sessions_app:director_home"),
        reverse("sessions_app:director_session", args=[session_id]),
        reverse("sessions_app:board_entry", args=[session_id, "A", 1]),
        reverse("sessions_app:section_edit", args=[session_id, "A"]),
        reverse("sessions_app:pair_absence", args=[session_id, "A"]),
        reverse("sessions_app:import_session"),
    ]
    for url in pages:
        page = director_client.get(url, follow=True)
        assert page.status_code == 200, url
        link = HELP_LINK.search(page.text)
        assert link, f"no Help link on {url}"
        landed = director_client.get(link["href"], follow=True)
        assert landed.status_code == 200
        assert "<h1>Help for the director</h1>" in landed.text


@pytest.mark.django_db
def test_it_explains_the_notation_rulings_publishing_and_printing(director_client):
    page = help_page(director_client)
    assert page.status_code == 200
    headings = re.findall(r"<h2 id=\"([a-z-]+)\">", page.text)
    assert headings == [
        "entering",
        "notation",
        "languages",
        "rulings",
        "missing",
        "at-the-table",
        "publishing",
        "printing",
    ]


@pytest.mark.django_db
def test_every_notation_example_is_read_as_the_page_says(director_client):
    page = help_page(director_client).text
    examples = [(unescape(m["typed"]), unescape(m["means"])) for m in EXAMPLE.finditer(page)]
    # one at least of each kind of line the grid takes
    assert len(examples) >= 20
    kinds = set()
    for typed, means in examples:
        ruling = parse_ruling(typed, "None")  # board 1: nobody vulnerable
        assert ruling.words == means, typed
        kinds.add(ruling.kind)
    assert kinds == {"played", "assigned", "split", "weighted", "artificial", "not_played"}
    assert ("4sx+1 e", "4SX by E, 11 tricks (-690)") in examples
    assert ("3nt-1 s", "3NT by S, 8 tricks (-50)") in examples


@pytest.mark.django_db
def test_every_refused_example_is_refused_with_the_words_the_page_gives(director_client):
    page = help_page(director_client).text
    refused = [(unescape(m["typed"]), unescape(m["says"])) for m in REFUSED.finditer(page)]
    assert len(refused) >= 3
    for typed, says in refused:
        with pytest.raises(ContractError) as error:
            parse_ruling(typed, "None")
        assert str(error.value) == says, typed


@pytest.mark.django_db
def test_each_language_s_letters_are_the_ones_its_grid_reads(director_client):
    """The table of letters by language: French and Dutch as their federations write them,
    and each language's 4S by N, 10 tricks read by its grid as +420."""
    page = help_page(director_client).text
    table = page[page.index('<table class="compact help-languages">') :]
    table = table[: table.index("</table>")]
    names = re.findall(r'<th scope="col">([^<]+)</th>', table)
    rows = {}
    for row in re.findall(r'<tr><th scope="row">(.*?)</tr>', table, re.S):
        cells = [unescape(cell) for cell in re.findall(r">([^<>]+)</(?:th|td|kbd)>", f">{row}")]
        rows[cells[0]] = dict(zip(names, cells[1:], strict=True))
    columns = {name: [rows[what][name] for what in rows] for name in names}
    assert list(rows) == [
        "♠",
        "♥",
        "♦",
        "♣",
        "No trumps",
        "Seats N E S W",
        "Passed out",
        "4♠ by N, 10 tricks",
    ]
    assert columns["French"] == ["P", "C", "K", "T", "SA", "N, E, S, O", "passe", "4pn10"]
    assert columns["Dutch"] == ["S", "H", "R", "K", "SA", "N, O, Z, W", "pas", "4sn10"]
    assert columns["English"] == ["S", "H", "D", "C", "NT", "N, E, S, W", "pass", "4sn10"]
    by_name = {notation.name: notation for notation in NOTATIONS.values()}
    assert set(columns) == set(by_name)
    for name, cells in columns.items():
        ruling = parse_ruling(cells[-1], "None", by_name[name])
        assert ruling.words == "4S by N, 10 tricks (+420)", name
