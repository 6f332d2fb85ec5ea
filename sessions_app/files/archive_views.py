"""Many results files at once from the director's browser: a club's archive (a season of
ACBLscore game files, a folder of PBN or USEBIO files) chosen together on one page, each file
imported once as its own session by `files.archive` — the same path as `manage.py
import_folder` — and every file's fate listed on the page that answers."""

from __future__ import annotations

from django import forms
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import render
from django.urls import path

from ..interchange.files import file_digest
from ..interchange.records import ResultsFile
from ..interchange.refused import FileRefused
from ..models import Club
from ..scoring.message import Message, gettext_noop
from .archive import ArchiveFile, archive_import
from .imports import ImportReport, session_import
from .uploads import accepts_files
from .views import offer_clubs

# The files together: each is counted as it arrives, and the request is refused unread
# above this and UPLOAD_FORM_BYTES (sessions_app/files/uploads.py: the gate).
ARCHIVE_FILES = ("the files", "UPLOAD_ARCHIVE_BYTES")
NO_DATE = Message(
    gettext_noop(
        "This file carries no date (a travellers CSV never does): import it on its own from"
        " “Import a file”, where its date can be given."
    )
)


class ManyFilesInput(forms.ClearableFileInput):
    allow_multiple_selected = True


class ManyFilesField(forms.FileField):
    """One file field that takes several files (Django's documented pattern)."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("widget", ManyFilesInput())
        super().__init__(*args, **kwargs)

    def clean(self, data, initial=None):
        clean_one = super().clean  # None or no file at all: the field's "required" message
        if isinstance(data, list | tuple) and data:
            return [clean_one(one, initial) for one in data]
        return [clean_one(data or None, initial)]


class ArchiveForm(forms.Form):
    # Not `files`: a form's `files` is the request's uploads.
    results = ManyFilesField(
        label="Files",
        help_text="Choose several at once: ACBLscore game files, PBN, USEBIO or NZ Bridge Scorer"
        " files. Each becomes a session of its own, dated by the file.",
        error_messages={"required": "Choose the files (again, if this page showed a problem)."},
    )
    club = forms.ModelChoiceField(queryset=Club.objects.none())

    def __init__(self, *args, clubs, **kwargs):
        super().__init__(*args, **kwargs)
        offer_clubs(self, clubs)


@accepts_files(results=ARCHIVE_FILES)
@login_required
def import_files(request):
    """Several files into one of the director's clubs: each imported, recognised as imported
    before, skipped (not a results file) or refused with every problem, listed in that order
    on the answer; the players of each new session linked into the register by number."""
    clubs = Club.objects.directed_by(request.user)
    if not clubs.exists():
        raise PermissionDenied("You are not a director of any club.")
    form = ArchiveForm(request.POST or None, request.FILES or None, clubs=clubs)
    done: list[ArchiveFile] = []
    if request.method == "POST" and form.is_valid():
        club = form.cleaned_data["club"]

        def import_one(results_file: ResultsFile, name: str, content: bytes) -> ImportReport:
            if results_file.date is None:
                raise FileRefused([NO_DATE])
            return session_import(
                club=club,
                results_file=results_file,
                date=results_file.date,
                user=request.user,
                source=name,
                digest=file_digest(content),
            )

        uploads = [(upload.name, upload.read()) for upload in form.cleaned_data["results"]]
        done = list(archive_import(club=club, files=uploads, import_one=import_one))
        form = ArchiveForm(clubs=clubs)
    return render(
        request, "sessions_app/interchange/import_files.html", {"form": form, "done": done}
    )


urlpatterns = [
    path("director/import/files/", import_files, name="import_files"),
]
