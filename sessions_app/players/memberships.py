"""The club's players as members of its national body: the body's membership list imported
whole, and the session's players whose number the body would not know, which the publish
page lists before the results go to the body (a player without a known number gets no
master points, and the club is charged for them as a guest).

Example: the register's Ann Lee has member number 1001, the EBU's list (imported) has no
1001 -> on the publish page of every session she played: "Ann Lee: 1001 is not on the EBU's
list", with a link to her entry; importing a list that has 1001 clears it.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _

from ..interchange.membership_list import MembershipList, read_membership_list
from ..models import BodyMember, Club, Pair, Player, Session
from ..scoring.message import Message
from .name_matching import name_key


@dataclass(frozen=True)
class MembershipImport:
    members: int  # on the list now
    numbered: list[str]  # register entries given their number from the list, by name
    problems: tuple[Message, ...]  # the list's lines not read


@dataclass(frozen=True)
class MemberProblem:
    """A player of the session whose number the body would not know: `player` is the
    register's entry (None for a name not matched to the register)."""

    name: str
    player: Player | None
    problem: str


@transaction.atomic
def membership_list_import(*, club: Club, data: bytes) -> MembershipImport:
    """Replace the club's copy of its body's membership list with the list in `data` (a
    CSV: interchange/membership_list.py; FileRefused when it is none), then give every
    register entry without a number the number of the one member of the list of the same
    name (two members of one name: left for the director)."""
    body = _body(club)
    read: MembershipList = read_membership_list(data)
    BodyMember.objects.filter(club=club, body=body).delete()
    BodyMember.objects.bulk_create(
        BodyMember(club=club, body=body, number=m.number, name=m.name) for m in read.members
    )
    by_name: dict[str, list[str]] = {}
    for member in read.members:
        by_name.setdefault(name_key(member.name), []).append(member.number)
    taken = set(
        Player.objects.filter(club=club)
        .exclude(member_number="")
        .values_list("member_number", flat=True)
    )
    numbered = []
    for player in Player.objects.filter(club=club, member_number=""):
        numbers = by_name.get(name_key(player.name), [])
        if len(numbers) == 1 and numbers[0] not in taken:
            player.member_number = numbers[0]
            player.save(update_fields=["member_number"])
            taken.add(numbers[0])
            numbered.append(player.name)
    return MembershipImport(len(read.members), numbered, read.not_read)


def session_member_problems(*, session: Session) -> list[MemberProblem]:
    """The session's named players the club's body would not know, in pair order: a name not
    matched to the register, an entry without a member number, a number not on the body's
    list (when the club imported one). Empty when the club has no national body."""
    club = session.club
    if not club.national_body:
        return []
    body = club.national_body.upper()
    listed = set(
        BodyMember.objects.filter(club=club, body=club.national_body).values_list(
            "number", flat=True
        )
    )
    problems = []
    pairs = (
        Pair.objects.filter(section__session=session)
        .select_related("section", "player1_ref", "player2_ref")
        .order_by("section__name", "id")
    )
    for pair in pairs:
        for name, player in ((pair.player1, pair.player1_ref), (pair.player2, pair.player2_ref)):
            if not name:
                continue
            if player is None:
                problem = _("not matched to the register, so no member number")
            elif not player.member_number:
                problem = _("no %(body)s member number in the register") % {"body": body}
            elif listed and player.member_number not in listed:
                problem = _("%(number)s is not on the %(body)s's membership list") % {
                    "number": player.member_number,
                    "body": body,
                }
            else:
                continue
            problems.append(MemberProblem(name, player, problem))
    return problems


def _body(club: Club) -> str:
    if not club.national_body:
        raise ValueError(
            _("%(club)s has no national body: choose it on the club's settings")
            % {"club": club.name}
        )
    return club.national_body
