"""`score_session` pauses Python's cycle collector while it runs (scoring/session.py) and
leaves it as it found it — on, off, or after an error."""

from __future__ import annotations

import gc

import pytest

from sessions_app.scoring import EventInput, SectionEntry, Traveller, played, score_session

# Board 1: NS +420 and +170 -> 2 and 0 matchpoints of a top of 2.
EVENT = EventInput(
    sections=(SectionEntry("A", (Traveller(1, (played("1", "2", 420), played("3", "4", 170))),)),)
)


def pair_points(event: EventInput) -> dict[str, object]:
    return {key[1]: score.points for key, score in score_session(event).scores.items()}


@pytest.mark.parametrize("collecting", [True, False])
def test_the_collector_is_left_as_it_was(collecting):
    was = gc.isenabled()
    (gc.enable if collecting else gc.disable)()
    try:
        assert pair_points(EVENT) == {"1": 2, "2": 0, "3": 0, "4": 2}
        assert gc.isenabled() is collecting
    finally:
        (gc.enable if was else gc.disable)()


def test_an_error_leaves_the_collector_on():
    assert gc.isenabled()
    with pytest.raises(AttributeError):
        score_session(None)  # type: ignore[arg-type]
    assert gc.isenabled()
