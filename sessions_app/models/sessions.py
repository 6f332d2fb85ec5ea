"""A club's sessions: what a session is scored with and where it stands (the club itself:
`clubs.py`)."""

from __future__ import annotations

import secrets
from decimal import Decimal

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from .. import session_choices
from ..choice_words import STATUS_IN_SENTENCE
from ..session_limits import (
    AVERAGE_DEFAULTS,
    NAME_LENGTH,
    PERCENT_DECIMALS,
    PERCENT_DIGITS,
    PERCENT_MAXIMUM,
    PERCENT_MINIMUM,
    PERCENTAGES,
)
from .choices import text_choices
from .clubs import Club


def random_stamp() -> int:
    """A stamp that says "changed": a random 62-bit number, never the one before it (two
    alike: about one chance in 4 x 10^18)."""
    return secrets.randbits(62)


class SessionQuerySet(models.QuerySet):
    def published(self):
        return self.filter(status=Session.Status.PUBLISHED)

    def public(self):
        """Published sessions that are not test sessions: what anyone may see, and what a
        player's history and a club competition count."""
        return self.published().filter(is_test=False)

    def visible_to(self, user):
        """The sessions `user` may see: published ones for everyone; a director also sees every
        session of their clubs, a superuser every session. A test session (`is_test`) is never
        shown but to its club's directors, even published. Example: a published test session
        of Riverside is in `visible_to(riverside_director)`, not in `visible_to(anonymous)`."""
        sessions = self.select_related("club")
        public = sessions.public()
        if user.is_authenticated:
            return public | sessions.directed_by(user)
        return public

    def directed_by(self, user):
        """The sessions of the clubs `user` directs (`Club.objects.directed_by`)."""
        return self.filter(club__in=Club.objects.directed_by(user))


def percent_limits(name: str) -> list:
    """Django's validators of the percentage setting `name`, with session_rules' limits (so
    the form and `full_clean` refuse what `manage.py score` refuses, in the same words).
    Example: "phantom_percent" -> at least 0 and at most 100; "ave" -> at least 0 (the
    averages' order and the constraint bound it above)."""
    maximum = PERCENTAGES[name]
    return [
        MinValueValidator(PERCENT_MINIMUM),
        *([] if maximum is None else [MaxValueValidator(maximum)]),
    ]


