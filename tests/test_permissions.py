"""Every URL that changes anything: anonymous visitors are sent to log in, a director of
another club gets 403, and in both cases the database is exactly as it was.

The first test lists every route of the site and fails when one is neither known to change
nothing nor covered below: a new state-changing URL must come with its permission test.
"""

from __future__ import annotations

import datetime
from datetime import timedelta
from pathlib import Path

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.utils import timezone

from sessions_app.entry.lines import LineInput, result_delete, result_save
from sessions_app.hands.boards import session_set_deals
from sessions_app.interchange.deals import Analysis
from sessions_app.models import (
    BridgemateEvent,
    BridgemateLink,
    Club,
    Competition,
    Pair,
    Player,
    ResultChange,
    ResultMail,
    TableCall,
    TableCode,
    TableDevice,
    Trash,
)
from sessions_app.players.register import player_create
from sessions_app.players.session_names import pairs_set_names
from sessions_app.scoring.rulings import parse_ruling
from sessions_app.setup.sessions import section_save, session_create
from sessions_app.trash.deleting import section_delete
from tests.conftest import rows_for_the_module
from tests.test_review import DD

# Routes that change nothing in the database (reads, downloads, PDFs, log in and out).
READ_ONLY = {
    "healthz",
    "readyz",
    "login",
    "logout",
    "set_language",  # the language menu: a cookie, nothing in the database
    "home",
    "club",
    "session",
    "ranking_csv",
    "board",
    "pair",
    "print",
    "export",
    "director_home",
    "director_session",
    "section_missing",
    "entry_preview",
    "running_ranking",
    "changes",
    "director_print",
    "session_publish",
    "competition",
    "competition_print",
    "competitions",
    "trash",  # its GET purges only what has expired; who may see it: tests/director/test_trash.py
    "analysis",
    "pair_analysis",  # players' pages: tests/pages/test_analysis_pages.py
    "players",
    "player",
    "partnership",
    "register",  # tests/players/
    "table_codes",
    "bridgemates",
    "console",
    "console_feed",
    "console_take_over",  # tests/table/test_console.py
    "table_worker",  # the same script for everybody: tests/table/test_screen_page.py
    "help",  # text for directors: tests/director/test_help_page.py
    "deal_file",  # a session's deals, for its directors only: tests/interchange/test_deal_pages.py
    # A user's own password, by Django's views (log-in or a signed link): tests/test_passwords.py
    "password_change",
    "password_change_done",
    "password_reset",
    "password_reset_done",
    "password_reset_confirm",
    "password_reset_complete",
    # A player's own results e-mails stopped by the signed link of one (no log-in; only that
    # player's flag, and nothing said of who is in the register): tests/mail/
    "mail_unsubscribe",
}

# The players' phones (scoring at the table): no log-in but a table's bearer token, refused
# without one, changing nothing: tests/table/test_permissions.py.
TABLE_ROUTES = {
    "table_screen",
    "table_sign_in",
    "table_state",
    "table_lines",
    "table_line",
    "table_verify",
    "table_board",
    "table_round_done",
    "table_players",
    "table_calls",
}

PBN = (
    b'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
    b'[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]\n'
)

TRAVELLERS = b"board,ns,ew,contract,declarer,tricks\n1,1,8,4S,N,10\n"
GAME_FILE = Path(__file__).parent / "interchange" / "data" / "real" / "acblscore" / "170612.ACA"

