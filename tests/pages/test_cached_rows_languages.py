"""What the players' pages keep across requests never freezes the first visitor's language
(issue 29): the tables' headings are lazy, the winners kept in the cache say their field in
each page's language, and a contract cell kept for the next line with the same ruling is kept
per language. Each page is asked in English, then French, then English again, the caches warm.

French here says a few words its own way (a fake catalogue over the real one), so the test
holds whatever the French catalogue says.
"""

from __future__ import annotations

import pytest
from django.conf import settings
from django.core.cache import cache
from django.urls import reverse
from django.utils.functional import Promise
from django.utils.translation import trans_real

from sessions_app.core.cache_keys import cache_entry
from sessions_app.entry.lines import LineInput, result_save
from sessions_app.scoring.rulings import parse_ruling
from tests.conftest import PAGAT_BOARD_1, publish

from .conftest import PAGAT_NAMES, parse, row_for

# A catalogue's entries: msgid, or "context\x04msgid" for a message with a context.
FRENCH_WORDS = {
    "North-South, abbreviated\x04NS": "N-S",
    "East-West, abbreviated\x04EW": "E-O",
    "Traveller": "Feuille de marque",
    "bridge score\x04Score": "Marque",
    "place in a ranking\x04Place": "Rang",
    "short for a director's adjusted score\x04adj": "arb",
}


class SaysFrench:
    """The French translation, but for `FRENCH_WORDS`."""

    def __init__(self, real):
        self.real = real

    def gettext(self, message):
        return FRENCH_WORDS.get(message) or self.real.gettext(message)

    def __getattr__(self, name):
        return getattr(self.real, name)


@pytest.fixture
def french(monkeypatch):
    monkeypatch.setitem(trans_real._translations, "fr", SaysFrench(trans_real.translation("fr")))


def in_(client, language: str, url: str):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client.get(url)


@pytest.mark.django_db
def test_the_ranking_s_headings_are_each_page_s(client, make_session, french):
    session = make_session(PAGAT_BOARD_1, PAGAT_NAMES, name="Pagat", publish=True)
    url = reverse("sessions_app:session", args=[session.pk])

    def headings(page):
        return [th.text for th in parse(page).find("table").find("thead").find_all("th")]

    english = headings(in_(client, "en-gb", url))
    assert english[0] == "Place"
    assert headings(in_(client, "fr", url))[0] == "Rang"
    assert headings(in_(client, "en-gb", url)) == english
    cache.clear()  # rendered anew, after a French page built the same tables
    assert headings(in_(client, "en-gb", url)) == english


@pytest.mark.django_db
def test_the_winners_kept_in_the_cache_say_their_field_in_each_visitor_s_language(
    client, make_session, french
):
    session = make_session(PAGAT_BOARD_1, PAGAT_NAMES, name="Pagat", publish=True)
    club = reverse("sessions_app:club", args=[session.club.slug])

    def fields(page):
        return [span.text for span in parse(page).find_all("span", class_="field")]

    assert fields(in_(client, "en-gb", club)) == ["NS:", "EW:"]
    assert fields(in_(client, "fr", club)) == ["N-S:", "E-O:"]  # from the cache, kept lazy
    assert fields(in_(client, "en-gb", club)) == ["NS:", "EW:"]
    kept = cache.get(cache_entry("winners", session).key)
    assert [winner.label for winner in kept] == ["3", "12"]
    assert all(isinstance(winner.field, Promise) for winner in kept)


@pytest.mark.django_db
def test_a_kept_contract_cell_is_said_in_each_page_s_language(client, mitchell, french):
    line = LineInput(1, "7", "13", parse_ruling("4S N 10 / 4S N 9", "None"))
    result_save(section=mitchell, line=line, confirmed=True)
    publish(mitchell.session)
    url = reverse("sessions_app:board", args=[mitchell.session_id, 1])

    def cells(page):
        tree = parse(page)
        return row_for(tree, tree.find("table").attrs["id"], "7")

    english = cells(in_(client, "en-gb", url))
    assert (english["Contract"], english["Score"]) == ("4♠ adj", "+420 / -50")
    cache.clear()  # the pages, not the contract cells each language keeps
    french_cells = cells(in_(client, "fr", url))
    assert (french_cells["Contrat"], french_cells["Marque"]) == ("4♠ arb", "+420 / -50")
    assert cells(in_(client, "en-gb", url)) == english
    cache.clear()
    assert cells(in_(client, "en-gb", url)) == english
