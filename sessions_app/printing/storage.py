"""Stored PDFs: a document rendered once per version of its session, then read back.

A PDF is kept in `default_storage` (under MEDIA_ROOT) under a name holding the session's token
(`core/cache_keys.session_token`, the one that names its cached results and pages), a
keyed hash of everything it depends on, the session's `results_version` among them, which
every write bumps: a stored PDF is never stale, so nothing has to invalidate it, and a newer one
stored deletes the older versions'. A PDF is in the language of the request that asked for it
(the club's, unless the visitor chose one: core/languages.py), so each language has its own
copy. Storage trouble (a full disk) never stops a PDF from being served.
"""

from __future__ import annotations

import logging

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.utils.translation import get_language

from ..core.cache_keys import session_token
from ..core.stored_files import delete_stored, pdf_folder
from ..models import Session
from .documents import Document
from .options import Options
from .render import render_pdf

logger = logging.getLogger(__name__)


def stored_name(session: Session, document: Document, options: Options) -> str:
    """Where the PDF is kept: printing/<session>/<token>-<language>-<document>-<options>.pdf.

    The token (`session_token`) changes with everything the PDF depends on besides the
    document, its options and the language it is printed in (the active one): the session,
    its `results_version` and its own fields (name, date and publication appear in the PDF).
    A new version gets a new token, so a stored PDF is never stale.
    """
    token, language = session_token(session), get_language() or "none"
    return f"{pdf_folder(session.pk)}/{token}-{language}-{document.slug}-{options.key}.pdf"


def document_pdf(session: Session, document: Document, options: Options) -> bytes:
    """The document as PDF bytes: read back when this version was made before, else rendered
    and stored (deleting the PDFs of the session's older versions)."""
    name = stored_name(session, document, options)
    cached = read_stored(name)
    if cached is not None:
        return cached
    pdf = render_pdf(session, document, options)
    _store(name, pdf, session)
    return pdf


def read_stored(name: str) -> bytes | None:
    try:
        with default_storage.open(name, "rb") as stored:
            pdf = stored.read()
    except OSError:  # not stored yet (FileNotFoundError), or unreadable
        return None
    # A file another request is still writing (or one whose writer died) does not end the way
    # a PDF ends: make our own.
    return pdf if pdf.rstrip().endswith(b"%%EOF") else None


def _store(name: str, pdf: bytes, session: Session) -> None:
    try:
        saved = default_storage.save(name, ContentFile(pdf))
        if saved != name:  # the name was taken: by the same PDF, or by an unfinished one
            default_storage.delete(saved)
            if read_stored(name) is None:
                default_storage.delete(name)
                if default_storage.save(name, ContentFile(pdf)) != name:
                    logger.warning("could not replace %s", name)
        delete_stored(
            pdf_folder(session.pk), keep=f"{session_token(session)}-"
        )  # the older versions'
    except OSError as error:  # a full disk must not stop the PDF from being served
        logger.warning("could not store %s: %s", name, error)
