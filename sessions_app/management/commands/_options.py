"""`FileCommand`, the base of every command that reads a file (`score`, `import_travellers`,
`import_pbn`, `import_usebio`): a refused file, option or setting is the command's error, said
in words. (Django takes no command from a module whose name starts with `_`.)"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError


class FileCommand(BaseCommand):
    """A command that reads a file: a refused file is the command's error, every problem
    named (`FileRefused`'s wording), and so are a bad option (`file_options`) and a --set the
    session cannot hold (`session_rules`). No system checks: they import the URLconf and every
    view (0.5 s or more), which reading a file never needs."""

    requires_system_checks: list[str] = []

    def execute(self, *args, **options):
        # Imported here: a command's start loads none of the engine (tests/test_startup.py).
        from sessions_app.interchange.file_options import OptionRefused
        from sessions_app.interchange.refused import FileRefused
        from sessions_app.session_rules import SettingsRefused

        try:
            return super().execute(*args, **options)
        except (OptionRefused, FileRefused, SettingsRefused) as error:
            raise CommandError(str(error)) from None
