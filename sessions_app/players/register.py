"""The club's register of players: adding and correcting an entry, listing and searching it.

Matching the names of a session to the register is players/linking.py; merging two
entries of one person, players/merging.py; a player's history, players_history.py.

A member number is one person's: two entries of a club with the same number are refused in
words ("member number 12345 is Ann Lee's already"), numbers compared by their words holding
a digit, letters and digits only, case aside ("EBU 12-345" is 12345: player_names.number_key).
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Count, Q

from ..models import Club, Pair, Player, Session
from .name_matching import name_key, number_key


@transaction.atomic
def player_create(
    *,
    club: Club,
    name: str,
    member_number: str = "",
    email: str = "",
    results_by_mail: bool = False,
    results_mail_pdf: bool = False,
) -> Player:
    player = Player(club=club)
    return _saved(
        player,
        name=name,
        member_number=member_number,
        email=email,
        results_by_mail=results_by_mail,
        results_mail_pdf=results_mail_pdf,
    )


@transaction.atomic
def player_update(
    *,
    player: Player,
    name: str,
    member_number: str = "",
    email: str = "",
    results_by_mail: bool = False,
    results_mail_pdf: bool = False,
) -> Player:
    return _saved(
        player,
        name=name,
        member_number=member_number,
        email=email,
        results_by_mail=results_by_mail,
        results_mail_pdf=results_mail_pdf,
    )


def _saved(
    player: Player,
    *,
    name: str,
    member_number: str,
    email: str,
    results_by_mail: bool,
    results_mail_pdf: bool,
) -> Player:
    """The entry checked and stored. Results by e-mail (the player's consent, ticked by the
    director) need the e-mail they go to: "results by e-mail need the player's e-mail"."""
    player.name = " ".join(name.split())
    player.member_number = member_number.strip()
    player.email = email.strip()
    player.results_by_mail = results_by_mail
    player.results_mail_pdf = results_by_mail and results_mail_pdf
    errors = []
    if not name_key(player.name):
        errors.append("give the player's name")
    if player.results_by_mail and not player.email:
        errors.append("results by e-mail need the player's e-mail")
    if player.member_number:
        same = number_owner(player.club, player.member_number, but=player.pk)
        if same is not None:
            errors.append(f"member number {player.member_number} is {same.name}'s already")
    try:
        player.full_clean(exclude=["club"])
    except ValidationError as error:
        errors += [f"{field}: {m}" for field, ms in error.message_dict.items() for m in ms]
    if errors:
        raise ValidationError(errors)
    player.save()
    return player


def number_owner(club: Club, number: str, *, but: int | None = None) -> Player | None:
    """The club's entry with this member number (compared as `number_key`), if any."""
    wanted = number_key(number)
    for player in Player.objects.filter(club=club).exclude(member_number=""):
        if player.pk != but and number_key(player.member_number) == wanted:
            return player
    return None


def register(*, club: Club) -> list[Player]:
    """The club's whole register for its directors, each entry with the number of pairs it
    plays in (`pairs_played`, every session, published or not); two queries."""
    players = list(Player.objects.filter(club=club).order_by("name", "id"))
    counts: dict[int, int] = {}
    for field in ("player1_ref", "player2_ref"):
        rows = (
            Pair.objects.filter(**{f"{field}__club": club})
            .values(field)
            .annotate(n=Count("pk"))
            .values_list(field, "n")
        )
        for pk, n in rows:
            counts[pk] = counts.get(pk, 0) + n
    for player in players:
        player.pairs_played = counts.get(player.pk, 0)  # type: ignore[attr-defined]
    return players


def public_players(*, club: Club) -> Q:
    """Who may be named on the club's public pages: players of a published, non-test session."""
    shown = Session.objects.public().filter(club=club)
    return Q(pairs_as_player1__section__session__in=shown) | Q(
        pairs_as_player2__section__session__in=shown
    )


def players_search(*, club: Club, query: str) -> list[Player]:
    """The club's players with a published session whose name holds every word of `query`,
    case and accents aside, at the start of a word ("lee" and "le" find "Ann Lée", "nn"
    does not); an empty query lists them all. One query."""
    words = name_key(query).split()
    players = Player.objects.filter(public_players(club=club)).distinct().order_by("name", "id")
    found = []
    for player in players.only("pk", "name"):
        own = name_key(player.name).split()
        if all(any(word.startswith(w) for word in own) for w in words):
            found.append(player)
    return found
