"""Every kind of page in each of the ten languages besides English (issue 29): the players'
pages, the director's, the log-in page and a table's screen, rendered from the demo evening
(`manage.py load_demo`), a competition over it and a second evening in play.

A page is in its language when its `<html lang>` says the language and no English is left on
it. English left is found two ways, so that a text nobody marked for translation is caught
too, not only a marked one whose translation is missing:

- a text that is a catalogue entry's English where the catalogue says it otherwise
  (`english_left` of tests/pages/test_languages.py);
- a text that reads the same in English and in the language and has an English word in it
  ("the", "of", "board" …, `ENGLISH_WORDS`): a name, a number or a contract has none of them.
  Example: "Board 3" on the French page is English left ("board"); "3NT", "Riverside Bridge
  Club" and "12.5" are not (no word of the list, or a name of the demo's).
"""

from __future__ import annotations

import io
import re

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.utils import dates, translation

from sessions_app.interchange.deal_files.formats import DEAL_FORMATS
from sessions_app.models import (
    Club,
    Competition,
    Player,
    ResultChange,
    Session,
    TableCode,
)
from tests.browser.test_table_scoring import build_session
from tests.every_page import autumn_championship, director_pages, public_pages
from tests.pages.test_languages import TRANSLATED, catalogue, english_left, read

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

# Words of English that no name, number, contract or file format on these pages is made of.
ENGLISH_WORDS = frozenset(
    re.findall(
        r"[a-z]+",
        """the and of to for with from this that are is not no on in by at or each every your you
        what which all one board boards pair pairs section round rounds table tables result
        results score scores session sessions player players club clubs director print save delete
        edit new add back next previous page help name names date total average top played
        contract lead declarer made down ranking traveller travellers card cards entered missing
        publish published import export send change changes""",
    )
)


@pytest.fixture
def evening(db):
    """The demo's published evening, a competition over it, and a second evening in play
    (for the console, the table codes and a table's screen)."""
    call_command("load_demo", stdout=io.StringIO())
    demo = Session.objects.get(name="Monday Evening Pairs")
    competition = autumn_championship(demo.club)
    in_play, _ = build_session(demo.club, "Tuesday pairs", in_play=True)
    return demo, competition, in_play


def page_addresses(demo, competition, in_play) -> tuple[dict[str, str], dict[str, str]]:
    """The pages seen logged out (the log-in page, a table's screen, the players' pages, as
    the page cache keeps them) and the director's."""
    code = TableCode.objects.get(section__session=in_play, table=1, revoked_at=None).code
    logged_out = {
        "log-in": "/accounts/login/",
        "table screen": f"/t/{code}/",
        **public_pages(demo, competition),
    }
    return logged_out, director_pages(demo, in_play)


def names_of_the_evening() -> set[str]:
    """The words of what is nobody's English: the demo's names (players, clubs, sessions,
    competitions, the director's user name), the deal files' formats (product names:
    "Duplimate for Windows / Dealer4 (.dlm)"), ECats' address, and the audit trail's notes,
    shown as they were stored ("imported 231 lines from …")."""
    names = [p.name for p in Player.objects.all()]
    names += [c.name for c in Club.objects.all()] + [s.name for s in Session.objects.all()]
    names += list(Competition.objects.values_list("name", flat=True))
    names += list(get_user_model().objects.values_list("username", flat=True))
    names += [deal_format.label for deal_format in DEAL_FORMATS.values()]
    names += [settings.ECATS_ADDRESS, "clubscorer", "Bridgemates"]
    names += list(ResultChange.objects.values_list("note", flat=True))
    names += list(TableCode.objects.values_list("code", flat=True))
    return {word.lower() for name in names for word in re.findall(r"[A-Za-z]+", name)}


def date_words(language: str) -> set[str]:
    """The words of a date in `language`, as Django's date formats write them ("nov", "lundi"):
    the language's own, even where they read like English ("Nov" in French)."""
    with translation.override(language):
        said = [*dates.MONTHS.values(), *dates.MONTHS_3.values(), *dates.MONTHS_AP.values()]
        said += dates.MONTHS_ALT.values()
        said += [*dates.WEEKDAYS.values(), *dates.WEEKDAYS_ABBR.values()]
        return {word.lower() for text in said for word in re.findall(r"[A-Za-z]+", str(text))}


def said_in(language: str) -> re.Pattern:
    """What the language's catalogue says: every translation, a placeholder standing for any
    value. A text it matches is the language's even where it reads like English ("Total",
    "Date", "Table %(table)s" and "Type" in French)."""
    patterns = set()
    for entry in catalogue(language):
        said = [entry.msgstr] if not entry.msgid_plural else entry.msgstr_plural.values()
        for text in said:
            plain = re.escape(" ".join(text.replace("%%", "%").split()))
            patterns.add(re.sub(r"%\\\(\w+\\\)[sd]", ".+", plain))
    return re.compile("|".join(sorted(patterns)))


def unsaid(texts: list[str], names: set[str], said) -> list[str]:
    """Of `texts`, those with a part ("Console — Tuesday pairs": "Console" and the session's
    name) made of more than names and addresses that the language's catalogue does not say."""

    def english(part: str) -> bool:
        words = {w.lower() for w in re.findall(r"[A-Za-z]+", re.sub(r"https?://\S+", "", part))}
        return bool(words - names) and not said.fullmatch(part)

    return [
        text
        for text in texts
        if any(english(part.strip(" :")) for part in re.split(r"\s[—›·]\s|^[—›·]\s", text))
    ]


def same_english(english_texts: list[str], translated: list[str]) -> list[str]:
    """The texts the two renderings share that have an English word."""
    shared = set(english_texts) & set(translated)
    return [
        text
        for text in sorted(shared)
        if {w.lower() for w in re.findall(r"[A-Za-z]+", text)} & ENGLISH_WORDS
    ]


# French walks every page on each database; the nine other languages repeat the walk for
# their catalogues (`words`: not again on CI's PostgreSQL).
@pytest.mark.parametrize(
    "language",
    [code if code == "fr" else pytest.param(code, marks=pytest.mark.words) for code in TRANSLATED],
)
def test_every_kind_of_page_is_in_the_language_with_no_english_left(client, evening, language):
    logged_out, directors = page_addresses(*evening)
    names = names_of_the_evening() | date_words(language)
    said = said_in(language)
    found = {}
    for name, address in [*logged_out.items(), *directors.items()]:
        if name == next(iter(directors)):
            client.force_login(get_user_model().objects.get(username="director"))
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en-gb"
        english = client.get(address)
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
        page = client.get(address)
        assert page.status_code == english.status_code == 200, (name, address)
        text = read(page)
        left = english_left(page, language) + same_english(read(english).texts, text.texts)
        left = unsaid(left, names, said)
        if text.lang != language or left:
            found[name] = (text.lang, left)
    report = [
        f"{name}: lang={lang!r}, English left: {left}" for name, (lang, left) in found.items()
    ]
    assert found == {}, f"{language}:\n" + "\n".join(report)
