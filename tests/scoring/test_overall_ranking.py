"""The ranking across sections (docs/rules.md §6.6), against one board worked out by hand.

Two sections of two tables play board 1, scored across the field (E = 4, top 6):
  A: NS 1 v EW 11 +420, NS 2 v EW 12 +450;  B: NS 1 v EW 11 +400, NS 2 v EW 12 +430.
NS matchpoints over the four results 450, 430, 420, 400: 6, 4, 2, 0; EW get 6 minus those.
  NS: A2 6 (100%), B2 4 (66.67%), A1 2 (33.33%), B1 0 (0%)
  EW: B11 6 (100%), A11 4 (66.67%), B12 2 (33.33%), A12 0 (0%)
"""

from fractions import Fraction

from sessions_app.scoring import (
    EventInput,
    SectionEntry,
    Settings,
    Traveller,
    played,
    score_session,
)
from sessions_app.scoring.ranking import overall_title


def _results(winners_b=None, **settings):
    section_a = SectionEntry("A", (Traveller(1, (played("1", "11", 420), played("2", "12", 450))),))
    section_b = SectionEntry(
        "B",
        (Traveller(1, (played("1", "11", 400), played("2", "12", 430))),),
        winners=winners_b,
    )
    return score_session(
        EventInput((section_a, section_b), Settings(across_the_field=True, **settings))
    )


def _ranked(field):
    return [(s.place, s.score.section + s.score.label) for s in field.standings]


def test_per_direction_ranks_each_direction_across_the_sections():
    results = _results(overall_ranking="direction")
    ns, ew = results.overall
    assert (ns.direction, ew.direction) == ("NS", "EW")
    assert _ranked(ns) == [("1", "A2"), ("2", "B2"), ("3", "A1"), ("4", "B1")]
    assert _ranked(ew) == [("1", "B11"), ("2", "A11"), ("3", "B12"), ("4", "A12")]
    assert ns.standings[1].score.percentage == Fraction(200, 3)  # 4 of 6
    # each section keeps its own ranking beside it: A's NS field is A2 then A1
    assert _ranked(results.section("A").fields[0]) == [("1", "A2"), ("2", "A1")]


def test_one_field_ranks_every_pair_together_ties_by_section_then_pair():
    (field,) = _results(overall_ranking="field").overall
    assert field.direction is None
    assert _ranked(field) == [
        ("1=", "A2"),
        ("1=", "B11"),  # 100% both
        ("3=", "A11"),
        ("3=", "B2"),  # 66.67% both
        ("5=", "A1"),
        ("5=", "B12"),  # 33.33% both
        ("7=", "A12"),
        ("7=", "B1"),  # 0% both
    ]
    (ranged,) = _results(overall_ranking="field", tie_places="range").overall
    assert [s.place for s in ranged.standings[:2]] == ["1/2", "1/2"]


def test_a_section_ranked_in_one_field_is_ranked_with_its_like():
    # B ranked as one field (as a Howell is): its four pairs together, A's by direction.
    ns, ew, one = _results(winners_b=1, overall_ranking="direction").overall
    assert _ranked(ns) == [("1", "A2"), ("2", "A1")]
    assert _ranked(ew) == [("1", "A11"), ("2", "A12")]
    assert one.direction is None
    assert _ranked(one) == [("1", "B11"), ("2", "B2"), ("3", "B12"), ("4", "B1")]


def test_none_when_off_or_one_section():
    assert _results().overall == ()
    section = SectionEntry("A", (Traveller(1, (played("1", "11", 420), played("2", "12", 450))),))
    alone = score_session(EventInput((section,), Settings(overall_ranking="field")))
    assert alone.overall == ()


def test_a_ranking_across_sections_is_titled_by_its_direction():
    assert overall_title("NS") == "All sections NS"
    assert overall_title("EW") == "All sections EW"
    assert overall_title(None) == "All sections"  # one field: no direction, no trailing space
