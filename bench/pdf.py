"""Benchmark: PDF printing (sessions_app/printing/) on a throw-away SQLite database.

1. The blank travellers of a 36-board session (9-table Mitchell, 4 boards a round; one a
   page), target <= 3 s.
2. The completed travellers, with hand diagrams, double-dummy tables and par, of a 27-board
   session (9-table Mitchell, 3 boards a round, every result in; one a page), target <= 5 s.
3. The same documents fetched again through `document_pdf`: read from the stored file.

Times are wall-clock medians of --repeat renders after one warm-up render (WeasyPrint's own
import, about 1 s, and the scoring of the session, which is cached, are not counted), with the
process's CPU time beside them since the machine may be shared.

    .venv/bin/python bench/pdf.py [--repeat 3] [--blank 9x4] [--completed 9x3] [--keep DIR]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SUITS = "SHDC"
RANKS = "AKQJT98765432"


def setup_django(folder: Path) -> None:
    os.environ["DATABASE_URL"] = f"sqlite:///{folder / 'bench.sqlite3'}"
    os.environ["MEDIA_ROOT"] = str(folder / "media")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubscorer.settings")
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)


def random_deal(rng: random.Random) -> str:
    """A PBN deal string: 52 cards dealt at random, N E S W, suits S.H.D.C."""
    cards = [(suit, rank) for suit in SUITS for rank in RANKS]
    rng.shuffle(cards)
    hands = []
    for seat in range(4):
        held = set(cards[seat * 13 : seat * 13 + 13])
        hands.append(".".join("".join(r for r in RANKS if (s, r) in held) for s in SUITS))
    return "N:" + " ".join(hands)


def travellers_csv(movement, rng: random.Random) -> str:
    """Every table's result of every board of `movement`, as a travellers CSV."""
    from bench.generate import _NORMAL, _table_result

    lines = ["section,board,round,table,ns,ew,contract,declarer,tricks,lead"]
    normal = {b: (*rng.choice(_NORMAL), rng.choice("NESW")) for b in range(1, movement.boards + 1)}
    for rnd, seating in movement.seatings():
        if not seating.played:
            continue
        for board in seating.boards:
            contract, declarer, tricks = _table_result(rng, *normal[board])
            lead = f"{rng.choice(SUITS)}{rng.choice(RANKS)}" if contract != "P" else ""
            lines.append(
                f"A,{board},{rnd.number},{seating.table},{seating.ns},{seating.ew},"
                f"{contract},{declarer},{tricks},{lead}"
            )
    return "\n".join(lines) + "\n"


def names_csv(labels) -> str:
    rows = ["section,pair,player1,player2,direction"]
    rows += [f"A,{label},Player {label}a,Player {label}b," for label in labels]
    return "\n".join(rows) + "\n"


def build_session(tables: int, boards_per_round: int, *, results: bool, deals: bool):
    import datetime

    from sessions_app.files.imports import session_import
    from sessions_app.hands.boards import session_set_deals
    from sessions_app.interchange.files import read_file
    from sessions_app.models import Club, Section, Session
    from sessions_app.movements import mitchell
    from sessions_app.setup.sessions import section_save

    rng = random.Random(2026)
    club, _ = Club.objects.get_or_create(slug="bench", defaults={"name": "Bench Bridge Club"})
    movement = mitchell(tables, boards_per_round)
    name = f"{tables}-table Mitchell, {movement.boards} boards"
    if results:
        travellers = read_file(
            travellers_csv(movement, rng).encode(),
            kind="csv",
            names=names_csv(movement.pairs).encode(),
        )
        session = session_import(
            club=club,
            results_file=travellers,
            name=name,
            date=datetime.date(2026, 11, 16),
            publish=True,
        ).session
    else:
        session = Session.objects.create(club=club, name=name, date=datetime.date(2026, 11, 16))
        Section.objects.create(session=session, name="A")
    section_save(
        session=session,
        section=session.sections.get(name="A"),
        movement="mitchell",
        tables=tables,
        boards_per_round=boards_per_round,
    )
    if deals:
        session_set_deals(
            session=session,
            deals={number: random_deal(rng) for number in range(1, movement.boards + 1)},
        )
    session.refresh_from_db()
    return session


def time_document(session, slug: str, repeat: int) -> dict[str, float]:
    from sessions_app.printing import DOCUMENTS, Options, document_pdf, render_pdf

    document, options = DOCUMENTS[slug], Options()
    pdf = render_pdf(session, document, options)  # warm-up: fonts, templates, scoring cache
    walls, cpus = [], []
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        pdf = render_pdf(session, document, options)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    started = time.perf_counter()
    document_pdf(session, document, options)  # renders and stores
    first = time.perf_counter() - started
    started = time.perf_counter()
    cached = document_pdf(session, document, options)
    second = time.perf_counter() - started
    assert cached.startswith(b"%PDF")
    import io

    from pypdf import PdfReader

    pages = len(PdfReader(io.BytesIO(pdf)).pages)
    return {
        "wall": statistics.median(walls),
        "cpu": statistics.median(cpus),
        "first": first,
        "cached": second,
        "pages": pages,
        "kb": len(pdf) / 1024,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--blank", default="9x4", help="TABLESxBOARDS_A_ROUND (9x4: 36 boards)")
    parser.add_argument("--completed", default="9x3", help="the same (9x3: 27 boards)")
    parser.add_argument("--keep", type=Path, help="keep the database and PDFs in this folder")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        setup_django(folder)
        started = time.perf_counter()
        import weasyprint  # noqa: F401

        print(f"import weasyprint: {time.perf_counter() - started:.2f} s (not counted)")
        (bt, bk), (ct, ck) = (map(int, arg.split("x")) for arg in (args.blank, args.completed))
        cases = [
            (
                f"blank travellers, {bt * bk} boards ({bt} tables x {bk})",
                3.0,
                build_session(bt, bk, results=False, deals=False),
                "blank-travellers",
            ),
            (
                f"completed travellers with hands, {ct * ck} boards ({ct} tables x {ck})",
                5.0,
                build_session(ct, ck, results=True, deals=True),
                "travellers",
            ),
        ]
        for label, target, session, slug in cases:
            figures = time_document(session, slug, args.repeat)
            print(
                f"{label}: {figures['pages']} pages, {figures['kb']:.0f} KB\n"
                f"  render median of {args.repeat}: {figures['wall']:.2f} s wall, "
                f"{figures['cpu']:.2f} s CPU (target <= {target:.0f} s)\n"
                f"  document_pdf first fetch (render + store): {figures['first']:.2f} s; "
                f"second fetch (stored file): {figures['cached'] * 1000:.1f} ms"
            )


if __name__ == "__main__":
    main()
