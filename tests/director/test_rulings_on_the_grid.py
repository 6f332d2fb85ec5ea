"""Rulings on the director's pages (issue 12 items 1, 4, 6, 7 and 9): a weighted or split line
keeps its board usable, is shown as what it is everywhere, is never replaced by a slip of the
keyboard, and the grid's matchpoints follow every save.

Board 1 of the 7-table Mitchell fixture (`mitchell`) is vulnerable None and is played 7 times
(E = 7); with two lines on it, raw matchpoints on 2/1 (top 2) are factored by Neuberg:
(M + 1) * 7/2 - 1, to a top of 12.
"""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from sessions_app.models import Result
from sessions_app.setup.sessions import section_save

from .test_views import entry_inputs

WEIGHTS = "30% 4S N 10\n70% 3NT S 8"
WEIGHTED_WORDS = "weighted: 30% of 4S by N, 10 tricks (+420) + 70% of 3NT by S, 8 tricks (-50)"
SPLIT_WORDS = "split: NS 4S by N, 10 tricks (+420), EW 4S by N, 9 tricks (-50)"


def adjust(client, section, **data):
    url = reverse("sessions_app:line_adjust", args=[section.session_id, section.name, 1])
    base = {
        "ns": "1",
        "ew": "8",
        "round": 1,
        "table": 1,
        "foul_group": 0,
        "ns_artificial": "A",
        "ew_artificial": "A",
    }
    return client.post(url, {**base, **data}, follow=True)


def save(client, section, **data):
    url = reverse("sessions_app:line_save", args=[section.session_id, section.name])
    return client.post(url, {"board": 1, **data}).json()


@pytest.mark.django_db
def test_it_keeps_a_board_with_a_weighted_ruling_usable(director_client, mitchell):
    save(director_client, mitchell, ns="7", ew="13", round=2, table=7, entry="4sn10")
    page = adjust(director_client, mitchell, kind="weighted", weights=WEIGHTS, reason="revoke")
    # Lands on the board's entry page (it answered 500 on Python 3.11: Fraction has no :g).
    assert page.status_code == 200 and page.redirect_chain[-1][0].endswith("/boards/1/")
    html = page.content.decode()
    assert f"Board 1: 1 v 8 saved ({WEIGHTED_WORDS})." in html
    # 1 v 8 against 7 v 13's +420: 30% of a tie (1) + 70% of a loss (0) = 0.3 raw;
    # Neuberg (0.3 + 1) * 7/2 - 1 = 3.55 NS, 12 - 3.55 = 8.45 EW.
    assert entry_inputs(html, 0)["entry"] == "30% 4S N 10; 70% 3NT S 8"
    assert re.search(r'class="num mp-ns"[^>]*>3.55</td>', html)
    assert re.search(r'class="num mp-ew"[^>]*>8.45</td>', html)
    assert "weighted" in html and WEIGHTED_WORDS in html
    line = Result.objects.get(ns__label="1")
    slip = director_client.get(
        reverse("sessions_app:table_entry", args=[mitchell.session_id, "A", 1, 1])
    )
    assert slip.status_code == 200 and WEIGHTED_WORDS in slip.content.decode()
    form = director_client.get(
        reverse("sessions_app:line_adjust", args=[mitchell.session_id, "A", 1]),
        {"result": line.pk},
    ).content.decode()
    assert "30% 4S N 10\n70% 3NT S 8</textarea>" in form and 'value="revoke"' in form


@pytest.mark.django_db
def test_it_refuses_a_stale_save_of_a_weighted_line_in_words(director_client, mitchell):
    adjust(director_client, mitchell, kind="weighted", weights=WEIGHTS)
    line = Result.objects.get()
    answer = save(
        director_client,
        mitchell,
        ns="1",
        ew="8",
        entry="4sn11",
        result_id=line.pk,
        version=line.version + 5,
    )
    assert not answer["ok"] and answer["stale"]
    assert f"it now reads {WEIGHTED_WORDS}. Your change was not saved" in answer["error"]
    assert Result.objects.get().kind == "weighted"


