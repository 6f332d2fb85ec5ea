"""The director's *Deal boards* page: a session's boards dealt and stored as its hand
records, and the session's deals downloaded in any deal file format for the dealing machine
(`files/dealing.py`). The session comes through `core.permissions.director_required`, so a
director of another club is refused as on every director page."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import path, reverse
from django.utils.text import capfirst
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET

from ..core.permissions import director_required
from ..interchange.deal_files.boards import NotWritable
from ..interchange.deal_files.dealing import BadRange, board_numbers
from ..interchange.deal_files.formats import DEAL_FORMATS
from ..rows.words import worded
from .dealing import deal_filename, session_deal_boards, session_deal_file


class DealForm(forms.Form):
    boards = forms.CharField(
        max_length=100,
        initial="1-28",
        label=_("Boards"),
        help_text=_("A range, or several: 1-28, or 1-16, 21-24."),
    )
    seed = forms.CharField(
        max_length=100,
        required=False,
        label=_("Seed"),
        help_text=_(
            "Leave empty for deals nobody can foresee. A seed deals the same boards every time"
            " (for a simultaneous event): keep it secret until the boards are played."
        ),
    )
    format = forms.ChoiceField(
        choices=[(name, fmt.label) for name, fmt in DEAL_FORMATS.items()],
        initial="pbn",
        label=_("File for the dealing machine"),
    )
    replace = forms.BooleanField(required=False, label=_("Replace the deals boards already have"))

    def clean_boards(self) -> list[int]:
        try:
            return board_numbers(self.cleaned_data["boards"])
        except BadRange as error:
            raise forms.ValidationError(worded(error.message)) from None


@director_required
def deal_boards_page(request, session):
    """Deal the boards the director names onto the session, then back to the page (Post/
    Redirect/Get: a reload deals nothing again) with the file offered for download."""
    form = DealForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            report = session_deal_boards(
                session=session,
                numbers=data["boards"],
                seed=data["seed"] or None,
                fmt=data["format"],
                replace_deals=data["replace"],
            )
        except NotWritable as error:
            form.add_error("format", worded(error.message))
        else:
            count = report.deals
            messages.success(
                request,
                ngettext("Dealt %(count)d board", "Dealt %(count)d boards", count)
                % {"count": count}
                if count
                else gettext("No board dealt"),
            )
            if report.kept:
                messages.warning(
                    request,
                    # Translators: %(kept)s says which boards kept their deals (files/dealing.py).
                    gettext(
                        "%(kept)s: tick “Replace the deals boards already have” to deal them again."
                    )
                    % {"kept": capfirst(report.kept_words)},
                )
            page = reverse("sessions_app:deal_boards", args=[session.pk])
            return redirect(f"{page}?dealt={data['format']}")
    dealt = request.GET.get("dealt", "")
    return render(
        request,
        "sessions_app/interchange/deal_boards.html",
        {
            "session": session,
            "form": form,
            "chosen": dealt if dealt in DEAL_FORMATS else "",
            "formats": DEAL_FORMATS.values(),
        },
    )


@require_GET
@director_required
def deal_file_download(request, session, fmt: str):
    """The session's deals as a deal file (`fmt`: pbn, dlm, dup, …)."""
    if fmt not in DEAL_FORMATS:
        raise Http404(gettext("No such deal file format"))
    try:
        content = session_deal_file(session, fmt)
    except NotWritable as error:
        messages.error(
            request,
            gettext("No .%(format)s file: %(problem)s.")
            % {"format": fmt, "problem": worded(error.message)},
        )
        return redirect("sessions_app:deal_boards", session_id=session.pk)
    response = HttpResponse(content, content_type=DEAL_FORMATS[fmt].content_type)
    response["Content-Disposition"] = f'attachment; filename="{deal_filename(session, fmt)}"'
    return response


urlpatterns = [
    path("director/sessions/<int:session_id>/deal/", deal_boards_page, name="deal_boards"),
    path(
        "director/sessions/<int:session_id>/deal/<str:fmt>/",
        deal_file_download,
        name="deal_file",
    ),
]