COMPETITION = {
    "name": "Winter cup",
    "entrants": "players",
    "rule": "best",
    "best": 6,
    "minimum": 1,
    "selection": "range",
    "date_from": "2026-11-01",
    "date_to": "2026-11-30",
}
FLAGGED_DEAL = "N:543.AKQJ.AK5.654 AKQJ2.432.432.32 T98.T98.QJT9.AKQ 76.765.876.JT987"
# name -> (URL arguments after the session id, POST data)
STATE_CHANGING = {
    "session_new": (
        None,
        {
            "name": "Taken over",
            "date": "2026-11-20",
            "scale": "2/1",
            "method": "mp",
            "butler_discard": "1",
            "imp_totals": "sum",
            "ave_plus": 60,
            "ave": 50,
            "ave_minus": 40,
        },
    ),
    "session_edit": (
        [],
        {
            "name": "Renamed",
            "date": "2026-11-20",
            "scale": "2/1",
            "method": "mp",
            "butler_discard": "1",
            "imp_totals": "sum",
            "ave_plus": 60,
            "ave": 50,
            "ave_minus": 40,
        },
    ),
    "session_status": ([], {"status": "in_play"}),
    "section_new": ([], {"name": "B", "movement": "howell", "tables": 3, "boards_per_round": 2}),
    "section_edit": (
        ["A"],
        {
            "name": "A",
            "movement": "mitchell",
            "tables": 7,
            "boards_per_round": 3,
            "arrow_switch": "last",
        },
    ),
    "pair_absence": (
        ["A"],
        {"pair": "7", "first_round": 2, "last_round": 2, "award": "not_played"},
    ),
    "section_pairs": (["A"], {"names": "1, Mallory Evil, Eve Spy"}),
    "board_entry": (["A", 1], {"r1-board": 1, "r1-ns": "7", "r1-ew": "13", "r1-entry": "4sn10"}),
    "table_entry": (["A", 1, 2], {"r0-board": 4, "r0-ns": "2", "r0-ew": "9", "r0-entry": "pass"}),
    "line_save": (["A"], {"board": 1, "ns": "7", "ew": "13", "entry": "3nts9"}),
    "line_adjust": (
        ["A", 1],
        {
            "ns": "7",
            "ew": "13",
            "kind": "artificial",
            "ns_artificial": "A+",
            "ew_artificial": "A-",
            "foul_group": 0,
        },
    ),
    "line_delete": (["A"], "the saved line"),
    "change_restore": ("the delete record", {}),
    "line_checked": ("the flagged line", {}),
    "import_pbn": ([], "a PBN file"),
    "deal_boards": ([], {"boards": "2", "seed": "x", "format": "pbn"}),
    "ecats": ([], {"number": "4321", "country": "England"}),
    "import_session": (None, "a travellers file"),
    "import_files": (None, "a game file"),
    "session_delete": ([], {}),
    "session_copy": ([], {"name": "Tuesday again", "date": "2026-11-24", "keep_names": "on"}),
    "section_delete": (["A"], {}),
    "pair_delete": (["A", "1"], {}),
    "trash_restore": ("the trash item", {}),
    "trash_forget": ("the trash item", {}),
    "club_settings": ("the club", {"name": "Taken over", "show_reasons": "on"}),
    "player_new": ("the club", {"name": "Mallory Evil"}),
    "membership_list": ("the club", "a membership list"),
    "session_handicaps": ([], "pair 1's own handicap"),
    "player_edit": ("the player", {"name": "Mallory Evil"}),
    "player_merge": ("the player", "the other player"),
    "session_players": ([], "Bob Ray added as new"),
    "session_players_link": ([], {}),
    "session_add_unmatched": ([], {}),
    "table_codes_issue": ([], {}),
    "table_settings": ([], {"shows": "nothing"}),
    "bridgemates_link": ([], {"address": "http://192.0.2.1:5079", "bcs_club_id": "x"}),
    "bridgemates_settings": (
        [],
        {
            "pin_code": "4821",
            "results_shown": "own",
            "ranking_shown": "never",
            "lead_card": "off",
            "member_numbers": "off",
            "confirm_seconds": "2",
            "language": "en",
        },
    ),
    "bridgemates_send": ([], {}),
    "bridgemates_fetch": ([], {}),
    "bridgemates_continue": ([], {}),
    "bridgemates_movement": ([], {}),
    "mail_retry": ([], {}),
    "table_code_reissue": ("the table code", {}),
    "table_device_revoke": ("the phone", {}),
    "console_answer": ("the call", {}),
    "console_close": (["A"], {"round": "1"}),
    "competition_new": ("the club", COMPETITION),
    "competition_edit": ("the competition", {**COMPETITION, "name": "Taken over"}),
    "competition_delete": ("the competition", {}),
}


