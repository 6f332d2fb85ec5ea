"""python manage.py backup (SESSION_ID ... | --club SLUG) [--output FILE]: sessions to JSON."""

from __future__ import annotations

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from sessions_app.files.backup import session_backup
from sessions_app.models import Session


class Command(BaseCommand):
    help = "Write sessions (or every session of a club) to a JSON backup file (or stdout)."

    def add_arguments(self, parser):
        parser.add_argument("session_ids", nargs="*", type=int)
        parser.add_argument("--club", help="every session of this club (its slug)")
        parser.add_argument("--output", "-o", help="file to write (default: standard output)")

    def handle(self, *args, **options):
        sessions = Session.objects.select_related("club").order_by("date", "pk")
        if options["club"]:
            sessions = sessions.filter(club__slug=options["club"])
        elif options["session_ids"]:
            sessions = sessions.filter(pk__in=options["session_ids"])
            missing = set(options["session_ids"]) - {s.pk for s in sessions}
            if missing:
                raise CommandError(f"no session {', '.join(map(str, sorted(missing)))}")
        else:
            raise CommandError("say which sessions: their ids, or --club SLUG")
        text = json.dumps(session_backup(sessions=sessions), ensure_ascii=False, indent=1)
        if options["output"]:
            Path(options["output"]).write_text(text, encoding="utf-8")
            self.stdout.write(f"{sessions.count()} session(s) written to {options['output']}")
        else:
            self.stdout.write(text)
