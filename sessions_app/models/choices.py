"""Choices and validators the models share."""

from __future__ import annotations

from django.core.validators import RegexValidator
from django.db import models

SEATS = [("N", "North"), ("E", "East"), ("S", "South"), ("W", "West")]
# Pair labels and section names go into addresses (/sessions/7/pairs/A/12/).
LABEL = RegexValidator(
    r"^[A-Za-z0-9][A-Za-z0-9._-]*$", "Use letters, digits, '.', '_' and '-' only (e.g. 12 or A3)."
)
ARTIFICIAL = [("A+", "Average plus"), ("A", "Average"), ("A-", "Average minus")]


class Direction(models.TextChoices):
    NS = "NS", "North-South"
    EW = "EW", "East-West"
