"""What clubscorer stores, and the invariants the database itself holds.

No scoring happens here: a `Result` stores what happened at the table (or the director's
adjustment) and `services` turns the rows into plain data for `scoring`.
"""

from __future__ import annotations

from django.conf import settings
from django.core.validators import RegexValidator
from django.db import models
from django.db.models import Q
from django.urls import reverse

from .scoring.board import dealer, vulnerability

SEATS = [("N", "North"), ("E", "East"), ("S", "South"), ("W", "West")]
# Pair labels and section names go into addresses (/sessions/7/pairs/A/12/).
LABEL = RegexValidator(
    r"^[A-Za-z0-9][A-Za-z0-9._-]*$", "Use letters, digits, '.', '_' and '-' only (e.g. 12 or A3)."
)
ARTIFICIAL = [("A+", "Average plus"), ("A", "Average"), ("A-", "Average minus")]


class Direction(models.TextChoices):
    NS = "NS", "North-South"
    EW = "EW", "East-West"


class Club(models.Model):
    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=60, unique=True)
    directors = models.ManyToManyField(
        settings.AUTH_USER_MODEL, blank=True, related_name="clubs", help_text="May edit sessions."
    )
    show_reasons = models.BooleanField(
        "Show reasons for rulings",
        default=False,
        help_text="Players see the director's reason beside an adjusted score.",
    )

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class SessionQuerySet(models.QuerySet):
    def published(self):
        return self.filter(status=Session.Status.PUBLISHED)

    def visible_to(self, user):
        """The sessions `user` may see: published ones for everyone; a director also sees every
        session of their clubs, a superuser every session. A test session (`is_test`) is never
        shown but to its club's directors, even published. Example: a published test session
        of Riverside is in `visible_to(riverside_director)`, not in `visible_to(anonymous)`."""
        sessions = self.select_related("club")
        public = sessions.published().filter(is_test=False)
        if user.is_authenticated:
            if user.is_superuser:
                return sessions
            return public | sessions.filter(club__directors=user)
        return public


class Session(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", "Draft"
        IN_PLAY = "in_play", "In play"
        FINAL = "final", "Final"
        PUBLISHED = "published", "Published"

    class Scale(models.TextChoices):
        TWO_ONE = "2/1", "2 per pair beaten, 1 per tie"
        ONE_HALF = "1/0.5", "1 per pair beaten, ½ per tie"

    class Method(models.TextChoices):
        MATCHPOINTS = "mp", "Matchpoints"
        CROSS_IMPS = "cross_imps", "Cross-IMPs"
        BUTLER = "butler", "Butler IMPs"

    class ButlerDiscard(models.TextChoices):
        NONE = "0", "None"
        ONE = "1", "One at each end"
        FIVE = "5%", "5% at each end"
        TEN = "10%", "10% at each end"

    class ImpTotals(models.TextChoices):
        SUM = "sum", "Total IMPs"
        SCALED = "scaled", "Total scaled to the full number of boards"

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="sessions")
    name = models.CharField(max_length=120)
    date = models.DateField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.DRAFT)
    scale = models.CharField(max_length=5, choices=Scale.choices, default=Scale.TWO_ONE)
    method = models.CharField(max_length=12, choices=Method.choices, default=Method.MATCHPOINTS)
    butler_discard = models.CharField(
        "Butler datum discards", max_length=3, choices=ButlerDiscard.choices, default="1",
        help_text="Results left out of the Butler datum at each end.",
    )  # fmt: skip
    imp_totals = models.CharField(
        "IMP totals", max_length=6, choices=ImpTotals.choices, default=ImpTotals.SUM,
        help_text="How pairs that played fewer boards are ranked at IMPs.",
    )  # fmt: skip
    ave_plus = models.PositiveSmallIntegerField("Average plus %", default=60)
    ave = models.PositiveSmallIntegerField("Average %", default=50)
    ave_minus = models.PositiveSmallIntegerField("Average minus %", default=40)
    law_12c2c = models.BooleanField(
        "Law 12C2(c)",
        default=True,
        help_text="Ave+ is at least the pair's own percentage; Ave- at most its own percentage.",
    )
    small_groups = models.BooleanField(
        "EBU small-group rule",
        default=False,
        help_text="Score tiny groups of a fouled board at 65/55 or 70/60/50% instead of Neuberg.",
    )
    across_the_field = models.BooleanField(
        default=False, help_text="Compare each board's results across all sections."
    )
    is_test = models.BooleanField(
        "Test session", default=False, help_text="Never shown to players, even when published."
    )
    results_version = models.PositiveIntegerField(default=1, editable=False)
    published_at = models.DateTimeField(null=True, blank=True, editable=False)
    amended_at = models.DateTimeField(
        null=True, blank=True, editable=False, help_text="Results last changed after publication."
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    objects = SessionQuerySet.as_manager()

    class Meta:
        ordering = ["-date", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(ave_minus__lte=models.F("ave"))
                & Q(ave__lte=models.F("ave_plus"))
                & Q(ave_plus__lte=100),
                name="session_averages_ordered",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.date:%Y-%m-%d})"

    def get_absolute_url(self) -> str:
        return reverse("sessions_app:session", args=[self.pk])

    @property
    def is_published(self) -> bool:
        return self.status == self.Status.PUBLISHED