def _names(patterns, namespace=""):
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            if pattern.app_name == "admin":
                continue  # Django's admin: staff only, with its own permission checks
            yield from _names(pattern.url_patterns, pattern.namespace or namespace)
        elif isinstance(pattern, URLPattern):
            yield pattern.name


def test_every_route_is_either_read_only_or_has_a_permission_test():
    names = set(_names(get_resolver().url_patterns))
    unknown = names - READ_ONLY - set(STATE_CHANGING) - TABLE_ROUTES
    assert not unknown, f"add these routes to READ_ONLY or STATE_CHANGING: {sorted(unknown)}"
    assert not (set(STATE_CHANGING) | READ_ONLY | TABLE_ROUTES) - names, (
        "a listed route no longer exists"
    )


def _database():
    """Every row of the app's tables (their many-to-many links too) and the users, to compare
    before and after: read as the database stores them, a query a table, since building each
    model's query and instances cost more than the rows (test_junk.py compares after every
    refused post)."""
    models = [
        *apps.get_app_config("sessions_app").get_models(include_auto_created=True),
        get_user_model(),
    ]
    quote = connection.ops.quote_name
    rows = {}
    with connection.cursor() as cursor:
        for model in models:
            table, pk = quote(model._meta.db_table), quote(model._meta.pk.column)
            cursor.execute(f"SELECT * FROM {table} ORDER BY {pk}")
            rows[model._meta.label] = cursor.fetchall()
    return rows


@pytest.fixture(scope="module")
def shared_setup(django_db_setup, django_db_blocker):
    """The rows of `setup`, stored once for the module's tests (each rolls its own back)."""
    yield from rows_for_the_module(django_db_blocker, build_setup)


@pytest.fixture
def setup(db, shared_setup):
    return shared_setup


def build_setup():
    owner = get_user_model().objects.create_user("dora", password="a-long-pass-phrase")
    club = Club.objects.create(name="Riverside Bridge Club", slug="riverside", national_body="ebu")
    club.directors.add(owner)
    stranger = get_user_model().objects.create_user("mallory", password="a-long-pass-phrase")
    Club.objects.create(name="Hilltop BC", slug="hilltop").directors.add(stranger)
    session = session_create(club=club, name="Tuesday", date=datetime.date(2026, 11, 17))
    section = section_save(
        session=session, name="A", movement="mitchell", tables=7, boards_per_round=3
    )
    saved = result_save(section=section, line=LineInput(1, "1", "8", parse_ruling("4sn10", "None")))
    gone = result_save(
        section=section, line=LineInput(2, "1", "9", parse_ruling("pass", "NS")), confirmed=True
    )
    result_delete(section=section, result_id=gone.pk, version=gone.version)
    # East holds the A K Q J of spades: 4S by N with 10 tricks is on the results to check.
    analysis = Analysis(DD, 420, ("4S N=",))
    session_set_deals(session=session, deals={1: FLAGGED_DEAL}, analyses={1: analysis})
    player_create(club=club, name="Ann Lee")
    pairs_set_names(section=section, names=[("1", "Ann Lee", "Bob Ray")])
    section_delete(section=section_save(session=session, name="B", movement="", boards=2))
    # The register: Ann Lee (matched when the names were saved), A. Lee (the same person, to
    # merge), and Bob Ray, added after the names (a sure match not linked yet).
    player = Player.objects.get(name="Ann Lee")
    other = player_create(club=club, name="A. Lee")
    player_create(club=club, name="Bob Ray")
    # Scoring at the table: table 1's code (the others not issued yet), a phone, a call.
    code = TableCode.objects.create(section=section, table=1, code="K7MQ4P")
    # The Bridgemates: the club's Data Connector (nothing listens at port 9 of this
    # computer: refused at once) and the session sent to it
    BridgemateLink.objects.create(
        club=club, address="http://127.0.0.1:9", bcs_club_id="1", licence_key="key"
    )
    BridgemateEvent.objects.create(
        session=session, event_guid="E" * 32, session_guid="S" * 32, sent_at=timezone.now()
    )
    # Ann's results e-mail, refused once by the mail server (for "Try again now")
    ResultMail.objects.create(
        session=session,
        player=player,
        results_version=1,
        tries=1,
        last_error="ConnectionRefusedError",
        next_try_at=timezone.now() + timedelta(minutes=1),
    )
    return {
        "session": session,
        "stranger": stranger,
        "club": club,
        "saved": saved,
        "deleted": ResultChange.objects.get(action="delete"),
        "trash": Trash.objects.get(),
        "player": player,
        "other": other,
        "table code": code,
        "phone": TableDevice.objects.create(table_code=code, token="t" * 64),
        "call": TableCall.objects.create(section=section, table=1, round=1),
        "competition": Competition.objects.create(
            club=club, name="Autumn cup", date_from=session.date, date_to=session.date
        ),
    }


