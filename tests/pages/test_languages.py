"""The pages in the members' languages (issue 29): every catalogue complete and compiled, the
translated pages with no English left, and which language a visitor gets — their own choice
(the menu), else the club's on its pages, else their browser's — each cached page per language.
"""

from __future__ import annotations

import datetime
import functools
import io
import json
import os
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.core.management import call_command
from django.urls import reverse

from sessions_app.models import Club, Session
from sessions_app.setup.sessions import session_create
from tests.conftest import publish

LOCALE = Path(settings.BASE_DIR) / "locale"
TRANSLATED = [code for code, _ in settings.LANGUAGES if code != "en-gb"]
HIDDEN = ("script", "style", "kbd", "code")


class VisibleText(HTMLParser):
    """The text a reader meets on a page: its text nodes (outside scripts and styles, and
    outside `<kbd>` and `<code>`: what a director types, in the notation's own letters) and
    the attributes read aloud (`aria-label`, `title`, `alt`), each stripped."""

    def __init__(self):
        super().__init__()
        self.texts: list[str] = []
        self.hidden = 0
        self.lang: str | None = None

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "html":
            self.lang = attributes.get("lang")
        if tag in HIDDEN:
            self.hidden += 1
        for name in ("aria-label", "title", "alt"):
            if attributes.get(name):
                self.texts.append(attributes[name].strip())

    def handle_endtag(self, tag):
        if tag in HIDDEN:
            self.hidden -= 1

    def handle_data(self, data):
        if not self.hidden and data.strip():
            self.texts.append(" ".join(data.split()))


def read(page) -> VisibleText:
    parser = VisibleText()
    parser.feed(page.content.decode())
    return parser


@functools.cache
def catalogue(language: str, domain: str = "django") -> polib.POFile:
    """The language's catalogue as the .po says it (read once a test process: the pages'
    walks ask for it on every page)."""
    return polib.pofile(str(LOCALE / language / "LC_MESSAGES" / f"{domain}.po"))


# `django`: the templates' and Python's texts; `djangojs`: the scripts' (static/js, made with
# `makemessages -d djangojs`, embedded in the pages by sessions_app/core/js_words.py).
@pytest.mark.parametrize("domain", ["django", "djangojs"])
@pytest.mark.parametrize("language", TRANSLATED)
def test_every_catalogue_is_complete_and_compiled(language, domain):
    """No entry untranslated or fuzzy, every plural form given, and the .mo that Django reads
    says what the .po says (compile with `manage.py compilemessages` after editing a .po)."""
    po = catalogue(language, domain)
    assert po.untranslated_entries() == [] and po.fuzzy_entries() == []
    forms = int(re.search(r"nplurals=(\d+)", po.metadata["Plural-Forms"])[1])
    for entry in po:
        if entry.msgid_plural:
            assert sorted(entry.msgstr_plural) == list(range(forms)), entry.msgid
            assert all(entry.msgstr_plural.values()), entry.msgid
    compiled = polib.mofile(str(LOCALE / language / "LC_MESSAGES" / f"{domain}.mo"))
    said = {(e.msgctxt, e.msgid): (e.msgstr, e.msgstr_plural) for e in po}
    assert {(e.msgctxt, e.msgid): (e.msgstr, e.msgstr_plural) for e in compiled} == said


def english_left(page, language: str) -> list[str]:
    """The texts of `page` that are a catalogue entry's English although the language says
    it otherwise (a name, a date or a number is nobody's English)."""
    english = set()
    for entry in catalogue(language):
        said = [entry.msgstr] if not entry.msgid_plural else entry.msgstr_plural.values()
        for text in (entry.msgid, entry.msgid_plural):
            if text and text not in said and "%(" not in text:
                english.add(text)
    return [text for text in read(page).texts if text in english]


@pytest.fixture
def clubs(director):
    """Two clubs with a published session each: Riverside (English, the fixture's) and a
    French club, Le Cercle."""
    riverside = director.clubs.get()
    cercle = Club.objects.create(name="Le Cercle", slug="cercle", language="fr")
    for club in (riverside, cercle):
        publish(session_create(club=club, name="Mardi", date=datetime.date(2026, 11, 24)))
    return riverside, cercle


@pytest.mark.django_db
def test_the_home_page_in_each_language_leaves_no_english(client, clubs):
    for language in TRANSLATED:
        page = client.get(reverse("sessions_app:home"), HTTP_ACCEPT_LANGUAGE=language)
        text = read(page)
        assert (text.lang, page["Content-Language"]) == (language, language)
        assert english_left(page, language) == [], language
        assert catalogue(language).find("Latest sessions").msgstr in text.texts, language


@pytest.mark.django_db
def test_the_home_page_in_english_says_each_entry_s_english(client, clubs):
    page = client.get(reverse("sessions_app:home"), HTTP_ACCEPT_LANGUAGE="en")
    text = read(page)
    assert text.lang == "en-gb"
    for words in ("Results", "Latest sessions", "Clubs", "1 session", "Language"):
        assert words in text.texts or any(words in part for part in text.texts), words


