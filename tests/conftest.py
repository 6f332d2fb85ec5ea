"""Shared builders for database tests."""

from __future__ import annotations

import datetime
import io
import json
import os
import textwrap
from collections.abc import Callable, Iterator
from typing import TypeVar

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.core.management import call_command
from django.db import transaction
from django.utils import translation

from sessions_app.core.results import forget_local_results
from sessions_app.files.imports import session_import
from sessions_app.interchange.files import read_file
from sessions_app.models import Club
from sessions_app.setup.sessions import section_save, session_create

# Hashing a password the way production does (PBKDF2, a million rounds) took most of the
# suite's time; tests hash with MD5. The one test that keeps the real hashers
# (tests/test_accounts.py) takes them from here.
REAL_PASSWORD_HASHERS = list(settings.PASSWORD_HASHERS)


def pytest_configure(config):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


# The fixtures through which a test reaches the database: pytest-django's (every other way in,
# such as `django_db_blocker`, which every test has, needs the test database set up), and a
# live server's.
DATABASE_FIXTURES = frozenset(("db", "transactional_db", "django_db_setup", "live_server"))


def uses_database(item: pytest.Item) -> bool:
    """Whether a test reaches the database the run is pointed at: through one of
    DATABASE_FIXTURES (its fixtures' own fixtures count) or pytest-django's django_db mark.
    A test that reaches none (the scoring engine, a file's reader, a subprocess that names its
    own database) runs the same whatever DATABASE_URL says."""
    fixtures = set(getattr(item, "fixturenames", ()))
    return bool(fixtures & DATABASE_FIXTURES) or item.get_closest_marker("django_db") is not None


def on_the_second_database(item: pytest.Item) -> bool:
    """Whether CI's second database runs a test: one that uses the database (`uses_database`)
    and is not a walk repeated in another language (marked `words`). Such a repeat meets the
    queries the French walk already ran there, and tests a catalogue, the same file whatever
    the database."""
    return uses_database(item) and item.get_closest_marker("words") is None


def running_order(item: pytest.Item) -> int:
    """When a test runs: the browser tests first, then the other slow ones, then the rest, each
    in the order collected. A browser test spends much of its time waiting for Chromium, time
    the other run of CI (and the other worker) use; and with the long tests started first, no
    worker is left at the end with a two-minute evening while the other has nothing to do."""
    if item.get_closest_marker("browser"):
        return 0
    return 1 if item.get_closest_marker("slow") else 2


def pytest_collection_modifyitems(config, items):
    """The tests in `running_order`. CI's second database (`dev.py test --database-only`,
    CLUBSCORER_DATABASE_TESTS_ONLY=1) runs only `on_the_second_database`'s tests: the others
    ran on the first one already."""
    items.sort(key=running_order)
    if os.environ.get("CLUBSCORER_DATABASE_TESTS_ONLY") != "1":
        return
    kept, left_out = [], []
    for item in items:
        (kept if on_the_second_database(item) else left_out).append(item)
    config.hook.pytest_deselected(items=left_out)
    items[:] = kept


def pytest_collection_finish(session):
    """Tests of one xdist_group share a worker (`--dist loadgroup`), so a session fixture such
    as tests/printing's demo PDFs is made once. pytest-xdist marks them by adding the group to
    each test's id (test_x[1]@demo_pdfs); on a pytest it does not know (9.2 with xdist 3.8) the
    mark is silently lost and every worker renders the demo again. Refused here instead."""
    if not getattr(session.config.option, "loadgroup", False):
        return
    lost = [
        item.nodeid
        for item in session.items
        if item.get_closest_marker("xdist_group") and "@" not in item.nodeid
    ]
    if lost:
        raise pytest.UsageError(
            f"pytest-xdist did not group {lost[0]} (and {len(lost) - 1} more): this pytest and"
            " pytest-xdist do not work together; pin the versions pyproject.toml names"
        )


T = TypeVar("T")


