"""The seven printed documents, who may have each, and the options a request may ask for.

`DOCUMENTS` is the one list the views, the links on the pages (print_tags) and the tests read:
a document's slug is its URL, `director_only` keeps the blank forms for running a session to
the club's directors, and `per_page` how many of its items may share a page (the paper
and the options themselves are in `options.py`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from ..models import Session
from ..scoring import SessionResults
from .card_sheets import table_cards_context
from .options import PAPERS, Options
from .sheets import (
    hand_records_context,
    results_context,
    score_cards_context,
    travellers_context,
)

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


class OptionError(ValueError):
    """An option the document does not offer (the message says which ones it does)."""


Builder = Callable[[Session, SessionResults, Options], dict[str, Any]]


@dataclass(frozen=True)
class Document:
    slug: str  # in the URL: .../print/<slug>.pdf
    title: StrOrPromise  # lazy: translated when shown, in the language of the request
    template: str
    build: Builder = field(repr=False)  # the template's context (see sheets, card_sheets)
    director_only: bool = False  # blank forms for running the session
    per_page: tuple[int, ...] = (1,)  # the choices of items to a page; the first is the default

    @property
    def label(self) -> StrOrPromise:
        """The name for a link: "Travellers (blank)", "Score cards"."""
        if self.slug.startswith("blank-"):
            # Translators: a printed form with nothing filled in, e.g. "Travellers (blank)".
            return gettext("%(document)s (blank)") % {"document": self.title}
        return self.title


DOCUMENTS = {
    document.slug: document
    for document in (
        Document(
            "blank-travellers",
            pgettext_lazy("bridge travelling score slips", "Travellers"),
            "sessions_app/print/travellers.html",
            partial(travellers_context, completed=False),
            director_only=True,
            per_page=(1, 2, 3, 4),  # a blank traveller is short: up to four a page
        ),
        Document(
            "travellers",
            pgettext_lazy("bridge travelling score slips", "Travellers"),
            "sessions_app/print/travellers.html",
            partial(travellers_context, completed=True),
            per_page=(1, 2),
        ),
        Document("results", _("Results"), "sessions_app/print/results.html", results_context),
        Document(
            "blank-score-cards",
            _("Score cards"),
            "sessions_app/print/score_cards.html",
            partial(score_cards_context, completed=False),
            director_only=True,
            per_page=(1, 2),
        ),
        Document(
            "score-cards",
            _("Score cards"),
            "sessions_app/print/score_cards.html",
            partial(score_cards_context, completed=True),
            per_page=(1, 2),
        ),
        Document(
            "table-cards",
            _("Table cards"),
            "sessions_app/print/table_cards.html",
            table_cards_context,
            director_only=True,
            per_page=(1, 2),
        ),
        Document(
            "hand-records",
            _("Hand records"),
            "sessions_app/print/hand_records.html",
            hand_records_context,
        ),
    )
}


def options_from_query(document: Document, query: Mapping[str, str]) -> Options:
    """The options of a request (`?paper=letter&per_page=2`); raises OptionError naming the
    choices for a value the document does not offer."""
    paper_key = (query.get("paper") or "a4").lower()
    paper = PAPERS.get(paper_key)
    if paper is None:
        raise OptionError(f"paper must be one of {', '.join(PAPERS)}, not {paper_key!r}")
    raw = query.get("per_page") or str(document.per_page[0])
    if not raw.isdigit() or int(raw) not in document.per_page:
        choices = " or ".join(map(str, document.per_page))
        raise OptionError(f"per_page must be {choices} for {document.slug}, not {raw!r}")
    return Options(paper, int(raw))
