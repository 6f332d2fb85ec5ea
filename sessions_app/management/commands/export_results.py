"""python manage.py export_results SESSION_ID --format FORMAT  (to stdout).

Formats: json, csv (ranking), text, pbn (hand records and results), usebio (USEBIO 1.2),
travellers (a travellers CSV that import_travellers reads back) and names (its --names file).
The director's reasons for rulings are written too (whether or not the club shows them to
players): this is the director's own copy, which imports back whole.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from sessions_app.files.exports import session_export
from sessions_app.interchange.export import EXPORT_FORMATS
from sessions_app.models import Session


class Command(BaseCommand):
    help = "Write a session's results to standard output."
    requires_system_checks: list[str] = []  # they import every view: not needed here

    def add_arguments(self, parser):
        parser.add_argument("session_id", type=int)
        parser.add_argument("--format", choices=sorted(EXPORT_FORMATS), default="json")

    def handle(self, *args, **options):
        session = Session.objects.select_related("club").filter(pk=options["session_id"]).first()
        if session is None:
            raise CommandError(f"there is no session {options['session_id']}")
        self.stdout.write(session_export(session, options["format"], reasons=True), ending="")
