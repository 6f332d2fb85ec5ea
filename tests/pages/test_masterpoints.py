"""Master points in the pages and files, on the database: a real session whose file carries
the awards its program made is imported into an EBU club, and the ranking page and the USEBIO
export give the same awards; a change of scale changes them; a club without a body shows
none.

The file: ScoreBridge's USEBIO of an English club's Monday pairs (tests/interchange/data/real/
scorebridge/, 17 pairs in one field, 24 boards, `MASTER_POINT_SCALE` Club): pairs 14, 4, 18,
8, 7 and 1, placed 1 to 6, were awarded 36, 30, 24, 18, 12 and 6 black points (the EBU's club
scale: 8 full tables, a third of 16 pairs -> 6 awards, falling by 6 to the minimum of 6)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from django.core.cache import cache
from django.urls import reverse

from sessions_app.files.imports import session_import
from sessions_app.interchange.usebio.read import read_usebio
from sessions_app.models import Competition
from sessions_app.players.linking import session_link_players
from sessions_app.players.register import player_create
from sessions_app.players.session_names import pairs_set_names
from sessions_app.setup.sessions import club_update, session_update
from sessions_app.setup.status import session_set_status
from tests.pages.conftest import parse, table_headers, table_rows

pytestmark = pytest.mark.django_db
TABLE = "ranking-a"  # the one field of section A (the file names no section)
FILE = Path(__file__).parents[1] / "interchange/data/real/scorebridge/00202131+001686.xml"


def awards_in(xml: bytes | str) -> dict[str, tuple[str, str]]:
    """PAIR_NUMBER -> (MASTER_POINTS_AWARDED, MASTER_POINT_TYPE) of a USEBIO file."""
    root = ET.fromstring(xml.encode() if isinstance(xml, str) else xml)
    return {
        pair.findtext("PAIR_NUMBER", ""): (
            pair.findtext("MASTER_POINTS/MASTER_POINTS_AWARDED", ""),
            pair.findtext("MASTER_POINTS/MASTER_POINT_TYPE", ""),
        )
        for pair in root.iter("PAIR")
        if pair.find("MASTER_POINTS") is not None
    }


@pytest.fixture
def monday(club):
    club.national_body, club.national_club_id = "ebu", "202131"
    club.save()
    session = session_import(club=club, results_file=read_usebio(FILE.read_bytes())).session
    session = session_update(session=session, masterpoint_scale="club")
    return session_set_status(session=session, status="published", publish_incomplete=True)


def ranking_awards(client, session) -> dict[str, str]:
    """Pair -> its award as the ranking page shows it, for the pairs awarded some."""
    page = parse(client.get(reverse("sessions_app:session", args=[session.pk])))
    headers = table_headers(page, TABLE)
    pair, award = headers.index("Pair"), headers.index("EBU master points")
    return {
        row[pair].strip(): row[award].strip()
        for row in table_rows(page, TABLE)
        if row[award].strip()
    }


def test_the_ranking_and_the_usebio_export_give_the_awards_the_program_published(client, monday):
    published = awards_in(FILE.read_bytes())
    assert published == {
        "14": ("36", "black"),
        "4": ("30", "black"),
        "18": ("24", "black"),
        "8": ("18", "black"),
        "7": ("12", "black"),
        "1": ("6", "black"),
    }
    shown = ranking_awards(client, monday)
    assert shown == {pair: f"{points} {kind}" for pair, (points, kind) in published.items()}

    page = client.get(reverse("sessions_app:session", args=[monday.pk])).content.decode()
    assert "EBU master points: Club (black points)." in page
    ranking = client.get(reverse("sessions_app:export", args=[monday.pk, "csv"])).content
    rows = [line.split(",") for line in ranking.decode("utf-8-sig").splitlines()]
    assert rows[0][-3:] == ["boards", "masterpoints", "masterpoint_type"]
    assert {row[3]: (row[-2], row[-1]) for row in rows[1:] if row[-2]} == published

    exported = client.get(reverse("sessions_app:export", args=[monday.pk, "usebio"]))
    xml = exported.content.decode()
    assert awards_in(xml) == published
    root = ET.fromstring(xml.encode())
    assert root.findtext("CLUB/CLUB_ID_NUMBER") == "202131"
    assert root.findtext("EVENT/MASTER_POINT_SCALE") == "Club"
    assert root.findtext("EVENT/MPS_AWARDED_FLAG") == "Y"
    # Read back as another program's file, the places and awards are the same again
    again = session_import(club=monday.club, results_file=read_usebio(exported.content)).session
    again = session_update(session=again, masterpoint_scale="club")
    again = session_set_status(session=again, status="published", publish_incomplete=True)
    assert ranking_awards(client, again) == shown


def test_the_players_page_adds_up_the_points_won(client, monday):
    # Pair 14's first player won 36 black points this session (the file's award).
    section = monday.sections.get()
    pairs_set_names(section=section, names=[("14", "Ann Lee", "Bob Ray")], add_missing=False)
    ann = player_create(club=monday.club, name="Ann Lee")
    assert session_link_players(session=monday) == 1
    url = reverse("sessions_app:player", args=[monday.club.slug, ann.pk])
    page = parse(client.get(url))
    terms, values = page.find_all("dt"), page.find_all("dd")
    summary = {dt.text: dd.text for dt, dd in zip(terms, values, strict=True)}
    assert summary["Master points (black)"] == "36"
    assert "36 black" in client.get(url).content.decode()


def test_a_competition_adds_up_the_points_its_entrants_won(client, monday):
    section = monday.sections.get()
    pairs_set_names(section=section, names=[("14", "Ann Lee", "Bob Ray")], add_missing=False)
    for name in ("Ann Lee", "Bob Ray"):  # a pair counts when both are in the register
        player_create(club=monday.club, name=name)
    session_link_players(session=monday)
    competition = Competition.objects.create(
        club=monday.club,
        name="January",
        date_from=monday.date,
        date_to=monday.date,
        selection=Competition.Selection.RANGE,
        published=True,
    )
    url = reverse("sessions_app:competition", args=[monday.club.slug, competition.pk])
    page = parse(client.get(url))
    headers = table_headers(page, "standings")
    [ann] = [row for row in table_rows(page, "standings") if "Ann Lee" in row[1]]
    assert ann[headers.index("Master points")] == "36 black"  # pair 14's award, one session


def test_a_district_event_awards_half_as_much_again_and_no_body_awards_nothing(client, monday):
    # District scale: the club scale times 1.5 (docs/rules.md §16): 54, 45, 36, 27, 18, 9.
    session_update(session=monday, masterpoint_scale="district")
    cache.clear()  # the page cache keeps a page for 2 seconds (core/cache_keys.py)
    assert ranking_awards(client, monday) == {
        "14": "54 black",
        "4": "45 black",
        "18": "36 black",
        "8": "27 black",
        "7": "18 black",
        "1": "9 black",
    }
    club_update(club=monday.club, name=monday.club.name, show_reasons=False, national_body="")
    cache.clear()
    page = client.get(reverse("sessions_app:session", args=[monday.pk])).content.decode()
    assert "master points" not in page
