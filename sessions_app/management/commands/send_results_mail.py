"""`manage.py send_results_mail`: send the players' results e-mails that are due, every few
seconds until stopped, or once (`--once`, e.g. from cron). Several at once do no harm:
sessions_app/mail/worker.py."""

from __future__ import annotations

import time

from django.core.management.base import BaseCommand

from sessions_app.mail.worker import mail_run


class Command(BaseCommand):
    help = "Send the results e-mails of published and amended sessions."

    def add_arguments(self, parser):
        parser.add_argument("--once", action="store_true", help="send what is due and stop")
        parser.add_argument(
            "--every", type=float, default=15.0, help="seconds between runs (default 15)"
        )

    def handle(self, *args, once: bool, every: float, **options):
        while True:
            report = mail_run()
            for problem in report.failed or []:
                self.stderr.write(problem)
            if report.queued or report.sent or report.failed:
                self.stdout.write(report.summary())
            if once:
                return
            time.sleep(every)
