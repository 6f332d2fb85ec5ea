"""What a read file will be, decided before anything is stored: the session and its settings,
the pairs and lines as they will be stored, and the file scored with those settings.

Both ways a file is scored go through here, so they cannot disagree: `session_import`
(files/imports.py) stores the plan; `manage.py score` writes the plan's results straight
out, without a database and without Django (the session's settings are checked by
`session_rules`, as its model's fields are declared). What the file leaves open is chosen by
scoring it in memory: the matchpoint scale its published matchpoints agree with, the Butler
datum setting its IMPs agree with. Example: a PBN file publishes MP_NS 2.5 where clubscorer
makes 5 of a top of 12 on 2/1: it agrees on 1/½, so the plan's session is on 1/½ and its
results are scored on 1/½.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from ..scoring import EventInput, score_session
from ..scoring.event import Settings, settings_from
from ..scoring.message import Message, gettext_noop
from ..scoring.results import SessionResults
from ..session_limits import NAME_LENGTH
from ..session_rules import SettingsRefused, checked_values
from .compare import Difference, compare, likely_discard, likely_field, likely_scale
from .event import PairRecord, file_event, file_pairs, file_sections, line_columns
from .records import ResultsFile, TravellerRow
from .refused import FileRefused, at_line
from .settings import CARRIED, setting_values


@dataclass
class FilePlan:
    """A read file as the session it will become, before (or without) storing it."""

    values: dict[str, Any]  # the session's fields: name, date, status, scale and its settings
    pairs: list[PairRecord]
    rows: list[TravellerRow] = field(repr=False)  # the file's traveller lines
    winners: dict[str, int | None]  # by section; None: from the travellers
    differences: tuple[Difference, ...] = ()
    scored: SessionResults | None = field(default=None, repr=False)

    @property
    def columns(self) -> list[dict[str, Any]]:
        """Each row's LINE_COLUMNS values, as they will be stored: made when they are, not
        for `manage.py score`, which stores nothing."""
        return [line_columns(row) for row in self.rows]

    @property
    def settings(self) -> Settings:
        """How the session is scored, for the engine."""
        return settings_from(self.values)

    @property
    def scale(self) -> str:
        return str(self.values["scale"])


UNNAMED_SESSION = "Imported session"


def imported_session_name(given: str, file_name: str, filename: str) -> str:
    """The name of a session made from a file: the one the director `given`, else the file's
    own (`file_name`: a PBN's Event, a USEBIO's EVENT_DESCRIPTION), else the words of the
    name it was uploaded under (`filename`), else UNNAMED_SESSION; cut to what a session's
    name holds. Every import names its session here (the upload page, the import commands,
    `manage.py score`), so an unnamed file gets the same name whichever way it comes in.

    Example: ("", "", "uploads/tuesday_pairs.csv") -> "tuesday pairs";
    ("", "Club pairs", "tuesday_pairs.pbn") -> "Club pairs"; ("", "", "") -> "Imported session".
    """
    stem = filename.replace("\\", "/").rsplit("/", 1)[-1].rsplit(".", 1)[0]
    from_filename = " ".join(stem.replace("_", " ").split())
    return (given or file_name or from_filename or UNNAMED_SESSION)[:NAME_LENGTH]


def plan_file(
    results_file: ResultsFile,
    *,
    name: str = "",
    filename: str = "",
    date: datetime.date | None = None,
    scale: str | None = None,
    method: str | None = None,
    butler_discard: str | None = None,
    winners: int | None = None,
    status: str = "final",
    settings: Mapping[str, Any] | None = None,
) -> FilePlan:
    """The session `results_file` will be, scored as the file was (its method, unless `method`
    says otherwise), named `name`, else as `imported_session_name` names the file `filename`
    (its name as uploaded). Left out, `scale` is the one the file's published matchpoints agree with
    best (2/1 when it published none), `butler_discard` the Butler datum setting the file
    names (Ruter's `Butler-2;Mean`), else the one its IMPs and datums agree with best (one
    result at each end when it published none); `winners` (1 or 2) applies to the sections
    whose winners the file does not give; `settings` sets other fields of the session (its
    conventions). A clubscorer file carries its session's settings (`results_file.settings`:
    its scale, Butler datum and conventions), which the session takes unless an argument
    says otherwise. Raises SettingsRefused when a setting given is not one the session can
    hold, FileRefused (naming the line) when one the file carries is not."""
    carried = setting_values(results_file.settings.items(), CARRIED)  # the reader checked them
    file_scale, file_discard = (
        _text(carried.pop(name, None)) for name in ("scale", "butler_discard")
    )
    given = {
        *(settings or {}),
        *(["scale"] if scale else []),
        *(["butler_discard"] if butler_discard else []),
    }
    scale = scale or file_scale
    butler_discard = butler_discard or file_discard or results_file.butler_discard
    values = {
        "name": imported_session_name(name, results_file.name, filename),
        "date": date or results_file.date or datetime.date.today(),
        "scale": scale or "2/1",
        "method": method or results_file.method,
        "butler_discard": butler_discard or "1",
        "status": status,
        **carried,
        **(settings or {}),
    }
    try:
        values = checked_values(values)  # the model's rules and the database's constraint
    except SettingsRefused as error:
        raise _refused(error, results_file, given) from None
    plan = FilePlan(
        values=values,
        pairs=file_pairs(results_file),
        rows=results_file.rows,
        winners={
            section: results_file.winners.get(section, winners)
            for section in file_sections(results_file)
        },
    )
    if results_file.published:
        field_open = "across_the_field" not in {*given, *carried}
        plan.differences = tuple(_choose(plan, results_file, scale, butler_discard, field_open))
    return plan


def _text(value: object) -> str | None:
    return None if value is None else str(value)


def _refused(
    error: SettingsRefused, results_file: ResultsFile, given: set[str]
) -> SettingsRefused | FileRefused:
    """A setting the session cannot hold: when every one came from the file (its own
    settings, not the caller's), the file is refused naming each setting's line; else the
    caller's error as it is. Example: `ave_plus=61.825` on line 9 of a USEBIO file ->
    "line 9: setting ave_plus=61.825: Ensure that there are no more than 2 decimal places."
    """
    lines = {name: line for name, line in results_file.setting_lines.items() if name not in given}
    messages = error.problems
    if not set(messages) <= set(lines):
        return error
    return FileRefused(
        at_line(
            lines[name],
            Message(
                gettext_noop("setting %(setting)s: %(problem)s"),
                {"setting": f"{name}={results_file.settings[name]}", "problem": message},
            ),
        )
        for name, field_messages in messages.items()
        for message in field_messages
    )


def plan_results(plan: FilePlan, results_file: ResultsFile) -> SessionResults:
    """The file scored with the plan's settings, as its stored session would be."""
    scored = plan.scored
    if scored is None or scored.settings != plan.settings or scored.scale != plan.scale:
        plan.scored = scored = score_session(_event(plan, results_file))
    return scored


def _event(plan: FilePlan, results_file: ResultsFile) -> EventInput:
    """The engine's input, named and dated as the session will be."""
    values = plan.values
    event = file_event(
        results_file,
        plan.pairs,
        settings=plan.settings,
        winners=plan.winners,
        scale=plan.scale,
    )
    return replace(event, name=values["name"], date=values["date"])


def _choose(
    plan: FilePlan,
    results_file: ResultsFile,
    scale: str | None,
    butler_discard: str | None,
    field_open: bool,
) -> list[Difference]:
    """Set what the file leaves open on the plan's session, from the file scored in memory,
    and return the differences between the file and clubscorer on them."""
    values = plan.values
    event = _event(plan, results_file)
    lines, totals, datums = results_file.lines, results_file.totals, results_file.datums.values()
    if values["method"] == "butler" and butler_discard is None:
        values["butler_discard"], results = likely_discard(event, lines, totals, datums)
    elif values["method"] == "mp" and field_open and len(plan.winners) > 1:
        across, results = likely_field(event, lines, totals)
        values["across_the_field"] = across
    else:
        results = score_session(event)
    if values["method"] == "mp" and scale is None:
        values["scale"] = likely_scale(results, lines, totals)
    plan.scored = results
    return compare(results, lines, totals, plan.scale, datums)
