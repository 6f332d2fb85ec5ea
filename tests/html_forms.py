"""A page's forms read the way a browser submits them, for tests that fill them in.

`read_forms(html)` gives each `<form>`: its method and action, `data` (what a browser would
post: unchecked boxes left out, a box without a value posts "on", the first option of a select
unless one is selected, a textarea's first newline dropped, and an `<input type=date>` whose
value is not `YYYY-MM-DD` blanked, as the HTML value sanitization does), `names` (every field,
checked or not) and `date_values` (the dates as written in the page).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser

ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


@dataclass
class Form:
    method: str
    action: str
    data: dict[str, str] = field(default_factory=dict)
    names: list[str] = field(default_factory=list)
    date_values: list[str] = field(default_factory=list)


class _Reader(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.forms: list[Form] = []
        self._select: str | None = None
        self._textarea: str | None = None

    def handle_starttag(self, tag, attrs):
        attrs = {name: value or "" for name, value in attrs}
        if tag == "form":
            self.forms.append(Form(attrs.get("method", "get").lower(), attrs.get("action", "")))
            return
        name = attrs.get("name")
        if not self.forms or not name:
            if tag == "option" and self._select:
                self._option(attrs)
            return
        form = self.forms[-1]
        if tag == "input":
            kind = attrs.get("type", "text")
            if kind in ("submit", "button", "file", "image", "reset"):
                return
            if name not in form.names:
                form.names.append(name)
            value = attrs.get("value", "")
            if kind == "date":
                form.date_values.append(value)
                value = value if ISO_DATE.match(value) else ""
            if kind in ("checkbox", "radio"):
                if "checked" in attrs:
                    form.data[name] = value or "on"
                return
            form.data[name] = value
        elif tag == "select":
            self._select = name
            form.names.append(name)
        elif tag == "option" and self._select:
            self._option(attrs)
        elif tag == "textarea":
            self._textarea = name
            form.names.append(name)
            form.data[name] = ""

    def _option(self, attrs):
        data = self.forms[-1].data
        if "selected" in attrs or self._select not in data:
            data[self._select] = attrs.get("value", "")

    def handle_endtag(self, tag):
        if tag == "select":
            self._select = None
        elif tag == "textarea":
            self._textarea = None

    def handle_data(self, data):
        if self._textarea and self.forms:
            form = self.forms[-1]
            text = form.data[self._textarea]
            form.data[self._textarea] = text + (data.removeprefix("\n") if not text else data)


def read_forms(html: str) -> list[Form]:
    reader = _Reader()
    reader.feed(html)
    return reader.forms
