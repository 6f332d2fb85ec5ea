"""The competition pages: the players' standings page and PDF, and the director's pages,
through the test client against the database (the three sessions of conftest.py)."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from sessions_app.competitions.standings import competition_save
from sessions_app.entry.lines import LineInput, result_save
from sessions_app.models import Competition, Player, Result
from sessions_app.scoring.rulings import parse_ruling
from tests.pages.conftest import parse, table_rows
from tests.printing.conftest import pdf_pages


@pytest.fixture(autouse=True)
def _media_root(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


def make(club, **fields) -> Competition:
    fields = {
        "name": "Autumn championship",
        "selection": "range",
        "published": True,
        "date_from": datetime.date(2026, 11, 1),
        "date_to": datetime.date(2026, 11, 30),
        **fields,
    }
    return competition_save(competition=Competition(club=club, **fields))


def page_url(competition) -> str:
    return reverse("sessions_app:competition", args=[competition.club.slug, competition.pk])


def pdf_url(competition) -> str:
    return reverse("sessions_app:competition_print", args=[competition.club.slug, competition.pk])


@pytest.mark.django_db
def test_it_shows_the_standings_of_best_two_of_three(client, club, three_sessions):
    competition = make(club, rule="best", best=2)
    tree = parse(client.get(page_url(competition)))
    # 9 sixths = 150%, 8 = 133.33%, 7 = 116.67%, 1 = 16.67% (tests/competitions/conftest.py).
    assert table_rows(tree, "standings") == [
        ["1=", "Bob Ray", "150.00", "3"],
        ["1=", "Dee Fox", "150.00", "3"],
        ["3", "Ann Lee", "133.33", "3"],
        ["4=", "Cy Orr", "116.67", "3"],
        ["4=", "Eve Kim", "116.67", "3"],
        ["4=", "Fay Wu", "116.67", "2"],
        ["4=", "Gus Ng", "116.67", "3"],
        ["4=", "Hal Poe", "116.67", "3"],
        ["9", "Ivy Day", "16.67", "1"],
    ]
    # Ann: 50% (session 1, counts), 33.33% (session 2, dropped), 83.33% (session 3, counts).
    ann = table_rows(tree, "by-session")[2]
    assert ann == ["Ann Lee", "50.00", "(33.33)", "83.33"]
    assert "best 2 of 3 percentages, added" in tree.text
    fay = table_rows(tree, "by-session")[5]
    assert fay == ["Fay Wu", "50.00", "66.67", "·did not play"]  # a dot, and words for readers


@pytest.mark.django_db
def test_it_shows_an_average_below_the_minimum_unranked(client, club, three_sessions):
    competition = make(club, rule="average", minimum=3)
    rows = table_rows(parse(client.get(page_url(competition))), "standings")
    # Bob 12/18 = 66.67%; Fay (3 + 4) / 12 = 58.33% after two sessions: not ranked.
    assert rows[0] == ["1", "Bob Ray", "66.67", "3"]
    assert rows[-2:] == [["–", "Fay Wu", "58.33", "2"], ["–", "Ivy Day", "16.67", "1"]]


@pytest.mark.django_db
def test_it_shows_total_matchpoints_and_follows_a_correction(client, club, three_sessions):
    competition = make(club, rule="total")
    url = page_url(competition)
    assert table_rows(parse(client.get(url)), "standings")[0] == ["1", "Bob Ray", "12", "3"]
    third = three_sessions[2]
    section = third.sections.get()
    line = Result.objects.get(section=section, board__number=1, ns__label="3")
    result_save(
        section=section,
        line=LineInput(1, "3", "4", parse_ruling("400", "None")),
        result_id=line.pk,
        version=line.version,
    )
    # Session 3, board 1: 420 now beats 400, so Ann and Bob get 2 there instead of 1.
    rows = table_rows(parse(client.get(url)), "standings")
    assert rows[:2] == [["1", "Bob Ray", "13", "3"], ["2", "Ann Lee", "11", "3"]]


@pytest.mark.django_db
def test_the_club_page_lists_published_competitions_only(client, club, three_sessions):
    make(club, rule="total")
    make(club, rule="total", name="Draft cup", published=False)
    tree = parse(client.get(reverse("sessions_app:club", args=[club.slug])))
    listed = tree.find("section", **{"aria-labelledby": "competitions-heading"})
    assert listed is not None
    assert [a.text for a in listed.find_all("a")] == ["Autumn championship"]


@pytest.mark.django_db
def test_an_unpublished_competition_is_only_for_the_clubs_directors(
    client, club, director, three_sessions
):
    competition = make(club, rule="total", published=False)
    assert client.get(page_url(competition)).status_code == 404
    assert client.get(pdf_url(competition)).status_code == 404
    client.force_login(director)
    assert "Not published" in parse(client.get(page_url(competition))).text


@pytest.mark.django_db
def test_another_clubs_competition_is_not_found(client, club, stranger, three_sessions):
    competition = make(club, rule="total")
    response = client.get(reverse("sessions_app:competition", args=["hilltop", competition.pk]))
    assert response.status_code == 404
    client.force_login(stranger)
    edit = reverse("sessions_app:competition_edit", args=["hilltop", competition.pk])
    assert client.get(edit).status_code == 404
    mine = reverse("sessions_app:competition_edit", args=[club.slug, competition.pk])
    assert client.get(mine).status_code == 403


@pytest.mark.django_db
def test_the_page_reads_a_fixed_number_of_queries(client, club, three_sessions):
    competition = make(club, rule="best", best=2)
    client.get(page_url(competition))  # the standings computed and kept
    with CaptureQueriesContext(connection) as queries:
        assert client.get(page_url(competition)).status_code == 200
    # the club, the competition, then the sessions, their pairs and the players' names
    assert len(queries) == 5


@pytest.mark.django_db
def test_the_pdf_prints_the_standings_and_is_kept(client, club, three_sessions, settings):
    competition = make(club, rule="best", best=2)
    response = client.get(pdf_url(competition))
    assert response["Content-Type"] == "application/pdf"
    (page,) = pdf_pages(response.content)
    lines = [" ".join(line.split()) for line in page.splitlines() if line.strip()]
    assert "1= Bob Ray 150.00 3 (50.00) 66.67 83.33" in lines
    assert "3 Ann Lee 133.33 3 50.00 (33.33) 83.33" in lines
    assert "9 Ivy Day 16.67 1 16.67" in lines
    stored = list(
        (settings.MEDIA_ROOT / "printing" / "competitions" / str(competition.pk)).iterdir()
    )
    assert len(stored) == 1
    assert client.get(pdf_url(competition)).content == response.content
    assert client.get(pdf_url(competition) + "?paper=legal").status_code == 400


@pytest.mark.django_db
def test_a_director_creates_a_competition_and_sees_its_standings(
    client, club, director, three_sessions
):
    client.force_login(director)
    first, _, third = three_sessions
    response = client.post(
        reverse("sessions_app:competition_new", args=[club.slug]),
        {
            "name": "Two Tuesdays",
            "entrants": "partnerships",
            "rule": "total",
            "best": "6",
            "minimum": "1",
            "selection": "chosen",
            "sessions": [first.pk, third.pk],
            "name_contains": "",
            "published": "on",
        },
        follow=True,
    )
    tree = parse(response)
    assert "Two Tuesdays saved." in tree.text
    # Sessions 1 and 3 by partnership: Ann & Bob 3 + 5 = 8, Cy & Dee 1 + 5 = 6, Gus & Hal 5,
    # Eve & Fay 3, Eve & Gus 1, Hal & Ivy 1.
    assert table_rows(tree, "standings") == [
        ["1", "Ann Lee & Bob Ray", "8", "2"],
        ["2", "Cy Orr & Dee Fox", "6", "2"],
        ["3", "Gus Ng & Hal Poe", "5", "1"],
        ["4", "Eve Kim & Fay Wu", "3", "1"],
        ["5=", "Eve Kim & Gus Ng", "1", "1"],
        ["5=", "Hal Poe & Ivy Day", "1", "1"],
    ]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        (
            {"selection": "range", "date_from": "2026-11-30", "date_to": "2026-11-01"},
            "date_to",
            "From (30 Nov 2026) is after To (01 Nov 2026).",
        ),
        (
            {"selection": "range", "date_from": "", "date_to": ""},
            "date_from",
            "Give the dates of the sessions that count.",
        ),
        ({"selection": "chosen"}, "sessions", "Choose the sessions that count."),
        ({"rule": "best", "best": "0"}, "best", "Count at least one session."),
        ({"selection": "chosen", "sessions": ["999999"]}, "sessions", "999999"),
    ],
)
def test_the_form_says_what_is_wrong(client, club, director, changes, field, message):
    client.force_login(director)
    data = {
        "name": "Cup",
        "entrants": "players",
        "rule": "total",
        "best": "6",
        "minimum": "1",
        "selection": "range",
        "date_from": "2026-11-01",
        "date_to": "2026-11-30",
        **changes,
    }
    response = client.post(reverse("sessions_app:competition_new", args=[club.slug]), data)
    assert response.status_code == 200
    assert message in " ".join(response.context["form"].errors[field])
    assert not Competition.objects.exists()


@pytest.mark.django_db
def test_a_director_deletes_a_competition_after_confirming(client, club, director, three_sessions):
    competition = make(club, rule="total")
    client.force_login(director)
    url = reverse("sessions_app:competition_delete", args=[club.slug, competition.pk])
    assert "Its sessions and their results stay" in parse(client.get(url)).text
    assert Competition.objects.count() == 1
    tree = parse(client.post(url, follow=True))
    assert "Autumn championship deleted" in tree.text
    assert not Competition.objects.exists()
    assert three_sessions[0].__class__.objects.count() == 3


@pytest.mark.django_db
def test_the_directors_page_names_what_is_not_counted(client, club, director, three_sessions):
    competition = make(club, rule="total")
    third = three_sessions[2]
    third.__class__.objects.filter(pk=third.pk).update(status="final")
    three_sessions[0].sections.get().pairs.filter(label="4").update(player2_ref=None)
    client.force_login(director)
    home = parse(client.get(reverse("sessions_app:director_home")))
    link = reverse("sessions_app:competitions", args=[club.slug])
    assert any(a.attrs.get("href") == link for a in home.find_all("a"))
    listing = parse(client.get(link))
    assert "Autumn championship" in listing.text
    tree = parse(
        client.get(reverse("sessions_app:competition_edit", args=[club.slug, competition.pk]))
    )
    text = tree.text
    assert "1 pair is not counted: a player's name is not matched" in text
    assert "Not counted until published:" in text
    assert "Tuesday pairs (23 Nov 2026, final)" in text
    # Sessions 1 and 2, pair 4 of session 1 left out: Bob 3 + 4 = 7 leads alone.
    assert table_rows(tree, "standings")[0] == ["1=", "Bob Ray", "7", "2"]


@pytest.mark.django_db
def test_the_pdf_is_made_anew_after_a_correction(client, club, three_sessions, settings):
    competition = make(club, rule="total")
    before = client.get(pdf_url(competition)).content
    section = three_sessions[2].sections.get()
    line = Result.objects.get(section=section, board__number=1, ns__label="3")
    result_save(
        section=section,
        line=LineInput(1, "3", "4", parse_ruling("400", "None")),
        result_id=line.pk,
        version=line.version,
    )
    after = client.get(pdf_url(competition)).content
    (page,) = pdf_pages(after)
    lines = [" ".join(line.split()) for line in page.splitlines() if line.strip()]
    # Bob 3 + 4 + 6 = 13 (tests/competitions/test_standings.py, the same correction).
    assert "1 Bob Ray 13 3 3 4 6" in lines
    assert after != before
    folder = settings.MEDIA_ROOT / "printing" / "competitions" / str(competition.pk)
    assert len(list(folder.iterdir())) == 1  # the older version's file deleted


def test_a_wide_competition_prints_in_tables_of_twelve_sessions():
    from sessions_app.competitions.printing import blocks
    from sessions_app.competitions.rows import Cell, CompetitionRow
    from sessions_app.scoring.competitions import CountedSession

    sessions = tuple(
        CountedSession(n, "Tuesday", datetime.date(2026, 1, 1) + datetime.timedelta(weeks=n))
        for n in range(30)
    )
    row = CompetitionRow("1", "Ann", 60, 30, tuple(Cell(n, True, True) for n in range(30)))
    printed = blocks([row], sessions)
    # 30 sessions: 12 + 12 + 6 columns; the places and totals only in the first table.
    assert [len(block.sessions) for block in printed] == [12, 12, 6]
    assert [block.first for block in printed] == [True, False, False]
    assert [cell.value for cell in printed[2].rows[0][1]] == [24, 25, 26, 27, 28, 29]
    assert [len(block.sessions) for block in blocks([row], sessions[:3])] == [3]


@pytest.mark.django_db
@pytest.mark.parametrize("entrants", ["players", "partnerships"])
def test_each_name_leads_to_the_players_page(client, club, three_sessions, entrants):
    competition = make(club, rule="best", best=2, entrants=entrants)
    tree = parse(client.get(page_url(competition)))
    first = tree.find("table", id="standings").find("tbody").find("a")
    ids = dict(Player.objects.values_list("name", "id"))
    if entrants == "players":  # Bob Ray leads (with Dee Fox)
        assert first.text == "Bob Ray"
        assert first.attrs["href"] == reverse(
            "sessions_app:player", args=[club.slug, ids["Bob Ray"]]
        )
    else:  # Ann Lee & Bob Ray lead
        assert first.text == "Ann Lee & Bob Ray"
        assert first.attrs["href"] == reverse(
            "sessions_app:partnership", args=[club.slug, ids["Ann Lee"], ids["Bob Ray"]]
        )
    assert first.text in parse(client.get(first.attrs["href"])).text
