"""A director types a board's traveller in English, then, once the club's settings say French,
the same results in French letters on another board, then in Dutch (issue 29): at 30 ms a key,
Enter after each line, without waiting for the server. Every line is stored as the English
notation reads it, and the grid shows it back in the club's letters.

Boards 1, 8 and 11 of the `mitchell` fixture are vulnerable None and are each played 7 times.
Law 77, nobody vulnerable: 4S by N making 10 = 120 + 300 = +420; 3NT by S one down = -50;
4HX by W two down = 100 + 200 = +300 to NS; 2DXX by E with an overtrick = 160 + 300 + 100
(insult) + 200 (the overtrick) = -760; 1C by N making 7 = 20 + 50 = +70; passed out = 0;
5C by S making 11 = 100 + 300 = +400.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from sessions_app.models import Result

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "correct horse battery staple"
TYPED = {
    "en": ["4sn10", "3nt-1 s", "4hx-2 w", "2dxx+1 e", "1cn7", "pass", "5c= s"],
    "fr": ["4pn10", "3sa-1 s", "4cx-2 o", "2kxx+1 e", "1tn7", "passe", "5t= s"],
    "nl": ["4sn10", "3sa-1 z", "4hx-2 w", "2rxx+1 o", "1kn7", "pas", "5k= z"],
}
SCORES = [420, -50, 300, -760, 70, 0, 400]
SHOWN = {  # what the grid shows back, in the club's letters
    "fr": ["4P N 10", "3SA S 8", "4CX O 8", "2KXX E 9", "1T N 7", "PASSE", "5T S 11"],
    "nl": ["4S N 10", "3SA Z 8", "4HX W 8", "2RXX O 9", "1K N 7", "PAS", "5K Z 11"],
}
SAVED = """count => [...Array(count).keys()].every(row => {
  const tr = document.querySelector(`tr[data-row='${row}']`);
  return tr.classList.contains('saved') && !tr.classList.contains('pending'); })"""


def log_in(page, url: str) -> None:
    user = get_user_model().objects.get(username="dora")
    user.set_password(PASSWORD)
    user.save()
    page.goto(f"{url}/accounts/login/")
    page.fill("input[name=username]", "dora")
    page.fill("input[name=password]", PASSWORD)
    with page.expect_navigation():
        page.click("button[type=submit]")


def choose_language(page, url: str, club, language: str) -> None:
    page.goto(f"{url}/director/clubs/{club.slug}/settings/")
    page.select_option("select[name=language]", language)
    with page.expect_navigation():
        page.click("button[type=submit]")
    # Said in the language the club had until now ("Réglages de … enregistrés.").
    assert club.name in page.locator(".messages").inner_text()
    club.refresh_from_db()
    assert club.language == language


def type_board(page, url: str, section, board: int, lines: list[str]) -> list[str]:
    """Type `lines` on the board's grid, Enter after each, and return what the grid shows
    once they are saved."""
    page.goto(f"{url}/director/sessions/{section.session_id}/sections/A/boards/{board}/")
    page.wait_for_function("() => document.activeElement.name === 'r0-entry'")
    page.keyboard.type("".join(f"{line}\n" for line in lines), delay=30)
    page.wait_for_function(SAVED, arg=len(lines))
    page.reload()
    return [page.input_value(f"input[name=r{row}-entry]") for row in range(len(lines))]


def stored(board: int) -> list[tuple]:
    lines = Result.objects.filter(board__number=board).order_by("round", "table")
    return [
        (line.level, line.strain, line.doubled, line.declarer, line.tricks, line.score_ns)
        for line in lines
    ]


def test_french_and_dutch_notation_store_what_english_does(live_server, page, mitchell):
    club = mitchell.session.club
    log_in(page, live_server.url)
    assert type_board(page, live_server.url, mitchell, 1, TYPED["en"])[0] == "4S N 10"
    english = stored(1)
    assert [line[-1] for line in english] == SCORES

    choose_language(page, live_server.url, club, "fr")
    assert (  # the club's pages are in French now, the grid's help too
        "Tapez le résultat en notation Français"
        in page.goto(
            f"{live_server.url}/director/sessions/{mitchell.session_id}/sections/A/boards/8/"
        ).text()
    )
    assert type_board(page, live_server.url, mitchell, 8, TYPED["fr"]) == SHOWN["fr"]
    assert stored(8) == english

    choose_language(page, live_server.url, club, "nl")
    assert type_board(page, live_server.url, mitchell, 11, TYPED["nl"]) == SHOWN["nl"]
    assert stored(11) == english
