"""A file refused, said in the director's language (issue 29): the readers name each problem
as a Message (interchange/refused.py), which the upload page words in its language and the
command line says in English.

A French club's director uploads a travellers CSV, a PBN file and a USEBIO file, each with
problems on several lines, and reads every one in the catalogue's French, the values as the
file has them (`'4Z'`, `'x'`), nothing left in English; the same uploads in English read as
they always have. Then, without the database, the English of the Messages the readers and
FileRefused build: the heading's plural, the problem's line, and the excerpt of a long one.
"""

from __future__ import annotations

import pytest
from django.conf import settings
from django.utils import translation

from sessions_app.interchange.files import read_file
from sessions_app.interchange.refused import (
    FileRefused,
    Problems,
    at_byte,
    at_line,
    excerpt,
    on_board,
)
from sessions_app.rows.words import worded
from sessions_app.scoring.message import Message, gettext_noop, ngettext_lazy
from tests.interchange.test_import_page import upload
from tests.pages.conftest import parse

CSV = b"""board,ns,ew,contract,declarer,tricks
1,1,8,4Z,N,10
2,3,3,4S,N,10
3,1,8,4S,N,14
x,2,7,3NT,S,9
4,2,7,4H,,10
"""
PBN = b"""[Event "Tuesday pairs"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]
1 8 4Z N 10
2 2 4S N 10
3 9 4S N 14

[Board "x"]
"""
USEBIO = b"""<?xml version="1.0"?>
<USEBIO Version="1.2">
<EVENT EVENT_TYPE="MP_PAIRS">
<DATE>31/02/2024</DATE>
<WINNER_TYPE>3</WINNER_TYPE>
<BOARD>
<BOARD_NUMBER>1</BOARD_NUMBER>
<TRAVELLER_LINE>
<NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>8</EW_PAIR_NUMBER>
<CONTRACT>4Z</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>10</TRICKS>
</TRAVELLER_LINE>
<TRAVELLER_LINE>
<NS_PAIR_NUMBER>2</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>
<CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>10</TRICKS>
</TRAVELLER_LINE>
</BOARD>
</EVENT>
</USEBIO>
"""
# name -> (kind, content)
FILES = {"bad.csv": ("csv", CSV), "bad.pbn": ("pbn", PBN), "bad.xml": ("usebio", USEBIO)}
NOT_A_CONTRACT = "'4Z' is not a contract (expected e.g. 4S, 3NT, 4SX, 5DXX or PASS)"
ENGLISH = {
    "bad.csv": [
        "5 problems, nothing imported:",
        f"line 2: {NOT_A_CONTRACT}",
        "line 3: pair 3 cannot play against itself",
        "line 4: 14 tricks is impossible (0-13)",
        "line 5: board 'x' is not a number from 1 up",
        "line 6: 4H needs a declarer (N, E, S or W)",
    ],
    "bad.pbn": [
        "4 problems, nothing imported:",
        f"line 6: board 1: {NOT_A_CONTRACT}",
        "line 7: board 1: pair 2 cannot play against itself",
        "line 8: board 1: 14 tricks is impossible (0-13)",
        "line 10: Board 'x' is not a board number",
    ],
    "bad.xml": [
        "4 problems, nothing imported:",
        "line 3: WINNER_TYPE '3' is not 1 or 2",
        "line 4: DATE '31/02/2024' is not a date that exists",
        f"line 8: board 1: {NOT_A_CONTRACT}",
        "line 12: board 1: pair 2 cannot play against itself",
    ],
}
PAS_UN_CONTRAT = "'4Z' n'est pas un contrat (attendu p. ex. 4P, 3SA, 4PX, 5KXX ou PASSE)"
FRENCH = {
    "bad.csv": [
        "5 problèmes, rien n'est importé :",
        f"ligne 2 : {PAS_UN_CONTRAT}",
        "ligne 3 : la paire 3 ne peut pas jouer contre elle-même",
        "ligne 4 : 14 levées, c'est impossible (0-13)",
        "ligne 5 : la donne 'x' n'est pas un nombre à partir de 1",
        "ligne 6 : 4H a besoin d'un déclarant (N, E, S ou W)",
    ],
    "bad.pbn": [
        "4 problèmes, rien n'est importé :",
        f"ligne 6 : donne 1 : {PAS_UN_CONTRAT}",
        "ligne 7 : donne 1 : la paire 2 ne peut pas jouer contre elle-même",
        "ligne 8 : donne 1 : 14 levées, c'est impossible (0-13)",
        "ligne 10 : Board 'x' n'est pas un numéro de donne",
    ],
    "bad.xml": [
        "4 problèmes, rien n'est importé :",
        "ligne 3 : WINNER_TYPE '3' n'est ni 1 ni 2",
        "ligne 4 : DATE '31/02/2024' n'est pas une date qui existe",
        f"ligne 8 : donne 1 : {PAS_UN_CONTRAT}",
        "ligne 12 : donne 1 : la paire 2 ne peut pas jouer contre elle-même",
    ],
}
# What only the English says: none of it may show on the French page.
ENGLISH_WORDS = ("problem", "nothing imported", "line ", "board ", "is not", "pair ", "needs")


