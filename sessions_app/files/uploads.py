"""The one gate every uploaded file passes before any parser sees it: a size limit per file
field, and the request's whole body capped before it is read.

A view that takes files says which, each with the setting that limits it
(`@accepts_files(file=("the file", "UPLOAD_FILE_BYTES"))`); `UploadGateMiddleware` then

1. refuses a request whose Content-Length is above the sum of those limits and
   UPLOAD_FORM_BYTES (the form's other fields) before reading a byte of it; a view that takes
   no file is held to DATA_UPLOAD_MAX_MEMORY_SIZE, Django's limit for a form's fields;
2. reads the body through `FieldLimitHandler`, which stops reading as soon as one file is
   above its own limit (a 56 MB names file stops at 1 MB, not after 56).

Either way the director gets a 413 page that says which file and its limit, and nothing is
left on disk: an accepted request (at most the sum of the limits) is kept in memory
(FILE_UPLOAD_MAX_MEMORY_SIZE, settings.py), and a refused one is never written.

Example: with the defaults (file 5 MB, names file 1 MB), a 6 MB names file posted to the
import page is stopped after its first 1 MB: "The names file is larger than 1 MB, the most
this page takes. Nothing was stored."
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from django.conf import settings
from django.core.files.uploadhandler import FileUploadHandler, StopUpload
from django.shortcuts import render
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

# What the 413 page says of each file field, by the words its view gives it (`accepts_files`):
# whole sentences, so that a translation need not glue the field's words into them.
TOO_LARGE = {
    "the file": _("The file is larger than %(limit)s, the most this page takes."),
    "the names file": _("The names file is larger than %(limit)s, the most this page takes."),
    "the files": _("The files together are larger than %(limit)s, the most this page takes."),
}
# Translators: one of the files a page accepts, in "This page takes the file up to 5 MB, …".
UP_TO = {
    "the file": _("the file up to %(limit)s"),
    "the names file": _("the names file up to %(limit)s"),
    "the files": _("the files up to %(limit)s"),
}


def accepts_files(**fields: tuple[str, str]) -> Callable:
    """Marks a view as taking these file fields: field name -> (its words, the setting
    holding its limit in bytes). Apply it outside the view's other decorators."""

    def mark(view: Callable) -> Callable:
        view.upload_fields = fields  # type: ignore[attr-defined]
        return view

    return mark


def field_limits(view: Callable) -> dict[str, tuple[str, int]]:
    """The view's file fields: name -> (its words, its limit in bytes)."""
    fields = getattr(view, "upload_fields", {})
    return {name: (words, getattr(settings, limit)) for name, (words, limit) in fields.items()}


def body_limit(limits: dict[str, tuple[str, int]]) -> int:
    """The most a request to a view may send. Example: file 5,000,000 and names 1,000,000
    bytes with UPLOAD_FORM_BYTES 65,536 -> 6,065,536; no file fields -> 2,621,440 (Django's
    DATA_UPLOAD_MAX_MEMORY_SIZE)."""
    if not limits:
        return settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    return sum(limit for _, limit in limits.values()) + settings.UPLOAD_FORM_BYTES


def megabytes(size: int) -> str:
    """A limit as the page says it. Examples: 5_000_000 -> "5 MB"; 6_065_536 -> "6.07 MB"."""
    # Translators: a size in megabytes: "5 MB", "6.07 MB".
    return gettext("%(size)s MB") % {"size": f"{round(size / 1_000_000, 2):g}"}


class FieldLimitHandler(FileUploadHandler):
    """Counts each file's bytes as they arrive and stops reading the request at the first
    file above its field's limit (a field the view does not take has none)."""

    def __init__(self, limits: dict[str, tuple[str, int]], request=None):
        super().__init__(request)
        self.limits = limits
        self.refused: str | None = None  # the field stopped
        self.received = 0

    def new_file(self, field_name, *args, **kwargs):
        self.received = 0
        if field_name not in self.limits:
            self.refused = field_name
            raise StopUpload(connection_reset=True)
        super().new_file(field_name, *args, **kwargs)

    def receive_data_chunk(self, raw_data, start):
        self.received += len(raw_data)
        if self.received > self.limits[self.field_name][1]:
            self.refused = self.field_name
            raise StopUpload(connection_reset=True)
        return raw_data

    def file_complete(self, file_size):
        return None  # the handlers after this one store the file


class UploadGateMiddleware:
    """Before CsrfViewMiddleware, which reads the body of every POST."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_view(self, request, view, args, kwargs):
        limits = field_limits(view)
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if length > body_limit(limits):
            return too_large(request, limits, None)
        if not limits or request.content_type != "multipart/form-data":
            return None
        handler = FieldLimitHandler(limits, request)
        request.upload_handlers.insert(0, handler)
        request.POST  # noqa: B018 (read here, through the handler, before anything else does)
        if handler.refused is not None:
            return too_large(request, limits, handler.refused)
        return None


def too_large(request, limits: dict[str, tuple[str, int]], field: str | None):
    """The 413 page: which file went over its limit, and every limit of the page."""
    if field is None:
        problem = gettext("What was sent is larger than this page takes (%(limit)s in all).") % {
            "limit": megabytes(body_limit(limits))
        }
    elif field in limits:
        words, limit = limits[field]
        sentence: StrOrPromise = TOO_LARGE.get(words) or gettext(
            # words of a view not listed above: said as they are
            "%(file)s is larger than %(limit)s, the most this page takes."
        )
        problem = sentence % {"file": f"{words[0].upper()}{words[1:]}", "limit": megabytes(limit)}
    else:
        problem = gettext("This page takes no file called %(field)s.") % {"field": repr(field)}
    accepted = [
        UP_TO.get(words, gettext("%(file)s up to %(limit)s"))
        % {"file": words, "limit": megabytes(limit)}
        for words, limit in limits.values()
    ]
    return render(
        request,
        "sessions_app/upload_too_large.html",
        {"problem": problem, "accepted": accepted},
        status=413,
    )
