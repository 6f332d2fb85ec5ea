"""Everything kept of a session between requests, named and timed in one place: its scored
results, what is missing and what looks wrong, the players' pages, and the stored PDFs.

All of it depends on the same things, so one token names them: the session (its id, and its
creation time, since an id can come back after a rolled-back transaction), `results_version`
(bumped by every write of a result, a pair, a section or a scoring setting) with its random
`results_stamp` (a version number too comes back after a rolled-back write), the session's
own fields (`updated_at`, and the status, which drafts print on their PDFs), and the version
of the code that made them (`code_version`: a deploy that corrects a rule or a template
serves nothing made by the code before). A write makes a new token, so nothing kept is ever
stale and nothing has to be deleted; the old entries expire. Being a keyed hash (SECRET_KEY),
the token also keeps a draft's stored PDFs unguessable should MEDIA_ROOT ever be served
directly.

Example: `cache_entry("missing", session)` -> ("clubscorer:missing:7:<token>", 86400); after
a line is saved the token, and so the key, is another.
"""

from __future__ import annotations

import hashlib
from functools import cache
from importlib.metadata import version
from pathlib import Path
from typing import NamedTuple

from django.conf import settings
from django.utils.crypto import salted_hmac

from ..models import Session

DAY = 24 * 3600
# What is kept, and for how long (seconds). Each is kept only as long as it may be read again
# soon: a session's results are read all evening and the next day, a page for two seconds
# without asking the database whether it changed.
LIFETIMES = {
    "results": DAY,  # the scored session (core/results.py)
    "missing": DAY,  # the lines still missing (review/checks.py)
    "flags": DAY,  # the results that look wrong (review/checks.py)
    "winners": DAY,  # the pairs placed first, for the club's page (results/winners.py)
    "analysis": DAY,  # the analysis against double dummy (hands/analysis.py)
    "page": DAY,  # a players' page as rendered (results/views.py)
    "page-fresh": 2,  # the same, served without even reading the session
}


# What the figures, pages and PDFs kept are made by: the Python code and the templates.
CODE_ROOTS = ("clubscorer", "sessions_app", "templates")
CODE_SUFFIXES = frozenset({".py", ".html", ".txt"})


def code_digest(base: Path, roots: tuple[str, ...] = CODE_ROOTS) -> str:
    """A digest of every code and template file under `roots` (paths and contents, in path
    order), so that any change to one of them makes another.

    Example: two checkouts of one commit -> the same digest; the same checkout with one
    character of `sessions_app/scoring/matchpoints.py` changed -> another.
    """
    digest = hashlib.sha256()
    for root in roots:
        for path in sorted((base / root).rglob("*")):
            if path.suffix in CODE_SUFFIXES and "__pycache__" not in path.parts:
                digest.update(path.relative_to(base).as_posix().encode() + b"\0")
                digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


@cache
def code_version() -> str:
    """The version of the code running: the package's version and `code_digest`, computed
    once a process (a few milliseconds at the first page)."""
    return f"{version('clubscorer')}+{code_digest(Path(settings.BASE_DIR))}"


class CacheEntry(NamedTuple):
    key: str
    seconds: int  # the entry's expiry time, for `cache.set(key, value, seconds)`


def session_token(session: Session) -> str:
    """A keyed hash of everything a session's kept results, pages and PDFs depend on (see
    above); stored PDFs are named after it (printing/storage.py)."""
    stamp = ":".join(
        (
            str(session.pk),
            f"{session.created_at.timestamp():.6f}",
            f"{session.updated_at.timestamp():.6f}",
            str(session.results_version),
            str(session.results_stamp),
            session.status,
            code_version(),
        )
    )
    return salted_hmac("clubscorer.printing", stamp).hexdigest()[:24]


def cache_entry(kind: str, session: Session | int, *parts: str) -> CacheEntry:
    """The cache key and expiry time of `kind` (one of LIFETIMES) for `session`, with `parts`
    telling apart several entries of one kind (a page's path and sort parameters).

    `session` is a Session, whose token goes into the key; or only its id, for the 2-second
    page cache, which is read before the session is (a correction reaches players once that
    entry has expired).
    """
    if isinstance(session, Session):
        ident = f"{session.pk}:{session_token(session)}"
    else:
        ident = f"{session}:{code_version()}"
    return CacheEntry(":".join(("clubscorer", kind, ident, *parts)), LIFETIMES[kind])
