"""Every field of every table API body is checked for its exact type in one place (the shape
gate, sessions_app/core/json_shapes.py): junk that main's falsy fallbacks and `isdigit()` took as
"4S by N, 10 tricks" is a 400 naming the field, and nothing is stored. Names from a phone are
cleaned and wait for the director."""

from __future__ import annotations

import pytest

from sessions_app.models import Pair, Result, ResultChange, TableWrite
from sessions_app.players.register import player_create
from sessions_app.players.session_names import pairs_set_names

pytestmark = pytest.mark.django_db
GOOD = {"client_id": "c1", "board": 7, "level": 4, "strain": "S", "doubled": 0}
GOOD.update(declarer="N", tricks=10)


def _stored() -> tuple[int, int, int]:
    return Result.objects.count(), ResultChange.objects.count(), TableWrite.objects.count()


@pytest.mark.parametrize(
    ("junk", "error"),
    [
        # ARABIC-INDIC DIGIT FOUR: "٤".isdigit() is True, int("٤") is 4.
        ({"level": "٤"}, "level must be a whole number from 1 to 7 (0: passed out), not '٤'"),
        # FULLWIDTH "10": int("１０") is 10.
        ({"tricks": "１０"}, "tricks must be a whole number from 0 to 13, not '１０'"),
        ({"doubled": []}, 'doubled must be a whole number from 0 to 2 (or "X", "XX"), not []'),
        ({"lead": {}}, "lead must be a card like HK, S10 or CT, not {}"),
        ({"passed_out": 0}, "passed_out must be true or false, not 0"),
    ],
)
def test_junk_is_a_400_naming_its_field_and_nothing_is_stored(table, junk, error):
    t3 = table(3)
    before = _stored()
    answer = t3.post("/api/table/lines", {**GOOD, **junk})
    assert answer.status_code == 400
    assert answer.json() == {"error": error, "field": next(iter(junk))}
    assert _stored() == before == (0, 0, 0)


def test_a_misspelt_field_is_refused_not_dropped(table):
    answer = table(3).post("/api/table/lines", {**GOOD, "led": "HK"})
    assert (answer.status_code, answer.json()["field"]) == (400, "led")
    assert answer.json()["error"].startswith("unknown field 'led': this request takes client_id,")
    assert _stored() == (0, 0, 0)


def test_a_passed_out_board_with_a_contract_is_refused(table):
    answer = table(3).post("/api/table/lines", {**GOOD, "passed_out": True})
    assert answer.json() == {
        "error": 'a passed-out board has no level: send 0 or "" or leave it out, not 4',
        "field": "level",
    }
    assert _stored() == (0, 0, 0)


def test_the_numbers_the_api_takes_as_digits_are_ascii_digits(table):
    # Board 7 (All vulnerable): 4S by N, 10 tricks = 4 x 30 + 500 = +620.
    body = {**GOOD, "board": "7", "level": "4", "tricks": "10", "strain": "s", "doubled": ""}
    answer = table(3).post("/api/table/lines", body)
    assert (answer.status_code, answer.json()["text"]) == (201, "4S by N, 10 tricks (+620)")


def test_a_phones_names_are_cleaned_and_wait_for_the_director(table, in_play, club):
    ann = player_create(club=club, name="Ann Lee")  # someone of the (private) register
    answer = table(3).post(
        "/api/table/players",
        {
            "ns": ["Ann Lee", " Bob\u200b\u202e Ross\x00\t "],  # zero-width, bidi, NUL, tab
            "ew": ["Cy\u0301 \u2066Dunn\u2069", "\x07\u200d"],  # combining accent, isolates
        },
    )
    assert answer.status_code == 200
    pair3, pair10 = in_play.pairs.get(label="3"), in_play.pairs.get(label="10")
    assert (pair3.player1, pair3.player2) == ("Ann Lee", "Bob Ross")
    assert (pair10.player1, pair10.player2) == ("C\u00fd Dunn", "")  # NFC: y + acute = ý
    assert pair3.names_from_table and pair3.player1_ref_id is None  # Ann Lee not linked
    # The director saves the names of another pair: the phone's names still wait.
    pairs_set_names(section=in_play, names=[("1", "Ann Lee", "")])
    pair1, pair3 = in_play.pairs.get(label="1"), in_play.pairs.get(label="3")
    assert pair1.player1_ref_id == ann.pk and not pair1.names_from_table
    assert pair3.player1_ref_id is None
    # The director types pair 3's names: they are the director's now, and linked.
    pairs_set_names(section=in_play, names=[("3", "Ann Lee", "Bob Rosse")])
    pair3 = Pair.objects.get(pk=pair3.pk)
    assert (pair3.player1_ref_id, pair3.names_from_table) == (ann.pk, False)
