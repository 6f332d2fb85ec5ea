"""python manage.py purge_trash [--now ISO-DATETIME]: delete for good what has been in the trash
longer than TRASH_DAYS days (run it daily from cron; the trash page also purges when shown)."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from sessions_app.trash.deleting import trash_purge


class Command(BaseCommand):
    help = "Delete for good the trash items older than TRASH_DAYS days; prints how many."

    def add_arguments(self, parser):
        parser.add_argument(
            "--now", help="purge as if it were this time (e.g. 2026-12-24T10:00), for tests"
        )

    def handle(self, *args, **options):
        now = None
        if options["now"]:
            try:
                now = parse_datetime(options["now"])
            except ValueError:
                now = None
            if now is None:
                raise CommandError(f"--now {options['now']!r} is not a date and time")
            if timezone.is_naive(now):
                now = timezone.make_aware(now)
        purged = trash_purge(now=now)
        self.stdout.write(f"Purged {purged} item{'' if purged == 1 else 's'} from the trash.")
