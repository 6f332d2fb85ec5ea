"""Whole files in: the one service every import goes through (the director's upload, the
import commands, the demo), after `interchange.files.read_file` has read the file.

`session_import` creates a session from a read travellers CSV, PBN or USEBIO file in one
transaction: its sections, pairs and names, boards (dealer and vulnerability as the file says,
deals and their analysis), and traveller lines with bulk inserts, so a 26,000-line file is a
handful of queries and either all of it is stored or none of it is. What the file leaves open
is decided before anything is stored, by `interchange.plan.plan_file` scoring the file in
memory (the same plan `manage.py score` writes out): the matchpoint scale its published
matchpoints agree with, the Butler datum setting its IMPs agree with; what the file published
is compared there with clubscorer's results, and every difference is reported. The session is
created once, with those settings and its status.

`session_attach_deals` stores a hand record's deals on an existing session instead. The rows
themselves go in through `import_rows`, a few statements a table whatever the file's size.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ..core.results import session_results
from ..interchange.compare import Difference, compare, likely_scale
from ..interchange.deal_files.boards import BadDeal, numbers_words, owners_of
from ..interchange.plan import plan_file
from ..interchange.records import ResultsFile
from ..interchange.refused import FileRefused
from ..models import (
    Board,
    Club,
    ImportedFile,
    ResultChange,
    Session,
)
from ..players.linking import session_link_players
from .import_rows import store_file_rows


@dataclass(frozen=True)
class ImportReport:
    session: Session
    lines: int  # traveller lines stored
    deals: int  # deals stored
    compared: int  # published traveller lines and totals compared
    differences: tuple[Difference, ...]
    kept: tuple[int, ...] = ()  # boards whose own deal was kept: the file's differs

    @property
    def kept_words(self) -> str:
        """The boards that kept their deal, for the director. Example: (3, 4, 5, 9) ->
        "boards 3-5, 9 already have a different deal, kept"."""
        return ngettext(
            "board %(boards)s already has a different deal, kept",
            "boards %(boards)s already have a different deal, kept",
            len(self.kept),
        ) % {"boards": numbers_words(self.kept)}

    @property
    def differing_words(self) -> str:
        """How many of the lines compared differ, counting a line once however many of its
        figures differ. Example: NS and EW matchpoints of one line of 7 -> "1 of 7 lines
        differ from the file's own"; none -> "0 of 7 lines differ from the file's own"."""
        differing = len({(difference.line, difference.where) for difference in self.differences})
        words = {"differing": differing, "compared": self.compared}
        if differing == 1:
            return (
                ngettext(
                    "%(differing)s of %(compared)s line differs from the file's own",
                    "%(differing)s of %(compared)s lines differs from the file's own",
                    self.compared,
                )
                % words
            )
        return (
            ngettext(
                "%(differing)s of %(compared)s line differ from the file's own",
                "%(differing)s of %(compared)s lines differ from the file's own",
                self.compared,
            )
            % words
        )


class AlreadyImported(Exception):
    """The file was imported into the club since the director chose it (a retry, a second
    click): `record` is that import (an ImportedFile)."""

    def __init__(self, record: ImportedFile):
        super().__init__(_("already imported as %(name)s") % {"name": record.name})
        self.record = record


@transaction.atomic
def session_import_once(*, club: Club, digest: str, seen: int | None, **kwargs) -> ImportReport:
    """`session_import` of a file the director chose knowing of its imports up to `seen` (the
    id of the latest ImportedFile shown, None for none): imported only if no other import of it
    came since, which is checked and stored in one transaction under the club's row lock. So
    a retry of an import that went through, though the director saw an error (a worker killed
    during COMMIT), or a second click while the first is running, finds the session and makes
    no second one. Example: a file never imported, posted twice at once -> one session; the
    second post raises AlreadyImported naming it."""
    list(Club.objects.select_for_update().filter(pk=club.pk).values_list("pk"))
    latest = ImportedFile.objects.filter(club=club, sha256=digest).order_by("-pk").first()
    if latest is not None and latest.pk != seen:
        raise AlreadyImported(latest)
    return session_import(club=club, digest=digest, **kwargs)


def club_for_import(slug: str | None) -> Club:
    """The club named by `slug`; without one, the only club there is (created if none)."""
    if slug:
        club = Club.objects.filter(slug=slug).first()
        if club is None:
            raise Club.DoesNotExist(f"there is no club {slug!r}")
        return club
    clubs = list(Club.objects.all()[:2])
    if len(clubs) > 1:
        raise Club.MultipleObjectsReturned("there are several clubs: say which with --club")
    return clubs[0] if clubs else Club.objects.create(name="My bridge club", slug="club")