def _request(client, name, setup):
    args, data = STATE_CHANGING[name]
    session = setup["session"]
    if data == "the saved line":
        data = {"result_id": setup["saved"].pk, "version": setup["saved"].version}
    elif data == "a PBN file":
        # Replace: board 1 has a deal already, which the page otherwise keeps.
        data = {"file": SimpleUploadedFile("deals.pbn", PBN), "replace": "on"}
    elif data == "a game file":
        data = {"results": [SimpleUploadedFile("170612.ACA", GAME_FILE.read_bytes())]}
    elif data == "a travellers file":
        data = {"file": SimpleUploadedFile("evening.csv", TRAVELLERS), "date": "2026-11-17"}
    elif data == "pair 1's own handicap":
        pair = Pair.objects.get(section__session=session, section__name="A", label="1")
        data = {f"handicap-{pair.pk}": "5"}
    elif data == "a membership list":
        data = {
            "membership_list": SimpleUploadedFile("members.csv", b"Number,Name\n666,Mal Evil\n")
        }
    elif data == "the other player":
        data = {"merged": setup["other"].pk, "confirm": "on"}
    elif data == "Bob Ray added as new":
        pair = Pair.objects.get(section__session=session, section__name="A", label="1")
        data = {f"name-{pair.pk}-2": "new"}
    if name in ("session_new", "import_session", "import_files"):
        url, data = reverse(f"sessions_app:{name}"), {**data, "club": setup["club"].pk}
    elif name == "change_restore":
        url = reverse("sessions_app:change_restore", args=[session.pk, setup["deleted"].pk])
    elif args == "the flagged line":
        url = reverse(f"sessions_app:{name}", args=[session.pk, setup["saved"].pk])
    elif args == "the club":
        url = reverse(f"sessions_app:{name}", args=[setup["club"].slug])
    elif args in ("the table code", "the phone", "the call"):
        url = reverse(
            f"sessions_app:{name}", args=[session.pk, setup[args.removeprefix("the ")].pk]
        )
    elif args == "the player":
        url = reverse(f"sessions_app:{name}", args=[setup["club"].slug, setup["player"].pk])
    elif args == "the competition":
        url = reverse(f"sessions_app:{name}", args=[setup["club"].slug, setup["competition"].pk])
    elif args == "the trash item":
        url = reverse(f"sessions_app:{name}", args=[setup["club"].slug, setup["trash"].pk])
    else:
        url = reverse(f"sessions_app:{name}", args=[session.pk, *args])
    return client.post(url, data)


