"""The director's live console: each table's round, progress, lateness, calls, lines waiting
for the opponents and phones, the running ranking; the feed it polls; answering a call,
closing a round, taking over a table; and a query count that does not grow with the tables.

The section is tests/conftest.py's 7-table Mitchell, 3 boards a round: in round 1 table t
seats NS pair t against EW pair 7+t and plays board set t (boards 3t-2 .. 3t); each round the
EW pairs move up a table and the boards down one, so in round 2 table 1 seats 1 v 14 and
plays set 2 (boards 4-6), which table 2 played in round 1.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from sessions_app.models import TableCall, TableDevice
from sessions_app.setup.sessions import section_save
from sessions_app.table_scoring.access import device_revoke
from sessions_app.table_scoring.console import console_state, pace

pytestmark = pytest.mark.django_db


def play_round_one(phone, boards=(1, 2, 3)):
    """Table 1's round 1, every board entered and accepted: 4S by N making 10 tricks."""
    for board in boards:
        line = phone.enter(board, "4S", "N", 10).json()
        accept = {"accept": True, "version": line["version"]}
        answer = phone.post(f"/api/table/lines/{line['id']}/verify", accept)
        assert answer.status_code == 200, answer.json()


@pytest.fixture
def evening(in_play, table):
    """Table 1 done with round 1 and on round 2; table 3 has one line waiting for the
    opponents; table 2 has called the director; table 5 has two phones."""
    one = table(1)
    play_round_one(one)
    assert one.post("/api/table/round-done", {"round": 1}).status_code == 200
    three = table(3)
    assert three.enter(7, "3NT", "S", 9).status_code == 201  # board 7: table 3's set 3
    two = table(2)
    call = two.post("/api/table/calls", {"client_id": "c1", "reason": "ruling", "text": "revoke"})
    assert call.status_code == 201, call.json()
    table(5), table(5)
    return in_play


def tiles(state, section="A"):
    found = next(s for s in state.sections if s.name == section)
    return {t.table: t for t in found.tables}


def test_it_shows_each_table_as_it_is(evening):
    state = console_state(evening.session)
    section = state.sections[0]
    assert (section.name, section.rounds, section.leading_round, section.closed_round) == (
        "A",
        7,
        2,
        0,
    )
    by_table = tiles(state)
    one, two, three, five = by_table[1], by_table[2], by_table[3], by_table[5]
    # Table 1 moved on: round 2, pairs 1 v 14, boards 4-6, none entered yet, not late.
    assert (one.round, one.ns, one.ew, one.boards, one.entered, one.late) == (
        2,
        "1",
        "14",
        (4, 5, 6),
        0,
        False,
    )
    # The others are still on round 1, the round most tables are on: table 1 finishing
    # first makes none of them late.
    assert (three.round, three.ns, three.ew, three.boards) == (1, "3", "10", (7, 8, 9))
    assert not any(tile.late for tile in by_table.values())
    assert section.pace == 1
    assert (three.entered, three.pending, three.rejected) == (1, 1, 0)
    assert (two.calls, two.devices, one.devices, five.devices) == (1, 1, 1, 2)
    assert by_table[4].devices == 0 and by_table[4].code  # a code, no phone yet
    # The call and the line waiting, listed for the director.
    assert [(c.section, c.table, c.round, c.reason, c.text) for c in state.calls] == [
        ("A", 2, 1, "A ruling", "revoke")
    ]
    assert [(w.board, w.ns, w.ew, w.verification) for w in state.lines] == [
        (7, "3", "10", "pending")
    ]


def test_it_ranks_the_pairs_as_the_results_come_in(evening):
    # The last round is arrow-switched: one field. Boards 1-3 were played once (table 1: 1 v
    # 8) and board 7 once (table 3: 3 v 10): a board played once gives both sides 50%, so the
    # four pairs that played are equal first, on 50%; the others have no board yet.
    rankings = console_state(evening.session).sections[0].rankings
    assert [r.title for r in rankings] == [""]
    scores = {label: (place, score) for place, label, _, score in rankings[0].rows}
    assert {label: scores[label] for label in ("1", "8", "3", "10")} == {
        label: ("1=", "50.00%") for label in ("1", "8", "3", "10")
    }


