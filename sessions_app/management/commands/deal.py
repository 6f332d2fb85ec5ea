"""python manage.py deal --boards 1-28 [--seed S] [--format pbn|dlm|dup|bri|dge|lin|ber|bhg|rzd|cds]
[-o FILE] [--session ID [--replace]]

Deals the boards (every deal equally likely, from the operating system's secure random source;
with --seed, the same boards every time from the seed: interchange/deal_files/dealing.py) and
writes them in the format chosen (PBN by default) to FILE, or to standard output. With
--session the deals are also stored as that session's hand records, with their double-dummy
tables and par; a board that already has a different deal keeps it unless --replace, and the
file written is then the session's deals as stored. What was stored goes to standard error.
"""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import CommandError

from ._options import FileCommand


class Command(FileCommand):
    help = "Deal boards (securely, or from a seed) into a deal file; optionally onto a session."

    def add_arguments(self, parser):
        from sessions_app.interchange.deal_files.formats import DEAL_FORMATS

        parser.add_argument("--boards", required=True, help="boards to deal: 1-28, or 1-16,21-24")
        parser.add_argument("--seed", help="deal the same boards every time from this seed")
        parser.add_argument("--format", default="pbn", choices=sorted(DEAL_FORMATS))
        parser.add_argument("-o", "--output", help="the file to write (default: standard output)")
        parser.add_argument("--session", type=int, help="store the deals on this session")
        parser.add_argument(
            "--replace", action="store_true", help="with --session: replace deals boards have"
        )

    def handle(self, *args, **options):
        from sessions_app.interchange.deal_files.boards import NotWritable
        from sessions_app.interchange.deal_files.dealing import BadRange, board_numbers

        try:
            numbers = board_numbers(options["boards"])
            content = self.dealt(numbers, options)
        except (BadRange, NotWritable) as error:
            raise CommandError(str(error)) from None
        if options["output"]:
            Path(options["output"]).write_bytes(content)
            return
        stdout = getattr(self.stdout._out, "buffer", None)  # a binary file goes out as bytes
        if stdout is None:  # a text stream (call_command's): the bytes as Latin-1 characters
            self.stdout.write(content.decode("latin-1"), ending="")
        else:
            self.stdout.flush()
            stdout.write(content)
            stdout.flush()

    def dealt(self, numbers: list[int], options) -> bytes:
        from sessions_app.interchange.deal_files.dealing import deal_boards
        from sessions_app.interchange.deal_files.formats import DEAL_FORMATS

        fmt, seed = options["format"], options["seed"]
        if options["session"] is None:
            if options["replace"]:
                raise CommandError("--replace goes with --session")
            return DEAL_FORMATS[fmt].write(deal_boards(numbers, seed=seed))
        from sessions_app.files.dealing import session_deal_boards, session_deal_file
        from sessions_app.models import Session

        session = Session.objects.filter(pk=options["session"]).first()
        if session is None:
            raise CommandError(f"there is no session {options['session']}")
        report = session_deal_boards(
            session=session,
            numbers=numbers,
            seed=seed,
            fmt=fmt,
            replace_deals=options["replace"],
        )
        self.stderr.write(f"Stored {report.deals} deals in {session}.")
        if report.kept:
            self.stderr.write(f"{report.kept_words.capitalize()} (--replace to deal them again).")
        return session_deal_file(session, fmt)
