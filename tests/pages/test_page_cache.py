"""The players' pages' cache (results/page_cache.py, core/cache_keys.py): one entry per page and
order of its tables, whatever else the query string holds, and every entry kept for a limited
time."""

from __future__ import annotations

import time

import pytest
from django.core.cache import cache
from django.http import QueryDict

from sessions_app.core import cache_keys
from sessions_app.core.cache_keys import (
    LIFETIMES,
    cache_entry,
    code_digest,
    code_version,
    session_token,
)
from sessions_app.printing.documents import DOCUMENTS
from sessions_app.printing.options import PAPERS, Options
from sessions_app.printing.storage import stored_name
from sessions_app.results.page_cache import sort_query
from tests.pages.conftest import column, parse


def entries(kind: str) -> list[str]:
    """The keys of one kind in the tests' local-memory cache (its own store: the test counts
    what the cache holds, which no public method tells)."""
    return [key for key in cache._cache if f":clubscorer:{kind}:" in key]


def board_url(session) -> str:
    return f"/sessions/{session.pk}/boards/1/"


@pytest.mark.django_db
def test_it_makes_one_entry_for_a_page_asked_with_different_junk(client, pagat):
    first = client.get(board_url(pagat) + "?junk=1")
    second = client.get(board_url(pagat) + "?junk=2&utm_source=mail")
    assert first.status_code == second.status_code == 200
    assert len(entries("page")) == 1 and len(entries("page-fresh")) == 1
    assert second.content == first.content
    assert "junk" not in first.content.decode()  # the sort links do not carry it on


@pytest.mark.django_db
def test_it_keeps_one_entry_per_order_of_the_pages_tables(client, pagat):
    url = board_url(pagat)
    for query in ("", "?a-sort=-score_ns", "?a-sort=-score_ns&x=1", "?x=1&a-sort=-score_ns"):
        client.get(url + query)
    # Not this page's: a column the traveller has not (percentage is "pct_ns"), a table it
    # has not (one section, A, so no "b"), a parameter that is no table's.
    for query in ("?a-sort=percentage", "?b-sort=ns", "?a-sorting=ns"):
        client.get(url + query)
    assert len(entries("page")) == 2  # unsorted, and by score
    # Pagat board 1, highest NS score first: 3 v 11 +500, then 5 v 14 +450, then 2 v 13 +430.
    tree = parse(client.get(url + "?a-sort=-score_ns&x=2"))
    assert column(tree, "traveller-a", "Score")[:3] == ["+500", "+450", "+430"]
    assert len(entries("page")) == 2


@pytest.mark.django_db
def test_it_gives_every_entry_an_expiry_time(client, pagat):
    before = time.time()
    for path in ("", "boards/1/", "pairs/A/3/", "ranking.csv"):
        assert client.get(f"/sessions/{pagat.pk}/{path}").status_code == 200
    kept = [key for key in cache._cache if ":clubscorer:" in key]
    assert {key.split(":")[3] for key in kept} == {"page", "page-fresh", "missing"}
    for key in kept:
        kind = key.split(":")[3]
        expires = cache._expire_info[key]
        assert expires is not None, key  # settings.CACHES has no default expiry (None)
        assert before + LIFETIMES[kind] <= expires <= time.time() + LIFETIMES[kind]


@pytest.mark.django_db
def test_it_names_every_entry_of_a_session_after_its_version(pagat):
    page = cache_entry("page", pagat, "abc")
    assert page.key == f"clubscorer:page:{pagat.pk}:{session_token(pagat)}:abc"
    assert page.seconds == 24 * 3600
    assert cache_entry("page-fresh", pagat.pk, "abc") == (
        f"clubscorer:page-fresh:{pagat.pk}:{code_version()}:abc",
        2,
    )
    before = session_token(pagat)
    pagat.results_version += 1  # what every write does
    assert session_token(pagat) != before


def test_it_keeps_only_the_tables_own_sort_parameters():
    sorts = {"a-ns": frozenset({"place", "percentage"}), "a-ew": frozenset({"place"})}
    query = QueryDict("utm=x&a-ns-sort=-percentage&a-ew-sort=percentage&a-sort=place&page=2")
    assert sort_query(query, sorts) == "a-ns-sort=-percentage"
    # Before the results are read: any table key, any results table's column, in one order.
    assert sort_query(QueryDict("z-sort=ns&a-sort=place&a-sort=-mp&y=1")) == (
        "a-sort=place&a-sort=-mp&z-sort=ns"
    )


@pytest.mark.django_db
def test_code_of_another_version_reads_nothing_kept_by_the_code_before(client, pagat, monkeypatch):
    """A deploy: the same session, another code version -> every kind of entry made anew and
    the PDFs under new names, so a corrected rule or template shows at once."""
    client.get(board_url(pagat))
    before = {key for key in cache._cache if ":clubscorer:" in key}
    results_pdf = (DOCUMENTS["results"], Options(PAPERS["a4"], 1))
    pdf_before = stored_name(pagat, *results_pdf)

    monkeypatch.setattr(cache_keys, "code_version", lambda: "0.1.0+deployed-later")
    assert client.get(board_url(pagat)).status_code == 200
    made = {key for key in cache._cache if ":clubscorer:" in key} - before

    def kinds(keys: set[str]) -> set[str]:
        return {key.split(":")[3] for key in keys}

    assert kinds(before) == {"page", "page-fresh", "missing"}
    assert kinds(made) == kinds(before)  # none of the entries before was read
    assert stored_name(pagat, *results_pdf) != pdf_before


def test_the_code_version_changes_with_any_code_or_template_file(tmp_path):
    for name, text in [
        ("sessions_app/scoring/matchpoints.py", "TOP = 2\n"),
        ("templates/ranking.html", "<td>{{ total }}</td>\n"),
        ("clubscorer/settings.py", "DEBUG = False\n"),
    ]:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    first = code_digest(tmp_path)
    (tmp_path / "sessions_app/scoring/__pycache__").mkdir()
    (tmp_path / "sessions_app/scoring/__pycache__/matchpoints.cpython-311.py").write_text("x")
    (tmp_path / "sessions_app" / "NOTES").write_text("not code")
    assert code_digest(tmp_path) == first  # compiled files and other files are not code
    (tmp_path / "templates/ranking.html").write_text("<td>{{ total|floatformat:2 }}</td>\n")
    second = code_digest(tmp_path)
    assert second != first
    (tmp_path / "sessions_app/scoring/matchpoints.py").write_text("TOP = 1\n")
    assert code_digest(tmp_path) not in (first, second)
