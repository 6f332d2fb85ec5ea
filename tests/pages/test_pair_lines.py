"""SectionResult.pair_lines / standing, which the score card reads (pure: no database)."""

from __future__ import annotations

from fractions import Fraction

from sessions_app.scoring import EventInput, SectionEntry, Traveller, played, score_session, split


def test_it_gives_each_pair_its_own_side_of_a_split_score():
    # docs/rules.md §9.7 in small: one +450 table becomes -50 for NS and +450 for EW.
    lines = (
        played("1", "11", 480, round=1),
        split("2", "12", -50, 450, round=2),
        played("3", "13", 420, round=3),
    )
    results = score_session(EventInput((SectionEntry("A", (Traveller(1, lines),)),)))
    section = results.sections[0]
    (ns,) = section.pair_lines("2")
    (ew,) = section.pair_lines("12")
    assert (ns.board, ns.direction, ns.opponent, ns.score) == (1, "NS", "12", -50)
    assert (ew.direction, ew.opponent, ew.score) == ("EW", "2", -450)
    # The split line enters the frequency table as -50 and +450 with weight 1/2 each
    # (hermandw.be). NS 2 with -50 beats nothing: 0 of 4. EW 12 is scored as if NS made +450:
    # NS MP = 2 x (1 + 1/2 below) + 1/2 equal - 1 = 5/2, so EW gets 4 - 5/2 = 3/2 (37.5%).
    assert (ns.points, ew.points) == (0, Fraction(3, 2))
    assert ew.pct == Fraction(75, 2)
    assert section.pair_lines("99") == ()
    field, standing = section.standing("12")
    assert field.direction == "EW" and standing.place == "2"
    assert section.standing("99") is None


def test_it_follows_a_pair_that_sat_both_ways():
    lines_1 = (played("1", "2", 420), played("3", "4", 450))
    lines_2 = (played("2", "3", 100), played("4", "1", 140))  # 1 sits EW on board 2
    entry = SectionEntry("A", (Traveller(1, lines_1), Traveller(2, lines_2)))
    section = score_session(EventInput((entry,))).sections[0]
    sides = [
        (line.board, line.direction, line.opponent, line.score) for line in section.pair_lines("1")
    ]
    assert sides == [(1, "NS", "2", 420), (2, "EW", "4", -140)]