@pytest.mark.django_db
def test_a_club_s_pages_are_in_its_language_until_the_visitor_chooses(client, clubs):
    _, cercle = clubs
    club_page = reverse("sessions_app:club", args=[cercle.slug])
    session = cercle.sessions.get()
    ranking = reverse("sessions_app:session", args=[session.pk])
    # A browser asking for English: the French club's pages are French, the home page English.
    for url in (club_page, ranking):
        assert client.get(url, HTTP_ACCEPT_LANGUAGE="en")["Content-Language"] == "fr", url
    assert client.get("/", HTTP_ACCEPT_LANGUAGE="en")["Content-Language"] == "en-gb"
    # The visitor chooses Deutsch in the menu at the foot of the page: back on the same
    # address, in German, and every page after it.
    landed = client.post(reverse("set_language"), {"language": "de", "next": ranking}, follow=True)
    assert landed.redirect_chain == [(ranking, 302)]
    assert landed["Content-Language"] == "de"
    assert 'option value="de" lang="de" selected' in landed.content.decode()
    assert client.get(club_page)["Content-Language"] == "de"
    assert read(client.get("/")).lang == "de"


@pytest.mark.django_db
def test_a_cached_page_is_kept_per_language(client, clubs):
    """The players' ranking page is rendered once per version of its session: once per
    language too, so a visitor who chose Dutch never gets the French copy."""
    riverside, _ = clubs
    ranking = reverse("sessions_app:session", args=[riverside.sessions.get().pk])

    def in_(language):
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
        return client.get(ranking)

    dutch, french = in_("nl"), in_("fr")
    assert (dutch["Content-Language"], french["Content-Language"]) == ("nl", "fr")
    assert ">Taal</label>" in dutch.content.decode()
    assert ">Langue</label>" in french.content.decode()
    assert ">Taal</label>" in in_("nl").content.decode()


@pytest.mark.django_db
def test_a_director_s_pages_of_a_club_are_in_its_language_too(director_client, mitchell):
    club = mitchell.session.club
    club.language = "nl"
    club.save()
    pages = [
        reverse("sessions_app:director_session", args=[mitchell.session_id]),
        reverse("sessions_app:board_entry", args=[mitchell.session_id, "A", 1]),
        reverse("sessions_app:club_settings", args=[club.slug]),
    ]
    for url in pages:
        page = director_client.get(url)
        assert page["Content-Language"] == "nl", url
        assert ">Taal</label>" in page.content.decode(), url
    director_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "sv"
    assert director_client.get(pages[0])["Content-Language"] == "sv"


def test_the_scripts_words_module():
    """static/js/table/words.js, the scripts' gettext on the page: its own tests under Node
    (tests/js/words.test.mjs). Node is on CI (CLUBSCORER_REQUIRE_NODE=1); elsewhere skipped."""
    node = shutil.which("node")
    if node is None:
        if os.environ.get("CLUBSCORER_REQUIRE_NODE") == "1":
            pytest.fail("Node.js is required (CLUBSCORER_REQUIRE_NODE=1) but not installed")
        pytest.skip("Node.js is not installed")
    test_file = Path(settings.BASE_DIR) / "tests" / "js" / "words.test.mjs"
    completed = subprocess.run([node, "--test", test_file], capture_output=True, text=True)
    assert completed.returncode == 0, completed.stdout + completed.stderr


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en-gb", "fr"])
def test_the_table_screen_embeds_its_scripts_words(client, language):
    """The players' screen carries the scripts' catalogue of its language as JSON, before
    words.js and the screen's modules (the service worker keeps the page, so offline too)."""
    page = client.get("/t/K7MQ4P/", HTTP_ACCEPT_LANGUAGE=language)
    html = page.content.decode()
    words = re.search(r'<script id="js-words" type="application/json">(.*?)</script>', html, re.S)
    assert words is not None
    data = json.loads(words[1])
    assert data["language"] == language and isinstance(data["catalog"], dict)
    # The decimal mark its percentages are written with (results_view.js): 56,27% in French.
    assert data["formats"] == {"DECIMAL_SEPARATOR": {"en-gb": ".", "fr": ","}[language]}
    assert (
        html.index('id="js-words"')
        < html.index("js/table/words.js")
        < html.index("js/table/main.js")
    )


@pytest.mark.django_db
def test_a_french_page_writes_its_figures_with_a_decimal_comma(client):
    """The demo's pair 14 of section A: 141.80 matchpoints, 56.27 % in English (as files
    write them); 141,80 and 56,27 on the French page, its rows' cells and the filters' alike."""
    call_command("load_demo", stdout=io.StringIO())
    demo = Session.objects.get(name="Monday Evening Pairs")
    url = reverse("sessions_app:session", args=[demo.pk])
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"
    french = client.get(url).content.decode()
    assert '<td class="num">141.80</td><td class="num">56.27</td>' in english
    assert '<td class="num">141,80</td><td class="num">56,27</td>' in french
    assert "141.80" not in french and "56.27" not in french
