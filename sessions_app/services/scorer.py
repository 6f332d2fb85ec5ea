"""`manage.py score` with the printed results too: the exports come from
`interchange.score` (no database, no Django), the printed results (HTML, PDF) from the
director's Print page's own templates, filled with the same plan's results.

Example: `score_file(content, "pagat.pbn", "html")` -> the printed results of the file, as
the Print page would make them of its imported session.
"""

from __future__ import annotations

from typing import Any

from ..interchange.score import ScoredFile, planned_file
from ..interchange.score import score_file as score_export
from ..models import Club, Session
from ..score_cli import PRINTED


def score_file(
    content: bytes, filename: str, output_format: str, *, club_name: str = "", **options: Any
) -> ScoredFile:
    """The file scored and written in `output_format` (one of score_cli.FORMATS); the options are
    those of an import (`interchange.score.planned_file`)."""
    if output_format not in PRINTED:
        return score_export(content, filename, output_format, club_name=club_name, **options)
    from ..interchange.plan import plan_results
    from ..printing import DOCUMENTS, Options, render_html, render_pdf
    from .checks import ResultsState

    results_file, plan = planned_file(content, filename, **options)
    session = Session(club=Club(name=club_name), **plan.values)
    results = plan_results(plan, results_file)
    state = ResultsState(missing=0, published_at=None, amended_at=None)
    render = render_pdf if output_format == "pdf" else render_html
    output = render(session, DOCUMENTS["results"], Options(), results=results, state=state)
    return ScoredFile(output, plan.differences, results_file.published)
