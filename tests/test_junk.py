"""Junk in every director page's forms and query parameters (issue 12, "Done when"): empty,
over-long, non-numeric and huge numbers, NUL bytes, markup, and another club's ids. Never a 500
(the test client re-raises it), never a change to the database when the input is refused, and
always a message in words.

The crawl is driven by the URL patterns: every route under /director/ is visited with real
arguments (a route with an argument this test does not know fails, so a new page is crawled
from the day it exists), the forms are read off the pages, and each field is replaced by each
junk value in turn. Each post runs in a savepoint that is rolled back, so one accepted junk
value (a name may well be "abc") does not change what the next one meets.
"""

from __future__ import annotations

import datetime
import json
import re
from contextlib import ExitStack
from unittest.mock import patch

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import transaction
from django.http import QueryDict
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.utils import timezone

from sessions_app.core.results import forget_local_results
from sessions_app.entry.lines import LineInput, result_delete, result_save
from sessions_app.models import BridgemateLink, Club, Competition, ResultChange, ResultMail
from sessions_app.players.register import player_create
from sessions_app.players.session_names import pairs_set_names
from sessions_app.scoring.rulings import parse_ruling
from sessions_app.setup.sessions import section_save, session_create
from sessions_app.trash.deleting import section_delete

from .conftest import rows_for_the_module
from .html_forms import read_forms
from .test_permissions import _database

# slow (not in `dev.py test --fast`): every director page's fields, each with every junk value.
pytestmark = pytest.mark.slow

TEXT_JUNK = ["", "   ", "x" * 3000, "1\x00", "<b>é</b>"]
NUMBER_JUNK = ["", "abc", "1.5", "-1", "0", "99999999999999999999", "1\x00", "٣"]
NUMBER_FIELD = re.compile(
    r"(^|-)(result_id|version|board|round|table|change|club|result|number|tables|rounds"
    r"|boards|boards_per_round|pair_count|winners|ave_plus|ave|ave_minus|foul_group|page)$"
)
# The value a field is posted with while another field holds the junk, where it is not the
# page's own: the *Deal boards* page offers boards 1-28, and each post it accepts deals them
# and works out double dummy and par for each (a fifth of a second of CPU a board, about 200
# boards in this crawl), work that tells nothing about junk. Its own tests deal boards 1-2 too
# (tests/interchange/test_deal_pages.py); junk in the boards field itself is posted as ever.
OTHER_FIELDS = {"deal_boards": {"boards": "1-2"}}
SAYS_WHY = re.compile(
    r'class="[^"]*\b(error|errorlist|form-errors|has-error)\b|role="alert"|<li class="error"'
)


@pytest.fixture(scope="module")
def shared_evening(django_db_setup, django_db_blocker):
    """The rows of `evening`, stored once for the module's tests (each rolls its own back)."""
    yield from rows_for_the_module(django_db_blocker, build_evening)


@pytest.fixture
def evening(db, shared_evening):
    return shared_evening


def build_evening():
    """A club's session with every kind of line, a deleted line and names; another club's
    session with its own lines (its ids are the foreign ones)."""
    user = get_user_model().objects.create_user("dora", password="a-long-pass-phrase")
    club = Club.objects.create(name="Riverside Bridge Club", slug="riverside")
    club.directors.add(user)
    session = session_create(club=club, name="Tuesday", date=datetime.date(2026, 11, 17))
    section = section_save(
        session=session, name="A", movement="mitchell", tables=3, boards_per_round=2
    )
    section_save(session=session, name="B", boards=6)  # free-form
    gone = section_delete(section=section_save(session=session, name="C", boards=2))
    ann = player_create(club=club, name="Ann Lee", email="ann@example.org")
    pairs_set_names(section=section, names=[("1", "Ann Lee", "Bob Ray")])
    player_create(club=club, name="A. Lee")
    lines = [
        (1, "1", "4", "4S N 10"),
        (1, "2", "5", "30% 4S N 10; 70% 3NT S 8"),
        (1, "3", "6", "4S N 10 / 4S N 9"),
        (3, "1", "5", "A+/A-"),
        (5, "1", "6", "NP"),
        (3, "2", "6", "PASS"),
    ]
    saved = [
        result_save(
            section=section, line=LineInput(b, ns, ew, parse_ruling(text, "None")), confirmed=True
        )
        for b, ns, ew, text in lines
    ]
    result_delete(section=section, result_id=saved[-1].pk, version=1)
    # Bridgemates set up (at a port nothing answers), so that the terminals' settings form
    # is on the page to spoil too.
    BridgemateLink.objects.create(
        club=club, address="http://127.0.0.1:9", bcs_club_id="1234", licence_key="K3Y"
    )
    # A results e-mail that failed, so that the session page's "Try again now" is spoiled too.
    ResultMail.objects.create(
        session=session,
        player=ann,
        results_version=session.results_version,
        tries=1,
        last_error="Connection refused",
        next_try_at=timezone.now(),
    )
    other = Club.objects.create(name="Hilltop BC", slug="hilltop")
    theirs = session_create(club=other, name="Hilltop", date=datetime.date(2026, 11, 17))
    their_section = section_save(
        session=theirs, name="A", movement="mitchell", tables=3, boards_per_round=2
    )
    their_line = result_save(
        section=their_section, line=LineInput(1, "1", "4", parse_ruling("3nts9", "None"))
    )
    result_delete(section=their_section, result_id=their_line.pk, version=1)
    their_change = ResultChange.objects.get(session=theirs, action="delete")
    return {
        "user": user,
        "session": session,
        "kwargs": {
            "session_id": session.pk,
            "name": "A",
            "number": 1,
            "round_number": 1,
            "table": 1,
            "fmt": "pbn",
            "change_id": ResultChange.objects.get(session=session, action="delete").pk,
            "result_id": saved[0].pk,
            "document": "travellers",
            "label": "1",
            "club": club.slug,
            "item_id": gone.pk,
            "player_id": ann.pk,
            # Scoring at the table: ids that name nothing of this session's.
            "call_id": 1,
            "code_id": 1,
            "device_id": 1,
            "competition_id": Competition.objects.create(
                club=club, name="Autumn cup", date_from=session.date, date_to=session.date
            ).pk,
        },
        "foreign": [str(their_line.pk), str(their_change.pk), str(theirs.pk)],
    }


