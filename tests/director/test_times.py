"""Times written one way: "19 November 2026, 21:05" for a moment (the amended stamp, the
changes list, the trash), its time "21:05" where the day goes without saying (a line changed
under the director, a phone's sign-in), in the club's time zone (Europe/London)."""

from __future__ import annotations

from zoneinfo import ZoneInfo

import pytest
from django.urls import reverse

from sessions_app.models import Result, ResultChange, Session
from sessions_app.setup.status import session_set_status
from tests.director.test_publishing import (  # noqa: F401 (a fixture)
    correct_board_1,
    evening,
    text_of,
)

LONDON = ZoneInfo("Europe/London")


def written(moment) -> str:
    """A moment as people read it, worked out here with strftime: "19 November 2026, 21:05"."""
    local = moment.astimezone(LONDON)
    return f"{local.day} {local:%B %Y, %H:%M}"


@pytest.mark.django_db
def test_it_writes_the_amended_stamp_and_the_changes_alike(client, director_client, evening):  # noqa: F811
    session_set_status(session=evening, status="published", publish_incomplete=True)
    line = correct_board_1(director_client, evening)
    session = Session.objects.get(pk=evening.pk)
    stamp = written(session.amended_at)
    page = text_of(client.get(reverse("sessions_app:session", args=[evening.pk]), follow=True))
    assert f"Amended {stamp}" in page
    change = ResultChange.objects.filter(session=evening).latest("at")
    changes = text_of(
        director_client.get(reverse("sessions_app:changes", args=[evening.pk]), follow=True)
    )
    assert written(change.at) in changes

    # The same line saved from the version the director opened before: refused, saying when
    # it changed, as a time of the day.
    stale = director_client.post(
        reverse("sessions_app:line_save", args=[evening.pk, "A"]),
        {
            "board": 1,
            "ns": "1",
            "ew": "4",
            "round": 1,
            "table": 1,
            "entry": "3nts9",
            "result_id": line.pk,
            "version": line.version,
        },
    ).json()
    changed = Result.objects.get(pk=line.pk).updated_at.astimezone(LONDON)
    assert f"changed this line at {changed:%H:%M} since you opened it" in str(stale), stale
