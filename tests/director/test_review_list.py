"""The review list on the director's session page: suspicious lines flagged with a link to
their board, saved all the same, and computed once per results version."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from sessions_app.entry.lines import LineInput, result_save
from sessions_app.hands.boards import session_set_deals
from sessions_app.interchange.deals import Analysis
from sessions_app.models import Result
from sessions_app.review.checks import session_flags
from sessions_app.scoring.rulings import parse_ruling
from tests.pages.conftest import parse
from tests.test_review import DD, DEAL

ANALYSIS = Analysis(DD, 420, ("4S N=", "4S S="))


def save(section, board, ns, ew, typed, lead="", **kwargs):
    vul = {1: "None", 2: "NS", 3: "EW"}[board]
    line = LineInput(board, ns, ew, parse_ruling(typed, vul), lead=lead)
    return result_save(section=section, line=line, confirmed=True, **kwargs)


@pytest.mark.django_db
def test_it_flags_a_declarer_on_the_wrong_side_and_links_to_the_board(director_client, mitchell):
    session = mitchell.session
    session_set_deals(session=session, deals={1: DEAL}, analyses={1: ANALYSIS})
    save(mitchell, 1, "1", "8", "4sn10", lead="HA")  # East leads the ace of hearts: fine
    saved = save(mitchell, 1, "7", "13", "4se10", lead="H3")  # stored, though it looks wrong
    assert Result.objects.filter(pk=saved.pk).exists()
    page = parse(director_client.get(reverse("sessions_app:director_session", args=[session.pk])))
    review = page.find("section", id="review")
    assert review.find("h2").text == "Results to check (3)"
    items = [item.text for item in review.find_all("li")]
    assert items == [
        "Board 1, 7 v 13: 4S by E: double dummy NS take 10 tricks in spades and EW only 3"
        " — NS and EW the wrong way round, or the wrong declarer?",
        "Board 1, 7 v 13: 4S by E, lead H3: South, on lead, does not hold the 3 of hearts"
        " (South's hearts: 10 9 8) — the wrong lead, or the wrong declarer?",
        "Board 1, 7 v 13: 4S by E, 10 tricks: North holds the A K Q J of spades, 4 sure"
        " tricks for the defence — at most 9 tricks",
    ]
    board_url = reverse("sessions_app:board_entry", args=[session.pk, "A", 1])
    line = f"?line={saved.pk}"  # the line marked and focused there (focus scrolls to it)
    assert {a.attrs["href"] for a in review.find_all("a")} == {board_url + line}


@pytest.mark.django_db
def test_it_flags_the_score_far_from_the_rest_and_forgets_it_once_corrected(
    director_client, mitchell
):
    # Board 2 (NS vulnerable), no deal: NS +620, +650, +620, +600 (3NT=), and -420 from 4S
    # by E (EW not vulnerable). -420 is 1020 from +600, its nearest.
    for ns, ew, typed in (
        ("1", "9", "4sn10"),
        ("2", "10", "4sn11"),
        ("3", "11", "4sn10"),
        ("4", "12", "3nts9"),
    ):
        save(mitchell, 2, ns, ew, typed)
    wrong = save(mitchell, 2, "5", "13", "4se10")
    url = reverse("sessions_app:director_session", args=[mitchell.session_id])
    review = parse(director_client.get(url)).find("section", id="review")
    assert [item.text for item in review.find_all("li")] == [
        "Board 2, 5 v 13: NS -420: 1020 points from every other score on the board"
        " (the nearest is +600) — a wrong sign, side or contract?"
    ]
    save(mitchell, 2, "5", "13", "4sn10", result_id=wrong.pk, version=wrong.version)
    assert parse(director_client.get(url)).find("section", id="review") is None


@pytest.mark.django_db
def test_it_reviews_once_per_results_version(mitchell):
    session = mitchell.session
    session_set_deals(session=session, deals={1: DEAL}, analyses={1: ANALYSIS})
    save(mitchell, 1, "7", "13", "4se10")
    session.refresh_from_db()
    first = session_flags(session)
    with CaptureQueriesContext(connection) as captured:
        assert session_flags(session) == first
    assert len(captured) == 0  # from the cache
    cache.clear()
    save(mitchell, 1, "1", "8", "4se10")  # a new version: reviewed again
    session.refresh_from_db()
    assert len(session_flags(session)) == len(first) + 2
