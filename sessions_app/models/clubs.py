"""A club and its directors: whose sessions a user may see in draft and change."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class ClubQuerySet(models.QuerySet):
    def directed_by(self, user):
        """The clubs `user` directs, whose sessions they may see in draft and change: every
        club for a superuser, the clubs naming them among their `directors` for anyone else
        logged in, none for an anonymous visitor. Every "is this theirs?" asks here: the
        director's pages, the upload page, `permissions.is_director` and
        `Session.objects.visible_to`. Example: Ann directs Riverside only ->
        `directed_by(ann)` is [Riverside]; `directed_by(AnonymousUser())` is empty."""
        if not user.is_authenticated:
            return self.none()
        if user.is_superuser:
            return self.all()
        return self.filter(directors=user)


class NationalBody(models.TextChoices):
    """The national bodies whose master points clubscorer awards
    (scoring/masterpoints/: one module a body, `BODIES` by these codes)."""

    EBU = "ebu", _("English Bridge Union (EBU)")
    ACBL = "acbl", _("American Contract Bridge League (ACBL)")
    ABF = "abf", _("Australian Bridge Federation (ABF)")


class Club(models.Model):
    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=60, unique=True)
    directors = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        blank=True,
        related_name="clubs",
        help_text=_("May edit sessions."),
    )
    show_reasons = models.BooleanField(
        _("Show reasons for rulings"),
        default=False,
        help_text=_("Players see the director's reason beside an adjusted score."),
    )
    show_grades = models.BooleanField(
        _("Show club grades"),
        default=True,
        help_text=_("Each player's page shows their club grade (docs/rules.md §19)."),
    )

    language = models.CharField(
        max_length=8,
        choices=settings.LANGUAGES,
        default="en-gb",
        help_text=_(
            "The club's language: its pages' language for a visitor who has not chosen"
            " one, and the result notation its directors type (4P N 10 in French, 4S Z 10 in"
            " Dutch)."
        ),
    )
    national_body = models.CharField(
        max_length=8,
        choices=NationalBody.choices,
        blank=True,
        help_text=_("The body the club is affiliated to, whose master points it awards."),
    )
    national_club_id = models.CharField(
        _("club number with the national body"),
        max_length=20,
        blank=True,
        help_text=_("As the body numbers the club (EBU club id, ACBL club number ...)."),
    )

    objects = ClubQuerySet.as_manager()

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name