def director_routes():
    """(name, route kwargs) of every route under /director/."""

    def walk(patterns, prefix=""):
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                if pattern.app_name != "admin":
                    yield from walk(pattern.url_patterns, prefix + str(pattern.pattern))
            elif isinstance(pattern, URLPattern):
                route = prefix + str(pattern.pattern)
                if route.startswith("director/"):
                    yield pattern.name, list(pattern.pattern.converters)

    return sorted(set((name, tuple(kwargs)) for name, kwargs in walk(get_resolver().url_patterns)))


def says_why(response) -> bool:
    if response.headers.get("Content-Type", "").startswith("application/json"):
        answer = json.loads(response.content)
        return bool(answer.get("ok") or answer.get("error"))
    if response.headers.get("Content-Type", "").startswith("text/plain"):
        return bool(response.content.strip())  # e.g. a PDF option refused in words
    return bool(SAYS_WHY.search(response.content.decode()))


def accepted(response) -> bool:
    return response.status_code == 302 or (
        response.headers.get("Content-Type", "").startswith("application/json")
        and bool(json.loads(response.content).get("ok"))
    )


def attempt(client, url: str, data: dict, before: dict):
    """One POST in a savepoint that is rolled back (so every attempt starts from `before`,
    the database as the page showed it); the response, and for a refused input whether the
    database changed all the same."""
    with transaction.atomic():
        response = client.post(url, data, HTTP_ACCEPT="text/html")
        changed = not accepted(response) and _database() != before
        transaction.set_rollback(True)
    cache.clear()
    forget_local_results()
    return response, changed


def parameters_read(client, url: str) -> set[str]:
    """The query and form keys a page reads when it is shown (they are the ones to spoil)."""
    seen: set[str] = set()
    originals = {name: getattr(QueryDict, name) for name in ("get", "__getitem__", "getlist")}

    def recording(name):
        def method(self, key, *args, **kwargs):
            seen.add(key)
            return originals[name](self, key, *args, **kwargs)

        return method

    with ExitStack() as stack:
        for name in originals:
            stack.enter_context(patch.object(QueryDict, name, recording(name)))
        client.get(url)
    return seen


ROUTES = director_routes()


@pytest.mark.django_db
@pytest.mark.parametrize("name,wanted", ROUTES, ids=[name for name, _ in ROUTES])
def test_a_director_page_takes_junk_without_a_500_or_a_silent_change(client, evening, name, wanted):
    client.force_login(evening["user"])
    kwargs = evening["kwargs"]
    unknown = set(wanted) - set(kwargs)
    assert not unknown, f"tell test_junk.py a value for {sorted(unknown)} (route {name})"
    url = reverse(f"sessions_app:{name}", kwargs={k: kwargs[k] for k in wanted})
    page = client.get(url)
    assert page.status_code in (200, 302, 404, 405), page.status_code
    for parameter in parameters_read(client, url):
        for junk in NUMBER_JUNK + TEXT_JUNK[2:] + evening["foreign"]:
            response = client.get(url, {parameter: junk})
            if response.status_code in (400, 404):
                assert says_why(response), (parameter, junk)
    if page.status_code != 200 or not page.headers["Content-Type"].startswith("text/html"):
        return
    before = _database()
    posted_with: dict[str, str] = {}
    for form in read_forms(page.content.decode()):
        if form.method != "post":
            continue
        action = form.action or url
        names = [name for name in form.names if name != "csrfmiddlewaretoken"]
        fields = {name: form.data.get(name, "") for name in names}
        other = {k: v for k, v in OTHER_FIELDS.get(name, {}).items() if k in fields}
        fields.update(other)
        posted_with.update(other)
        for field in fields:
            if re.match(r"r[1-9]\d*-", field):
                continue  # the grid's other rows are the same fields as row 0
            number = NUMBER_FIELD.search(field)
            for junk in NUMBER_JUNK + evening["foreign"] if number else TEXT_JUNK:
                response, changed = attempt(client, action, {**fields, field: junk}, before)
                if not accepted(response):
                    assert not changed, (action, field, junk)
                    assert says_why(response), (action, field, junk[:40])
    assert posted_with == OTHER_FIELDS.get(name, {}), "a field of OTHER_FIELDS is gone"


def test_the_crawl_covers_the_director_pages():
    assert {"board_entry", "line_adjust", "session_edit", "changes"} <= {n for n, _ in ROUTES}
