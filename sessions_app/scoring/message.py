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
that is itself a Message is worded too.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


def gettext_noop(text: str) -> str:
    """Marks `text` for makemessages (the keyword it knows) and gives it back unchanged, as
    `django.utils.translation.gettext_noop` does."""
    return text


@dataclass(frozen=True, slots=True)
class Message:
    """A text for people with named `%(name)s` values and, rarely, a context: English as
    `str`, in the page's language through `rows.words.worded`. A Message without values is
    said as its text as it is (a "%" in it stays)."""

    text: str
    params: Mapping[str, object] = field(default_factory=dict, hash=False)
    context: str | None = None

    def __str__(self) -> str:
        return filled(
            self.text,
            {
                name: str(value) if isinstance(value, Message) else value
                for name, value in self.params.items()
            },
        )


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