def test_the_feed_answers_same_until_something_changes(evening, director_client, table):
    url = reverse("sessions_app:console_feed", args=[evening.session.pk])
    first = director_client.get(url).json()
    assert first["same"] is False
    assert "Table 2</strong>, round 1: A ruling — revoke" in first["html"]
    assert first["state"]["sections"][0]["tables"][0]["round"] == 2
    again = director_client.get(url, {"since": first["stamp"]}).json()
    assert again == {"stamp": first["stamp"], "same": True}
    table(3).enter(8, "2H", "E", 8)  # a new line: the console changes
    changed = director_client.get(url, {"since": first["stamp"]}).json()
    assert changed["same"] is False and changed["stamp"] != first["stamp"]
    assert [t["entered"] for t in changed["state"]["sections"][0]["tables"]][2] == 2


def test_the_page_links_each_table_to_its_entry_page(evening, director_client):
    page = director_client.get(reverse("sessions_app:console", args=[evening.session.pk]))
    assert page.status_code == 200
    session_id = evening.session.pk
    take_over = f"/director/sessions/{session_id}/sections/A/rounds/2/tables/1/"
    assert f'href="{take_over}"' in page.content.decode()
    # Taking over: the pickup slip of table 1, round 2, from the keyboard.
    slip = director_client.get(take_over)
    assert slip.status_code == 200
    assert "Round 2, table 1" in slip.content.decode()
    # Editing a line waiting for the opponents: board 7's entry page.
    assert f'href="/director/sessions/{session_id}/sections/A/boards/7/"' in page.content.decode()


def test_answering_a_call_takes_it_off_the_console(evening, director_client, director):
    call = TableCall.objects.get(section=evening, table=2)
    url = reverse("sessions_app:console_answer", args=[evening.session.pk, call.pk])
    page = director_client.post(url, follow=True)
    assert "Call from table A2 answered." in page.content.decode()
    call.refresh_from_db()
    assert call.answered_at is not None and call.answered_by == director
    assert console_state(evening.session).calls == ()
    assert tiles(console_state(evening.session))[2].calls == 0


def test_a_call_of_another_session_is_not_found(evening, director_client, mitchell):
    url = reverse("sessions_app:console_answer", args=[evening.session.pk, 999999])
    answer = director_client.post(url, HTTP_ACCEPT="application/json")
    assert answer.status_code == 404
    assert answer.json() == {"ok": False, "error": "Call 999999 is not in this session."}


def test_closing_a_round_stops_the_tables_writing_it(evening, director_client, table):
    url = reverse("sessions_app:console_close", args=[evening.session.pk, "A"])
    page = director_client.post(url, {"round": "1"}, follow=True)
    assert "Section A: round 1 is closed to the tables." in page.content.decode()
    evening.refresh_from_db()
    assert evening.closed_round == 1
    refused = table(3).enter(8, "2H", "E", 8)
    assert refused.status_code == 403
    # Tables still on round 1 are late now; table 1 (round 2) is not.
    by_table = tiles(console_state(evening.session))
    assert by_table[4].late and not by_table[1].late
    # Opened again.
    director_client.post(url, {"round": "0"})
    evening.refresh_from_db()
    assert evening.closed_round == 0


@pytest.mark.parametrize(
    ("posted", "message"),
    [
        ("8", "Section A has 7 rounds: close a round from 1 to 7, or 0 to open them all."),
        ("abc", "Round 'abc' is not a number from 1 up."),
    ],
)
def test_a_round_the_section_does_not_have_is_refused(evening, director_client, posted, message):
    url = reverse("sessions_app:console_close", args=[evening.session.pk, "A"])
    answer = director_client.post(url, {"round": posted}, HTTP_ACCEPT="application/json")
    assert answer.status_code == 400
    assert answer.json() == {"ok": False, "error": message}
    evening.refresh_from_db()
    assert evening.closed_round == 0


def test_only_the_club_s_directors_see_the_console(evening, client, stranger):
    url = reverse("sessions_app:console_feed", args=[evening.session.pk])
    assert client.get(url).status_code == 302  # to log in
    client.force_login(stranger)
    assert client.get(url).status_code == 403
    close = reverse("sessions_app:console_close", args=[evening.session.pk, "A"])
    assert client.post(close, {"round": "1"}).status_code == 403


def test_the_feed_costs_the_same_queries_for_7_tables_as_for_22(evening, director_client):
    url = reverse("sessions_app:console_feed", args=[evening.session.pk])

    def feed_queries() -> int:
        director_client.get(url)  # the scored results kept, as on every poll but the first
        with CaptureQueriesContext(connection) as queries:
            assert director_client.get(url).status_code == 200
        return len(queries)

    small = feed_queries()
    section_save(
        session=evening.session,
        name="B",
        movement="mitchell",
        tables=15,
        boards_per_round=2,
    )
    from sessions_app.table_scoring.access import codes_issue

    assert len(codes_issue(session=evening.session)) == 7 + 15
    state = console_state(evening.session)
    assert [len(s.tables) for s in state.sections] == [7, 15]
    assert feed_queries() == small


