"""python manage.py restore FILE [--club SLUG]: new sessions from a backup; prints their ids."""

from __future__ import annotations

import json
from pathlib import Path

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from sessions_app.core.refusals import refusal_words
from sessions_app.files.restore import session_restore
from sessions_app.models import Club, ResultChange


class Command(BaseCommand):
    help = "Restore the sessions of a backup file as new sessions; prints their ids."

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--club", help="restore into this club (its slug)")

    def handle(self, *args, **options):
        try:
            document = json.loads(Path(options["file"]).read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise CommandError(f"{options['file']}: no such file") from None
        except (UnicodeDecodeError, json.JSONDecodeError) as error:
            raise CommandError(f"{options['file']}: not a JSON backup ({error})") from None
        club = None
        if options["club"]:
            club = Club.objects.filter(slug=options["club"]).first()
            if club is None:
                raise CommandError(f"there is no club {options['club']!r}")
        try:
            sessions = session_restore(document=document, club=club)
        except ValidationError as error:
            raise CommandError(refusal_words(error)) from None
        for session in sessions:
            self.stdout.write(f"Restored {session} as session {session.pk}")
            note = session.changes.filter(action=ResultChange.Action.IMPORT).latest("pk").note
            if "left without a user" in note:  # restore.club_directors: said, not silent
                self.stdout.write(f"  {note}")
        self.stdout.write(" ".join(str(session.pk) for session in sessions))
