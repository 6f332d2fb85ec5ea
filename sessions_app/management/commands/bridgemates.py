"""`manage.py bridgemates`: fetch the Bridgemates' results of every session in play, every few
seconds, until stopped (one such worker a deployment is enough; several do no harm:
bridgemates/worker.py)."""

from __future__ import annotations

import time

from django.core.management.base import BaseCommand

from sessions_app.bridgemates.worker import continue_all, fetch_all


class Command(BaseCommand):
    help = "Fetch the Bridgemates' results and calls of the sessions in play."

    def add_arguments(self, parser):
        parser.add_argument("--once", action="store_true", help="fetch once and stop")
        parser.add_argument(
            "--every", type=float, default=5.0, help="seconds between fetches (default 5)"
        )

    def handle(self, *args, once: bool, every: float, **options):
        for event, problem in continue_all():  # clubscorer was (re)started: BCS goes on
            self.stderr.write(f"{event.session.name}: {problem}")
        while True:
            for event, fetched in fetch_all():
                name = f"{event.session.name} ({event.session.date:%d/%m/%Y})"
                if isinstance(fetched, str):
                    self.stderr.write(f"{name}: {fetched}")
                elif fetched.stored or fetched.calls:
                    self.stdout.write(f"{name}: {fetched.summary()}")
                    for call in fetched.calls:
                        self.stdout.write(f"  {call}")
            if once:
                return
            time.sleep(every)
