#!/usr/bin/env python
import os
import sys

if __name__ == "__main__":
    if sys.argv[1:2] == [
        "score"
    ]:  # a file scored without Django (sessions_app/interchange/score_cli.py)
        from sessions_app.interchange.score_cli import main

        status = main(sys.argv[2:])
        if status is not None:
            sys.exit(status)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubscorer.settings")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)
