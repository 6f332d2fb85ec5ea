"""The players' pages, rendered once per version of their session and order of their tables.

A page's tables (results/page_tables/) read only their own `<key>-sort` parameter (django-tables2's
"sort" after the table's prefix: "a-ns-sort" for section A's NS ranking), and only the columns
they sort by. So a page is cached on its path and exactly those parameters, and rendered as if
asked with nothing else: "?utm_source=mail" or a mistyped column is served the cached page
and makes no entry of its own (nor does it ride along in the page's sort links).

Example: "/sessions/7/?utm=x&a-ns-sort=-percentage&a-ew-sort=nonsense" is cached and rendered
as "/sessions/7/?a-ns-sort=-percentage".

Each language has its own copy (core/languages.py says which a visitor gets): a page is found
by the visitor's choice of language (or none: the club's), and kept by the language it was
rendered in, which it also says in its Content-Language.

A board page also reads the pair whose line it marks (`?section=A&pair=11`, the links of a
score card: `OWN_LINE`), kept only when that pair has a line on the board: "?section=A&pair=99"
is the board's usual page.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Mapping
from functools import wraps
from urllib.parse import urlencode

from django.core.cache import cache
from django.http import HttpResponse, QueryDict
from django.utils.translation import get_language

from ..core import selectors
from ..core.cache_keys import cache_entry
from ..core.languages import club_page_language, speak_club_language
from ..core.results import session_results
from ..models import Session
from ..rows import pair_on_board, ranking_keys, traveller_keys
from ..scoring.results import SessionResults
from .page_tables import (
    CARD_KEY,
    RANKING_TABLES,
    SCORE_CARD_TABLES,
    TRAVELLER_TABLES,
    ResultsTable,
)

SORT_FIELD = "sort"
PAGE_FIELD = "page"
# A field of a big event shown a page at a time: a phone asks for 100 pairs (about 25 KiB),
# not the 2,000 of a 1,000-table field (half a megabyte). Page 1 is the first 100.
RANKING_PAGE_ROWS = 100
FIND = "find"  # the ranking page's query: the pairs whose number or names hold these words
FIND_LENGTH = 40  # a name and a half: longer holds no pair's number or names
KEPT_HEADERS = {"Content-Type", "Content-Disposition"}
Sorts = Callable[..., Mapping[str, Iterable[str]]]  # (results, **the view's URL kwargs)
Marks = Callable[..., list[tuple[str, str]]]  # (results, query, **the view's URL kwargs)
OWN_LINE = ("section", "pair")  # a board page's query naming the pair whose line it marks


def rendered_once(sorts: Sorts | None = None, marks: Marks | None = None):
    """A session's public pages, as a visitor without a log-in sees them, are rendered once per
    change of the session (`cache_entry`: its results version and its own fields) and then
    served from the cache: a hundred players refreshing the results cost one small query each.
    For a couple of seconds after it is served ("page-fresh"), a page is served again without
    that query too, so a correction reaches players within a couple of seconds. Directors, who
    may see more than players, always get a fresh page.

    `sorts(results, **kwargs)` gives the page's tables (their keys, and the columns each sorts
    by), read from the session's results: `ranking_sorts`, `traveller_sorts`,
    `score_card_sorts`; None for a page without tables (the ranking CSV). `marks(results,
    query, **kwargs)` gives the other parameters the page reads, once checked
    (`traveller_marks`: the pair whose line a board page marks).
    """

    def decorate(view):
        @wraps(view)
        def wrapped(request, session_id: int, **kwargs):
            if request.user.is_authenticated or request.method != "GET":
                return view(request, session_id, **kwargs)
            asked = club_page_language(request)
            fresh = cache_entry(
                "page-fresh", session_id, _page_id(request.path, request.GET, asked)
            )
            cached = cache.get(fresh.key)
            if cached is None:
                session = viewed_session(request, session_id)
                own = QueryDict()
                if sorts is not None:
                    results = session_results(session)
                    kept = sort_query(request.GET, sorts(results, **kwargs))
                    if marks is not None:
                        checked = urlencode(marks(results, request.GET, **kwargs))
                        kept = "&".join(part for part in (kept, checked) if part)
                    own = QueryDict(kept)
                page = cache_entry("page", session, _page_id(request.path, own, get_language()))
                cached = cache.get(page.key)
                if cached is None:
                    request.GET = own  # what the tables' sort links keep of the query
                    response = view(request, session_id, **kwargs)
                    if response.status_code != 200:
                        return response
                    headers = {k: v for k, v in response.items() if k in KEPT_HEADERS}
                    headers["Content-Language"] = get_language()
                    cached = (response.content, headers)
                    cache.set(page.key, cached, page.seconds)
                cache.set(fresh.key, cached, fresh.seconds)
            content, headers = cached
            return HttpResponse(content, headers=headers)

        return wrapped

    return decorate


def viewed_session(request, session_id: int) -> Session:
    """The session a players' page shows, if this visitor may see it (a 404 otherwise), read
    once per request: `rendered_once` reads it to find the page's cache key, and the view it
    then calls gets the same row without a second query.

    The rest of the request speaks the session's club's language unless the visitor chose
    one (core/languages.py): the club comes with the session, so that costs no query.

    Example: GET /sessions/7/ with nothing cached -> one query for session 7, not two.
    """
    session = getattr(request, "viewed_session", None)
    if session is None or session.pk != session_id:
        session = selectors.session_for_viewer(user=request.user, session_id=session_id)
        request.viewed_session = session
        speak_club_language(request, session.club)
    return session


def _page_id(path: str, query: QueryDict, language: str) -> str:
    """A page's language, path and the sort parameters of its query (before the session is
    read: any results table's), the pair a board page marks (`OWN_LINE`, as asked: checked
    only once the session is read) and the page of each table asked (`page_numbers`), hashed
    to a short key part."""
    # A value longer than any label can name no pair: the board's usual page.
    marked = [(name, query[name]) for name in OWN_LINE if 0 < len(query.get(name, "")) <= 10]
    parts = (
        sort_query(query),
        urlencode(marked),
        urlencode(page_numbers(query)),
        urlencode([(FIND, found)] if (found := found_text(query)) else []),
    )
    kept = "&".join(part for part in parts if part)
    return hashlib.sha256(f"{language} {path}?{kept}".encode()).hexdigest()[:32]


def sort_columns(table_class: type[ResultsTable]) -> frozenset[str]:
    """The columns a table can be sorted by: RankingTable -> place, label, matchpoints,
    percentage (not names)."""
    return frozenset(
        name for name, column in table_class.base_columns.items() if column.orderable is not False
    )


def ranking_sorts(results: SessionResults) -> dict[str, frozenset[str]]:
    """The session page's tables: each field's ranking."""
    return dict.fromkeys(ranking_keys(results), sort_columns(RANKING_TABLES[results.imps]))


def page_numbers(query: QueryDict) -> list[tuple[str, str]]:
    """The `<table key>-page` parameters of `query` that can be a page number (1 to 4 digits),
    before the session is read. Example: "a-ns-page=2&a-ew-page=x&b-page=123456" ->
    [("a-ns-page", "2")]."""
    asked = ((name, str(query.get(name, ""))) for name in sorted(query))
    return [
        (name, value)
        for name, value in asked
        if name.rpartition("-")[2] == PAGE_FIELD and value.isdigit() and len(value) <= 4
    ]


def found_text(query: QueryDict) -> str:
    """What the ranking page's find box asks for, its spaces tidied: "" for nothing, or for
    more than a pair's number or names could hold. Example: "  Ann   Lee " -> "Ann Lee"."""
    text = " ".join(str(query.get(FIND, "")).split())
    return text if len(text) <= FIND_LENGTH else ""


