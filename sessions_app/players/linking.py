"""The names of a session matched to the club's register (the rules: players/name_matching.py).

When pair names are saved or a file is imported, every name not yet linked whose match is sure
(a member number, or the only entry of exactly that name) is linked at once
(`session_link_players`), unless a table's phone typed it; the others are listed for the
director (`session_name_rows`), who confirms a suggestion, chooses another entry, adds the
name as a new player, or leaves it unmatched (`session_confirm_players`). A pair's names
stay as typed: only the references move.

Example: a session with pair 1 "Ann Lee & A. Ray" against a register holding Ann Lee and Bob
Ray: Ann Lee is linked when the names are saved; "A. Ray" is listed with the suggestion Bob Ray
(initials) until the director confirms it, or adds "A. Ray" as a new player.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ..core.results import session_touch
from ..core.scope import NotInClub, in_club
from ..models import Pair, Player, ResultChange, Session
from .name_matching import (
    Candidate,
    Entry,
    candidates,
    name_key,
    preselected,
    split_number,
    sure_match,
)
from .register import player_create

SLOTS = (1, 2)
NEW, NONE = "new", "none"  # a choice: add the name as a new player / leave it unmatched


@dataclass(frozen=True)
class NameRow:
    """One typed name of the session, where it stands and what it may be."""

    pair: Pair
    slot: int  # 1 or 2
    typed: str
    player: Player | None  # the entry it is linked to, if any
    candidates: tuple[Candidate, ...]

    @property
    def field(self) -> str:
        return f"name-{self.pair.pk}-{self.slot}"

    @property
    def suggested(self) -> str:
        """The choice the form starts at: the linked entry, else the candidate
        `player_names.preselected` names (never one alike only by spelling), else none (the
        director must choose), or a new player when no one is alike."""
        if self.player is not None:
            return str(self.player.pk)
        chosen = preselected(self.candidates)
        if chosen is not None:
            return str(chosen)
        return "" if self.candidates else NEW


def _register(session: Session) -> list[Entry]:
    rows = Player.objects.filter(club_id=session.club_id).values_list("pk", "name", "member_number")
    return [Entry(*row) for row in rows]


def _pairs(session: Session) -> list[Pair]:
    return list(
        Pair.objects.filter(section__session=session)
        .select_related("section", "player1_ref", "player2_ref")
        .order_by("section__name", "id")
    )


def session_name_rows(*, session: Session) -> list[NameRow]:
    """Every name typed for the session's pairs with its link and its candidates (two
    queries); the names not linked first, each section's pairs in order after."""
    register = _register(session)
    rows = []
    for pair in _pairs(session):
        for slot in SLOTS:
            typed = getattr(pair, f"player{slot}")
            player = getattr(pair, f"player{slot}_ref")
            if not typed and player is None:
                continue
            found = () if player is not None else candidates(typed, register)
            rows.append(NameRow(pair, slot, typed, player, found))
    return sorted(rows, key=lambda row: row.player is not None)


@transaction.atomic
def session_link_players(*, session: Session) -> int:
    """Link every name of the session whose match is sure and which is not linked yet; how
    many were linked. Three queries (none written when nothing is sure), and the session
    touched when one is linked: its pages link the name to its player.

    Names typed on a table's phone (`Pair.names_from_table`) are left for the director: anyone
    at a table may type anyone's name, and a link would put that register entry on the
    session's public pages. Example: a phone names pair 3 "Ann Lee", the register's Ann Lee
    stays unlinked and the players page lists the name with her as the suggestion."""
    register = _register(session)
    changed = []
    for pair in _pairs(session):
        if pair.names_from_table:
            continue
        touched = False
        for slot in SLOTS:
            typed = getattr(pair, f"player{slot}")
            if getattr(pair, f"player{slot}_ref_id") is not None or not typed:
                continue
            pk = sure_match(candidates(typed, register))
            other = getattr(pair, f"player{3 - slot}_ref_id")
            if pk is not None and pk != other:
                setattr(pair, f"player{slot}_ref_id", pk)
                touched = True
        if touched:
            changed.append(pair)
    if changed:
        Pair.objects.bulk_update(changed, ["player1_ref", "player2_ref"])
        session_touch(session, amends=False)  # its pages link the names: shown anew
    return sum(1 for pair in changed for slot in SLOTS if getattr(pair, f"player{slot}_ref_id"))


@dataclass(frozen=True)
class Unmatched:
    """The session's names linked to no entry of the register: `count` of them, `alike` of
    which have a candidate (someone of the register alike, to check before adding as new)."""

    count: int
    alike: int


def session_unmatched(*, session: Session) -> Unmatched:
    """How many of the session's names no player's search finds (two queries). Example: a
    session of seven names where Ann Lee is linked and "Bob Rae" is alike to Bob Ray ->
    Unmatched(count=6, alike=1)."""
    open_rows = [row for row in session_name_rows(session=session) if row.player is None]
    return Unmatched(len(open_rows), sum(1 for row in open_rows if row.candidates))


@transaction.atomic
def session_add_unmatched(*, session: Session, user=None, numbered: bool = False) -> list[str]:
    """Add every name of the session not linked to the register as a new player of its own
    and link it, in one transaction, audited as one change of the session (the choice NEW
    for each, as the director would make it name by name on the players page). A name
    without a letter or digit (`?`, `-`: nobody's name) is left unmatched; with `numbered`,
    so is a name that carries no member number (a club's archive brought in by
    `import_folder`: a number says who a player is, a name alone may be two people).
    Returns what was done, in words ("pair 2: Cy Dunn added to the register").
    Example: "Ann Lee (J123456)" and "Bob Ray" unlinked, numbered -> Ann Lee is added with
    member number j123456, Bob Ray is left for the director."""
    unmatched = {
        row.field: NEW
        for row in session_name_rows(session=session)
        if row.player is None
        and name_key((parts := split_number(row.typed))[0])
        and (parts[1] or not numbered)
    }
    return session_confirm_players(session=session, choices=unmatched, user=user)