def rows_for_the_module(django_db_blocker, build: Callable[[], T]) -> Iterator[T]:
    """For a module-scoped fixture: what `build` stores, made once for every test of the module
    instead of once for each, and rolled back after its last test. The rows are written in a
    transaction left open around the module's tests; each test's own (pytest-django's `db`)
    is then a savepoint inside it, so what one test changes is rolled back before the next, as
    ever. Only for modules whose tests are not transactional (`transactional_db`,
    `live_server`) and make no rows of their own that the shared ones would collide with.
    What `build` returns is shared too: tests read it, and change only the database."""
    with django_db_blocker.unblock():
        atomic = transaction.atomic()
        atomic.__enter__()
        try:
            built = build()
        except BaseException as error:
            atomic.__exit__(type(error), error, error.__traceback__)
            raise
    try:
        yield built
    finally:
        with django_db_blocker.unblock():
            transaction.set_rollback(True)
            atomic.__exit__(None, None, None)


PAGAT_BOARD_1 = """\
    board,ns,ew,contract,declarer,tricks
    1,1,8,4S,N,10
    1,2,13,3NT,S,10
    1,3,11,5CX,E,8
    1,4,9,4S,N,10
    1,5,14,4S,N,11
    1,6,12,5S,N,10
    1,7,10,3S,N,10
"""


def run(*args) -> str:
    """What a management command writes to standard output."""
    out = io.StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def last_line_id(output: str) -> int:
    """The session id an import command prints as its last line."""
    return int(output.strip().splitlines()[-1])


def export(session_id: int, fmt: str = "json"):
    """`export_results` of a session: the JSON document, or the text of another format."""
    text = run("export_results", str(session_id), "--format", fmt)
    return json.loads(text) if fmt == "json" else text


# docs/rules.md §9.10 (Butler, one result discarded at each end): NS -650, -170, -1440, +100, -170,
# -200 -> datum -300 -> NS IMPs -8, +4, -15, +9, +4, +3. Scores only, on board 1 (None).
BUTLER_BOARD_1 = """\
board,ns,ew,score
1,1,11,-650
1,2,12,-170
1,3,13,-1440
1,4,14,100
1,5,15,-170
1,6,16,-200
"""


@pytest.fixture(autouse=True)
def _the_site_s_language():
    """Each test starts in the site's language: a request through the test client leaves the
    language LocaleMiddleware chose active on the thread (a French club's page: French), and
    a service the next test calls outside a request would speak it."""
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _empty_caches():
    cache.clear()
    forget_local_results()
    yield
    cache.clear()
    forget_local_results()


@pytest.fixture
def club(db):
    return Club.objects.create(name="Riverside Bridge Club", slug="riverside")


@pytest.fixture
def make_session(club):
    """Build a session from travellers CSV text (indentation is ignored) through the service."""

    def build(travellers: str, names: str = "", **options):
        options.setdefault("name", "Test pairs")
        options.setdefault("date", datetime.date(2026, 11, 16))
        travellers_file = read_file(
            textwrap.dedent(travellers).encode(),
            kind="csv",
            names=textwrap.dedent(names).encode() if names else None,
        )
        return session_import(club=club, results_file=travellers_file, **options).session

    return build


# Directors and a set-up session, for the director's pages and services.


@pytest.fixture
def director(club):
    user = get_user_model().objects.create_user("dora", password="a-long-pass-phrase")
    club.directors.add(user)
    return user


@pytest.fixture
def stranger(db):
    """A director of another club."""
    user = get_user_model().objects.create_user("sam", password="a-long-pass-phrase")
    Club.objects.create(name="Hilltop BC", slug="hilltop").directors.add(user)
    return user


@pytest.fixture
def mitchell(director):
    """A draft session: section A, a 7-table Mitchell, 3 boards a round, last round switched."""
    session = session_create(
        club=director.clubs.get(), name="Tuesday pairs", date=datetime.date(2026, 11, 17)
    )
    section = section_save(
        session=session,
        name="A",
        movement="mitchell",
        tables=7,
        boards_per_round=3,
        arrow_switch="last",
    )
    return section


@pytest.fixture
def director_client(client, director):
    client.force_login(director)
    return client


def publish(session) -> None:
    """Take a session through the status steps to published, complete or not (as a director
    who ticks "publish anyway")."""
    from sessions_app.setup.status import STATUS_STEPS, session_set_status

    for status in ("in_play", "final", "published"):
        session.refresh_from_db()
        if status in dict(STATUS_STEPS[session.status]):
            session_set_status(session=session, status=status, publish_incomplete=True)