@pytest.mark.django_db
def test_it_shows_a_split_line_as_split_and_asks_before_replacing_it(director_client, mitchell):
    page = adjust(director_client, mitchell, kind="split", result="4sn10", ew_result="4sn9")
    html = page.content.decode()
    assert entry_inputs(html, 0)["entry"] == "4S N 10 / 4S N 9"
    assert re.search(r'class="num score"[^>]*>\+420 / -50</td>', html) and SPLIT_WORDS in html
    line = Result.objects.get()
    retyped = save(
        director_client,
        mitchell,
        ns="1",
        ew="8",
        round=1,
        table=1,
        entry="4sn11",
        result_id=line.pk,
        version=line.version,
    )
    assert not retyped["ok"] and retyped["warning"]
    assert retyped["error"] == (
        f"This line is a ruling ({SPLIT_WORDS}); saving replaces it with 4S by N, 11 tricks"
        " (+450). Enter again to save it anyway."
    )
    assert Result.objects.get().kind == "split"
    confirmed = save(
        director_client,
        mitchell,
        ns="1",
        ew="8",
        round=1,
        table=1,
        entry="4sn11",
        result_id=line.pk,
        version=line.version,
        confirmed="1",
    )
    assert confirmed["ok"] and confirmed["text"] == "4S N 11"
    assert Result.objects.get().kind == "played"


@pytest.mark.django_db
def test_it_takes_a_split_typed_on_the_grid(director_client, mitchell):
    answer = save(director_client, mitchell, ns="1", ew="8", round=1, table=1, entry="4sn10 / 4sn9")
    assert answer["ok"] and answer["kind"] == "split" and answer["describe"] == SPLIT_WORDS
    assert answer["score"] == "+420 / -50"


@pytest.mark.django_db
def test_the_changes_page_says_what_a_weighted_and_a_split_line_are(director_client, mitchell):
    adjust(director_client, mitchell, kind="weighted", weights=WEIGHTS)
    save(director_client, mitchell, ns="7", ew="13", entry="4sn10 / 4sn9", confirmed="1")
    html = director_client.get(
        reverse("sessions_app:changes", args=[mitchell.session_id])
    ).content.decode()
    assert f"1 v 8: {WEIGHTED_WORDS}" in html and f"7 v 13: {SPLIT_WORDS}" in html
    assert "None" not in html


@pytest.mark.django_db
def test_a_save_answers_the_new_matchpoints_of_every_line_of_the_board(director_client, mitchell):
    first = save(director_client, mitchell, ns="1", ew="8", entry="4sn10")
    second = save(director_client, mitchell, ns="7", ew="13", entry="3nts9")  # +400
    # 420 beats 400: raw 2 and 0 -> Neuberg (2 + 1) * 7/2 - 1 = 9.5 and (0 + 1) * 7/2 - 1 = 2.5.
    assert second["lines"] == {
        str(first["result_id"]): {"mp_ns": "9.5", "mp_ew": "2.5"},
        str(second["result_id"]): {"mp_ns": "2.5", "mp_ew": "9.5"},
    }


@pytest.mark.django_db
def test_next_board_stops_at_the_sections_last_board(director_client, mitchell):
    # Boards 1-15; section A has 1-21.
    section = section_save(
        session=mitchell.session, name="B", movement="mitchell", tables=5, boards_per_round=3
    )
    html = director_client.get(
        reverse("sessions_app:board_entry", args=[mitchell.session_id, section.name, 15])
    ).content.decode()
    assert "Save, board 16" not in html and 'id="next-board"' not in html
    assert "/sections/B/boards/15/" in html and "/sections/B/boards/16/" not in html


@pytest.mark.django_db
@pytest.mark.parametrize("board", ["abc", "1.5", "", "99999999999999999999", "1\x00"])
def test_the_preview_answers_junk_boards_in_words(director_client, mitchell, board):
    url = reverse("sessions_app:entry_preview", args=[mitchell.session_id])
    answer = director_client.get(url, {"board": board, "text": "4sn10"}).json()
    assert not answer["ok"] and answer["error"].startswith("Board ")


