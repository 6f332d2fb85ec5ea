"""compare() checks a file's places as it checks its figures (issue 26): a pair's place in its
section against clubscorer's standing in the section, its place across sections against the
session's ranking across sections (docs/rules.md §6.6), a tie by the places it spans.

One board worked by hand, two sections of two tables scored across the field (E = 4, top 6;
tests/scoring/test_overall_ranking.py):
  A: NS 1 v EW 11 +420, NS 2 v EW 12 +450;  B: NS 1 v EW 11 +400, NS 2 v EW 12 +430.
NS over 450, 430, 420, 400: A2 6 (100%), B2 4 (66.67%), A1 2 (33.33%), B1 0; EW 6 minus
those: B11 100%, A11 66.67%, B12 33.33%, A12 0%. Ranked as one field, every pair together:
1= A2 and B11, 3= A11 and B2, 5= A1 and B12, 7= A12 and B1 (each tie two pairs: 1 to 2, 3 to
4 ...). In section A alone, NS: A2 1, A1 2.
"""

from sessions_app.interchange.compare import compare
from sessions_app.interchange.records import PublishedTotal
from sessions_app.scoring import (
    EventInput,
    SectionEntry,
    Settings,
    Traveller,
    played,
    score_session,
)


def _results(overall_ranking="field"):
    section_a = SectionEntry("A", (Traveller(1, (played("1", "11", 420), played("2", "12", 450))),))
    section_b = SectionEntry("B", (Traveller(1, (played("1", "11", 400), played("2", "12", 430))),))
    settings = Settings(across_the_field=True, overall_ranking=overall_ranking)
    return score_session(EventInput((section_a, section_b), settings))


def _differences(results, *places):
    totals = [
        PublishedTotal(line, section, pair, {}, {key: place})
        for line, (section, pair, key, place) in enumerate(places, start=1)
    ]
    return [str(difference) for difference in compare(results, [], totals)]


def test_places_that_agree_are_no_difference_however_a_tie_is_written():
    assert (
        _differences(
            _results(),
            ("A", "2", "section", "1"),  # 100%, first of A's NS
            ("A", "1", "section", "2"),
            ("A", "2", "overall", "1/2"),  # tied with B11: places 1 to 2, clubscorer's "1="
            ("B", "11", "overall", "1="),  # a tie from 1, as clubscorer writes it
            ("B", "2", "overall", "3/4"),
        )
        == []
    )


def test_a_place_that_differs_is_listed_with_the_files_and_clubscorers():
    assert _differences(
        _results(),
        ("A", "1", "section", "1"),  # A1 has 33.33% to A2's 100%: second
        ("A", "11", "overall", "3"),  # tied with B2 (66.67%): 3=, places 3 to 4, not 3 alone
        ("B", "2", "overall", "3/5"),  # a tie of two spans 3 to 4, not 3 to 5
        ("B", "1", "overall", "5="),  # 0%: 7=, a tie from 7
    ) == [
        "line 1: section A, pair 1: place in its section 1 in the file, 2 here",
        "line 2: section A, pair 11: place across sections 3 in the file, 3= here",
        "line 3: section B, pair 2: place across sections 3/5 in the file, 3= here",
        "line 4: section B, pair 1: place across sections 5= in the file, 7= here",
    ]


def test_a_place_across_sections_where_clubscorer_ranks_none_differs():
    # the session ranks each section apart: nothing to agree with the file's place across
    assert _differences(_results("off"), ("A", "2", "overall", "1")) == [
        "line 1: section A, pair 2: place across sections 1 in the file, - here"
    ]
    # ranked by direction: A2 first of the NS pairs of both sections
    assert _differences(_results("direction"), ("A", "2", "overall", "1")) == []
