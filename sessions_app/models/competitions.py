"""A club competition: sessions ranked together by a rule the club picks (docs/rules.md §15).

Which sessions: those chosen one by one, or every session of the club in a date range whose
name contains a text ("Tuesday" for the Tuesday pairs; empty for all of them). Only published
sessions (not test sessions) count, so players never see a standing from results they cannot.
The standings themselves are computed (competitions/standings.py), never stored.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from .sessions import Club, Session


class Competition(models.Model):
    class Entrants(models.TextChoices):
        PLAYERS = "players", _("Players")
        PARTNERSHIPS = "partnerships", _("Partnerships")

    class Rule(models.TextChoices):
        BEST = "best", _("Best N of M percentages, added")
        AVERAGE = "average", _("Average percentage, with a minimum number of sessions")
        TOTAL = "total", _("Total matchpoints")

    class Selection(models.TextChoices):
        CHOSEN = "chosen", _("The sessions chosen below")
        RANGE = "range", _("Every session between two dates")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="competitions")
    name = models.CharField(max_length=120)
    entrants = models.CharField(
        pgettext_lazy("verb: whom a competition ranks", "Ranks"),
        max_length=12,
        choices=Entrants.choices,
        default=Entrants.PLAYERS,
    )
    rule = models.CharField(max_length=8, choices=Rule.choices, default=Rule.BEST)
    best = models.PositiveSmallIntegerField(
        _("N (best N of M)"),
        default=6,
        help_text=_("How many of each entrant's percentages count."),
    )
    minimum = models.PositiveSmallIntegerField(
        _("Minimum sessions"),
        default=1,
        help_text=_("For the average: entrants with fewer sessions are shown, not ranked."),
    )
    selection = models.CharField(
        _("Sessions"), max_length=6, choices=Selection.choices, default=Selection.RANGE
    )
    sessions = models.ManyToManyField(Session, blank=True, related_name="competitions")
    date_from = models.DateField(
        pgettext_lazy("start of a date range", "From"), null=True, blank=True
    )
    date_to = models.DateField(pgettext_lazy("end of a date range", "To"), null=True, blank=True)
    name_contains = models.CharField(
        _("Session name contains"),
        max_length=60,
        blank=True,
        help_text=_('E.g. "Tuesday"; empty: every session in the dates.'),
    )
    published = models.BooleanField(default=False, help_text=_("Players see the standings."))
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(best__gte=1) & Q(minimum__gte=1), name="competition_counts_positive"
            ),
            models.CheckConstraint(
                condition=~Q(selection="range")
                | Q(
                    date_from__isnull=False,
                    date_to__isnull=False,
                    date_from__lte=models.F("date_to"),
                ),
                name="competition_range_dates",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("sessions_app:competition", args=[self.club.slug, self.pk])
