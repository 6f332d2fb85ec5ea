"""python manage.py score FILE [--format F] [-o OUT] [--names N] [--scale S] [--method M]
[--butler-discard D] [--winners 1|2] [--set FIELD=VALUE ...]

Scores a travellers CSV, PBN or USEBIO file and writes its results, touching no database.
`manage.py` runs it without Django (sessions_app/interchange/score_cli.py) but for the printed
results and Django's own options, which come here: the same options, the same code.
What the file published and clubscorer does not reproduce is listed on standard error.
"""

from __future__ import annotations

from typing import Any

from sessions_app.interchange.score import ScoredFile, planned_file
from sessions_app.interchange.score import score_file as score_export
from sessions_app.interchange.score_cli import (
    HELP,
    PRINTED,
    add_score_arguments,
    score_arguments,
    write_scored,
)
from sessions_app.interchange.text import file_notes

from ._options import FileCommand


def score_file(
    content: bytes, filename: str, output_format: str, *, club_name: str = "", **options: Any
) -> ScoredFile:
    """The file scored and written in `output_format` (one of score_cli.FORMATS): the exports
    by `interchange.score` (no database, no Django), the printed results (HTML, PDF) by the
    director's Print page's own templates, filled with the same plan's results. The options
    are those of an import (`interchange.score.planned_file`).

    Example: `score_file(content, "pagat.pbn", "html")` -> the printed results of the file,
    as the Print page would make them of its imported session.
    """
    if output_format not in PRINTED:
        return score_export(content, filename, output_format, club_name=club_name, **options)
    from sessions_app.interchange.plan import plan_results
    from sessions_app.models import Club, Session
    from sessions_app.printing import DOCUMENTS, Options, render_html, render_pdf
    from sessions_app.review.checks import ResultsState

    results_file, plan = planned_file(content, filename, **options)
    session = Session(club=Club(name=club_name), **plan.values)
    results = plan_results(plan, results_file)
    state = ResultsState(missing=0, published_at=None, amended_at=None)
    render = render_pdf if output_format == "pdf" else render_html
    output = render(session, DOCUMENTS["results"], Options(), results=results, state=state)
    return ScoredFile(
        output, plan.differences, results_file.published, tuple(file_notes(results_file))
    )


class Command(FileCommand):
    help = HELP
    requires_migrations_checks = False

    def add_arguments(self, parser):
        add_score_arguments(parser)

    def handle(self, *args, **options):
        scored = score_file(**score_arguments(options))
        write_scored(
            scored,
            options["output"],
            lambda text: self.stdout.write(text, ending=""),
            lambda text: self.stderr.write(text, ending=""),
        )
