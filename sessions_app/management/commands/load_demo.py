"""python manage.py load_demo [--if-empty]: the demo evening from fixtures/demo/, published.

Creates the Riverside Bridge Club with a director account (username `director`, password
`director` — for trying clubscorer locally, never on a server) and the Monday Evening Pairs:
section A a 7-table Mitchell with an arrow switch on the last round, section B a 4-table
Howell, 21 boards with their deals, double-dummy tables and par. The club's register holds
the evening's players, so their names are linked as the file is imported and each player has
a page.
"""

from __future__ import annotations

import csv
import datetime
import io
import json

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from sessions_app.files.imports import session_attach_deals, session_import
from sessions_app.interchange.files import read_file
from sessions_app.models import Club, Session
from sessions_app.players.register import player_create
from sessions_app.setup.sessions import section_save
from sessions_app.setup.status import session_set_status

DEMO = settings.BASE_DIR / "fixtures" / "demo"


class Command(BaseCommand):
    help = "Load the demo session (published) and a demo director account."

    def add_arguments(self, parser):
        parser.add_argument(
            "--if-empty", action="store_true", help="do nothing when any session exists"
        )

    def handle(self, *args, **options):
        if options["if_empty"] and Session.objects.exists():
            self.stdout.write("Sessions exist already: demo not loaded.")
            return
        spec = json.loads((DEMO / "session.json").read_text())
        club, _ = Club.objects.get_or_create(
            slug=spec["club"]["slug"], defaults={"name": spec["club"]["name"]}
        )
        director = _demo_director()
        club.directors.add(director)
        names = (DEMO / "names.csv").read_bytes()
        if not club.players.exists():
            for name in _player_names(names):
                player_create(club=club, name=name)
        travellers = read_file(
            (DEMO / "travellers.csv").read_bytes(),
            kind="csv",
            names=names,
        )
        session = session_import(
            club=club,
            results_file=travellers,
            name=spec["name"],
            date=datetime.date.fromisoformat(spec["date"]),
            source="fixtures/demo/travellers.csv",
        ).session
        for section_spec in spec["sections"]:
            section = session.sections.get(name=section_spec["name"])
            fields = {key: value for key, value in section_spec.items() if key != "name"}
            section_save(session=session, section=section, **fields)
        hands = read_file((DEMO / "deals.pbn").read_bytes(), kind="pbn")
        session_attach_deals(session=session, results_file=hands)
        # Published once set up, as a director does: setting up a published session would
        # mark its results amended.
        session_set_status(session=session, status=Session.Status.PUBLISHED)
        self.stdout.write(
            f"Loaded {session} (id {session.pk}); director log in: director / director"
        )


def _player_names(names_csv: bytes) -> list[str]:
    """Every player of the demo's names file, once each, in the file's order."""
    rows = csv.DictReader(io.StringIO(names_csv.decode()))
    return list(dict.fromkeys(row[seat] for row in rows for seat in ("player1", "player2")))


def _demo_director():
    user_model = get_user_model()
    user = user_model.objects.filter(username="director").first()
    if user is None:
        user = user_model.objects.create_user("director", password="director")
    return user