def ranking_marks(results: SessionResults, query: QueryDict) -> list[tuple[str, str]]:
    """The session page's parameters besides its tables' sorts: the words of its find box
    (`found_text`) and the page of each field asked (`ranking_pages`)."""
    found = found_text(query)
    return ([(FIND, found)] if found else []) + ranking_pages(results, query)


def ranking_pages(results: SessionResults, query: QueryDict) -> list[tuple[str, str]]:
    """The page of each field longer than a page (`RANKING_PAGE_ROWS`), when the query asks
    for one it has beyond the first. Example: a field "a-ns" of 250 pairs -> pages 1 to 3;
    "?a-ns-page=3" -> [("a-ns-page", "3")], "?a-ns-page=4" or "?a-ew-page=2" of a 60-pair
    field -> []."""
    fields = [*results.overall, *(field for s in results.sections for field in s.fields)]
    pages = {
        key: -(-len(field.standings) // RANKING_PAGE_ROWS)
        for key, field in zip(ranking_keys(results), fields, strict=True)
    }
    return [
        (name, value)
        for name, value in page_numbers(query)
        if 1 < int(value) <= pages.get(name.removesuffix(f"-{PAGE_FIELD}"), 0)
    ]


def traveller_sorts(results: SessionResults, number: int) -> dict[str, frozenset[str]]:
    """Board `number`'s page's tables: its traveller in each section that played it."""
    columns = sort_columns(TRAVELLER_TABLES[results.imps])
    return dict.fromkeys(traveller_keys(results, number), columns)


def own_line(results: SessionResults, query: QueryDict, number: int) -> tuple[str, str] | None:
    """The (section, pair) whose line board `number`'s page marks, from its query
    (`?section=A&pair=11`, a score card's link); None when the query names none, or a pair
    without a line on this board."""
    section, label = (query.get(name, "") for name in OWN_LINE)
    if section and label and pair_on_board(results, number, section, label):
        return section, label
    return None


def traveller_marks(
    results: SessionResults, query: QueryDict, number: int
) -> list[tuple[str, str]]:
    """Board `number`'s page's parameters besides its tables' sorts: the pair whose line it
    marks, when it has one there. Example: "?section=A&pair=11" -> [("section", "A"),
    ("pair", "11")]; "?section=A&pair=99" -> []."""
    own = own_line(results, query, number)
    return list(zip(OWN_LINE, own, strict=True)) if own else []


def score_card_sorts(results: SessionResults, **_) -> dict[str, frozenset[str]]:
    """A pair's page's one table, its score card."""
    return {CARD_KEY: sort_columns(SCORE_CARD_TABLES[results.imps])}


ANY_SORT = frozenset().union(
    *(
        sort_columns(table)
        for choice in (RANKING_TABLES, TRAVELLER_TABLES, SCORE_CARD_TABLES)
        for table in choice.values()
    )
)


def sort_query(query: QueryDict, sorts: Mapping[str, Iterable[str]] | None = None) -> str:
    """The part of `query` the tables read, in one order: for each table key of `sorts`, the
    values of its `<key>-sort` that name a column it sorts by (every value, as django-tables2
    reads them; "-" first for descending). With `sorts` None (before the session's results
    are read), any table key and any results table's column.

    Example: "utm=x&a-ns-sort=-percentage&a-ew-sort=nonsense", {"a-ns": {"percentage", ...},
    "a-ew": {...}} -> "a-ns-sort=-percentage".
    """
    kept = []
    for name in sorted(query):
        key, dash, field = name.rpartition("-")
        columns = ANY_SORT if sorts is None else sorts.get(key)
        if not dash or field != SORT_FIELD or columns is None:
            continue
        kept += [
            (name, value) for value in query.getlist(name) if value.removeprefix("-") in columns
        ]
    return urlencode(kept)
