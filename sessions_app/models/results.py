"""The traveller lines and their audit trail.

No scoring happens here: a `Result` stores what happened at the table (or the director's
adjustment) and `core/results.py` turns the rows into plain data for `scoring`.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from .choices import SEATS
from .sections import Board, Pair, Section
from .sessions import Session


class Result(models.Model):
    """One traveller line: the pairs as they sat, and the result or the director's adjustment."""

    class Kind(models.TextChoices):
        PLAYED = "played", _("Played")
        ASSIGNED = "assigned", _("Assigned score (12C1)")
        SPLIT = "split", _("Split assigned score")
        WEIGHTED = "weighted", _("Weighted score (12C1(c))")
        ARTIFICIAL = "artificial", _("Artificial score (12C2)")
        NOT_PLAYED = "not_played", _("Not played")

    class Verification(models.TextChoices):
        """An opponent's check of a line entered at the table (docs/table-scoring.md)."""

        NOT_ASKED = "", _("Not asked")
        PENDING = "pending", _("Waiting for the opponents")
        ACCEPTED = "accepted", _("Accepted by the opponents")
        REJECTED = "rejected", _("Rejected by the opponents")

    board = models.ForeignKey(Board, on_delete=models.CASCADE, related_name="results")
    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="results")
    ns = models.ForeignKey(Pair, on_delete=models.PROTECT, related_name="+")
    ew = models.ForeignKey(Pair, on_delete=models.PROTECT, related_name="+")
    round = models.PositiveSmallIntegerField(null=True, blank=True)
    table = models.PositiveSmallIntegerField(null=True, blank=True)
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.PLAYED)
    # The contract: level 1-7, or 0 for a passed-out board; empty when only the score is known.
    level = models.PositiveSmallIntegerField(null=True, blank=True)
    strain = models.CharField(
        max_length=2, blank=True, choices=[(s, s) for s in ("C", "D", "H", "S", "NT")]
    )
    doubled = models.PositiveSmallIntegerField(default=0)
    declarer = models.CharField(max_length=1, blank=True, choices=SEATS)
    tricks = models.PositiveSmallIntegerField(null=True, blank=True)
    lead = models.CharField(max_length=3, blank=True)
    score_ns = models.IntegerField(null=True, blank=True, help_text=_("NS score."))
    split_score_ns = models.IntegerField(
        null=True, blank=True, help_text=_("Split score: the NS score the EW pair is scored with.")
    )
    split_result = models.CharField(
        max_length=16, blank=True, help_text=_("Split score: EW's result as written (4S N 9).")
    )
    weights = models.JSONField(
        null=True,
        blank=True,
        help_text=_('Weighted score: [{"weight": "3/10", "score": 420}, ...]'),
    )
    ns_artificial = models.CharField(
        max_length=7, blank=True, help_text=_("Artificial score: A+, A, A- or a percentage (55%).")
    )
    ew_artificial = models.CharField(
        max_length=7, blank=True, help_text=_("Artificial score: A+, A, A- or a percentage (45%).")
    )
    foul_group = models.PositiveSmallIntegerField(
        default=0, help_text=_("Fouled board (Law 87): results of the same group are compared.")
    )
    reason = models.CharField(
        max_length=200, blank=True, help_text=_("The director's reason for a ruling.")
    )
    version = models.PositiveIntegerField(default=1)
    # Entered at the table: the id the phone gave it (a retry is stored once), and whether an
    # opponent accepted it. Defaults in the database too: imports insert rows without them
    # (core/bulk.py).
    client_id = models.CharField(max_length=40, blank=True, default="", db_default="")
    verification = models.CharField(
        max_length=8, choices=Verification.choices, blank=True, default="", db_default=""
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["board__number", "round", "table", "id"]
        # A section's lines counted board by board from the index alone: E where no movement
        # gives it, asked at every line saved (entry/board_scores.py).
        indexes = [models.Index(fields=["section", "board"], name="result_section_board")]
        constraints = [
            models.UniqueConstraint(fields=["board", "ns"], name="result_ns_once_per_board"),
            models.UniqueConstraint(fields=["board", "ew"], name="result_ew_once_per_board"),
            models.UniqueConstraint(
                fields=["section", "client_id"],
                condition=~Q(client_id=""),
                name="result_client_id_once",
            ),
            models.CheckConstraint(condition=~Q(ns=models.F("ew")), name="result_distinct_pairs"),
            models.CheckConstraint(
                condition=Q(tricks__isnull=True) | Q(tricks__lte=13), name="result_tricks_0_13"
            ),
            models.CheckConstraint(
                condition=Q(level__isnull=True) | Q(level__lte=7), name="result_level_0_7"
            ),
            models.CheckConstraint(condition=Q(doubled__lte=2), name="result_doubled_0_2"),
            models.CheckConstraint(
                condition=~Q(kind__in=["played", "assigned", "split"]) | Q(score_ns__isnull=False),
                name="result_real_has_score",
            ),
            models.CheckConstraint(
                condition=~Q(kind="split") | Q(split_score_ns__isnull=False),
                name="result_split_has_both_scores",
            ),
            models.CheckConstraint(
                condition=~Q(kind="weighted") | Q(weights__isnull=False),
                name="result_weighted_has_weights",
            ),
            models.CheckConstraint(
                condition=~Q(kind="artificial") | (~Q(ns_artificial="") & ~Q(ew_artificial="")),
                name="result_artificial_has_both_sides",
            ),
        ]

    def __str__(self) -> str:
        return f"Board {self.board_id} {self.ns_id} v {self.ew_id}"


class ResultChange(models.Model):
    """The audit trail: every create, update, delete and restore of a traveller line, and
    the session's names matched to the club's register (`players`, said in the note)."""

    class Action(models.TextChoices):
        CREATE = "create", _("Created")
        UPDATE = "update", _("Changed")
        DELETE = "delete", _("Deleted")
        RESTORE = "restore", _("Restored")
        IMPORT = "import", _("Imported")
        TRASH = "trash", _("Moved to the trash")
        PLAYERS = "players", _("Names matched to the register")

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="changes")
    result = models.ForeignKey(
        Result, null=True, blank=True, on_delete=models.SET_NULL, related_name="changes"
    )
    section_name = models.CharField(max_length=8, blank=True)
    board_number = models.PositiveSmallIntegerField(null=True, blank=True)  # None: a whole file
    action = models.CharField(max_length=8, choices=Action.choices)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)
    note = models.CharField(max_length=200, blank=True)
    device = models.ForeignKey(
        "TableDevice",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text=_("The table's phone that made the change (scoring at the table)."),
    )
    restored = models.BooleanField(default=False, help_text=_("A deleted line put back."))

    class Meta:
        ordering = ["-at", "-id"]
        indexes = [models.Index(fields=["session", "-at"])]

    def __str__(self) -> str:
        what = f"board {self.board_number}" if self.board_number else self.note
        return f"{self.get_action_display()} {what} at {self.at:%Y-%m-%d %H:%M}"


class LineCheck(models.Model):
    """The director's word that a line flagged as looking wrong (`scoring/review.py`) is right, as
    it stood when checked: `fingerprint` digests the line's result and the reasons it was
    flagged (`review/line_checks.py`), so the line is listed again when either changes.
    Example: a -1240 redouble checked stays off the list until the line is typed again as
    -1040, or a hand record attached later flags it for another reason."""

    result = models.OneToOneField(Result, on_delete=models.CASCADE, related_name="line_check")
    fingerprint = models.CharField(max_length=64)
    checked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    checked_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"Line {self.result_id} checked at {self.checked_at:%Y-%m-%d %H:%M}"
