"""A refused change in the words the director (or a table) is shown.

A service refuses a change by raising ValidationError, or its own exception (StaleLine,
NotInSession, ConfirmationNeeded), with messages written as the middle of a sentence: "round
-1 is not a number from 0 up". Every view, the admin, the table's API and the commands turn
them into words here, so that a refusal reads the same on every page: its messages joined in
one line, and as a sentence (capitalised, ending with a full stop) where a page shows it alone
or after a few words of its own.

Example: refusal_sentence(ValidationError("round -1 is not a number from 0 up")) ->
"Round -1 is not a number from 0 up."; with start="Not changed: " ->
"Not changed: round -1 is not a number from 0 up.".
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from django.core.exceptions import ValidationError
from django.utils.translation import gettext

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

SENTENCE_ENDS = (".", "?", "!")


def refusal_words(refusal: Exception | str) -> str:
    """The refusal's own words: a ValidationError's messages in one line, each but the last
    ended by a semicolon unless it is a sentence already; another exception's text; a string
    as it is. Example: ValidationError(["no sections", "no boards"]) -> "no sections; no
    boards"; ValidationError(["Pair 3: too long.", "Pair 4: too long."]) -> "Pair 3: too long.
    Pair 4: too long."."""
    if not isinstance(refusal, ValidationError):
        return str(refusal)
    messages = [str(message) for message in refusal.messages]
    ended = [m if m.endswith(SENTENCE_ENDS) else f"{m};" for m in messages[:-1]]
    return " ".join([*ended, *messages[-1:]])


def refusal_sentence(refusal: Exception | str, *, start: str = "") -> str:
    """`refusal_words` as a sentence: after `start` (the page's own words, "Not changed: ",
    "tuesday pairs was not restored: ", left as they are), else capitalised; ending with a
    full stop unless it ends a sentence already."""
    words = refusal_words(refusal)
    return _ended(start + words) if start else as_sentence(words)


def as_sentence(words: str) -> str:
    """`words` capitalised, ending with a full stop unless they end a sentence already: what
    a page says alone. Example: "call from table A3 answered" -> "Call from table A3
    answered."; "Is the board right?" stays as it is."""
    return _ended(words[:1].upper() + words[1:])


def _ended(said: str) -> str:
    return said if said.endswith(SENTENCE_ENDS) else f"{said}."


def either(words: Iterable[StrOrPromise]) -> str:
    """`words` as alternatives in the reader's language, for a refusal that names what would
    be accepted. Example (English): ["round order", "NS pair order"] -> "round order or NS
    pair order"; ["a", "b", "c"] -> "a or b or c"."""
    first, *others = (str(word) for word in words)
    said = first
    for word in others:
        said = gettext("%(one)s or %(other)s") % {"one": said, "other": word}
    return said
