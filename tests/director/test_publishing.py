"""Publishing: the status workflow, the completeness check with its list of missing lines,
"publish anyway" with an explicit confirmation, and what players are told afterwards
(provisional while lines are missing, amended after a correction), through the test client."""

from __future__ import annotations

import datetime
from zoneinfo import ZoneInfo

import pytest
from django.urls import reverse

from sessions_app.core.section_movement import usable_movement
from sessions_app.entry.lines import LineInput, result_save
from sessions_app.models import Result, Session
from sessions_app.printing import DOCUMENTS, Options, render_pdf
from sessions_app.scoring.rulings import parse_ruling
from sessions_app.setup.sessions import section_save, session_create
from sessions_app.setup.status import PublishStep, publish_step, session_set_status
from tests.pages.conftest import parse
from tests.printing.conftest import pdf_pages

# A 3-table Mitchell, 2 boards a round: NS 1-3, EW 4-6, boards 1-6, 18 lines. Round 3 at
# table 1 is 1 v 5 playing boards 5 and 6.
MISSING = (5, 3, 1, "1", "5")  # board, round, table, NS, EW


@pytest.fixture
def evening(director):
    """A final session with every line entered (PASS) but board 5's 1 v 5."""
    session = session_create(
        club=director.clubs.get(), name="Thursday pairs", date=datetime.date(2026, 11, 19)
    )
    section = section_save(
        session=session, name="A", movement="mitchell", tables=3, boards_per_round=2
    )
    movement = usable_movement(section)
    for round_ in movement.rounds:
        for seat in round_.tables:
            for board in seat.boards:
                if (board, round_.number, seat.table, seat.ns, seat.ew) != MISSING:
                    line = LineInput(
                        board,
                        seat.ns,
                        seat.ew,
                        parse_ruling("pass", "None"),
                        round_.number,
                        seat.table,
                    )
                    result_save(section=section, line=line)
    for status in ("in_play", "final"):
        session_set_status(session=session, status=status)
    return session


def status_url(session):
    return reverse("sessions_app:session_status", args=[session.pk])


def correct_board_1(director_client, evening) -> Result:
    """The director corrects board 1's line of 1 v 4 to 4S by N making 10, on the grid;
    returns the line as it was before."""
    line = Result.objects.get(board__number=1, ns__label="1")
    answer = director_client.post(
        reverse("sessions_app:line_save", args=[evening.pk, "A"]),
        {
            "board": 1,
            "ns": "1",
            "ew": "4",
            "round": 1,
            "table": 1,
            "entry": "4sn10",
            "result_id": line.pk,
            "version": line.version,
        },
    ).json()
    assert answer["ok"], answer
    return line


def text_of(response) -> str:
    return parse(response).text


@pytest.mark.django_db
def test_it_lists_the_missing_line_with_its_links_and_does_not_publish(director_client, evening):
    page = director_client.post(status_url(evening), {"status": "published"}, follow=True)
    assert page.redirect_chain[-1][0] == reverse("sessions_app:session_publish", args=[evening.pk])
    text = text_of(page)
    assert "Not published: 1 result is missing." in text
    assert "1 result missing" in text
    row = parse(page).find("table").find_all("tr")[1]
    assert [cell.text for cell in row.find_all("td")][:5] == ["A", "5", "3", "1", "1 v 5"]
    links = {a.attrs["href"] for a in row.find_all("a")}
    assert links == {
        reverse("sessions_app:board_entry", args=[evening.pk, "A", 5]),
        reverse("sessions_app:table_entry", args=[evening.pk, "A", 3, 1]),
    }
    assert Session.objects.get(pk=evening.pk).status == "final"


@pytest.mark.django_db
def test_it_publishes_anyway_only_with_the_box_ticked(director_client, evening):
    # The button alone (the box left unticked) is the refusal again.
    page = director_client.post(status_url(evening), {"status": "published"}, follow=True)
    assert 'name="publish_incomplete"' in page.content.decode()
    assert Session.objects.get(pk=evening.pk).status == "final"
    page = director_client.post(
        status_url(evening), {"status": "published", "publish_incomplete": "yes"}, follow=True
    )
    assert page.redirect_chain[-1][0] == reverse("sessions_app:director_session", args=[evening.pk])
    assert "The session is now published." in text_of(page)
    session = Session.objects.get(pk=evening.pk)
    assert session.status == "published" and session.published_at is not None
    assert "Provisional: 1 result is missing" in text_of(page)  # the dashboard says it too


@pytest.mark.django_db
def test_it_publishes_a_complete_session_without_asking(director_client, evening):
    result_save(
        section=evening.sections.get(),
        line=LineInput(5, "1", "5", parse_ruling("pass", "NS"), 3, 1),
    )
    page = director_client.post(status_url(evening), {"status": "published"}, follow=True)
    assert "The session is now published." in text_of(page)
    assert "Every result is in" in text_of(page)


@pytest.mark.django_db
def test_it_refuses_a_step_the_workflow_does_not_have_in_words(director_client, evening):
    Session.objects.filter(pk=evening.pk).update(status="draft")
    page = director_client.post(status_url(evening), {"status": "published"}, follow=True)
    assert "Not changed: a draft session can go to in play, not straight to published." in (
        text_of(page)
    )
    page = director_client.post(status_url(evening), {"status": "closed"}, follow=True)
    assert "Not changed: 'closed' is not a status (draft, in play, final or published)." in (
        text_of(page)
    )
    assert Session.objects.get(pk=evening.pk).status == "draft"


