"""A real USEBIO file that ranks three sections in one field (issue 26): NZ Bridge Scorer's
"PN Christmas Cheer" as scorer-to-usebio writes it. Its places are read as places across the
sections, the session ranks them so with no settings given, and every place that differs is
a pair whose published percentage differs, for the reason docs/formats.md gives ("NZ Bridge
Scorer XML results"). Source and licence: tests/interchange/data/real/scorer_to_usebio/
README.md.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from decimal import Decimal
from fractions import Fraction

from sessions_app.interchange.compare_places import our_places
from sessions_app.interchange.text import file_notes
from sessions_app.scoring.ranking import places
from sessions_app.scoring.results import PairScore

from .conftest import DATA, planned

CHEER = DATA / "real" / "scorer_to_usebio" / "multi-section-multi-movement-pairs.xml"
NZ_CHEER = DATA / "real" / "nzscorer" / "multi-section-multi-movement-pairs.xml"  # its source
PAIR = re.compile(
    r"<PAIR_NUMBER>\((\w)\) (\d+)(?: (NS|EW))?</PAIR_NUMBER>.*?<PLACE>(\d+)</PLACE>"
    r"<TOTAL_SCORE>([\d.]+)</TOTAL_SCORE><PERCENTAGE>([\d.]+)</PERCENTAGE>"
)


def file_pairs() -> dict[tuple[str, str], tuple[int, Decimal]]:
    """Each pair's place and percentage as the file writes them, by (section, label), read
    with a pattern of this test's own: `(A) 5 NS` ... PLACE 1, PERCENTAGE 65.32."""
    text = CHEER.read_text()
    return {
        (section, number + (direction or "")): (int(place), Decimal(percentage))
        for section, number, direction, place, _, percentage in PAIR.findall(text)
    }


def nz_percentages() -> dict[tuple[str, str], Decimal]:
    """Each pair's `match_points` got/possible in the NZ Bridge Scorer file the USEBIO file
    was made from, as a percentage to 2 decimals, by (section, label): `<pair ...
    match_points="1087/1664" dir="N" no="5">` in `<scsection id="A">` -> 65.32."""
    percentages = {}
    for section, pairs in re.findall(
        r'<scsection id="(\w)">(.*?)</scsection>', NZ_CHEER.read_text(), re.S
    ):
        for got, possible, direction, number in re.findall(
            r'match_points="(\d+)/(\d+)" place="\d+" dir="(\w)" no="(\d+)"', pairs
        ):
            label = number + {"N": "NS", "E": "EW", "H": ""}[direction]
            percentages[(section, label)] = (Decimal(got) * 100 / Decimal(possible)).quantize(
                Decimal("0.01")
            )
    return percentages


def test_its_labels_places_and_field_are_read_with_no_settings_given():
    results_file, plan, results = planned(CHEER, "usebio")
    # 3 sections: A and B 13-table Mitchells (13 NS and 13 EW pairs each), C a 7-table
    # Howell of 14 pairs: 66 pairs, places 1 to 66 -- one field across the sections
    published = file_pairs()
    assert len(published) == 66 and max(place for place, _ in published.values()) == 66
    assert {tuple(total.places) for total in results_file.totals} == {("overall",)}
    assert results_file.settings["overall_ranking"] == "field"
    # and every import says so (the file is one line long)
    assert file_notes(results_file)[0] == (
        "line 1: the session is scored as the file was: overall_ranking=field"
    )
    assert plan.values["overall_ranking"] == "field"
    # Board 1's lines add up to 47 + 17 = 64 = 2 x (33 - 1): matchpointed across the 33
    # tables of the three sections, which the plan finds from the figures
    assert plan.values["across_the_field"] is True
    assert [len(field.standings) for field in results.overall] == [66]
    assert results.sections[0].pairs["5NS"].names == ("p0_1", "p0_2")  # `(A) 5 NS`


def test_clubscorer_ranks_the_files_own_percentages_to_every_one_of_its_places():
    published = file_pairs()
    # scorer-to-usebio ranks the pairs' got/possible in NZ Bridge Scorer's file, to 2
    # decimals, a tie on the same figure sharing a place (section C's pair 7 and section A's
    # 4EW, 870/1664 = 52.28% each, both 28th): so are all the file's places made ...
    nz = nz_percentages()
    ranked = sorted(nz.values(), reverse=True)
    assert {key: place for key, (place, _) in published.items()} == {
        key: ranked.index(percentage) + 1 for key, percentage in nz.items()
    }
    # ... and clubscorer's ranking across sections (docs/rules.md §6.6), given those
    # percentages, gives every one of the 66 places, each tie as the places it spans
    scores = [
        PairScore(section, label, pct, 100, 26, Fraction(pct) / 100)
        for (section, label), pct in nz.items()
    ]
    ours = {(s.score.section, s.score.label): s.place for s in places(scores, across=True)}
    shared = Counter(place for place, _ in published.values())
    assert ours == {
        key: f"{place}=" if shared[place] > 1 else str(place)
        for key, (place, _) in published.items()
    }


def test_the_session_scored_from_its_lines_differs_in_places_where_its_percentages_do():
    _, plan, results = planned(CHEER, "usebio")
    # NZ Bridge Scorer's totals are not the sums of its own published lines (section A's 5NS:
    # its lines 1,088.5 of 1,664, 65.41%; the file 1,087, 65.32%; clubscorer 1,088.55,
    # 65.42%, its board 17 unrounded): 60 of the 66 percentages differ, and so 19 of the 66
    # places across sections, each reported; 47 agree.
    pairs = [d for d in plan.differences if "pair" in d.where]
    assert Counter(d.what for d in pairs) == {"percentage": 60, "place across sections": 19}
    assert len(our_places(results, "overall")) == 66


def test_its_lines_agree_but_board_17_whose_factored_figures_it_cuts_to_tenths():
    # Board 17 has two adjusted lines (A6060, A6040): 31 results factored to the field's 33,
    # top 64. The file writes each factored figure cut to tenths, clubscorer compares its
    # exact figure rounded: (M + 1) x 32/30 - 1 for 5.1 is 6.44 -> the file's 6.4 for
    # clubscorer's 6.45 ... Every other line's matchpoints agree.
    _, plan, _ = planned(CHEER, "usebio")
    lines = [d for d in plan.differences if "board" in d.where]
    assert {d.where.split("board ")[1].split(",")[0] for d in lines} == {"17"}
    assert len(lines) == 31
    for difference in lines:
        ours = Fraction(difference.ours)
        assert Decimal(difference.theirs) == Decimal(math.floor(ours * 10)) / 10
