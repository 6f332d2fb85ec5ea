"""Every travellers-CSV export imports back with identical figures (issue 14), for every kind of
session: the session with every kind of line (played, passed out, a score only, assigned,
split, weighted, artificial, not played, a fouled board in two groups) scored on both
matchpoint scales, at cross-IMPs and at Butler with each datum setting. The CSV carries the
lines; how the session is scored is given to `import_travellers` as a director would
(`--scale`, `--method`, `--butler-discard`), since a travellers CSV has no room for it.

tests/interchange/test_rulings_round_trip.py covers the same session at matchpoints on 2/1
through every format; tests/interchange/test_round_trips.py random sessions.
"""

from __future__ import annotations

import pytest

from sessions_app.models import Session
from tests.conftest import export, last_line_id, run

from .conftest import results_without_ids
from .test_rulings_round_trip import figures, stored_lines

METHOD_OPTIONS = {"mp": "mp", "cross_imps": "cross-imps", "butler": "butler"}
SETTINGS = [
    pytest.param({"scale": "1/0.5"}, id="matchpoints-1/0.5"),
    pytest.param({"method": "cross_imps"}, id="cross-imps"),
    pytest.param({"method": "butler", "butler_discard": "1"}, id="butler-discard-1"),
    pytest.param({"method": "butler", "butler_discard": "0"}, id="butler-discard-0"),
    pytest.param({"method": "butler", "butler_discard": "10%"}, id="butler-discard-10%"),
]


def through_csv_as_scored(tmp_path, session: Session, *options: str) -> int:
    """Export the travellers and names CSVs, import them with the session's own settings
    (and `options`, more of import_travellers' options)."""
    (tmp_path / "travellers.csv").write_text(export(session.pk, "travellers"))
    (tmp_path / "names.csv").write_text(export(session.pk, "names"))
    return last_line_id(
        run(
            "import_travellers",
            str(tmp_path / "travellers.csv"),
            "--names",
            str(tmp_path / "names.csv"),
            "--name",
            session.name,
            "--date",
            session.date.isoformat(),
            "--scale",
            session.scale,
            "--method",
            METHOD_OPTIONS[session.method],
            "--butler-discard",
            session.butler_discard,
            *options,
        )
    )


@pytest.mark.django_db
@pytest.mark.parametrize("settings", SETTINGS)
def test_it_keeps_every_figure_of_every_kind_of_session_through_the_csv(
    tmp_path, every_ruling, settings
):
    Session.objects.filter(pk=every_ruling.pk).update(**settings)
    original = Session.objects.get(pk=every_ruling.pk)
    copy = Session.objects.get(pk=through_csv_as_scored(tmp_path, original))
    assert (copy.method, copy.scale, copy.butler_discard) == (
        original.method,
        original.scale,
        original.butler_discard,
    )
    assert stored_lines(copy.pk) == stored_lines(original.pk)
    assert figures(copy.pk) == figures(original.pk)
    assert results_without_ids(copy.pk) == results_without_ids(original.pk)
