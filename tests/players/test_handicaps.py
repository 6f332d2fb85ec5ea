"""Handicapped pairs through the director's pages on the database (players/handicaps.py,
docs/rules.md §20): the director's own handicaps, the second ranking beside the scratch one
on the session page and in the ranking CSV, a handicap typed wrong refused in words, and a
handicap taken back from the grades."""

from __future__ import annotations

import datetime
from decimal import ROUND_HALF_UP, Decimal

import pytest
from django.urls import reverse

from sessions_app.models import GradeStep, Pair, Player
from sessions_app.players.linking import session_add_unmatched, session_link_players
from sessions_app.setup.sessions import session_update
from tests.conftest import PAGAT_BOARD_1, publish
from tests.pages.conftest import PAGAT_NAMES, parse
from tests.printing.conftest import has_row, pdf_pages

pytestmark = pytest.mark.django_db


@pytest.fixture
def pagat(make_session, director):
    """Pagat's board 1 (docs/rules.md §9.1), published, ranked handicapped too (50% mode)."""
    session = make_session(PAGAT_BOARD_1, names=PAGAT_NAMES, publish=True)
    return session_update(session=session, handicaps="half")


def handicaps_url(session):
    return reverse("sessions_app:session_handicaps", args=[session.pk])


def pair_id(session, label: str) -> int:
    return Pair.objects.get(section__session=session, label=label).pk


def handicapped_ns(client, session) -> list[list[str]]:
    page = parse(client.get(reverse("sessions_app:session", args=[session.pk])))
    tables = [t for t in page.find_all("table") if "handicapped" in t.attrs.get("class", "")]
    ns = tables[0]
    return [
        [cell.text.strip() for cell in row.children if not isinstance(cell, str)]
        for row in ns.find("tbody").find_all("tr")
    ]


def test_the_directors_handicaps_give_a_second_ranking(director_client, client, pagat):
    # Scratch NS (§9.1: matchpoints of 12): 3 100%, 5 83.33%, 2 66.67%, 1 and 4 41.67%,
    # 7 16.67%, 6 0%. Handicaps: 6 +50, 7 +30, 3 -45 -> 6 50.00, 7 46.67, 3 55.00.
    data = {
        f"handicap-{pair_id(pagat, label)}": value
        for label, value in (("6", "50"), ("7", "+30"), ("3", "-45"))
    }
    page = director_client.post(handicaps_url(pagat), data, follow=True).content.decode()
    assert "Handicaps saved: 3 of your own changed." in page
    # Place, pair, (names,) %, handicap, handicapped %
    assert [row[:2] + row[3:] for row in handicapped_ns(client, pagat)] == [
        ["1", "5", "83.33", "0.00", "83.33"],
        ["2", "2", "66.67", "0.00", "66.67"],
        ["3", "3", "100.00", "-45.00", "55.00"],
        ["4", "6", "0.00", "+50.00", "50.00"],
        ["5", "7", "16.67", "+30.00", "46.67"],
        ["6=", "1", "41.67", "0.00", "41.67"],
        ["6=", "4", "41.67", "0.00", "41.67"],
    ]
    ranking = client.get(reverse("sessions_app:ranking_csv", args=[pagat.pk])).content
    rows = [line.split(",") for line in ranking.decode("utf-8-sig").splitlines()]
    assert rows[0][-3:] == ["handicap", "handicapped_percentage", "handicapped_place"]
    by_pair = {row[3]: row[-3:] for row in rows[1:]}
    assert by_pair["6"] == ["+50.00", "50.00", "4"] and by_pair["3"] == ["-45.00", "55.00", "3"]


def test_a_handicap_typed_wrong_is_refused_and_an_empty_one_comes_from_the_grades(
    director_client, pagat
):
    six = pair_id(pagat, "6")
    director_client.post(handicaps_url(pagat), {f"handicap-{six}": "12,5"})
    assert Pair.objects.get(pk=six).handicap == 12.5  # a decimal comma read as a point
    page = director_client.post(handicaps_url(pagat), {f"handicap-{six}": "lots"})
    assert "pair A6: &#x27;lots&#x27; is no number of percentage points" in page.content.decode()
    page = director_client.post(handicaps_url(pagat), {f"handicap-{six}": "75"})
    assert "a handicap is between -50 and 50, to 2 decimals" in page.content.decode()
    assert Pair.objects.get(pk=six).handicap == 12.5
    # Emptied: the pair's players have no club grade yet (50 each) -> 0
    director_client.post(handicaps_url(pagat), {f"handicap-{six}": ""})
    pair = Pair.objects.get(pk=six)
    assert (pair.handicap, pair.handicap_by_director) == (0, False)


def test_handicaps_come_from_the_grades_the_players_had_before_the_session(make_session):
    # Pagat's board played twice: on 16 and on 23 November. Pair 3 (Ann Lee & Bob Ray, 100%
    # of the first night's NS field) is graded by the first night (§19); the second night,
    # ranked handicapped at 50%, gives pair 3 half of (50 - Ann's grade) + (50 - Bob's).
    first = make_session(PAGAT_BOARD_1, names=PAGAT_NAMES, date=datetime.date(2026, 11, 16))
    session_add_unmatched(session=first)
    publish(first)
    second = make_session(PAGAT_BOARD_1, names=PAGAT_NAMES, date=datetime.date(2026, 11, 23))
    session_link_players(session=second)  # sure matches (the import may have linked them)
    three = Pair.objects.get(section__session=second, label="3")
    assert None not in (three.player1_ref_id, three.player2_ref_id)
    second = session_update(session=second, handicaps="half")
    publish(second)
    ann, bob = (Player.objects.get(name=name) for name in ("Ann Lee", "Bob Ray"))
    grades = {step.player_id: step.grade for step in GradeStep.objects.filter(session=first)}
    assert grades[ann.pk] > 50  # pair 3 topped its field
    expected = ((50 - grades[ann.pk]) + (50 - grades[bob.pk])) / 2
    pair = Pair.objects.get(section__session=second, label="3")
    assert pair.handicap == expected.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP) < 0
    # Pair 6 is not in the register: no grades, 50 each, handicap 0
    assert Pair.objects.get(section__session=second, label="6").handicap == 0


def test_the_printed_results_have_the_handicapped_ranking(
    director_client, settings, tmp_path, pagat
):
    settings.MEDIA_ROOT = tmp_path / "media"
    data = {f"handicap-{pair_id(pagat, '6')}": "50"}
    director_client.post(handicaps_url(pagat), data)
    url = reverse("sessions_app:print", args=[pagat.pk, "results"])
    pages = pdf_pages(director_client.get(url).content)
    text = "\n".join(pages)
    assert "NS, handicapped" in text
    # Pair 6: 0.00% scratch, +50.00, 50.00% -> fourth of the NS pairs after 3 100%, 5 83.33%,
    # 2 66.67%
    assert has_row(text, "4", "6") and "+50.00" in text