def shown_problems(response) -> list[str]:
    """The problems the upload page lists above its form."""
    errors = parse(response).find("div", class_="form-errors")
    return [item.text for item in errors.find_all("li")]


def refused(name: str) -> FileRefused:
    kind, content = FILES[name]
    with pytest.raises(FileRefused) as error:
        read_file(content, kind=kind)
    return error.value


def upload_in(client, director, name: str, language: str):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return upload(client, director, name, FILES[name][1], date="2026-11-16")


@pytest.mark.django_db
@pytest.mark.parametrize("name", FILES)
def test_a_french_director_reads_a_bad_file_s_problems_in_french(director_client, director, name):
    director.clubs.update(language="fr")
    shown = shown_problems(upload_in(director_client, director, name, "fr"))

    assert shown == FRENCH[name]
    assert not set(shown) & set(refused(name).lines)
    assert not [line for line in shown if any(word in line for word in ENGLISH_WORDS)]


@pytest.mark.django_db
@pytest.mark.parametrize("name", FILES)
def test_the_same_upload_in_english_reads_as_it_always_has(director_client, director, name):
    shown = shown_problems(upload_in(director_client, director, name, "en-gb"))

    assert shown == ENGLISH[name] == refused(name).lines


@pytest.mark.django_db
def test_a_long_quoted_value_is_cut_in_the_page_s_language(director_client, director):
    contract = "4" + "S" * 1000
    content = f"board,ns,ew,contract,declarer,tricks\n1,1,8,{contract},N,10\n".encode()
    director_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"
    response = upload(director_client, director, "long.csv", content, date="2026-11-16")

    heading, problem = shown_problems(response)
    assert heading == "1 problème, rien n'est importé :"
    assert problem.startswith("ligne 2 : '4SSSS") and problem.endswith("5KXX ou PASSE)")
    assert " … (" in problem and "caractères omis) … " in problem and len(problem) < 300


def test_the_heading_says_one_problem_and_several_problems():
    assert FileRefused(["line 3: x"]).lines == ["1 problem, nothing imported:", "line 3: x"]
    assert FileRefused(["a", "b"]).lines[0] == "2 problems, nothing imported:"
    with translation.override("fr"):
        assert FileRefused(["a", "b"]).said(worded)[0] == "2 problèmes, rien n'est importé :"
    with translation.override("pl"):
        assert FileRefused(["a"] * 5).said(worded)[0] == "5 problemów, nic nie zaimportowano:"


def test_a_problem_is_named_by_its_line_byte_and_board_in_english():
    reason = Message(gettext_noop("pair %(pair)s cannot play against itself"), {"pair": "3"})

    assert (
        str(at_line(12, on_board(3, reason)))
        == "line 12: board 3: pair 3 cannot play against itself"
    )
    assert str(at_byte(130, reason)) == "byte 130: pair 3 cannot play against itself"
    with translation.override("de"):
        assert worded(at_line(12, on_board(3, reason))) == (
            "Zeile 12: Board 3: Paar 3 kann nicht gegen sich selbst spielen"
        )


def test_a_plural_message_says_its_english_by_its_count():
    def problems(count: int) -> str:
        return str(ngettext_lazy("%(count)s problem", "%(count)s problems", count))

    assert [problems(0), problems(1), problems(2)] == ["0 problems", "1 problem", "2 problems"]


def test_an_excerpt_counts_what_it_leaves_out_with_a_real_plural():
    assert excerpt("x" * 241) == f"{'x' * 160} … (1 character left out) … {'x' * 80}"
    assert excerpt("x" * 2240) == f"{'x' * 160} … (2,000 characters left out) … {'x' * 80}"


def test_a_reader_stopped_at_its_hundredth_problem_says_so_in_english():
    found = Problems()
    with pytest.raises(FileRefused) as stopped:
        for line in range(2, 200):
            found.append(at_line(line, Message(gettext_noop("the pair label is missing"))))
    assert stopped.value.lines[0] == "101 problems, nothing imported:"
    assert stopped.value.lines[-1] == (
        "line 101: 100 problems: the file was read no further (correct these and import it again)"
    )
