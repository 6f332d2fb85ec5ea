"""A club and its directors: whose sessions a user may see in draft and change."""

from __future__ import annotations

from django.conf import settings
from django.db import models


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

    objects = ClubQuerySet.as_manager()

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name