class Section(models.Model):
    class Movement(models.TextChoices):
        NONE = "", "Free-form (no movement)"
        MITCHELL = "mitchell", "Mitchell"
        HOWELL = "howell", "Howell"

    class EvenTables(models.TextChoices):
        NONE = "", "Not needed"
        SKIP = "skip", "Skip after half the rounds"
        RELAY = "relay", "Relay and bye-stand"

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="sections")
    name = models.CharField(max_length=8, default="A", validators=[LABEL])
    movement = models.CharField(max_length=10, choices=Movement.choices, blank=True)
    tables = models.PositiveSmallIntegerField(null=True, blank=True)
    boards_per_round = models.PositiveSmallIntegerField(null=True, blank=True)
    rounds = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Empty: the whole movement."
    )
    even_tables = models.CharField(max_length=5, choices=EvenTables.choices, blank=True)
    arrow_switch = models.CharField(
        max_length=60, blank=True, help_text="Switched rounds, comma-separated (e.g. 7 or 3,7)."
    )
    pair_count = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Empty: a full movement; one less for a half table."
    )
    winners = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Empty: from the movement (2 for a plain Mitchell)."
    )
    missing_pair = models.CharField(
        max_length=10, blank=True, validators=[LABEL],
        help_text="Half table: the pair that is absent (empty: the usual one).",
    )  # fmt: skip

    class Meta:
        ordering = ["session", "name"]
        constraints = [
            models.UniqueConstraint(fields=["session", "name"], name="section_name_unique"),
            models.CheckConstraint(
                condition=Q(winners__isnull=True) | Q(winners__in=[1, 2]),
                name="section_winners_1_or_2",
            ),
            models.CheckConstraint(
                condition=Q(boards_per_round__isnull=True) | Q(boards_per_round__gte=1),
                name="section_boards_per_round_positive",
            ),
        ]

    def __str__(self) -> str:
        return f"Section {self.name}"

    @property
    def switched_rounds(self) -> tuple[int, ...]:
        return tuple(int(r) for r in self.arrow_switch.split(",") if r.strip().isdigit())


