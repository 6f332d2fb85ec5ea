"""Every EBU award in real USEBIO files, reproduced from the files' own pairs, places, boards
and scale (docs/rules.md §16). The files and where they come from: data/README.md and
tests/interchange/data/real/*/README.md.

Each file is read with xml.etree alone: the ranking of an entrant is its direction in a
two-winner field ("" otherwise, sections ranked together), its tie the number of entrants of
that ranking with the same place number ("3=" and "3" alike), the game's full tables the
competitors of the event in whole tables (a half table dropped), its boards BOARDS_PLAYED or,
where a file has none, its distinct board numbers."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter
from decimal import Decimal
from pathlib import Path

import pytest

from sessions_app.scoring.masterpoints import BODIES, Entrant, Game

TESTS = Path(__file__).resolve().parents[2]
DATA = Path(__file__).resolve().parent / "data"
REAL = TESTS / "interchange" / "data" / "real"

FILES = {
    # program, what it shows: awards in the file
    "scorebridge": REAL / "scorebridge" / "00202131+001686.xml",  # 17 pairs: 6
    "salliere": REAL / "salliere" / "mp.xml",  # 16 pairs: 6
    "ebuscore-two-sections": DATA / "00201600+002321.xml",  # 35 pairs ranked together: 12
    "bbo-tie": DATA / "00201789+001571.xml",  # 17 pairs, two tie for 3rd: 6
    "realbridge-half-table": DATA / "00202217+001532.xml",  # 19 pairs: 6, not 7
    "ebuscore-half-table": DATA / "00202711+000827.xml",  # 19 pairs, 26 boards: 6
    "ebuscore-two-winner": DATA / "00210009+002061.xml",  # 9 tables, NS and EW: 3 + 3
    "ebu-example-two-winner": DATA / "ebu-example-two-winner-pairs.xml",  # 11 tables: 4 + 4
    "ebu-example-sections": DATA / "ebu-example-multi-section-pairs.xml",  # 16 tables: 6 + 6
    "ebu-example-teams": DATA / "ebu-example-teams.xml",  # 10 teams: 4
    "ebu-example-individual": DATA / "ebu-example-individual.xml",  # 12 players: 4
    "brian-half-table": DATA / "brian-13-pairs.xml",  # 13 pairs: 4, not 5
}
PER_TABLE = {"PAIR": 2, "TEAM": 1, "PLAYER": 4}


def text(element: ET.Element, tag: str) -> str:
    return (element.findtext(tag) or "").strip()


def entrant_key(entrant: ET.Element) -> str:
    number = (
        entrant.get("TEAM_ID") or text(entrant, "PAIR_NUMBER") or text(entrant, "PLAYER_NUMBER")
    )
    return text(entrant, "DIRECTION") + number


def published_award(entrant: ET.Element, event_kind: str) -> tuple[Decimal, str] | None:
    block = entrant.find("MASTER_POINTS")
    holder = block if block is not None else entrant
    points = text(holder, "MASTER_POINTS_AWARDED")
    kind = text(holder, "MASTER_POINT_TYPE") or event_kind
    if not points or Decimal(points) == 0:
        return None
    return Decimal(points), kind.lower()


def read(path: Path) -> tuple[Game, list[Entrant], dict[str, tuple[Decimal, str]]]:
    event = ET.parse(path).getroot().find("EVENT")
    assert event is not None
    entrants_xml = [child for participants in event.iter("PARTICIPANTS") for child in participants]
    winners = int(text(event, "WINNER_TYPE") or 1)
    form = {"PAIR": "pairs", "TEAM": "teams", "PLAYER": "individual"}[entrants_xml[0].tag]
    boards = int(text(event, "BOARDS_PLAYED") or 0) or len(
        {text(board, "BOARD_NUMBER") for board in event.iter("BOARD")}
    )
    tables, half = divmod(len(entrants_xml), PER_TABLE[entrants_xml[0].tag])
    game = Game(
        scale=text(event, "MASTER_POINT_SCALE").lower(),
        tables=tables,
        boards=boards,
        winners=winners,
        half_tables=1 if half else 0,
        form=form,
    )

    def ranking(entrant: ET.Element) -> str:
        return text(entrant, "DIRECTION") if winners == 2 else ""

    def place(entrant: ET.Element) -> int:
        return int(text(entrant, "PLACE").rstrip("="))

    sharing = Counter((ranking(e), place(e)) for e in entrants_xml)
    entrants = [
        Entrant(
            key=entrant_key(e),
            place=place(e),
            tied=sharing[ranking(e), place(e)],
            ranking=ranking(e),
        )
        for e in entrants_xml
    ]
    event_kind = text(event, "MASTER_POINT_TYPE")
    published = {
        entrant_key(e): award
        for e in entrants_xml
        if (award := published_award(e, event_kind)) is not None
    }
    return game, entrants, published


@pytest.mark.parametrize("name", FILES)
def test_it_reproduces_every_award_in_the_file(name: str) -> None:
    game, entrants, published = read(FILES[name])
    assert published, "the file must carry awards"

    awards = BODIES["ebu"].award(game, entrants)

    assert {a.key: (a.points, a.kind) for a in awards} == published


def test_the_files_hold_80_awards_in_all() -> None:
    assert sum(len(read(path)[2]) for path in FILES.values()) == 80


@pytest.mark.parametrize(
    ("name", "tables", "half_tables", "boards"),
    [
        ("bbo-tie", 8, 1, 18),
        ("realbridge-half-table", 9, 1, 20),
        ("ebuscore-half-table", 9, 1, 26),
        ("brian-half-table", 6, 1, 24),
        ("ebuscore-two-sections", 17, 1, 18),
        ("ebu-example-individual", 3, 0, 22),
    ],
)
def test_it_reads_the_games_as_the_files_say(
    name: str, tables: int, half_tables: int, boards: int
) -> None:
    game, _, _ = read(FILES[name])

    assert (game.tables, game.half_tables, game.boards) == (tables, half_tables, boards)
