"""python manage.py score FILE [--format F] [-o OUT] [--names N] [--scale S] [--method M]
[--butler-discard D] [--winners 1|2] [--set FIELD=VALUE ...]

Scores a travellers CSV, PBN or USEBIO file and writes its results, touching no database.
`manage.py` runs it without Django (sessions_app/score_cli.py) but for the printed results
and Django's own options, which come here: the same options, the same code.
What the file published and clubscorer does not reproduce is listed on standard error.
"""

from __future__ import annotations

from sessions_app.score_cli import HELP, add_score_arguments, score_arguments, write_scored

from ._options import FileCommand


class Command(FileCommand):
    help = HELP
    requires_migrations_checks = False

    def add_arguments(self, parser):
        add_score_arguments(parser)

    def handle(self, *args, **options):
        from sessions_app.services.scorer import score_file

        scored = score_file(**score_arguments(options))
        write_scored(
            scored, options["output"], lambda text: self.stdout.write(text, ending=""),
            lambda text: self.stderr.write(text, ending=""),
        )  # fmt: skip
