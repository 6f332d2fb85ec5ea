"""A session's sections (their movements), the pairs that play in them and the boards."""

from __future__ import annotations

from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from .choices import LABEL, SEATS, Direction
from .sessions import Session, random_stamp


class Section(models.Model):
    class Movement(models.TextChoices):
        NONE = "", _("Free-form (no movement)")
        MITCHELL = "mitchell", _("Mitchell")
        HOWELL = "howell", _("Howell")

    class EvenTables(models.TextChoices):
        NONE = "", _("Not needed")
        SKIP = "skip", _("Skip after half the rounds")
        RELAY = "relay", _("Relay and bye-stand")

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="sections")
    name = models.CharField(max_length=8, default="A", validators=[LABEL])
    movement = models.CharField(max_length=10, choices=Movement.choices, blank=True)
    tables = models.PositiveSmallIntegerField(null=True, blank=True)
    boards_per_round = models.PositiveSmallIntegerField(null=True, blank=True)
    rounds = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=_("Empty: the whole movement.")
    )
    even_tables = models.CharField(max_length=5, choices=EvenTables.choices, blank=True)
    arrow_switch = models.CharField(
        max_length=60, blank=True, help_text=_("Switched rounds, comma-separated (e.g. 7 or 3,7).")
    )
    pair_count = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=_("Empty: a full movement; one less for a half table.")
    )
    winners = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=_("Empty: from the movement (2 for a plain Mitchell).")
    )
    missing_pair = models.CharField(
        max_length=10,
        blank=True,
        validators=[LABEL],
        help_text=_("Half table: the pair that is absent (empty: the usual one)."),
    )

    closed_round = models.PositiveSmallIntegerField(
        default=0,
        db_default=0,
        help_text=_("Rounds up to this one are closed to the tables' phones."),
    )

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
    # The register's entries the names are, once matched (models/players.py); the names above
    # stay as typed.
    player1_ref = models.ForeignKey(
        "Player", on_delete=models.SET_NULL, null=True, blank=True, related_name="pairs_as_player1"
    )
    player2_ref = models.ForeignKey(
        "Player", on_delete=models.SET_NULL, null=True, blank=True, related_name="pairs_as_player2"
    )
    # Names typed on a table's phone are anyone's words: they are matched to the register by
    # the director only, never linked by themselves (players/linking.py). A default in
    # the database too: imports insert pairs without it (core/bulk.py).
    names_from_table = models.BooleanField(default=False, db_default=False)
    # The pair's handicap in percent, added to its percentage for the session's handicapped
    # ranking (players/handicaps.py): from its players' club grades, or the director's own.
    handicap = models.DecimalField(max_digits=5, decimal_places=2, null=True, blank=True)
    handicap_by_director = models.BooleanField(default=False, db_default=False)

    class Meta:
        ordering = ["section", "id"]
        constraints = [
            models.UniqueConstraint(fields=["section", "label"], name="pair_label_unique"),
            models.CheckConstraint(
                condition=~Q(player1_ref=F("player2_ref")), name="pair_players_differ"
            ),
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
    deal = models.CharField(max_length=80, blank=True, help_text=_("PBN, e.g. N:AKQ.. ..."))
    double_dummy = models.JSONField(
        null=True, blank=True, help_text=_("Tricks by declarer and strain, from endplay.")
    )
    par_score = models.IntegerField(null=True, blank=True, help_text=_("NS par score."))
    par_contracts = models.CharField(max_length=120, blank=True)
    # A new random number at every write that may change the board's lines, and at every
    # write that does not say which boards it changed (core/results.py `session_touch`): a
    # board whose stamp is the one its session was last scored with keeps its lines and
    # scoring (core/kept_inputs.py). Random rather than counted, so that a stamp never comes
    # back: not after a rolled-back write, not on a board made again with a deleted one's id.
    lines_stamp = models.BigIntegerField(default=random_stamp, editable=False)

    # What a board holds beyond its session: its number, dealer and vulnerability, the deal
    # and its analysis. A hand record shows all of it (core/selectors.py), a backup carries
    # all of it (files/backup.py).
    RECORD_FIELDS = (
        "number",
        "dealer",
        "vulnerability",
        "deal",
        "double_dummy",
        "par_score",
        "par_contracts",
    )

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
        # Imported here: the scoring package loads its whole engine, which a process that
        # only starts (a command's --help, a web worker) never needs.
        from ..scoring.board import dealer, vulnerability

        return cls(
            session=session,
            number=number,
            dealer=dealer(number),
            vulnerability=vulnerability(number),
        )
