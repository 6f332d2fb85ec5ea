"""python manage.py export_results SESSION_ID --format json|csv|text  (to stdout)."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from sessions_app.interchange.results_export import ranking_csv, results_json, results_text
from sessions_app.models import Session
from sessions_app.services.results import session_results

FORMATS = {
    "json": lambda results, session: results_json(results, session.pk) + "\n",
    "csv": lambda results, session: ranking_csv(results),
    "text": lambda results, session: results_text(results),
}


class Command(BaseCommand):
    help = "Write a session's results to standard output."

    def add_arguments(self, parser):
        parser.add_argument("session_id", type=int)
        parser.add_argument("--format", choices=sorted(FORMATS), default="json")

    def handle(self, *args, **options):
        session = Session.objects.filter(pk=options["session_id"]).first()
        if session is None:
            raise CommandError(f"there is no session {options['session_id']}")
        results = session_results(session)
        self.stdout.write(FORMATS[options["format"]](results, session), ending="")