@transaction.atomic
def session_import(
    *,
    club: Club,
    results_file: ResultsFile,
    publish: bool = False,
    user=None,
    source: str = "",
    digest: str = "",
    **options: Any,
) -> ImportReport:
    """A new session from a read file, with the settings `plan_file` decides (what the file
    leaves open is chosen by scoring it in memory), stored in one transaction. `options` are
    `plan_file`'s: name, date, scale, method, butler_discard, winners and `settings`, the
    session's other settings (`--set`), before those a file carries. The session is published
    with `publish`; else final, or a draft when the file has deals but no lines.

    The import is recorded once in the audit trail ("imported 26,000 lines from FILE");
    later changes to single lines are recorded line by line. With `digest` (the file's
    SHA-256, `files.file_digest`) the file is remembered as imported into this session, so
    that choosing it again is answered before a second session is made of it.
    """
    status = _status(results_file, publish)
    plan = plan_file(results_file, filename=source, status=status, **options)
    session = Session(club=club, published_at=timezone.now() if publish else None, **plan.values)
    session.save()
    store_file_rows(session, results_file, plan.pairs, plan.columns, plan.winners, _user(user))
    session_link_players(session=session)  # the names the register knows for sure
    ResultChange.objects.create(
        session=session,
        action=ResultChange.Action.IMPORT,
        user=_user(user),
        note=f"imported {len(results_file.rows)} lines" + (f" from {source}" if source else ""),
    )
    _store_deals(session, results_file)
    if digest:
        ImportedFile.objects.create(
            club=club,
            sha256=digest,
            session_ref=session.pk,
            name=session.name,
            date=session.date,
            source=source[:200],
            imported_by=_user(user),
        )
    return ImportReport(
        session=session,
        lines=len(results_file.rows),
        deals=len(results_file.deals),
        compared=results_file.published,
        differences=plan.differences,
    )


def _status(results_file: ResultsFile, publish: bool) -> str:
    if publish:
        return Session.Status.PUBLISHED
    return Session.Status.FINAL if results_file.rows else Session.Status.DRAFT


def _user(user):
    return user if user and user.is_authenticated else None


def _store_deals(session: Session, results_file: ResultsFile) -> None:
    """The file's deals with the analysis it carries (else worked out) on their boards."""
    if not results_file.deals:
        return
    # boards.py loads endplay (a second): imported only when a file has deals, so that
    # importing a travellers CSV, which has none, never waits for it.
    from ..hands.boards import session_set_deals

    analyses = {
        number: board.analysis
        for number, board in results_file.boards.items()
        if board.deal and board.analysis
    }
    session_set_deals(session=session, deals=results_file.deals, analyses=analyses)


@transaction.atomic
def session_attach_deals(
    *, session: Session, results_file: ResultsFile, replace_deals: bool = False
) -> ImportReport:
    """Store a file's deals on an existing session's boards (creating the boards it lacks);
    its traveller lines are not imported, but what it published is compared with the
    session's results. A board whose dealer or vulnerability the file states differently is
    refused (FileRefused), since the session's scores were entered for its own. A board that
    already has a different deal keeps it unless `replace_deals`, and the report says which
    (`kept`): a hand record is never overwritten by a file the director did not mean for it.
    """
    boards = {board.number: board for board in session.boards.all()}
    kept = () if replace_deals else different_deals(boards, results_file)
    if kept:
        results_file = dataclasses.replace(
            results_file,
            boards={n: b for n, b in results_file.boards.items() if n not in kept},
        )
    errors = []
    for record in results_file.boards.values():
        board = boards.get(record.number)
        if board is None or not record.deal:
            continue
        for stated, sentence, theirs, ours in (
            (
                record.stated[0],
                _(
                    "line %(line)s: board %(board)s has dealer %(theirs)s in the file but"
                    " %(ours)s in the session"
                ),
                record.dealer,
                board.dealer,
            ),
            (
                record.stated[1],
                _(
                    "line %(line)s: board %(board)s has vulnerability %(theirs)s in the file"
                    " but %(ours)s in the session"
                ),
                record.vulnerability,
                board.vulnerability,
            ),
        ):
            if stated and theirs != ours:
                errors.append(
                    sentence
                    % {"line": record.line, "board": record.number, "theirs": theirs, "ours": ours}
                )
    if errors:
        raise FileRefused(errors)
    _create_boards(session, boards, results_file.boards.values())
    _store_deals(session, results_file)
    differences: list[Difference] = []
    if results_file.published:
        results = session_results(session)
        scale = (
            None if results.imps else likely_scale(results, results_file.lines, results_file.totals)
        )
        differences = compare(
            results, results_file.lines, results_file.totals, scale, results_file.datums.values()
        )
    return ImportReport(
        session=session,
        lines=0,
        deals=len(results_file.deals),
        compared=results_file.published,
        differences=tuple(differences),
        kept=kept,
    )


def different_deals(boards: dict[int, Board], results_file: ResultsFile) -> tuple[int, ...]:
    """The numbers of the boards that have a deal other than the file's. Example: board 3
    stored as `N:AKQ…` and the file's `E:…` for the same cards in the same hands -> not
    different (both read as their 52 cards' seats)."""
    different = []
    for number, record in sorted(results_file.boards.items()):
        board = boards.get(number)
        stored = board.deal if board is not None else ""
        if stored and record.deal and _seats(stored) != _seats(record.deal):
            different.append(number)
    return tuple(different)


def _seats(deal: str) -> tuple[int, ...] | str:
    """A deal as its cards' seats, or as written when it is not one (compared as text)."""
    try:
        return owners_of(deal)
    except BadDeal:
        return deal


def _create_boards(session: Session, boards: dict[int, Board], records) -> None:
    """The boards with deals the session lacks, with the file's dealer and vulnerability."""
    Board.objects.bulk_create(
        Board(
            session=session,
            number=record.number,
            dealer=record.dealer,
            vulnerability=record.vulnerability,
        )
        for record in records
        if record.deal and record.number not in boards
    )
