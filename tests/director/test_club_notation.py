"""A club that types in its language (issue 29): the club's settings choose French, and its
grid, preview and adjust form read and write French letters, while files and the stored line
keep the English notation. The director reads the pages in English (chosen in the language
menu): the letters typed are the club's whatever language the pages are read in.

Board 1 of the `mitchell` fixture is vulnerable None (Law 77): 4S by N making 10 = 120 + 300
= +420; 4H by W making 10 = -420; 3NT by S one down = -50; 4H by N 9 tricks = -50.
"""

from __future__ import annotations

import pytest
from django.conf import settings
from django.urls import reverse

from sessions_app.models import Result

from .test_rulings_on_the_grid import adjust, save
from .test_views import entry_inputs


def french(client, club) -> None:
    page = client.post(
        reverse("sessions_app:club_settings", args=[club.slug]),
        {"name": club.name, "language": "fr"},
        follow=True,
    )
    assert f"Settings of {club.name} saved." in page.text
    club.refresh_from_db()
    assert club.language == "fr"
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en-gb"


@pytest.mark.django_db
def test_a_french_club_types_and_reads_its_letters(director_client, mitchell):
    club = mitchell.session.club
    french(director_client, club)

    answer = save(director_client, mitchell, ns="1", ew="8", round=1, table=1, entry="4pn10")
    assert (answer["ok"], answer["text"], answer["score"]) == (True, "4P N 10", "+420")
    answer = save(director_client, mitchell, ns="7", ew="13", round=2, table=7, entry="4c= o")
    assert (answer["text"], answer["score"]) == ("4C O 10", "-420")  # cœur by ouest
    stored = Result.objects.order_by("pk")
    assert [(r.strain, r.declarer, r.tricks, r.score_ns) for r in stored] == [
        ("S", "N", 10, 420),
        ("H", "W", 10, -420),
    ]

    grid = director_client.get(
        reverse("sessions_app:board_entry", args=[mitchell.session_id, "A", 1])
    ).text
    first = entry_inputs(grid, 0)
    assert (first["entry"], first["saved"]) == ("4P N 10", "4P N 10")
    assert "Type the result in French notation (seats N, E, S, O;" in grid
    assert "<code>4pn10</code>, <code>3sa-1 s</code>" in grid

    preview = director_client.get(
        reverse("sessions_app:entry_preview", args=[mitchell.session_id]),
        {"board": 1, "text": "3sa-1 s"},
    ).json()
    assert preview == {"ok": True, "score": "-50", "summary": "3NT by S, 8 tricks (-50)"}
    refused = save(director_client, mitchell, ns="6", ew="12", round=2, table=6, entry="4p z 10")
    assert not refused["ok"]
    assert "type the declarer (N, E, S, O)" in refused["error"]


@pytest.mark.django_db
def test_a_french_club_s_adjust_form_speaks_french(director_client, mitchell):
    french(director_client, mitchell.session.club)
    page = adjust(director_client, mitchell, kind="split", result="4cn10", ew_result="4c n 9")
    assert "Board 1: 1 v 8 saved (split: NS 4H by N, 10 tricks (+420), EW 4H by N, 9 tricks" in (
        page.text
    )
    line = Result.objects.get()
    url = reverse("sessions_app:line_adjust", args=[mitchell.session_id, "A", 1])
    form = director_client.get(url, {"result": line.pk}).text
    assert 'name="result" value="4C N 10"' in form
    assert 'name="ew_result" value="4C N 9"' in form
    assert "e.g. 4P N 10, 3SA-1 S or 420" in form
