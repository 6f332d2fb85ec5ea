"""Files out and in over HTTP: a session's results in every export format; a new session from
a file the director uploads; a PBN hand record onto a session (with the differences from the
file's results). Uploads are read by `interchange.files` and stored by `files.imports`,
as the import commands' files are."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import path
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET

from ..core.permissions import director_required
from ..core.selectors import ImportedBefore, imported_before, session_for_viewer
from ..interchange.deal_files.as_results import as_results_file
from ..interchange.deal_files.formats import MACHINE_FORMATS, format_of_name
from ..interchange.export import EXPORT_FORMATS
from ..interchange.files import file_digest, file_kind, read_file
from ..interchange.refused import FileRefused
from ..interchange.text import file_messages, for_excel
from ..models import Club
from ..rows.words import worded
from ..setup.forms import IsoDateInput
from .exports import export_filename, session_export
from .imports import (
    AlreadyImported,
    ImportReport,
    session_attach_deals,
    session_import_once,
)
from .uploads import accepts_files

RESULTS_FILE = ("the file", "UPLOAD_FILE_BYTES")  # sessions_app/files/uploads.py: the gate


@require_GET
def export_download(request, session_id: int, fmt: str):
    """The session in format `fmt` as a download: published sessions for everyone, drafts for
    the club's directors."""
    if fmt not in EXPORT_FORMATS:
        raise Http404(gettext("No such format"))
    session = session_for_viewer(user=request.user, session_id=session_id)
    export = EXPORT_FORMATS[fmt]
    content = session_export(session, fmt)
    if export.content_type == "text/csv":
        content = for_excel(content)
    response = HttpResponse(content, content_type=f"{export.content_type}; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{export_filename(session, fmt)}"'
    return response


class PbnUploadForm(forms.Form):
    file = forms.FileField(label=_("Hand record file"))
    replace = forms.BooleanField(
        required=False,
        label=_("Replace the deals boards already have"),
        help_text=_("Without it, a board that has a different deal keeps its own."),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["file"].help_text = gettext(
            "A PBN hand record (deals), with or without the results of another scorer, or a"
            " dealing machine's file (%(extensions)s)."
        ) % {"extensions": ", ".join("." + name for name in MACHINE_FORMATS)}

    def clean_file(self):
        """A PBN file read as every import reads it; a dealing machine's file, told by its
        name's extension, by its own reader (`interchange/deal_files`), boards by number."""
        upload = self.cleaned_data["file"]
        deal_format = format_of_name(upload.name or "")
        try:
            if deal_format is not None and deal_format.name in MACHINE_FORMATS:
                return as_results_file(deal_format.read(upload.read()))
            return read_file(upload.read(), kind="pbn")
        except FileRefused as error:
            raise forms.ValidationError(error.said(worded)) from None


@accepts_files(file=RESULTS_FILE)
@director_required
def import_pbn(request, session):
    """Attach a PBN file's deals to the session's boards; list where the file's published
    matchpoints differ from clubscorer's."""
    report, notes = None, []
    form = PbnUploadForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        results_file = form.cleaned_data["file"]
        try:
            report = session_attach_deals(
                session=session,
                results_file=results_file,
                replace_deals=form.cleaned_data["replace"],
            )
        except FileRefused as error:
            form.add_error("file", error.said(worded))
        else:
            form, notes = PbnUploadForm(), [worded(note) for note in file_messages(results_file)]
    return render(
        request,
        "sessions_app/interchange/import_pbn.html",
        {"session": session, "form": form, "report": report, "notes": notes},
    )


# A file with deals and no results makes no session: its deals go onto one.
DEALS_ONLY = _(
    "This file holds deals but no results: imported here it would make an empty session."
    " To add its hand records to a session, open the session and choose “Attach hand records"
    " from a PBN file…”."
)
# A browser forgets the files chosen when the page comes back with a problem to fix.
CHOOSE_AGAIN = _("Choose the file (again, if this page showed a problem: browsers forget it).")


def offer_clubs(form: forms.Form, clubs) -> None:
    """The form's `club` field offers `clubs` (the director's), the only one chosen already."""
    club = form.fields["club"]
    assert isinstance(club, forms.ModelChoiceField)  # a form that takes a club declares it so
    club.queryset = clubs
    if clubs.count() == 1:
        club.initial = clubs.first()


class SessionFileForm(forms.Form):
    """A whole session from a file another program (or clubscorer) wrote."""

    file = forms.FileField(
        label=_("File"),
        help_text=_("A travellers CSV, a PBN file with results, or USEBIO XML."),
        error_messages={"required": CHOOSE_AGAIN},
    )
    names = forms.FileField(
        required=False,
        label=_("Names"),
        help_text=_("Travellers CSV only: pair,player1,player2."),
    )
    club = forms.ModelChoiceField(queryset=Club.objects.none(), label=_("Club"))
    name = forms.CharField(
        max_length=120,
        required=False,
        label=_("Name"),
        help_text=_("Default: the file's, else the file's name."),
    )
    date = forms.DateField(
        required=False,
        widget=IsoDateInput(),
        label=_("Date"),
        help_text=_("Needed for a travellers CSV; a PBN or USEBIO file usually carries its own."),
    )
    again = forms.BooleanField(
        required=False,
        widget=forms.HiddenInput,
        label=_("Import it again: make another session of the same file"),
    )
    # The latest import of the file the page showed: one since means a retry (files/imports.py).
    seen = forms.IntegerField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args, clubs, **kwargs):
        super().__init__(*args, **kwargs)
        self.already: ImportedBefore | None = None  # the session the file made before
        self.deals_only = False  # a hand record without results: to attach to a session
        offer_clubs(self, clubs)

    def clean(self):
        """The file read whole, and the session's date: the one given, else the file's. A
        travellers CSV carries none, so it must be given (never "today" by default: a file is
        often imported days after the session)."""
        super().clean()
        data = self.cleaned_data
        upload = data.get("file")
        if upload is None:
            return data
        content = upload.read()
        data["digest"] = file_digest(content)
        kind = file_kind(upload.name, content)
        names = data.get("names") if kind == "csv" else None
        problems = []
        try:
            data["results_file"] = read_file(
                content, kind=kind, names=names.read() if names else None
            )
        except FileRefused as error:
            problems = error.said(worded)
        if not data.get("date") and "date" not in self.errors:
            if kind == "csv":
                self.add_error(
                    "date",
                    gettext(
                        "A travellers CSV carries no date: give the date the session was played."
                    ),
                )
            elif "results_file" in data and data["results_file"].date is None:
                self.add_error(
                    "date",
                    gettext("This file carries no date: give the date the session was played."),
                )
        if problems:
            raise forms.ValidationError(problems)
        if "results_file" in data and not data["results_file"].rows:
            self.deals_only = True
            raise forms.ValidationError(DEALS_ONLY)
        if data.get("club") and not data.get("again"):
            already = self.imported_before(data["club"], data["digest"])
            if already:
                raise forms.ValidationError(already)
        if data.get("again") and not data.get("seen") and data.get("club"):
            latest = imported_before(club=data["club"], digest=data["digest"])
            data["seen"] = latest.record.pk if latest else None
        return data

    def imported_before(self, club: Club, digest: str) -> str | None:
        """The same file imported into the club before: said, with the session it made, and
        imported again only when the director ticks `again`; None when it was not."""
        self.already = imported_before(club=club, digest=digest)
        if self.already is None:
            return None
        record = self.already.record
        self.data = {**self.data, "seen": str(record.pk)}  # the page carries what it showed
        values = {"name": record.name, "date": f"{record.date:%d/%m/%Y}"}
        self.fields["again"].widget = forms.CheckboxInput()
        if self.already.in_trash:
            message = gettext(
                "This file was already imported as %(name)s, %(date)s (that session is in the"
                " trash now). Import it again? Tick “Import it again” to make another session of"
                " it."
            )
        elif not self.already.session_exists:
            message = gettext(
                "This file was already imported as %(name)s, %(date)s (that session has been"
                " deleted for good since). Import it again? Tick “Import it again” to make"
                " another session of it."
            )
        else:
            message = gettext(
                "This file was already imported as %(name)s, %(date)s. Import it again? Tick"
                " “Import it again” to make another session of it."
            )
        return message % values


def _imported(report: ImportReport, kind: str) -> str:
    """What the director is told: `Imported 7 traveller lines.` for a travellers CSV, an
    ACBLscore game file or an NZ Bridge Scorer file (which hold no deals); `Imported 7 lines
    and 0 deals.` for a PBN or USEBIO file; then, when the file publishes figures (its lines
    and totals), `2 of 7 lines differ from the file's own.`"""
    # The second sentence (report.differing_words) is built in files/imports.py.
    found = f" {report.differing_words}." if report.compared else ""
    if kind in ("csv", "acbl", "nzscorer"):
        said = ngettext(
            "Imported %(lines)d traveller line.",
            "Imported %(lines)d traveller lines.",
            report.lines,
        )
    else:
        said = ngettext(
            "Imported %(lines)d lines and %(deals)d deals.",
            "Imported %(lines)d lines and %(deals)d deals.",
            report.lines,
        )
    return said % {"lines": report.lines, "deals": report.deals} + found


@accepts_files(file=RESULTS_FILE, names=("the names file", "UPLOAD_NAMES_BYTES"))
@login_required
def import_session(request):
    """A new session from a file, for one of the director's clubs."""
    clubs = Club.objects.directed_by(request.user)
    if not clubs.exists():
        raise PermissionDenied(gettext("You are not a director of any club."))
    form = SessionFileForm(request.POST or None, request.FILES or None, clubs=clubs)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        results_file, source = data["results_file"], data["file"].name
        try:
            report = session_import_once(
                club=data["club"],
                results_file=results_file,
                name=data["name"],
                date=data["date"] or results_file.date,
                user=request.user,
                source=source,
                digest=data["digest"],
                seen=data["seen"] if data["again"] else None,
            )
        except FileRefused as error:  # a setting the file carries that a session cannot hold
            form.add_error("file", error.said(worded))
        except AlreadyImported:  # since the form was checked: a retry, or a second click
            form.add_error(None, form.imported_before(data["club"], data["digest"]) or "")
        else:
            messages.success(request, _imported(report, results_file.kind))
            for note in file_messages(results_file):
                messages.warning(request, worded(note))
            return redirect("sessions_app:director_session", session_id=report.session.pk)
    return render(request, "sessions_app/interchange/import_session.html", {"form": form})


urlpatterns = [
    path("director/import/", import_session, name="import_session"),
    path("sessions/<int:session_id>/export/<str:fmt>/", export_download, name="export"),
    path("director/sessions/<int:session_id>/import/pbn/", import_pbn, name="import_pbn"),
]
