"""The club's register of players, and each pair's stored standing in its session.

A `Pair` keeps its two names as typed (`player1`, `player2`: what the director pasted or a file
carried, shown on the session's pages) and, once matched, the register entries they are
(`player1_ref`, `player2_ref`, players/linking.py). A player's history is read through
those references, never through the typed text, so "Ann Lee" one week and "A. Lee" the next
are one person once the director has said so.

`PairStanding` is the pair's percentage and place as the session's results gave them, stored
with the `results_version` they were computed at (players/standings.py): a player's page
reads one row per session played instead of scoring every session again, and a row whose
version is older than its session's is recomputed first. Example: pair 3 of session 7 at
version 12, 54.17%, place "2=" of 7 NS; a line of session 7 corrected (version 13) makes the
row stale, and the next page that needs it stores 52.08%, place "3" at version 13.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from .sections import Pair
from .sessions import Club, Session


class Player(models.Model):
    """One person of a club's register. `email` is private: it is never shown on a public
    page. Two entries of one person are merged (players/merging.py): the pairs of the
    one merged away are given to the one kept, and the merged entry is deleted."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=100)
    member_number = models.CharField(
        max_length=20,
        blank=True,
        help_text=_("The national member number (EBU, ACBL ...), if any."),
    )
    email = models.EmailField(blank=True, help_text=_("Private: never shown to other players."))
    # The player's consent, ticked by the director; the message's unsubscribe link clears it.
    results_by_mail = models.BooleanField(default=False)
    results_mail_pdf = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["club", "name", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["club", "member_number"],
                condition=~Q(member_number=""),
                name="player_member_number_unique",
            ),
        ]

    def __str__(self) -> str:
        return self.name


class PairStanding(models.Model):
    """A pair's total, percentage and place in its session, as stored at `results_version`.

    `points` and `top` are on the session's display scale (matchpoints, or IMPs in a session
    scored at IMPs, where `percentage` is empty); `place` is as the ranking shows it ("2=",
    "2/3", empty when the pair is not ranked) and `position` its first number, for sorting;
    `field` is "NS" or "EW" in a two-field section, empty in a one-field one, and `field_size`
    the number of pairs ranked there; in a session ranked across its sections, the place,
    field and size of that ranking (`players/standings.standing_rows`)."""

    pair = models.OneToOneField(
        Pair, on_delete=models.CASCADE, primary_key=True, related_name="standing"
    )
    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="+")
    results_version = models.PositiveIntegerField()
    points = models.DecimalField(max_digits=12, decimal_places=4)
    top = models.DecimalField(max_digits=12, decimal_places=4)
    percentage = models.DecimalField(max_digits=8, decimal_places=4, null=True, blank=True)
    boards = models.PositiveSmallIntegerField()
    place = models.CharField(max_length=12, blank=True)
    position = models.PositiveSmallIntegerField(null=True, blank=True)
    field = models.CharField(max_length=2, blank=True)
    field_size = models.PositiveSmallIntegerField(default=0)
    # the master points the pair won, in the club's body's unit and colour, when awarded
    masterpoints = models.DecimalField(max_digits=8, decimal_places=2, null=True, blank=True)
    masterpoint_kind = models.CharField(max_length=12, blank=True)

    class Meta:
        indexes = [
            models.Index(fields=["session", "results_version"], name="standing_session_version")
        ]

    def __str__(self) -> str:
        return f"{self.pair} {self.place}".strip()


class BodyMember(models.Model):
    """One member of the club's national body as the body's membership list says (imported
    whole by the club: players/memberships.py), against which the register's member
    numbers are checked before a session's results go to the body."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="body_members")
    body = models.CharField(max_length=8)
    number = models.CharField(max_length=20)
    name = models.CharField(max_length=100)

    class Meta:
        ordering = ["club", "body", "name"]
        constraints = [
            models.UniqueConstraint(
                fields=["club", "body", "number"], name="body_member_number_unique"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.body.upper()} {self.number})"


class GradedSession(models.Model):
    """A session counted in its club's grades, at the `results_version` its grade steps were
    computed from (players/grades.py): a session whose version moved on, or which is no longer
    public, has its club's grades recomputed from it onwards."""

    session = models.OneToOneField(
        Session, on_delete=models.CASCADE, primary_key=True, related_name="+"
    )
    results_version = models.PositiveIntegerField()

    def __str__(self) -> str:
        return f"{self.session_id} at {self.results_version}"


class GradeStep(models.Model):
    """How one session moved one player's club grade (scoring/grades.py): the grade and the
    boards behind it after the session, the pair's expected and actual percentages, and the
    change. A player's grade is their latest step's; their trend is the steps in order."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="grade_steps")
    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="+")
    grade = models.DecimalField(max_digits=8, decimal_places=4)
    boards = models.PositiveIntegerField()  # every board played up to this session
    change = models.DecimalField(max_digits=8, decimal_places=4)
    expected = models.DecimalField(max_digits=8, decimal_places=4)
    percentage = models.DecimalField(max_digits=8, decimal_places=4)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["player", "session"], name="grade_step_unique")
        ]

    def __str__(self) -> str:
        return f"{self.player_id} {self.grade}"
