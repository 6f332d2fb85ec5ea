"""The results e-mail in each of the ten languages besides English (issue 29): the club's
language says the subject and every line of the body, no English left, and the percentage
with the language's decimal mark.

The evening of tests/mail/evening.py: Ann (pair 1) is "3= of 14, 83.33%" and Bob (pair 9)
"5th of 14, 66.67%" (its docstring has the arithmetic). English left is found as on the pages
(tests/pages/test_every_page_in_every_language.py): a line the English e-mail and the
translated one share that has an English word in it and is neither a name nor what the
language's catalogue says. Example: "All the results: https://…" left in the French e-mail
would be English left ("all", "the", "results"); "Ann Lee" is a name.
"""

from __future__ import annotations

import pytest

from sessions_app.mail.message import result_message
from sessions_app.models import ResultMail
from sessions_app.setup.status import session_set_status
from tests.mail.evening import play_board_1
from tests.pages.test_every_page_in_every_language import (
    date_words,
    said_in,
    same_english,
    unsaid,
)
from tests.pages.test_languages import TRANSLATED

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

NAMES = {"ann", "lee", "bob", "ray", "tuesday", "pairs", "riverside", "bridge", "club"}


def texts(message) -> list[str]:
    """The subject and each line of the body, with the link cut off a line that ends in one
    (the address is nobody's English)."""
    lines = [message.subject, *message.body.splitlines()]
    return [line.split("http")[0].strip() for line in lines if line.split("http")[0].strip()]


def messages(mitchell, language) -> dict[str, object]:
    club = mitchell.session.club
    club.language = language
    club.save(update_fields=["language"])
    said = {}
    for name in ("Ann Lee", "Bob Ray"):
        mail = ResultMail.objects.get(player__name=name)
        said[name] = result_message(mail)
    return said


@pytest.fixture
def published(mitchell):
    play_board_1(mitchell)
    session = mitchell.session
    for status in ("in_play", "final"):
        session_set_status(session=session, status=status)
    # Published with the other boards unplayed (the players see it marked provisional); the
    # e-mails of Ann and Bob are queued.
    session_set_status(session=session, status="published", publish_incomplete=True)
    return mitchell


def test_the_results_mail_is_in_the_clubs_language_with_no_english_left(published):
    english = messages(published, "en-gb")
    assert english["Ann Lee"].subject == "Tuesday pairs, 17 Nov 2026: 3= of 14, 83.33%"
    assert "Pair A1 (Ann Lee): 3= of 14, 83.33%." in english["Ann Lee"].body
    assert "Pair A9 (Bob Ray): 5th of 14, 66.67%." in english["Bob Ray"].body
    figure = {"Ann Lee": "83,33", "Bob Ray": "66,67"}
    found = {}
    for language in TRANSLATED:
        translated = messages(published, language)
        names, said = NAMES | date_words(language), said_in(language)
        for name, message in translated.items():
            left = unsaid(same_english(texts(english[name]), texts(message)), names, said)
            marked = figure[name] in message.subject and figure[name] in message.body
            if left or not marked or figure[name].replace(",", ".") in message.body:
                found[language, name] = (message.subject, left)
    assert found == {}, found
