"""Files out and in over HTTP: a session's results in every export format, and the director's
upload of a PBN hand record onto a session (with the differences from the file's results)."""

from __future__ import annotations

from django import forms
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.urls import path
from django.views.decorators.http import require_GET

from ..interchange.pbn import decode_pbn, read_pbn
from ..interchange.travellers_csv import CsvError
from ..permissions import director_required
from ..selectors import session_for_viewer
from ..services.interchange import (
    EXPORT_FORMATS,
    export_filename,
    session_attach_deals,
    session_export,
)

MAX_UPLOAD = 5_000_000  # bytes; a PBN hand record of 36 boards with results is about 100 kB


@require_GET
def export_download(request, session_id: int, fmt: str):
    """The session in format `fmt` as a download: published sessions for everyone, drafts for
    the club's directors."""
    if fmt not in EXPORT_FORMATS:
        raise Http404("No such format")
    session = session_for_viewer(request.user, session_id)
    export = EXPORT_FORMATS[fmt]
    response = HttpResponse(
        session_export(session, fmt), content_type=f"{export.content_type}; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="{export_filename(session, fmt)}"'
    return response


class PbnUploadForm(forms.Form):
    file = forms.FileField(
        label="PBN file",
        help_text="A hand record (deals), with or without the results of another scorer.",
    )

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_UPLOAD:
            raise forms.ValidationError(f"The file is larger than {MAX_UPLOAD // 1_000_000} MB.")
        try:
            return read_pbn(decode_pbn(upload.read()))
        except CsvError as error:
            raise forms.ValidationError(
                [f"{len(error.errors)} problem(s), nothing imported:", *error.errors]
            ) from None


@director_required
def import_pbn(request, session):
    """Attach a PBN file's deals to the session's boards; list where the file's published
    matchpoints differ from clubscorer's."""
    report = None
    form = PbnUploadForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        try:
            report = session_attach_deals(session=session, results_file=form.cleaned_data["file"])
        except CsvError as error:
            form.add_error("file", list(error.errors))
        else:
            form = PbnUploadForm()
    return render(
        request,
        "sessions_app/interchange/import_pbn.html",
        {"session": session, "form": form, "report": report},
    )


urlpatterns = [
    path("sessions/<int:session_id>/export/<str:fmt>/", export_download, name="export"),
    path("director/sessions/<int:session_id>/import/pbn/", import_pbn, name="import_pbn"),
]
