"""PDFs of a session (sessions_app/printing/ makes them; these views only check who may have
which and wrap the bytes).

- `sessions/<id>/print/<document>.pdf` (name `print`): results, travellers, score-cards and
  hand-records, for everyone once the session is published and for the club's directors before.
- `director/sessions/<id>/print/<document>.pdf` (name `director_print`): every document, for the
  club's directors only; the blank forms (blank-travellers, blank-score-cards, table-cards) are
  only here.

Options in the query string: `paper=a4|letter`, `per_page=1|2` where the document offers it
(blank travellers: `per_page=1|2|3|4`); for the table cards `address=lan`, the codes at this
computer's LAN address (table_scoring/views/codes.py).

A PDF is printed in the club's language unless the visitor chose one (core/languages.py):
`director_required` switches to it for the director's route, `print_document` itself for the
public one.
"""

from django.http import Http404, HttpResponse, HttpResponseBadRequest
from django.urls import path
from django.utils.text import slugify

from ..core.languages import speak_club_language
from ..core.permissions import director_required, is_director
from ..core.selectors import session_for_viewer
from ..table_scoring.views.codes import codes_site
from . import DOCUMENTS, Document, OptionError, document_pdf, options_from_query
from .codes import with_codes


def print_document(request, session_id: int, document: str):
    spec = DOCUMENTS.get(document)
    if spec is None or spec.director_only:
        raise Http404("No such document")
    session = session_for_viewer(user=request.user, session_id=session_id)
    if not session.is_published and not is_director(request.user, session.club):
        raise Http404("No such session")  # results, deals and travellers wait for publication
    speak_club_language(request, session.club)
    return _pdf_response(request, session, spec)


@director_required
def director_print_document(request, session, document: str):
    spec = DOCUMENTS.get(document)
    if spec is None:
        raise Http404("No such document")
    return _pdf_response(request, session, spec)


def _pdf_response(request, session, spec: Document) -> HttpResponse:
    try:
        options = options_from_query(spec, request.GET)
    except OptionError as error:
        return HttpResponseBadRequest(str(error), content_type="text/plain; charset=utf-8")
    if spec.slug == "table-cards":  # with each table's code for the phones, at this site
        try:
            site = codes_site(request)
        except ValueError as error:
            return HttpResponseBadRequest(str(error), content_type="text/plain; charset=utf-8")
        options = with_codes(options, session, site.url)
    response = HttpResponse(document_pdf(session, spec, options), content_type="application/pdf")
    filename = f"{slugify(session.name) or 'session'}-{session.date:%Y-%m-%d}-{spec.slug}"
    response["Content-Disposition"] = f'inline; filename="{filename}-{options.paper.key}.pdf"'
    response["Cache-Control"] = "private, no-cache"
    return response


urlpatterns = [
    path("sessions/<int:session_id>/print/<slug:document>.pdf", print_document, name="print"),
    path(
        "director/sessions/<int:session_id>/print/<slug:document>.pdf",
        director_print_document,
        name="director_print",
    ),
]