class Pair(models.Model):
    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="pairs")
    label = models.CharField(max_length=10, validators=[LABEL])
    direction = models.CharField(max_length=2, choices=Direction.choices, blank=True)
    player1 = models.CharField(max_length=100, blank=True)
    player2 = models.CharField(max_length=100, blank=True)

    class Meta:
        ordering = ["section", "id"]
        constraints = [
            models.UniqueConstraint(fields=["section", "label"], name="pair_label_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.label} {self.names}".strip()

    @property
    def names(self) -> str:
        return " & ".join(name for name in (self.player1, self.player2) if name)


class Board(models.Model):
    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="boards")
    number = models.PositiveSmallIntegerField()
    dealer = models.CharField(max_length=1, choices=SEATS)
    vulnerability = models.CharField(
        max_length=4, choices=[(v, v) for v in ("None", "NS", "EW", "All")]
    )
    deal = models.CharField(max_length=80, blank=True, help_text="PBN, e.g. N:AKQ.. ...")
    double_dummy = models.JSONField(
        null=True, blank=True, help_text="Tricks by declarer and strain, from endplay."
    )
    par_score = models.IntegerField(null=True, blank=True, help_text="NS par score.")
    par_contracts = models.CharField(max_length=120, blank=True)

    class Meta:
        ordering = ["session", "number"]
        constraints = [
            models.UniqueConstraint(fields=["session", "number"], name="board_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="board_number_positive"),
        ]

    def __str__(self) -> str:
        return f"Board {self.number}"

    @classmethod
    def for_number(cls, session: Session, number: int) -> Board:
        """An unsaved board with the dealer and vulnerability of Law 2 for its number."""
        return cls(
            session=session,
            number=number,
            dealer=dealer(number),
            vulnerability=vulnerability(number),
        )


class Result(models.Model):
    """One traveller line: the pairs as they sat, and the result or the director's adjustment."""

    class Kind(models.TextChoices):
        PLAYED = "played", "Played"
        ASSIGNED = "assigned", "Assigned score (12C1)"
        SPLIT = "split", "Split assigned score"
        WEIGHTED = "weighted", "Weighted score (12C1(c))"
        ARTIFICIAL = "artificial", "Artificial score (12C2)"
        NOT_PLAYED = "not_played", "Not played"

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
    score_ns = models.IntegerField(null=True, blank=True, help_text="NS score.")
    split_score_ns = models.IntegerField(
        null=True, blank=True, help_text="Split score: the NS score the EW pair is scored with."
    )
    split_result = models.CharField(
        max_length=16, blank=True, help_text="Split score: EW's result as written (4S N 9)."
    )
    weights = models.JSONField(
        null=True, blank=True, help_text='Weighted score: [{"weight": "3/10", "score": 420}, ...]'
    )
    ns_artificial = models.CharField(max_length=2, blank=True, choices=ARTIFICIAL)
    ew_artificial = models.CharField(max_length=2, blank=True, choices=ARTIFICIAL)
    foul_group = models.PositiveSmallIntegerField(
        default=0, help_text="Fouled board (Law 87): results of the same group are compared."
    )
    reason = models.CharField(
        max_length=200, blank=True, help_text="The director's reason for a ruling."
    )
    version = models.PositiveIntegerField(default=1)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["board__number", "round", "table", "id"]
        constraints = [
            models.UniqueConstraint(fields=["board", "ns"], name="result_ns_once_per_board"),
            models.UniqueConstraint(fields=["board", "ew"], name="result_ew_once_per_board"),
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
    """The audit trail: every create, update, delete and restore of a traveller line."""

    class Action(models.TextChoices):
        CREATE = "create", "Created"
        UPDATE = "update", "Changed"
        DELETE = "delete", "Deleted"
        RESTORE = "restore", "Restored"
        IMPORT = "import", "Imported"
        TRASH = "trash", "Moved to the trash"

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
    restored = models.BooleanField(default=False, help_text="A deleted line put back.")

    class Meta:
        ordering = ["-at", "-id"]
        indexes = [models.Index(fields=["session", "-at"])]

    def __str__(self) -> str:
        what = f"board {self.board_number}" if self.board_number else self.note
        return f"{self.get_action_display()} {what} at {self.at:%Y-%m-%d %H:%M}"


class Trash(models.Model):
    """Something a director deleted: a session, a section, a pair, or a movement pair's names,
    kept whole for settings.TRASH_DAYS days so that it can be put back (services/trash.py).

    `document` is in the shape of a backup (services/backup.py); `session_ref` is the id of
    the session it came from, kept as a number because that session may be in the trash too
    (restored, it gets the same id back). Example: deleting section B of session 17 keeps
    {"section": {...}, "boards": [...], "results": [...]} with kind "section" and
    session_ref 17, and the summary "7 tables, 14 pairs, 147 traveller lines"."""

    class Kind(models.TextChoices):
        SESSION = "session", "Session"
        SECTION = "section", "Section"
        PAIR = "pair", "Pair"
        NAMES = "names", "Pair's names"

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="trash")
    kind = models.CharField(max_length=8, choices=Kind.choices)
    session_ref = models.PositiveBigIntegerField(help_text="The id of the session it came from.")
    title = models.CharField(max_length=200)
    summary = models.CharField(max_length=300, blank=True)
    document = models.JSONField()
    deleted_at = models.DateTimeField(db_index=True)
    deleted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["-deleted_at", "-id"]
        verbose_name_plural = "trash"
        indexes = [models.Index(fields=["club", "-deleted_at"])]

    def __str__(self) -> str:
        return f"{self.title} (deleted {self.deleted_at:%Y-%m-%d %H:%M})"
