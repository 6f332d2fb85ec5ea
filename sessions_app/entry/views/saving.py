"""Saving one checked line from an entry page (the grid, the script, the adjust form) through
`entry.lines.result_save`, and its refusal in the page's words (core/refusals.py)."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from ...core.refusals import refusal_sentence
from ...models import Result
from ..checks import ConfirmationNeeded, StaleLine
from ..lines import result_save


def save_line(
    request, section, data, result: Result | None = None, again: str | None = None
) -> tuple[Result | None, dict]:
    """Save a checked line; the problem, for the page or the script, when it was not saved
    (`again`, a sentence around `%(problem)s`, says how the director confirms a line that
    only looks wrong; by default, entering it again)."""
    try:
        return result_save(
            section=section,
            line=data["line"],
            result_id=result.pk if result else data.get("result_id"),
            version=data.get("version"),
            user=request.user,
            confirmed=data.get("confirmed", False),
        ), {}
    except ConfirmationNeeded as warning:
        return None, {
            "warning": True,
            "error": (again or _("%(problem)s Enter again to save it anyway."))
            % {"problem": refusal_sentence(warning)},
        }
    except StaleLine as stale:
        current = section.results.filter(pk=data.get("result_id") or 0).first()
        return None, {
            "stale": True,
            "error": str(stale),
            "version": current.version if current else None,
        }
    except ValidationError as error:
        return None, {"error": refusal_sentence(error)}
