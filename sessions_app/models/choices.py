"""Choices and validators the models share."""

from __future__ import annotations

from typing import Any

from django.core.validators import RegexValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from ..choice_words import word
from ..session_choices import DIRECTION, Choices

SEATS = [("N", _("North")), ("E", _("East")), ("S", _("South")), ("W", _("West"))]
# Pair labels and section names go into addresses (/sessions/7/pairs/A/12/).
LABEL = RegexValidator(
    r"^[A-Za-z0-9][A-Za-z0-9._-]*$",
    _("Use letters, digits, '.', '_' and '-' only (e.g. 12 or A3)."),
)
ARTIFICIAL = [("A+", _("Average plus")), ("A", _("Average")), ("A-", _("Average minus"))]


def text_choices(qualname: str, declared: Choices[str], module: str) -> Any:
    """Django's TextChoices of choices declared in plain Python (session_choices.py), so that
    their values and labels are written once for the model, the engine and the checks alike;
    named as the class `qualname` of `module` would be, so that its members pickle and print
    as a declared class's. Example: text_choices("Session.Method", METHOD, module) ->
    `Session.Method`, whose CROSS_IMPS is "cross_imps" with the label "Cross-IMPs".

    Typed Any: django-stubs reads members only from a class body, and each of these is
    reached by its member's name (`Session.Method.CROSS_IMPS`). The labels are the lazy
    translations of choice_words.py, so `get_method_display()` shows the reader's
    language."""
    name = qualname.rpartition(".")[2]
    members = [(choice.member, (choice.value, word(choice.label))) for choice in declared]
    choices = models.TextChoices  # the functional API, which the stubs do not declare
    return choices(name, members, module=module, qualname=qualname)  # type: ignore[call-overload]


Direction = text_choices("Direction", DIRECTION, __name__)
