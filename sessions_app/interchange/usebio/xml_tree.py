"""Parse untrusted XML safely into a small tree whose elements know their line numbers.

Built on expat, the parser under the standard library's xml.etree (defusedxml is not a
dependency), with what defusedxml would refuse refused here: a document type with an internal
subset (where entity declarations live, the "billion laughs" bomb), any entity declaration, and
any external entity. A bare `<!DOCTYPE USEBIO SYSTEM "...usebio_v1_2.dtd">`, which real USEBIO
files carry, is accepted and never fetched. Elements carry their line for error messages, which
xml.etree's own trees do not.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import NoReturn
from xml.parsers import expat

from ...scoring.message import Message, MessageError, gettext_noop
from ..refused import at_line

MAX_BYTES = 20_000_000  # a 2,000-pair event is about 10 MB of USEBIO


class XmlError(MessageError):
    """Not XML, or XML clubscorer will not read; the message names the line."""


@dataclass
class Node:
    tag: str
    attrib: dict[str, str]
    line: int
    children: list[Node] = field(default_factory=list)
    text: str = ""

    def find(self, tag: str) -> Node | None:
        return next((child for child in self.children if child.tag == tag), None)

    def findall(self, tag: str) -> list[Node]:
        return [child for child in self.children if child.tag == tag]

    def value(self, tag: str) -> str:
        """The stripped text of the first child `tag`, or its attribute `tag`, else ""."""
        child = self.find(tag)
        if child is not None:
            return child.text.strip()
        return self.attrib.get(tag, "").strip()


def parse(data: bytes) -> Node:
    """The document's root element; raises XmlError naming the line of the problem."""
    if len(data) > MAX_BYTES:
        raise XmlError(
            Message(
                gettext_noop("the file is larger than %(most)s MB"),
                {"most": MAX_BYTES // 1_000_000},
            )
        )
    parser = expat.ParserCreate()
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    stack: list[Node] = []
    root: list[Node] = []
    texts: list[list[str]] = []

    def refuse(what: str) -> Callable[..., NoReturn]:  # expat passes each its own arguments
        def handler(*args: object) -> NoReturn:
            raise XmlError(at_line(parser.CurrentLineNumber, Message(what)))

        return handler

    def doctype(
        name: str, system_id: str | None, public_id: str | None, has_internal_subset: bool
    ) -> None:
        if has_internal_subset:
            refuse(
                gettext_noop("the file declares its own document type with entities (not accepted)")
            )()

    def start(tag: str, attrib: dict[str, str]) -> None:
        node = Node(tag, dict(attrib), parser.CurrentLineNumber)
        if stack:
            stack[-1].children.append(node)
        else:
            root.append(node)
        stack.append(node)
        texts.append([])

    def end(tag: str) -> None:
        node = stack.pop()
        node.text = "".join(texts.pop())

    def characters(data: str) -> None:
        if texts:
            texts[-1].append(data)

    parser.StartDoctypeDeclHandler = doctype
    parser.EntityDeclHandler = refuse(gettext_noop("an entity declaration (not accepted)"))
    parser.UnparsedEntityDeclHandler = refuse(gettext_noop("an unparsed entity (not accepted)"))
    parser.ExternalEntityRefHandler = refuse(
        gettext_noop("a reference to an external entity (not accepted)")
    )
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = characters
    try:
        parser.Parse(data, True)
    except expat.ExpatError as error:
        raise XmlError(
            at_line(
                error.lineno,
                Message(
                    gettext_noop("not well-formed XML (%(reason)s)"), {"reason": _reason(error)}
                ),
            )
        ) from None
    except LookupError as error:  # <?xml ... encoding="something Python does not know"?>
        raise XmlError(
            at_line(
                1,
                Message(
                    gettext_noop("the file's encoding is not one clubscorer reads (%(error)s)"),
                    {"error": str(error)},
                ),
            )
        ) from None
    except XmlError:
        raise  # a refusal of our own, from a handler
    except ValueError:  # expat reads no multi-byte encoding but its own (UTF-8, UTF-16)
        raise XmlError(
            at_line(
                1,
                Message(
                    gettext_noop(
                        "the file declares an encoding clubscorer does not read (%(encoding)s):"
                        " save it as UTF-8 or UTF-16"
                    ),
                    {"encoding": _declared_encoding(data)},
                ),
            )
        ) from None
    if not root:
        raise XmlError(Message(gettext_noop("the file has no XML element")))
    return root[0]


def _declared_encoding(data: bytes) -> str:
    """The encoding named in the XML declaration, e.g. b'<?xml version="1.0"
    encoding="UTF-7"?>' -> 'UTF-7'."""
    declared = re.match(rb"""\s*<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9._-]{1,40})["']""", data)
    return declared[1].decode("ascii") if declared else "not said"


def _reason(error: expat.ExpatError) -> str:
    return expat.ErrorString(error.code)