class Session(models.Model):
    Status = text_choices("Session.Status", session_choices.STATUS, __name__)
    Scale = text_choices("Session.Scale", session_choices.SCALE, __name__)
    Method = text_choices("Session.Method", session_choices.METHOD, __name__)
    ButlerDiscard = text_choices("Session.ButlerDiscard", session_choices.BUTLER_DISCARD, __name__)
    ImpTotals = text_choices("Session.ImpTotals", session_choices.IMP_TOTALS, __name__)
    SplitScores = text_choices("Session.SplitScores", session_choices.SPLIT_SCORES, __name__)
    ExpectedFrom = text_choices("Session.ExpectedFrom", session_choices.EXPECTED_FROM, __name__)
    Factoring = text_choices("Session.Factoring", session_choices.FACTORING, __name__)
    TiePlaces = text_choices("Session.TiePlaces", session_choices.TIE_PLACES, __name__)
    Handicaps = text_choices("Session.Handicaps", session_choices.HANDICAPS, __name__)
    OverallRanking = text_choices(
        "Session.OverallRanking", session_choices.OVERALL_RANKING, __name__
    )
    TableShows = text_choices("Session.TableShows", session_choices.TABLE_SHOWS, __name__)
    ImpArtificial = text_choices("Session.ImpArtificial", session_choices.IMP_ARTIFICIAL, __name__)

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="sessions")
    name = models.CharField(max_length=NAME_LENGTH)
    date = models.DateField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.DRAFT)
    scale = models.CharField(max_length=5, choices=Scale.choices, default=Scale.TWO_ONE)
    method = models.CharField(max_length=12, choices=Method.choices, default=Method.MATCHPOINTS)
    butler_discard = models.CharField(
        _("Butler datum discards"),
        max_length=6,
        choices=ButlerDiscard.choices,
        default=ButlerDiscard.ONE,
        help_text=_("Results left out of the Butler datum at each end."),
    )
    imp_totals = models.CharField(
        _("IMP totals"),
        max_length=6,
        choices=ImpTotals.choices,
        default=ImpTotals.SUM,
        help_text=_("How pairs that played fewer boards are ranked at IMPs."),
    )
    ave_plus = models.DecimalField(
        _("Average plus %"),
        default=Decimal(AVERAGE_DEFAULTS["ave_plus"]),
        max_digits=PERCENT_DIGITS,
        decimal_places=PERCENT_DECIMALS,
        validators=percent_limits("ave_plus"),
    )
    ave = models.DecimalField(
        _("Average %"),
        default=Decimal(AVERAGE_DEFAULTS["ave"]),
        max_digits=PERCENT_DIGITS,
        decimal_places=PERCENT_DECIMALS,
        validators=percent_limits("ave"),
    )
    ave_minus = models.DecimalField(
        _("Average minus %"),
        default=Decimal(AVERAGE_DEFAULTS["ave_minus"]),
        max_digits=PERCENT_DIGITS,
        decimal_places=PERCENT_DECIMALS,
        validators=percent_limits("ave_minus"),
    )
    imp_artificial = models.CharField(
        _("Ave+ / Ave- at IMPs"),
        max_length=7,
        choices=ImpArtificial.choices,
        default=ImpArtificial.THREE,
        help_text=_("What an artificial score is worth at cross-IMPs and Butler."),
    )
    phantom_percent = models.DecimalField(
        _("Facing a phantom %"),
        null=True,
        blank=True,
        max_digits=PERCENT_DIGITS,
        decimal_places=PERCENT_DECIMALS,
        validators=percent_limits("phantom_percent"),
        help_text=_(
            "What a pair whose opponents did not come gets on those boards (e.g. 60); "
            "empty: its own percentage on the boards it played."
        ),
    )
    law_12c2c = models.BooleanField(
        _("Law 12C2(c)"),
        default=True,
        help_text=_("Ave+ is at least the pair's own percentage; Ave- at most its own percentage."),
    )
    small_groups = models.BooleanField(
        _("EBU small-group rule"),
        default=False,
        help_text=_(
            # xgettext:no-python-format
            "Score tiny groups of a fouled board at 65/55 or 70/60/50% instead of Neuberg."
        ),
    )
    across_the_field = models.BooleanField(
        default=False, help_text=_("Compare each board's results across all sections.")
    )
    split_scores = models.CharField(
        _("Split scores"),
        max_length=5,
        choices=SplitScores.choices,
        default=SplitScores.HALF,
        help_text=_("How a table whose two sides got different results is matchpointed."),
    )
    expected_from = models.CharField(
        _("Results a board is scored against"),
        max_length=8,
        choices=ExpectedFrom.choices,
        default=ExpectedFrom.MOVEMENT,
    )
    factoring = models.CharField(
        _("Boards played fewer times"),
        max_length=7,
        choices=Factoring.choices,
        default=Factoring.NEUBERG,
        help_text=_("Neuberg factors each board; the other way is Compscore's, JFR Pary's, BBO's."),
    )

    handicaps = models.CharField(
        _("Handicapped ranking"),
        max_length=4,
        choices=Handicaps.choices,
        blank=True,
        default=Handicaps.NONE,
        help_text=_(
            "A second ranking, each pair's percentage plus its handicap from its players'"
            " club grades (50 less the grade, each), or the director's own."
        ),
    )
    masterpoint_scale = models.CharField(
        _("Master points"),
        max_length=30,
        blank=True,
        help_text=_(
            "The scale of the club's national body the session awards by (its status"
            " or event type); empty: no master points."
        ),
    )
    scaled_totals = models.BooleanField(
        _("Show totals scaled to the full number of boards"),
        default=False,
        help_text=_('Beside the exact percentage, as the ACBL\'s "score" and Compscore do.'),
    )
    tie_places = models.CharField(
        _("Ties written"), max_length=6, choices=TiePlaces.choices, default=TiePlaces.EQUALS
    )
    overall_ranking = models.CharField(
        _("Ranking across sections"),
        max_length=9,
        choices=OverallRanking.choices,
        default=OverallRanking.OFF,
        help_text=_(
            "Beside each section's own, when the sections play the same boards "
            "(usually across the field), as EBUScore and ACBLscore publish."
        ),
    )
    is_test = models.BooleanField(
        _("Test session"),
        default=False,
        help_text=_("Never shown to players, even when published."),
    )
    table_verification = models.BooleanField(
        _("Opponents verify each result"),
        default=True,
        db_default=True,
        help_text=_("Scoring at the table: an opponent accepts each line on the same phone."),
    )
    table_shows = models.CharField(
        _("After a board, the table sees"),
        max_length=20,
        choices=TableShows.choices,
        default=TableShows.RESULTS_AND_PERCENT,
        db_default=TableShows.RESULTS_AND_PERCENT,
    )
    results_version = models.PositiveIntegerField(default=1, editable=False)
    # A new random number with every results version (core/results.py `session_touch`), in the
    # key of everything kept of the results: a version number can come back after a
    # rolled-back write, a stamp does not.
    results_stamp = models.BigIntegerField(default=random_stamp, editable=False)
    published_at = models.DateTimeField(null=True, blank=True, editable=False)
    amended_at = models.DateTimeField(
        null=True,
        blank=True,
        editable=False,
        help_text=_("Results last changed after publication."),
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
                & Q(ave_plus__lte=PERCENT_MAXIMUM),
                name="session_averages_ordered",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.date:%Y-%m-%d})"

    def get_absolute_url(self) -> str:
        return reverse("sessions_app:session", args=[self.pk])

    @property
    def status_word(self):
        """The status inside a sentence, in the page's language: "The session is now final."."""
        return STATUS_IN_SENTENCE[self.status]

    @property
    def is_published(self) -> bool:
        return self.status == self.Status.PUBLISHED

    @property
    def is_public(self) -> bool:
        """What `SessionQuerySet.public` selects: published and not a test session. Its
        players have pages (players/views/pages.py), so its names link to them."""
        return self.is_published and not self.is_test