@pytest.mark.django_db
@pytest.mark.parametrize("name", sorted(STATE_CHANGING))
def test_an_anonymous_visitor_is_sent_to_log_in_and_changes_nothing(client, setup, name):
    before = _database()
    response = _request(client, name, setup)
    assert response.status_code == 302 and response.url.startswith(reverse("login"))
    assert _database() == before


@pytest.mark.django_db
@pytest.mark.parametrize("name", sorted(STATE_CHANGING))
def test_a_director_of_another_club_is_refused_and_changes_nothing(client, setup, name):
    client.force_login(setup["stranger"])
    before = _database()
    response = _request(client, name, setup)
    if name in ("session_new", "import_session", "import_files"):
        # Mallory may create sessions, but only for the clubs she directs.
        assert response.status_code == 200 and "Select a valid choice" in response.text
    else:
        assert response.status_code == 403
    assert _database() == before


# Sending to the Bridgemates changes nothing here until a Data Connector accepts it:
# tests/bridgemate/test_evening.py sends with the Data Connector simulator. Sending a heat
# to ECats changes nothing here at all: tests/director/test_ecats.py reads what it sent.
NEEDS_A_PEER = {"bridgemates_send", "bridgemates_continue", "bridgemates_movement", "ecats"}


@pytest.mark.django_db
@pytest.mark.parametrize("name", sorted(set(STATE_CHANGING) - NEEDS_A_PEER))
def test_the_clubs_own_director_can(client, setup, name):
    """The same requests do change things for the owner: the refusals above are real."""
    client.force_login(setup["club"].directors.get())
    before = _database()
    response = _request(client, name, setup)
    assert response.status_code in (200, 302)
    assert _database() != before, response.content[:500]


# Issue 12 item 0: a director posting to HIS OWN session with ids of another club's objects.
# name -> URL arguments after the stranger's session id, and the data, with "{line}",
# "{version}" and "{change}" standing for the owner's ids.
FOREIGN_IDS = {
    "line_save": (
        ["A"],
        {
            "board": 1,
            "ns": "1",
            "ew": "8",
            "entry": "7nts13",
            "result_id": "{line}",
            "version": "{version}",
        },
    ),
    "line_delete": (["A"], {"result_id": "{line}", "version": "{version}"}),
    "line_adjust": (
        ["A", 1],
        {
            "result_id": "{line}",
            "version": "{version}",
            "ns": "1",
            "ew": "8",
            "kind": "artificial",
            "ns_artificial": "A+",
            "ew_artificial": "A-",
            "foul_group": 0,
        },
    ),
    "board_entry": (
        ["A", 1],
        {
            "r0-board": 1,
            "r0-ns": "1",
            "r0-ew": "8",
            "r0-entry": "7nts13",
            "r0-result_id": "{line}",
            "r0-version": "{version}",
        },
    ),
    "table_entry": (
        ["A", 1, 1],
        {
            "r0-board": 1,
            "r0-ns": "1",
            "r0-ew": "8",
            "r0-entry": "7nts13",
            "r0-result_id": "{line}",
            "r0-version": "{version}",
        },
    ),
    "change_restore": (["{change}"], {}),
    "line_checked": (["{line}"], {}),
    "table_code_reissue": (["{code}"], {}),
    "table_device_revoke": (["{phone}"], {}),
    "console_answer": (["{call}"], {}),
}
# State-changing routes that take no id of a line, change or other object below the session
# (names and labels are looked up in the session itself); the trash's routes take a club and
# an item, tried with another club's item in the test below.
NO_FOREIGN_IDS = {
    "session_new",
    "session_edit",
    "session_status",
    "section_new",
    "section_edit",
    "section_pairs",
    "import_pbn",
    "deal_boards",
    "ecats",
    "import_session",
    "import_files",
    "session_delete",
    "session_copy",
    "section_delete",
    "pair_delete",
    "trash_restore",
    "trash_forget",
    "pair_absence",
    "club_settings",
    "table_codes_issue",
    "table_settings",
    "bridgemates_link",
    "bridgemates_settings",
    "bridgemates_send",
    "bridgemates_fetch",
    "bridgemates_continue",
    "bridgemates_movement",
    "mail_retry",
    "console_close",
    "competition_new",
    "competition_edit",
    "competition_delete",
    # The register's routes take a club and a player (tried with another club's player in
    # the test below) or, posted, player ids (tests/players/test_register.py).
    "player_new",
    "player_edit",
    "player_merge",
    "membership_list",
    "session_players",
    "session_handicaps",
    "session_players_link",
    "session_add_unmatched",
}