def test_a_table_is_taken_over_from_the_keyboard(evening, director_client):
    url = reverse("sessions_app:console_take_over", args=[evening.session.pk])
    # Table 1 is on round 2: its pickup slip for round 2.
    page = director_client.get(url, {"table": "1"}, follow=True)
    assert page.redirect_chain[-1][0] == (
        f"/director/sessions/{evening.session.pk}/sections/A/rounds/2/tables/1/"
    )
    assert "Round 2, table 1" in page.content.decode()
    # Table 4 is still on round 1.
    assert director_client.get(url, {"table": "4"}).url.endswith("/rounds/1/tables/4/")


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("9", "Section A has tables 1 to 7."),
        ("abc", "Table &#x27;abc&#x27; is not a number from 1 up."),
        ("", "Table &#x27;&#x27; is not a number from 1 up."),
    ],
)
def test_a_table_the_section_does_not_have_is_not_taken_over(
    evening, director_client, typed, message
):
    url = reverse("sessions_app:console_take_over", args=[evening.session.pk])
    page = director_client.get(url, {"table": typed}, follow=True)
    assert page.redirect_chain[-1][0].endswith("/console/")
    assert message in page.content.decode()


def tile_html(page, table: int) -> str:
    """The tile of table `table` as the console page draws it."""
    return (
        page.content.decode()
        .split(f'data-table="{table}"')[1]
        .split("</ol>")[0]
        .split('class="table-tile')[0]
    )


def console_page(director_client, session):
    page = director_client.get(reverse("sessions_app:console", args=[session.pk]), follow=True)
    assert page.status_code == 200
    return page


def test_a_table_is_late_when_behind_the_round_most_tables_are_on(in_play, table, director_client):
    # Tables 1-6 play round 1 and move on; table 7 is still on round 1: the pace is round 2
    # (6 of 7 tables are on it), so table 7 alone is late.
    for number in range(1, 7):
        phone = table(number)
        play_round_one(phone, boards=(3 * number - 2, 3 * number - 1, 3 * number))
        assert phone.post("/api/table/round-done", {"round": 1}).status_code == 200
    page = console_page(director_client, in_play.session)
    assert "round 2 of 7" in page.content.decode()
    assert ">late</li>" in tile_html(page, 7)
    assert [n for n in range(1, 8) if ">late</li>" in tile_html(page, n)] == [7]


@pytest.mark.parametrize(
    ("rounds", "expected"),
    [
        ([2, 1, 1, 1, 1, 1, 1], 1),  # one table first: 1 of 7 on round 2, not more than half
        ([3, 3, 3, 3, 3, 3, 2], 3),  # 6 of 7 on round 3
        ([2, 2, 1, 1], 1),  # 2 of 4 is not more than half
        ([2, 2, 2, 1], 2),  # 3 of 4
        ([4], 4),
        ([], 1),
    ],
)
def test_the_pace_is_the_round_more_than_half_the_tables_have_reached(rounds, expected):
    assert pace(rounds) == expected


def test_a_line_the_opponents_rejected_leaves_its_board_to_do(in_play, table, director_client):
    three = table(3)
    line = three.enter(7, "3NT", "S", 9).json()
    refused = three.post(f"/api/table/lines/{line['id']}/verify", {"accept": False, "version": 1})
    assert refused.json()["verification"] == "rejected"
    accepted = three.enter(8, "2H", "E", 8).json()
    three.post(f"/api/table/lines/{accepted['id']}/verify", {"accept": True, "version": 1})
    # Boards 7 and 8 have lines; 7's was rejected: 1 of table 3's 3 boards is done.
    tile = tile_html(console_page(director_client, in_play.session), 3)
    assert "1/3 boards" in tile
    assert "1 rejected" in tile


def test_phones_signed_out_or_gone_are_counted_down(in_play, table, director_client):
    first, _, third = table(5), table(5), table(5)
    assert "3 phones" in tile_html(console_page(director_client, in_play.session), 5)
    device_revoke(device=TableDevice.objects.get(pk=first.device))
    # The third phone was last heard from 11 minutes ago (put away): it no longer counts.
    eleven_minutes_ago = timezone.now() - timedelta(minutes=11)
    TableDevice.objects.filter(pk=third.device).update(last_seen_at=eleven_minutes_ago)
    assert "1 phone<" in tile_html(console_page(director_client, in_play.session), 5)
    # It asks for its table's state again: it counts again.
    assert third.get("/api/table/state").status_code == 200
    assert "2 phones" in tile_html(console_page(director_client, in_play.session), 5)