@pytest.mark.django_db
def test_a_director_of_another_club_cannot_publish_anyway(client, stranger, evening):
    client.force_login(stranger)
    response = client.post(
        status_url(evening), {"status": "published", "publish_incomplete": "yes"}
    )
    assert response.status_code == 403
    assert Session.objects.get(pk=evening.pk).status == "final"


@pytest.mark.django_db
def test_players_see_provisional_results_on_every_page(client, evening):
    session_set_status(session=evening, status="published", publish_incomplete=True)
    provisional = "Provisional results: 1 result is still missing, so scores and places may change."
    for url in (
        reverse("sessions_app:session", args=[evening.pk]),
        reverse("sessions_app:board", args=[evening.pk, 1]),
        reverse("sessions_app:pair", args=[evening.pk, "A", "1"]),
    ):
        assert provisional in text_of(client.get(url)), url
    assert "Amended" not in text_of(client.get(reverse("sessions_app:session", args=[evening.pk])))


@pytest.mark.django_db
def test_a_correction_after_publishing_shows_as_amended_with_its_time(
    client, director_client, evening
):
    result_save(
        section=evening.sections.get(),
        line=LineInput(5, "1", "5", parse_ruling("pass", "NS"), 3, 1),
    )
    director_client.post(status_url(evening), {"status": "published"})
    page = text_of(client.get(reverse("sessions_app:session", args=[evening.pk])))
    assert "Provisional" not in page and "Amended" not in page  # complete and as published

    correct_board_1(director_client, evening)
    session = Session.objects.get(pk=evening.pk)
    assert session.amended_at > session.published_at
    # Shown in the club's time (Europe/London), e.g. "19 November 2026, 21:05".
    local = session.amended_at.astimezone(ZoneInfo("Europe/London"))
    when = f"{local.day} {local:%B %Y, %H:%M}"
    expected = f"Amended {when}: results were corrected after they were published."
    assert expected in text_of(client.get(reverse("sessions_app:session", args=[evening.pk])))
    assert f"Amended {when}: results changed after publication" in text_of(
        director_client.get(reverse("sessions_app:director_session", args=[evening.pk]))
    )


@pytest.mark.django_db
def test_it_marks_amended_only_what_changes(director_client, evening):
    session_set_status(session=evening, status="published", publish_incomplete=True)
    names_url = reverse("sessions_app:section_pairs", args=[evening.pk, "A"])
    director_client.post(names_url, {"names": "1, Ann Lee, Bob Ray"})
    first = Session.objects.get(pk=evening.pk).amended_at
    assert first is not None  # new names are a correction players see
    director_client.post(names_url, {"names": "1, Ann Lee, Bob Ray"})  # the same names again
    settings = {
        "name": "Thursday pairs",
        "date": "2026-11-19",
        "scale": "2/1",
        "method": "mp",
        "butler_discard": "1",
        "imp_totals": "sum",
        "ave_plus": 60,
        "ave": 50,
        "ave_minus": 40,
        "law_12c2c": "on",
    }
    director_client.post(reverse("sessions_app:session_edit", args=[evening.pk]), settings)
    assert Session.objects.get(pk=evening.pk).amended_at == first  # nothing changed
    director_client.post(
        reverse("sessions_app:session_edit", args=[evening.pk]), {**settings, "ave_plus": 65}
    )
    assert Session.objects.get(pk=evening.pk).amended_at > first


@pytest.mark.django_db
def test_the_results_sheet_says_provisional_and_amended(evening):
    session_set_status(session=evening, status="published", publish_incomplete=True)
    (sheet,) = pdf_pages(render_pdf(evening, DOCUMENTS["results"], Options()))
    assert "Provisional: 1 result is still missing, so scores and places may change." in sheet
    result_save(
        section=evening.sections.get(),
        line=LineInput(5, "1", "5", parse_ruling("pass", "NS"), 3, 1),
    )
    evening.refresh_from_db()
    (sheet,) = pdf_pages(render_pdf(evening, DOCUMENTS["results"], Options()))
    local = evening.amended_at.astimezone(ZoneInfo("Europe/London"))
    assert f"Amended {local.day} {local:%B %Y, %H:%M}: results were corrected" in sheet
    assert "Provisional" not in sheet


@pytest.mark.django_db
def test_the_publish_page_offers_the_workflows_own_publishing_step(director_client, evening):
    # STATUS_STEPS publishes from final only, with the button "Publish results"; the page
    # offers it there, and from in play says which status publishes instead.
    assert publish_step("final") == PublishStep("published", "Publish results", "final")
    assert [publish_step(s) for s in ("draft", "in_play", "published")] == [None, None, None]
    url = reverse("sessions_app:session_publish", args=[evening.pk])
    assert 'name="status" value="published"' in director_client.get(url).content.decode()
    session_set_status(session=evening, status="in_play")
    text = text_of(director_client.get(url))
    assert "Only a final session can be published: mark it final" in text
    assert 'name="publish_incomplete"' not in director_client.get(url).content.decode()
