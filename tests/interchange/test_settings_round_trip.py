"""A session's scoring conventions go with it through every file (issue 14, "Done when":
every export of every kind of session imports back with identical figures).

The `every_ruling` session (every kind of traveller line, two sections) is given conventions
that are none of the defaults — unfactored totals with E per board, split scores matchpointed
twice, Ave+/Ave/Ave- 61.8/50/38.2 without Law 12C2(c), 60% facing a phantom, ties as ranges,
scaled totals — then exported and imported again: USEBIO and PBN carry the settings
themselves; a travellers CSV has no room for them, so its import is given them with `--set`.
The copy must have the same settings and the same figures (the JSON export, less the id).
"""

from __future__ import annotations

import json
from decimal import Decimal

import pytest
from django.db.models import F

from sessions_app.models import Session
from tests.conftest import export

from .conftest import results_without_ids, through_pbn, through_usebio
from .test_score_command import score
from .test_travellers_round_trips import through_csv_as_scored

# Every setting a file carries (docs/formats.md "Results JSON", USEBIO, PBN), none the default.
CONVENTIONS = {
    "ave_plus": Decimal("61.8"),
    "ave": Decimal(50),
    "ave_minus": Decimal("38.2"),
    "law_12c2c": False,
    "small_groups": True,
    "across_the_field": True,
    "split_scores": "twice",
    "expected_from": "board",
    "factoring": "total",
    "scaled_totals": True,
    "tie_places": "range",
    "imp_artificial": "percent",
    "phantom_percent": Decimal(60),
}
AT_MATCHPOINTS = {**CONVENTIONS, "scale": "1/0.5"}
AT_BUTLER = {
    **CONVENTIONS,
    "method": "butler",
    "butler_discard": "median",
    "imp_totals": "scaled",
    "scale": "1/0.5",
}
AT_CROSS_IMPS = {
    **CONVENTIONS,
    "method": "cross_imps",
    "butler_discard": "3",
    "imp_artificial": "2",
}
KINDS = [
    pytest.param(AT_MATCHPOINTS, id="mp"),
    pytest.param(AT_BUTLER, id="butler"),
    pytest.param(AT_CROSS_IMPS, id="cross-imps"),
]
CARRIED = ("scale", "method", "butler_discard", "imp_totals", *CONVENTIONS)


def set_conventions(session_id: int, conventions: dict) -> None:
    """The settings changed as the settings page would: the cached results go stale."""
    Session.objects.filter(pk=session_id).update(
        **conventions, results_version=F("results_version") + 1
    )


def settings_of(session_id: int) -> dict:
    return Session.objects.filter(pk=session_id).values(*CARRIED).get()


def through_csv_with_set(tmp_path, session_id: int) -> int:
    """The travellers CSV carries no settings: the import is told them, as a director would."""
    session = Session.objects.get(pk=session_id)
    sets = []
    for name in (*CONVENTIONS, "imp_totals"):  # the others are options of their own
        value = getattr(session, name)
        text = ("yes" if value else "no") if isinstance(value, bool) else str(value)
        sets += ["--set", f"{name}={text}"]
    return through_csv_as_scored(tmp_path, session, *sets)


THROUGH = [
    pytest.param(through_usebio, id="usebio"),
    pytest.param(through_pbn, id="pbn"),
    pytest.param(through_csv_with_set, id="travellers-csv"),
]


@pytest.mark.django_db
@pytest.mark.parametrize("through", THROUGH)
@pytest.mark.parametrize("conventions", KINDS)
def test_it_keeps_the_sessions_conventions_through_a_file(
    tmp_path, every_ruling, conventions, through
):
    set_conventions(every_ruling.pk, conventions)
    copy = through(tmp_path, every_ruling.pk)
    assert settings_of(copy) == settings_of(every_ruling.pk)
    assert results_without_ids(copy) == results_without_ids(every_ruling.pk)


@pytest.mark.django_db
def test_a_convention_changes_the_figures(every_ruling):
    # What the round trips check is not a test that cannot fail: one setting changes the
    # figures. Section A board 5 was not played at 3 v 6, and has two results: 2 v 4's weighted
    # score and 1 v 5's 3NT by N, 9 tricks. From the movement E = 3: top 2(3 - 1) = 4 on the
    # 2/1 scale; with E per board, E = 2: top 2(2 - 1) = 2.
    def board_5_top() -> int:
        return results_without_ids(every_ruling.pk)["sections"][0]["boards"][4]["top"]

    assert board_5_top() == 4
    set_conventions(every_ruling.pk, {"expected_from": "board"})
    assert board_5_top() == 2


@pytest.mark.django_db
@pytest.mark.parametrize("fmt", ["usebio", "pbn"])
@pytest.mark.parametrize("conventions", KINDS)
def test_score_gives_an_exported_files_own_figures(tmp_path, every_ruling, conventions, fmt):
    set_conventions(every_ruling.pk, conventions)
    path = tmp_path / f"session.{'xml' if fmt == 'usebio' else fmt}"
    path.write_text(export(every_ruling.pk, fmt))
    expected = export(every_ruling.pk)
    expected["session"]["id"] = None
    assert json.loads(score(str(path), "--format", "json")) == expected
