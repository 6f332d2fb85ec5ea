"""python manage.py show_movement --kind mitchell|howell --tables N --boards-per-round K ...

Prints a movement as JSON (`Movement.to_dict()`) or as a text table, round by round, so a
director can check it against the table cards. Examples:

    python manage.py show_movement --kind mitchell --tables 7 --boards-per-round 3
    python manage.py show_movement --kind mitchell --tables 8 --boards-per-round 3 --relay \\
        --arrow-switch last --format json
    python manage.py show_movement --kind howell --tables 5 --boards-per-round 3 --pairs 9
    python manage.py show_movement --kind howell --tables 5 --boards-per-round 3 --missing-pair 4
"""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError

from sessions_app.movements import (
    check,
    howell,
    mitchell,
    movement_text,
    parse_arrow_switch,
)
from sessions_app.movements.mitchell import MAX_TABLES, MIN_TABLES, EvenMethod
from sessions_app.movements.model import Movement


class Command(BaseCommand):
    help = "Show a Mitchell or Howell movement round by round (JSON or text)."

    def add_arguments(self, parser):
        parser.add_argument("--kind", choices=["mitchell", "howell"], required=True)
        parser.add_argument("--tables", type=int, required=True)
        parser.add_argument("--boards-per-round", type=int, required=True)
        parser.add_argument(
            "--arrow-switch",
            default="none",
            help="none (default), last, or round numbers such as 3,7 (Mitchell only)",
        )
        even = parser.add_mutually_exclusive_group()
        even.add_argument(
            "--skip", action="store_true", help="even Mitchell: EW skip a table halfway"
        )
        even.add_argument(
            "--relay",
            action="store_true",
            help="even Mitchell: tables 1 and T share, bye stand in the middle",
        )
        parser.add_argument("--pairs", type=int, help="2T, or 2T-1 for a half table")
        parser.add_argument(
            "--missing-pair", type=int, help="half table: the pair that is missing (2T-1 pairs)"
        )
        parser.add_argument("--rounds", type=int, help="play fewer rounds (Mitchell)")
        parser.add_argument("--format", choices=["json", "text"], default="text")

    def handle(self, *args, **options):
        movement = _build(options)
        problems = check(movement)
        if problems:  # the builders only make sound movements; never print a broken one
            raise CommandError("the movement is not sound: " + "; ".join(problems))
        if options["format"] == "json":
            self.stdout.write(json.dumps(movement.to_dict(), indent=2))
        else:
            self.stdout.write(movement_text(movement), ending="")


def _build(options) -> Movement:
    try:
        switch = parse_arrow_switch(options["arrow_switch"])
        if options["kind"] == "howell":
            if options["skip"] or options["relay"]:
                raise ValueError("--skip and --relay are for an even-table Mitchell, not a Howell")
            return howell(
                options["tables"],
                options["boards_per_round"],
                pairs=options["pairs"],
                rounds=options["rounds"],
                arrow_switch=switch,
                missing_pair=options["missing_pair"],
            )
        method: EvenMethod | None = (
            "skip" if options["skip"] else "relay" if options["relay"] else None
        )
        tables = options["tables"]
        if method is None and tables % 2 == 0 and MIN_TABLES <= tables <= MAX_TABLES:
            raise ValueError(
                f"{tables} tables is an even number: add --skip (EW pairs skip a table"
                " halfway) or --relay (relay and bye stand)"
            )
        return mitchell(
            tables,
            options["boards_per_round"],
            method=method,
            pairs=options["pairs"],
            rounds=options["rounds"],
            arrow_switch=switch,
            missing_pair=options["missing_pair"],
        )
    except ValueError as error:
        raise CommandError(str(error)) from error
