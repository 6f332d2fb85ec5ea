"""`python3 dev.py test`'s own options: --fast for daily work, --no-browser, --no-lint and
--database-only for CI's run on PostgreSQL (.ci/run)."""

from __future__ import annotations

import pytest

from tests.test_serve_lan import load_dev


def test_fast_tests_on_sqlite_without_the_browser_and_the_slow_tests(monkeypatch):
    monkeypatch.setenv("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/clubscorer")
    options, pytest_args, env = load_dev().test_plan(["--fast", "-k", "ranking"])
    assert options == {"--fast"}
    assert pytest_args == ["-m", "not browser and not slow", "-k", "ranking"]
    assert "DATABASE_URL" not in env


def test_ci_on_postgresql_keeps_the_database_and_skips_lint_and_browser(monkeypatch):
    monkeypatch.setenv("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/clubscorer")
    options, pytest_args, env = load_dev().test_plan(["--no-browser", "--no-lint"])
    assert options == {"--no-browser", "--no-lint"}
    assert pytest_args == ["-m", "not browser"]
    assert env["DATABASE_URL"] == "postgres://postgres@127.0.0.1:5432/clubscorer"


def test_the_second_database_runs_only_the_tests_that_use_one(monkeypatch):
    monkeypatch.delenv("CLUBSCORER_DATABASE_TESTS_ONLY", raising=False)
    options, _, env = load_dev().test_plan(["--no-browser", "--no-lint", "--database-only"])
    assert options == {"--no-browser", "--no-lint", "--database-only"}
    assert env["CLUBSCORER_DATABASE_TESTS_ONLY"] == "1"
    _, _, env = load_dev().test_plan(["--no-browser"])
    assert "CLUBSCORER_DATABASE_TESTS_ONLY" not in env


def test_without_options_everything_goes_to_pytest():
    options, pytest_args, _ = load_dev().test_plan(["tests/scoring", "-x"])
    assert options == set()
    assert pytest_args == ["tests/scoring", "-x"]


def test_the_tests_write_their_compiled_modules(monkeypatch):
    """A shell's PYTHONDONTWRITEBYTECODE=1 would have every worker and every server a test
    starts compile the project again; the test run writes __pycache__/ (ignored by git)."""
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    _, _, env = load_dev().test_plan(["--fast"])
    assert "PYTHONDONTWRITEBYTECODE" not in env


def test_a_test_uses_the_database_through_its_fixtures_or_its_mark(request):
    """tests/conftest.py's `uses_database`, on the items of this very run: a test reaching
    the database through a fixture's fixture counts; one that only has pytest-django's
    autouse fixtures (which every test has) does not."""
    from tests.conftest import uses_database

    by_name = {item.name: uses_database(item) for item in request.session.items}
    assert by_name["test_without_options_everything_goes_to_pytest"] is False
    assert by_name["test_a_club_fixture_reaches_the_database"] is True


def test_a_walk_in_another_language_runs_on_the_first_database_only(request):
    """tests/conftest.py's `on_the_second_database`: a test marked `words` uses the database
    and is still left to the first one."""
    from tests.conftest import on_the_second_database

    by_name = {item.name: on_the_second_database(item) for item in request.session.items}
    assert by_name["test_a_club_fixture_reaches_the_database"] is True
    assert by_name["test_a_club_fixture_in_another_language"] is False
    assert by_name["test_without_options_everything_goes_to_pytest"] is False


def test_a_club_fixture_reaches_the_database(club):
    assert club.pk is not None


@pytest.mark.words
def test_a_club_fixture_in_another_language(club):
    assert club.pk is not None
