"""The named presets (scoring/presets.py, docs/rules.md §12): each sets the conventions of its
authority, and each reproduces an example its own authority published. Pure engine.
"""

from fractions import Fraction

import pytest

from sessions_app.scoring import (
    EventInput,
    SectionEntry,
    Settings,
    Traveller,
    artificial,
    played,
    score_session,
)
from sessions_app.scoring.display import rounded
from sessions_app.scoring.event import settings_from
from sessions_app.scoring.presets import PRESETS


def preset_settings(key: str, base: Settings | None = None) -> Settings:
    """What applying preset `key` on the settings page gives the engine."""
    return settings_from(PRESETS[key].values, base)


def _board(lines, settings, expected=None, scale="2/1"):
    event = EventInput(
        (SectionEntry("A", (Traveller(1, tuple(lines), expected),)),), settings, scale=scale
    )
    results = score_session(event)
    return results, results.section("A").board(1).lines


def test_every_preset_names_its_source_and_only_known_settings():
    known = {
        "scale",
        "ave_plus",
        "ave",
        "ave_minus",
        "law_12c2c",
        "small_groups",
        "imp_artificial",
        "butler_discard",
        "imp_totals",
        "method",
        "phantom_percent",
        "split_scores",
        "expected_from",
        "factoring",
        "scaled_totals",
        "tie_places",
    }
    assert set(PRESETS) == {"ebu", "acbl", "wbf"}
    for preset in PRESETS.values():
        assert preset.source and set(preset.values) <= known


def test_a_preset_keeps_what_it_does_not_name():
    base = Settings(method="butler", butler_discard="10%", phantom_percent=Fraction(60))
    ebu = preset_settings("ebu", base)
    assert (ebu.method, ebu.butler_discard, ebu.phantom_percent) == ("butler", "10%", 60)
    assert preset_settings("acbl", base).butler_discard == "5%"


def test_ebu_reproduces_the_ebus_neuberg_example():
    # docs/rules.md §9.5 (the EBU's Laws and Ethics article): E = 11, 10 results, top 20;
    # NS +520 ... -50 earn 18, 16, ..., 0 among themselves, factored (M + 1)·11/10 - 1:
    # 19.9, 17.7, 15.5, 13.3, 11.1, 8.9, 6.7, 4.5, 2.3, 0.1.
    scores = [520, 500, 490, 480, 460, 450, 430, 420, 400, -50]
    lines = [played(str(i), str(i + 20), s) for i, s in enumerate(scores, start=1)]
    _, scored = _board(lines, preset_settings("ebu"), expected=11)
    published = ["19.9", "17.7", "15.5", "13.3", "11.1", "8.9", "6.7", "4.5", "2.3", "0.1"]
    assert [s.points_ns for s in scored] == [Fraction(p) for p in published]


def test_ebu_applies_the_white_books_small_group_rule():
    # White Book 4.2.3.3: a fouled board's group of two, with E = 8 >= 3 x 2, scores 65% and
    # 55% of the full top 14 (9.1 and 7.7), not Neuberg. The EBU preset turns the rule on.
    lines = [played(str(i), str(i + 20), 100 * i, group=0) for i in range(1, 7)]
    lines += [played("7", "27", 420, group=1), played("8", "28", 450, group=1)]
    _, scored = _board(lines, preset_settings("ebu"), expected=8)
    assert [(s.pct_ns, s.pct_ew) for s in scored[6:]] == [(55, 65), (65, 55)]
    _, wbf = _board(lines, preset_settings("wbf"), expected=8)
    # WBF: plain Neuberg, the group's winner M = 2 -> (2 + 1)·8/2 - 1 = 11 of 14.
    assert wbf[7].points_ns == 11


def test_acbl_scores_imp_pairs_as_the_acblscore_manual_says():
    # ACBLscore manual, chapter 83: a computed datum leaves out 5% of the high and 5% of the low
    # results, and an adjusted board is AVE 0 IMPs, AVE+ 3 IMPs.
    # 20 real results: 5% of 20 = 1 at each end. NS 1400, 18 x +100, -1100: the datum is the
    # mean of the 18 middle results, 100 (with nothing left out it would be 115 -> 120).
    # 1400 - 100 = 1300 -> 16 IMPs; -1100 - 100 = -1200 -> -15; 100 - 100 = 0.
    scores = [1400, *[100] * 18, -1100]
    lines = [played(str(i), str(i + 40), s) for i, s in enumerate(scores, start=1)]
    lines.append(artificial("21", "61", "A+", "A"))
    results, scored = _board(lines, preset_settings("acbl", Settings(method="butler")))
    assert results.section("A").board(1).datum == 100
    assert [scored[0].points_ns, scored[1].points_ns, scored[19].points_ns] == [16, 0, -15]
    assert (scored[20].points_ns, scored[20].points_ew) == (3, 0)  # AVE+ 3 IMPs, AVE 0


def test_acbl_shows_matchpoints_one_per_pair_beaten():
    # ACBLscore (chapter 92) and the ACBL's traveller: 1 for each pair beaten, 1/2 per tie,
    # a top of n - 1. Pagat's board (docs/rules.md §9.1): 420, 430, 500, 420, 450, -50, 170
    # earn 5, 8, 12, 5, 10, 0, 2 on 2/1 -> 2.5, 4, 6, 2.5, 5, 0, 1 on the ACBL's scale.
    scale = PRESETS["acbl"].values["scale"]
    lines = [
        played(str(i), str(i + 7), s)
        for i, s in enumerate([420, 430, 500, 420, 450, -50, 170], start=1)
    ]
    results, scored = _board(lines, preset_settings("acbl"), scale=scale)
    assert [results.scaled(s.points_ns) for s in scored] == [
        Fraction(5, 2),
        4,
        6,
        Fraction(5, 2),
        5,
        0,
        1,
    ]
    assert results.scaled(scored[0].top) == 6


@pytest.mark.parametrize("key", ["wbf", "ebu", "acbl"])
def test_every_preset_follows_law_12c2_and_86a(key):
    # Law 12C2: Ave+ is at least 60% — the pair's own percentage when higher — and Ave- at
    # most 40%. Board 1 (E = 3, top 4): 1v4 +420, 2v5 +400, 3v6 -50 -> NS 4, 2, 0.
    # Board 2: 1v4 A+/A-, 2v5 and 3v6 +100 (tie, M = 1 of 2, factored (1 + 1)·3/2 - 1 = 2).
    # Pair 1 has 100% on its real result, so A+ is 100% of 4 = 4; pair 4 has 0%: A- is 0.
    board_1 = [played("1", "4", 420), played("2", "5", 400), played("3", "6", -50)]
    board_2 = [artificial("1", "4", "A+", "A-"), played("2", "5", 100), played("3", "6", 100)]
    travellers = (Traveller(1, tuple(board_1)), Traveller(2, tuple(board_2)))
    settings = preset_settings(key)
    results = score_session(EventInput((SectionEntry("A", travellers),), settings))
    line = results.section("A").board(2).lines[0]
    assert (line.points_ns, line.points_ew) == (4, 0)
    # Law 86A: at IMPs Ave+ is +3 IMPs and Ave- -3.
    imps = preset_settings(key, Settings(method="cross_imps"))
    results = score_session(EventInput((SectionEntry("A", travellers),), imps))
    line = results.section("A").board(2).lines[0]
    assert (line.points_ns, line.points_ew) == (3, -3)
    assert rounded(settings.ave_plus) == 60