@pytest.mark.django_db
def test_the_adjust_page_answers_junk_line_ids_in_words(director_client, mitchell):
    url = reverse("sessions_app:line_adjust", args=[mitchell.session_id, "A", 1])
    page = director_client.get(url, {"result": "abc"})
    assert page.status_code == 404 and "Line &#x27;abc&#x27; is not a number" in page.text
    posted = director_client.post(
        url, {"result_id": "abc", "ns": "1", "ew": "8", "kind": "not_played", "foul_group": 0}
    )
    assert posted.status_code == 404 and not Result.objects.exists()


@pytest.mark.django_db
def test_a_free_form_section_without_lines_is_not_complete(director_client, mitchell):
    section_save(session=mitchell.session, name="F", boards=3)  # free-form, no lines yet
    html = director_client.get(
        reverse("sessions_app:section_missing", args=[mitchell.session_id, "F"])
    ).content.decode()
    assert "Every scheduled result is in." not in html


@pytest.mark.django_db
def test_restore_is_offered_once(director_client, mitchell):
    answer = save(director_client, mitchell, ns="1", ew="8", entry="4sn10")
    director_client.post(
        reverse("sessions_app:line_delete", args=[mitchell.session_id, "A"]),
        {"result_id": answer["result_id"], "version": answer["version"]},
    )
    changes = reverse("sessions_app:changes", args=[mitchell.session_id])
    deleted = director_client.get(changes).content.decode()
    assert deleted.count(">Restore</button>") == 1
    restore = re.search(r'action="([^"]*/restore/)"', deleted)[1]
    page = director_client.post(restore, follow=True).content.decode()
    assert "Board 1, 1 v 8 restored." in page and ">Restore</button>" not in page
    assert ">restored</span>" in page
    again = director_client.post(restore, follow=True).content.decode()
    assert "This line has already been restored." in again
    assert Result.objects.count() == 1


@pytest.mark.django_db
def test_restoring_keeps_the_changes_list_filtered(director_client, mitchell):
    answer = save(director_client, mitchell, ns="1", ew="8", entry="4sn10")
    director_client.post(
        reverse("sessions_app:line_delete", args=[mitchell.session_id, "A"]),
        {"result_id": answer["result_id"], "version": answer["version"]},
    )
    changes = reverse("sessions_app:changes", args=[mitchell.session_id])
    listed = director_client.get(changes, {"board": "1", "kind": "delete"}).content.decode()
    restore = re.search(r'action="([^"]*/restore/)"', listed)[1]
    back = re.search(r'name="back" value="([^"]*)"', listed)[1]
    page = director_client.post(restore, {"back": back.replace("&amp;", "&")}, follow=True)
    assert page.redirect_chain[-1][0] == f"{changes}?board=1&kind=delete"
    assert "Board 1, 1 v 8 restored." in page.content.decode()


@pytest.mark.django_db
def test_a_lead_that_is_no_card_is_refused_not_stored(director_client, mitchell):
    refused = save(
        director_client, mitchell, ns="1", ew="8", round=1, table=1, entry="4sn10", lead="XYZ"
    )
    assert refused["error"] == "The lead 'XYZ' is not a card like HK, S10 or CT."
    assert not Result.objects.exists()
    taken = save(
        director_client, mitchell, ns="1", ew="8", round=1, table=1, entry="4sn10", lead="10h"
    )
    assert taken["ok"]
    assert Result.objects.get().lead == "10H"  # read as the ten of hearts everywhere


@pytest.mark.django_db
def test_a_lead_on_a_passed_out_board_is_refused_as_a_phone_is(director_client, mitchell):
    refused = save(
        director_client, mitchell, ns="1", ew="8", round=1, table=1, entry="pass", lead="HK"
    )
    assert refused["error"] == "A passed-out board has no opening lead, not 'HK'."
    assert not Result.objects.exists()
    taken = save(director_client, mitchell, ns="1", ew="8", round=1, table=1, entry="pass")
    assert taken["ok"]
    assert Result.objects.get().lead == ""