def test_every_state_changing_route_is_tried_with_another_clubs_ids():
    assert set(STATE_CHANGING) == set(FOREIGN_IDS) | NO_FOREIGN_IDS


@pytest.fixture
def two_clubs(setup):
    """The stranger's own session (same movement) beside the owner's, both with lines."""
    club = setup["stranger"].clubs.get()
    session = session_create(club=club, name="Hilltop Tuesday", date=datetime.date(2026, 11, 17))
    section = section_save(
        session=session, name="A", movement="mitchell", tables=7, boards_per_round=3
    )
    result_save(
        section=section, line=LineInput(2, "1", "9", parse_ruling("3nts9", "NS")), confirmed=True
    )
    return {**setup, "own": session}


@pytest.mark.django_db
@pytest.mark.parametrize("name", sorted(FOREIGN_IDS))
def test_another_clubs_ids_change_nothing_from_ones_own_session(client, two_clubs, name):
    client.force_login(two_clubs["stranger"])
    saved, change = two_clubs["saved"], two_clubs["deleted"]
    ids = {
        "{line}": saved.pk,
        "{version}": saved.version,
        "{change}": change.pk,
        "{code}": two_clubs["table code"].pk,
        "{phone}": two_clubs["phone"].pk,
        "{call}": two_clubs["call"].pk,
    }
    args, data = FOREIGN_IDS[name]
    args = [ids.get(arg, arg) for arg in args]
    data = {key: ids.get(value, value) for key, value in data.items()}
    before = _database()
    url = reverse(f"sessions_app:{name}", args=[two_clubs["own"].pk, *args])
    response = client.post(url, data, follow=True, HTTP_ACCEPT="application/json")
    assert response.status_code in (200, 404)
    assert _database() == before
    text = response.content.decode()
    said = (
        response.json()["error"]
        if response.headers["Content-Type"].startswith("application/json")
        else text
    )
    assert any(words in said for words in ("no longer on this section", "not in this session")), (
        said[:300]
    )


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["competition_edit", "competition_delete"])
def test_another_clubs_competition_is_not_found_among_the_strangers_own(client, setup, name):
    """Mallory asks her own club for Riverside's competition: 404, nothing changes."""
    client.force_login(setup["stranger"])
    before = _database()
    url = reverse(f"sessions_app:{name}", args=["hilltop", setup["competition"].pk])
    response = client.post(url, COMPETITION)
    assert response.status_code == 404
    assert _database() == before


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["trash_restore", "trash_forget"])
def test_another_clubs_trash_item_is_not_found_in_the_strangers_own_trash(client, setup, name):
    """Mallory asks her own club's trash for Riverside's item: 404, nothing changes."""
    client.force_login(setup["stranger"])
    before = _database()
    url = reverse(f"sessions_app:{name}", args=["hilltop", setup["trash"].pk])
    response = client.post(url)
    assert response.status_code == 404
    assert _database() == before


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["player_edit", "player_merge"])
def test_another_clubs_player_is_not_found_in_the_strangers_own_register(client, setup, name):
    """Mallory asks her own club's register for Riverside's player: 404, nothing changes."""
    client.force_login(setup["stranger"])
    before = _database()
    url = reverse(f"sessions_app:{name}", args=["hilltop", setup["player"].pk])
    response = client.post(url, {"name": "Mallory Evil", "merged": setup["other"].pk})
    assert response.status_code == 404
    assert _database() == before
