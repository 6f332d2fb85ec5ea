"""Results out as a plain-text report: each ranking (those across sections first), then every
traveller, a director's ruling in words after its line, with the figures, places and decimals
the JSON and CSV write (`results_export.py`).

Example line: `    3   12  4S       N   10   +420     8.00     4.00  weighted: 30% of ...`."""

from __future__ import annotations

from ..scoring.display import text
from ..scoring.line_words import line_ruling
from ..scoring.lines import Line
from ..scoring.ranking import overall_title, pair_in_section
from ..scoring.results import Field, SessionResults
from .results_export import LineFigures, Reasons, shows_scaled, standing_section, total_cells


def results_text(results: SessionResults, reasons: Reasons | None = None) -> str:
    """A plain report: each field's ranking, then every traveller, a ruling in words after
    its line."""
    reasons = reasons or {}
    figures = LineFigures(results)
    unit = "IMPs" if results.imps else "MP"
    out = [f"{results.name}  {results.date or ''}".rstrip(), ""]
    for field in results.overall:  # the rankings across sections first (§6.6)
        out += _text_ranking(results, overall_title(field.direction), field, True)
    for section in results.sections:
        for field in section.fields:
            title = f"Section {section.name}" + (f" {field.direction}" if field.direction else "")
            out += _text_ranking(results, title, field, False)
        for board in section.boards:
            info = results.boards[board.number]
            if results.imps:
                extra = f"  datum {board.datum:+d}" if board.datum is not None else ""
            else:
                extra = f"  top {text(results.scaled(board.top))}"
            out.append(
                f"Board {board.number}  dealer {info.dealer}  vulnerable {info.vulnerability}"
                + extra
            )
            out.append(
                f"{'NS':>5}{'EW':>5}  {'Contract':<9}{'By':<3}{'Tr':>3}{'Score':>7}"
                f"{unit + ' NS':>9}{unit + ' EW':>9}"
            )
            for scored in board.lines:
                line = scored.line
                ns_score = "" if line.score_ns is None else f"{line.score_ns:+d}"
                out.append(
                    f"{line.ns:>5}{line.ew:>5}  {line.contract[:9]:<9}{line.declarer:<3}"
                    f"{'' if line.tricks is None else line.tricks:>3}{ns_score:>7}"
                    f"{figures.text(scored.points_ns):>9}{figures.text(scored.points_ew):>9}"
                    + _notes(line, reasons)
                )
            out.append("")
    return "\n".join(out).rstrip() + "\n"


def _text_ranking(results: SessionResults, title: str, field: Field, overall: bool) -> list[str]:
    """One ranking of the text report: its title, a heading and a row a pair (a ranking across
    sections writes the pair with its section, "A2"), then an empty line."""
    unit = "IMPs" if results.imps else "MP"
    heading = f"{'Max':>8}{'%':>8}" if not results.imps else ""
    heading += f"{'Score':>8}" if shows_scaled(results) else ""
    out = [title.strip(), f"{'Place':<6}{'Pair':<6}{'Names':<40}{unit:>9}{heading}"]
    for standing in field.standings:
        score = standing.score
        names = " & ".join(standing_section(results, standing).pairs[score.label].names)
        pair = pair_in_section(score.section, score.label) if overall else score.label
        total, *rest = total_cells(results, score)
        row = f"{standing.place:<6}{pair:<6}{names[:39]:<40}{total:>9}"
        out.append((row + "".join(f"{cell:>8}" for cell in rest)).rstrip())
    return [*out, ""]


def _notes(line: Line, reasons: Reasons) -> str:
    """What the columns of a traveller line do not say: the ruling in words, the fouled-board
    group, the director's reason."""
    notes = [ruling.words] if (ruling := line_ruling(line)) else []
    if reasons.get(line.ref):
        notes.append(f"reason: {reasons[line.ref]}")
    return ("  " + "; ".join(notes)) if notes else ""