@transaction.atomic
def session_confirm_players(
    *,
    session: Session,
    choices: Mapping[str, str],
    others: Mapping[str, str] | None = None,
    user=None,
) -> list[str]:
    """Store the director's choice for each name (`choices` by NameRow.field: a player's id,
    NEW or NONE; a name not in `choices` is left as it is). `others`, by the same fields, names
    another entry by its exact name or member number, and then wins over the choice. Every
    problem is reported at once, naming the pair, and nothing is stored unless all are right.
    What changed is one entry of the session's audit trail (`players`), by `user`.
    Returns what was done, in words ("pair 3: A. Ray is Bob Ray")."""
    rows = {row.field: row for row in session_name_rows(session=session)}
    errors: list[str] = []
    chosen: dict[str, Player | str] = {}
    register = _register(session) if others else []
    for field, text in (others or {}).items():
        if field in rows and text.strip():
            pk = sure_match(candidates(text, register))
            if pk is None:
                errors.append(
                    _(
                        "pair %(pair)s: no one player of the register is called %(typed)s or"
                        " has that member number"
                    )
                    % {"pair": _where(rows[field].pair), "typed": repr(text.strip()[:100])}
                )
            choices = {**choices, field: str(pk or "")}
    for field, value in choices.items():
        row = rows.get(field)
        if row is None or not value:
            continue
        if value in (NEW, NONE):
            chosen[field] = value
            continue
        try:
            chosen[field] = in_club(Player, session.club, pk=value)
        except NotInClub as error:
            errors.append(_pair_said(row.pair, error))
    by_pair: dict[int, dict[int, Player | str]] = {}
    for field, choice in chosen.items():
        by_pair.setdefault(rows[field].pair.pk, {})[rows[field].slot] = choice
    for pk, slots in by_pair.items():
        pair = next(row.pair for row in rows.values() if row.pair.pk == pk)
        one = slots.get(1, pair.player1_ref)
        two = slots.get(2, pair.player2_ref)
        if isinstance(one, Player) and isinstance(two, Player) and one.pk == two.pk:
            errors.append(
                _("pair %(pair)s: %(name)s cannot be both players of one pair")
                % {"pair": _where(pair), "name": one.name}
            )
    if errors:
        raise ValidationError(errors)
    done: list[tuple[NameRow, Player | None, bool]] = []  # each name: its row, whom, added
    changed: dict[int, Pair] = {}
    for field, choice in chosen.items():
        row = rows[field]
        player: Player | None = choice if isinstance(choice, Player) else None
        if choice == NEW:
            name, number = split_number(row.typed)
            try:
                player = player_create(club=session.club, name=name, member_number=number)
            except ValidationError as error:
                raise ValidationError(
                    [_pair_said(row.pair, message) for message in error.messages]
                ) from None
        if player == row.player:
            continue
        setattr(row.pair, f"player{row.slot}_ref", player)
        changed[row.pair.pk] = row.pair
        done.append((row, player, choice == NEW))
    if changed:
        Pair.objects.bulk_update(changed.values(), ["player1_ref", "player2_ref"])
        session_touch(session, amends=False)  # its pages link the names: shown anew
    if done:
        _audit(session, done, user, added=sum(1 for c in chosen.values() if c == NEW))
    return [_said(row, player, added=added) for row, player, added in done]


def names_added(count: int) -> str:
    """What adding names as new players did, in words: "6 names added to the register as
    new players"."""
    return ngettext(
        "%(count)s name added to the register as new players",
        "%(count)s names added to the register as new players",
        count,
    ) % {"count": count}


def _audit(session: Session, done: list, user, *, added: int) -> None:
    """One entry of the audit trail for what the director matched, in words: "6 names added
    to the register as new players", or "2 names matched: pair 3: A. Ray is Bob Ray; ...";
    in the site's language whoever matched them, as every note of the trail."""
    with translation.override(settings.LANGUAGE_CODE):
        if added == len(done):
            summary = names_added(added)
        else:
            summary = ngettext("%(count)s name matched", "%(count)s names matched", len(done))
            summary %= {"count": len(done)}
        said = "; ".join(_said(row, player, added=new) for row, player, new in done)
        # Translators: summary is "2 names matched", then what was done to each name.
        note = _("%(summary)s: %(done)s") % {"summary": summary, "done": said}
    limit = ResultChange._meta.get_field("note").max_length or len(note)
    ResultChange.objects.create(
        session=session,
        action=ResultChange.Action.PLAYERS,
        note=note if len(note) <= limit else note[: limit - 1] + "…",
        user=user if user is not None and user.is_authenticated else None,
    )


def _where(pair: Pair) -> str:
    """A pair as messages name it ("pair %(pair)s"): "3", or "B3" in a session of several
    sections."""
    return pair.label if pair.section.name == "A" else f"{pair.section.name}{pair.label}"


def _pair_said(pair: Pair, message: object) -> str:
    """A problem of one pair's name: "pair 3: player 9 is not in this club's register"."""
    # Translators: message is a sentence about one of the pair's names.
    return _("pair %(pair)s: %(message)s") % {"pair": _where(pair), "message": message}


def _said(row: NameRow, player: Player | None, *, added: bool) -> str:
    words = {"pair": _where(row.pair), "typed": row.typed, "name": player.name if player else ""}
    if player is None:
        return _("pair %(pair)s: %(typed)s left unmatched") % words
    if added:
        return _("pair %(pair)s: %(name)s added to the register") % words
    return _("pair %(pair)s: %(typed)s is %(name)s") % words
