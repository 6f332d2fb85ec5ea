"""A text of the pure packages for people, kept as its English text, its named values and
its context, and worded at the edge: the Django side translates it into the page's language
and then fills in the values (`rows.words.worded`). Its `str` is the English, which files,
exports and the command line keep whatever the language.

The pure packages import no Django, so they mark their texts with `gettext_noop` (the same
name and meaning as Django's: the text itself, marked for makemessages) and leave the
translating to the edge. A text that needs a context has it given with its words on one
line, `Message(gettext_noop("…"), {...}, "context")`; makemessages cannot see that context,
so a text of the pure packages is worded to need none: a whole phrase, never a lone word,
and a `# Translators:` comment on the line before when it is unclear.

Example: Message(gettext_noop("%(contract)s by %(declarer)s, %(tricks)s tricks"),
{"contract": "4S", "declarer": "N", "tricks": 10}) says "4S by N, 10 tricks"; a value
that is itself a Message is worded too. A text said of a number has its plural too
(`ngettext_lazy`), and a reason refused is raised as a `MessageError`, whose `message` the
edge words.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


def gettext_noop(text: str) -> str:
    """Marks `text` for makemessages (the keyword it knows) and gives it back unchanged, as
    `django.utils.translation.gettext_noop` does."""
    return text


def ngettext_lazy(
    singular: str, plural: str, count: int, params: Mapping[str, object] | None = None
) -> Message:
    """A Message said of `count` things: `singular` for one, else `plural` (in English; each
    language has its own forms). Named as Django's `ngettext_lazy`, one of makemessages'
    keywords, so that both texts become one catalogue entry with its plural forms; the edge
    words it with `ngettext`. `count` is the value "count" too. Example:
    ngettext_lazy("%(count)s problem", "%(count)s problems", 2) says "2 problems"."""
    return Message(singular, {"count": count, **(params or {})}, plural=plural)


@dataclass(frozen=True, slots=True)
class Message:
    """A text for people with named `%(name)s` values and, rarely, a context: English as
    `str`, in the page's language through `rows.words.worded`. A Message without values is
    said as its text as it is (a "%" in it stays). One with a `plural` is said of its value
    "count" (`ngettext_lazy`)."""

    text: str
    params: Mapping[str, object] = field(default_factory=dict, hash=False)
    context: str | None = None
    plural: str | None = None

    def __str__(self) -> str:
        return filled(
            self.english_text,
            {
                name: str(value) if isinstance(value, Message) else value
                for name, value in self.params.items()
            },
        )

    @property
    def english_text(self) -> str:
        """The text English says: the singular, or for a count other than 1 the plural."""
        if self.plural is None or self.params.get("count") == 1:
            return self.text
        return self.plural


class MessageError(ValueError):
    """A ValueError whose reason is a Message: `message` for a page to word in its language,
    its `str` the English (files, the command line). Example: MessageError(Message(
    gettext_noop("pair %(pair)s cannot play against itself"), {"pair": "3"})) says "pair 3
    cannot play against itself"; a plain text given is kept as its Message."""

    def __init__(self, message: Message | str) -> None:
        self.message = message if isinstance(message, Message) else Message(str(message))
        super().__init__(str(self.message))


def message_of(error: BaseException) -> Message:
    """The reason `error` gives, to be worded: a MessageError's Message, else the error's own
    words as they are (Python's, a library's). Example: message_of(ContractError(m)) -> m;
    message_of(KeyError("x")) -> Message("'x'")."""
    if isinstance(error, MessageError):
        return error.message
    return Message(str(error))


def filled(text: str, values: Mapping[str, object]) -> str:
    """`text` with its named values in: `text % values`, or `text` as it is without values."""
    return text % values if values else text


def joined(separator: str, parts: tuple[Message | str, ...]) -> Message:
    """Several messages said one after the other with `separator` between them (a sign, not
    a word: " + "), each worded on its own. Example: joined(" + ", (a, b)) says "a + b"."""
    names = [f"part{index}" for index in range(len(parts))]
    return Message(
        separator.join(f"%({name})s" for name in names), dict(zip(names, parts, strict=True))
    )
