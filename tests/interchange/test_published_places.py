"""What a file's places rank, told from the numbers (interchange/published_places.py), and a
pair label written with its section and direction (interchange/fields.file_pair_label).
Hand-made files of two sections; docs/formats.md (its paragraph on places across sections)."""

from __future__ import annotations

import pytest

from sessions_app.interchange.fields import file_pair_label
from sessions_app.interchange.published_places import read_places
from sessions_app.interchange.records import NamesRow, PublishedTotal, ResultsFile


def two_mitchells(places: dict[tuple[str, str], str], **settings: str) -> ResultsFile:
    """Sections A and B of two tables each, two winners: NS pairs 1 and 2, EW 3 and 4."""
    keys = [(section, pair) for section in "AB" for pair in "1234"]
    return ResultsFile(
        names=[NamesRow(s, p, ("", ""), "NS" if p in "12" else "EW") for s, p in keys],
        winners={"A": 2, "B": 2},
        totals=[
            PublishedTotal(line, s, p, {}, {"section": places[(s, p)]})
            for line, (s, p) in enumerate(keys, start=10)
        ],
        settings=dict(settings),
    )


def read(places: dict[tuple[str, str], str], **settings: str) -> tuple[dict, ResultsFile]:
    results_file = read_places(two_mitchells(places, **settings))
    return {(t.section, t.pair): t.places for t in results_file.totals}, results_file


def test_places_within_each_sections_fields_rank_the_section():
    # each direction of each section has two pairs: places 1 and 2 only
    places = {(s, p): "1" if p in "13" else "2" for s in "AB" for p in "1234"}
    read_back, results_file = read(places)
    assert read_back[("B", "2")] == {"section": "2"} and results_file.settings == {}


def test_a_place_beyond_its_field_ranks_each_direction_across_the_sections():
    # NS: A1 1, B1 2, A2 3, B2 4 -- 3 and 4 are more than a section's two NS pairs, and no
    # more than the four NS pairs of both sections: per direction
    places = {("A", "1"): "1", ("B", "1"): "2", ("A", "2"): "3", ("B", "2"): "4"}
    places |= {("A", "3"): "2", ("B", "3"): "1", ("A", "4"): "4", ("B", "4"): "3"}
    read_back, results_file = read(places)
    assert read_back[("A", "2")] == {"overall": "3"}
    assert results_file.settings == {"overall_ranking": "direction"}
    assert results_file.setting_lines == {"overall_ranking": 10}  # the first pair's line


def test_a_place_beyond_any_one_direction_ranks_one_field_and_a_plain_tie_is_marked():
    # eight pairs placed 1 to 7 with two pairs written 4: one field, A3 and B2 tied 4th
    places = {("A", "1"): "1", ("A", "2"): "2", ("A", "3"): "4", ("A", "4"): "3"}
    places |= {("B", "1"): "6", ("B", "2"): "4", ("B", "3"): "7", ("B", "4"): "8"}
    read_back, results_file = read(places)
    assert results_file.settings == {"overall_ranking": "field"}
    assert read_back[("A", "3")] == read_back[("B", "2")] == {"overall": "4="}
    assert read_back[("B", "4")] == {"overall": "8"}


def test_a_clubscorer_file_is_read_as_its_setting_says():
    # places within the sections' fields, but the file says it ranks per direction
    places = {(s, p): "1" if p in "13" else "2" for s in "AB" for p in "1234"}
    read_back, results_file = read(places, overall_ranking="direction")
    # A1 and B1 both "1" of the NS pairs across the sections: a tie
    assert read_back[("A", "1")] == read_back[("B", "1")] == {"overall": "1="}
    assert results_file.setting_lines == {}  # said by the file, not taken from its places
    read_back, _ = read(places, overall_ranking="off")
    assert read_back[("A", "1")] == {"section": "1"}


@pytest.mark.parametrize(
    ("written", "section", "label"),
    [("(A) 5 NS", "A", "5NS"), ("(B) 12 EW", "B", "12EW"), ("(C) 4", "C", "4"), ("7", "A", "7")],
)
def test_a_pair_label_loses_its_own_section_and_joins_its_direction(written, section, label):
    assert file_pair_label(written, section) == label


def test_a_pair_label_naming_another_section_is_refused():
    with pytest.raises(ValueError, match=r"pair '\(B\) 1 NS' names section 'B', not A"):
        file_pair_label("(B) 1 NS", "A")
    with pytest.raises(ValueError, match="may only have letters"):
        file_pair_label("1 north", "A")
