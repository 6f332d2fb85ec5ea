"""The director's pages through the test client: set-up, entry, corrections, permissions."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from django.urls import reverse

from sessions_app.core.results import session_results
from sessions_app.models import Pair, Result, ResultChange, Section, Session


def entry_inputs(html: str, index: int) -> dict[str, str]:
    return dict(re.findall(rf'name="r{index}-([a-z_]+)" value="([^"]*)"', html))


@pytest.mark.django_db
def test_it_sets_up_a_session_from_the_forms(director_client, director):
    response = director_client.post(
        reverse("sessions_app:session_new"),
        {
            "club": director.clubs.get().pk,
            "name": "Friday pairs",
            "date": "2026-11-20",
            "scale": "2/1",
            "method": "mp",
            "butler_discard": "1",
            "imp_totals": "sum",
            "ave_plus": 60,
            "ave": 50,
            "ave_minus": 40,
            "law_12c2c": "on",
        },
    )
    session = Session.objects.get(name="Friday pairs")
    assert response.url == reverse("sessions_app:section_new", args=[session.pk])
    response = director_client.post(
        response.url,
        {"name": "A", "movement": "howell", "tables": 4, "boards_per_round": 3},
    )
    assert response.url == reverse("sessions_app:section_pairs", args=[session.pk, "A"])
    assert Pair.objects.filter(section__session=session).count() == 8
    assert session.boards.count() == 21  # 7 rounds of 3 boards
    director_client.post(response.url, {"names": "1, Ann Lee, Bob Ray\n2\tCy Dunn\tDi Eve\n"})
    names = dict(Pair.objects.filter(section__session=session).values_list("label", "player1"))
    assert (names["1"], names["2"], names["3"]) == ("Ann Lee", "Cy Dunn", "")


@pytest.mark.django_db
def test_it_explains_a_movement_that_cannot_be(director_client, mitchell):
    url = reverse("sessions_app:section_new", args=[mitchell.session_id])
    response = director_client.post(
        url, {"name": "B", "movement": "mitchell", "tables": 8, "boards_per_round": 2}
    )
    assert response.status_code == 200
    assert "skip" in response.content.decode() and "relay" in response.content.decode()
    assert not Section.objects.filter(name="B").exists()


@pytest.mark.django_db
def test_it_refuses_names_for_pairs_the_movement_does_not_have(director_client, mitchell):
    url = reverse("sessions_app:section_pairs", args=[mitchell.session_id, "A"])
    response = director_client.post(url, {"names": "1, Ann Lee, Bob Ray\n15, Cy Dunn, Di Eve"})
    assert "section A has no pair 15" in response.content.decode()
    assert Pair.objects.get(section=mitchell, label="1").player1 == ""


@pytest.mark.django_db
def test_it_prefills_the_traveller_from_the_movement(director_client, mitchell):
    html = director_client.get(
        reverse("sessions_app:board_entry", args=[mitchell.session_id, "A", 1])
    ).content.decode()
    # Board 1 starts at table 1 and moves down a table a round; EW pairs move up:
    # round 1 table 1 is 1 v 8, round 2 table 7 is 7 v 13, and round 7 (switched) at table 2
    # has EW pair 10 sitting NS against pair 2.
    first, second, last = entry_inputs(html, 0), entry_inputs(html, 1), entry_inputs(html, 6)
    assert (first["round"], first["table"], first["ns"], first["ew"]) == ("1", "1", "1", "8")
    assert (second["round"], second["table"], second["ns"], second["ew"]) == ("2", "7", "7", "13")
    assert (last["round"], last["table"], last["ns"], last["ew"]) == ("7", "2", "10", "2")


@pytest.mark.django_db
def test_it_saves_one_line_from_the_keyboard_as_json(director_client, mitchell):
    url = reverse("sessions_app:line_save", args=[mitchell.session_id, "A"])
    answer = director_client.post(
        url, {"board": 1, "ns": "1", "ew": "8", "round": 1, "table": 1, "entry": "4sn10"}
    ).json()
    # One result of E = 7: M = 0 of 0, Neuberg (0 + 1) * 7/1 - 1 = 6 each way.
    assert answer["ok"] and answer["score"] == "+420" and answer["text"] == "4S N 10"
    assert (answer["mp_ns"], answer["mp_ew"]) == ("6", "6")
    refused = director_client.post(url, {"board": 1, "ns": "7", "ew": "13", "entry": "4sn14"})
    assert refused.json() == {"ok": False, "error": "14 tricks is impossible (0-13)."}


@pytest.mark.django_db
def test_it_previews_the_score_as_you_type(director_client, mitchell):
    url = reverse("sessions_app:entry_preview", args=[mitchell.session_id])
    # Board 4 is vulnerable All: 3NT-1 is -100.
    assert director_client.get(url, {"board": 4, "text": "3nt-1s"}).json()["score"] == "-100"
    assert "is not a result" in director_client.get(url, {"board": 4, "text": "9x"}).json()["error"]


@pytest.mark.django_db
def test_it_saves_the_good_rows_and_keeps_the_bad_without_javascript(director_client, mitchell):
    url = reverse("sessions_app:board_entry", args=[mitchell.session_id, "A", 1])
    html = director_client.get(url).content.decode()
    data = {"csrfmiddlewaretoken": "x"}
    for index in range(7):
        data.update({f"r{index}-{k}": v for k, v in entry_inputs(html, index).items()})
    data.update({"r0-entry": "4sn10", "r1-entry": "4sq10", "r2-entry": "3nts9"})
    response = director_client.post(url, data)
    assert response.status_code == 200
    text = response.content.decode()
    assert 'value="4sq10"' in text  # what was typed is still there
    assert "After 4S type the declarer" in text
    assert Result.objects.filter(section=mitchell).count() == 2


@pytest.mark.django_db
def test_it_shows_what_is_missing(director_client, mitchell):
    url = reverse("sessions_app:line_save", args=[mitchell.session_id, "A"])
    director_client.post(url, {"board": 1, "ns": "1", "ew": "8", "entry": "4sn10"})
    html = director_client.get(
        reverse("sessions_app:section_missing", args=[mitchell.session_id, "A"])
    ).content.decode()
    # Round 1 table 1 played boards 1-3: 2 and 3 are still missing.
    assert re.search(r"<td>1</td><td><a [^>]*>1</a></td><td>1</td><td>8</td><td>2, 3</td>", html)


@pytest.mark.django_db
def test_it_lists_changes_and_restores_a_deleted_line(director_client, mitchell):
    save = reverse("sessions_app:line_save", args=[mitchell.session_id, "A"])
    answer = director_client.post(save, {"board": 1, "ns": "1", "ew": "8", "entry": "4sn10"}).json()
    director_client.post(
        reverse("sessions_app:line_delete", args=[mitchell.session_id, "A"]),
        {"result_id": answer["result_id"], "version": answer["version"]},
    )
    assert not Result.objects.exists()
    html = director_client.get(reverse("sessions_app:changes", args=[mitchell.session_id]))
    assert (
        "Deleted" in html.content.decode()
        and "1 v 8: 4S by N, 10 tricks (+420)" in html.content.decode()
    )
    deleted = ResultChange.objects.get(action="delete")
    director_client.post(
        reverse("sessions_app:change_restore", args=[mitchell.session_id, deleted.pk])
    )
    assert Result.objects.get().score_ns == 420


@pytest.mark.django_db
def test_it_moves_the_session_through_its_statuses(director_client, mitchell):
    url = reverse("sessions_app:session_status", args=[mitchell.session_id])
    for status in ("in_play", "final", "published"):
        # No line is entered: publishing needs the confirmation (tests/director/test_publishing.py).
        director_client.post(url, {"status": status, "publish_incomplete": "yes"})
        assert Session.objects.get(pk=mitchell.session_id).status == status
    page = director_client.post(url, {"status": "draft"}, follow=True)  # not a step from published
    assert Session.objects.get(pk=mitchell.session_id).status == "published"
    assert "a published session can go to final, not straight to draft" in page.content.decode()


@pytest.mark.django_db
def test_it_shows_the_running_ranking(director_client, mitchell):
    save = reverse("sessions_app:line_save", args=[mitchell.session_id, "A"])
    director_client.post(save, {"board": 1, "ns": "1", "ew": "8", "entry": "4sn10"})
    director_client.post(save, {"board": 1, "ns": "7", "ew": "13", "entry": "4sn9"})
    html = director_client.get(
        reverse("sessions_app:running_ranking", args=[mitchell.session_id])
    ).content.decode()
    # Two results of E = 7: 420 beats -50: M = 2 -> 3 * 7/2 - 1 = 9.5 of 12 = 79.17%.
    assert "79.17" in html and "9.5" in html
    assert session_results(Session.objects.get(pk=mitchell.session_id)).sections[0].winners == 1


DIRECTOR_GETS = [
    ("director_session", []),
    ("session_edit", []),
    ("section_new", []),
    ("section_edit", ["A"]),
    ("section_pairs", ["A"]),
    ("board_entry", ["A", 1]),
    ("table_entry", ["A", 1, 1]),
    ("section_missing", ["A"]),
    ("running_ranking", []),
    ("changes", []),
]


@pytest.mark.django_db
@pytest.mark.parametrize(("name", "args"), DIRECTOR_GETS)
def test_it_keeps_director_pages_to_the_clubs_directors(client, stranger, mitchell, name, args):
    url = reverse(f"sessions_app:{name}", args=[mitchell.session_id, *args])
    assert client.get(url).status_code == 302  # to the login page
    client.force_login(stranger)
    assert client.get(url).status_code == 403


@pytest.mark.django_db
def test_a_stranger_cannot_write_a_line(client, stranger, mitchell):
    client.force_login(stranger)
    url = reverse("sessions_app:line_save", args=[mitchell.session_id, "A"])
    assert client.post(url, {"board": 1, "ns": "1", "ew": "8", "entry": "4sn10"}).status_code == 403
    assert not Result.objects.exists()


@pytest.mark.django_db
def test_it_records_a_weighted_ruling_from_the_adjust_form(director_client, mitchell):
    session_id = mitchell.session_id
    save = reverse("sessions_app:line_save", args=[session_id, "A"])
    # Board 1 (None vul) travels 1 v 8, 7 v 13, 6 v 11, 5 v 9 in rounds 1-4.
    for ns, ew, typed in (("7", "13", "4sn10"), ("6", "11", "3ns8"), ("5", "9", "2sn10")):
        assert director_client.post(save, {"board": 1, "ns": ns, "ew": ew, "entry": typed}).json()[
            "ok"
        ]
    adjust = reverse("sessions_app:line_adjust", args=[session_id, "A", 1])
    response = director_client.post(
        adjust,
        {
            "ns": "1",
            "ew": "8",
            "kind": "weighted",
            "weights": "30% 4S N 10\n70% 3NT S 8",
            "foul_group": 0,
            "ns_artificial": "A",
            "ew_artificial": "A",
        },
    )
    assert response.status_code == 302
    # Frequencies: -50: 1 + 7/10, +170: 1, +420: 1 + 3/10 (4 results, top 6).
    # MP = 2·W(below) + W(same) - 1: -50 -> 7/10, +420 -> 2·27/10 + 13/10 - 1 = 57/10.
    # Weighted NS: 3/10 · 57/10 + 7/10 · 7/10 = 11/5; EW: 6 - 11/5 = 19/5.
    # Neuberg to E = 7: NS (11/5 + 1)·7/4 - 1 = 23/5 = 4.6, EW (19/5 + 1)·7/4 - 1 = 37/5 = 7.4.
    results = session_results(Session.objects.get(pk=session_id))
    line = next(s for s in results.sections[0].board(1).lines if s.line.ns == "1")
    assert (line.points_ns, line.points_ew) == (Fraction(23, 5), Fraction(37, 5))
    assert Result.objects.get(ns__label="1").kind == "weighted"


@pytest.mark.django_db
def test_it_records_a_split_and_an_artificial_ruling(director_client, mitchell):
    adjust = reverse("sessions_app:line_adjust", args=[mitchell.session_id, "A", 1])
    common = {"foul_group": 0, "ns_artificial": "A+", "ew_artificial": "A-"}
    director_client.post(
        adjust,
        {**common, "ns": "1", "ew": "8", "kind": "split", "result": "4S N 10", "ew_result": "-50"},
    )
    split = Result.objects.get(ns__label="1")
    assert (split.kind, split.score_ns, split.split_score_ns) == ("split", 420, -50)
    director_client.post(adjust, {**common, "ns": "7", "ew": "13", "kind": "artificial"})
    artificial = Result.objects.get(ns__label="7")
    assert (artificial.ns_artificial, artificial.ew_artificial) == ("A+", "A-")
    refused = director_client.post(
        adjust, {**common, "ns": "6", "ew": "11", "kind": "assigned", "result": "4S Q 10"}
    )
    assert "after 4S type the declarer" in refused.content.decode()


@pytest.mark.django_db
def test_it_refuses_a_stale_save_from_a_second_screen(director_client, client, mitchell):
    url = reverse("sessions_app:line_save", args=[mitchell.session_id, "A"])
    line = {"board": 1, "ns": "1", "ew": "8", "entry": "4sn10"}
    first = director_client.post(url, line).json()  # both screens now show version 1
    director_client.post(
        url,
        {**line, "entry": "4sn11", "result_id": first["result_id"], "version": first["version"]},
    )
    second = director_client.post(
        url, {**line, "entry": "4sn9", "result_id": first["result_id"], "version": first["version"]}
    ).json()
    assert second["ok"] is False and second["stale"] is True
    assert "now reads 4S by N, 11 tricks (+450)" in second["error"]
    assert Result.objects.get().score_ns == 450


@pytest.mark.django_db
def test_it_refuses_a_section_name_that_cannot_go_into_an_address(director_client, mitchell):
    url = reverse("sessions_app:section_new", args=[mitchell.session_id])
    response = director_client.post(url, {"name": "A/B", "movement": "", "boards": 12})
    assert response.status_code == 200
    assert "letters, digits" in response.content.decode()
    assert not Section.objects.filter(name="A/B").exists()
