"""Two directors saving the same line at the same moment, each on a real database connection
of its own: the second save, made from the version both opened, is refused."""

from __future__ import annotations

import threading
import time

import pytest
from django.db import connection, transaction

from sessions_app.entry.checks import StaleLine
from sessions_app.entry.lines import LineInput, result_save
from sessions_app.models import Result, ResultChange
from sessions_app.scoring.rulings import parse_ruling


def _line(typed: str) -> LineInput:
    return LineInput(1, "1", "8", parse_ruling(typed, "None"))


@pytest.mark.django_db(transaction=True)
def test_the_later_of_two_simultaneous_saves_is_refused(mitchell):
    first = result_save(section=mitchell, line=_line("4sn10"))  # both directors open version 1
    saved, release = threading.Event(), threading.Event()
    outcome: dict[str, object] = {}

    def director_a():
        try:
            with transaction.atomic():  # saves, then holds its transaction open a moment
                result_save(section=mitchell, line=_line("4sn11"), result_id=first.pk, version=1)
                saved.set()
                release.wait(10)
            outcome["a"] = "saved"
        finally:
            connection.close()

    def director_b():
        try:
            result_save(section=mitchell, line=_line("4sn9"), result_id=first.pk, version=1)
            outcome["b"] = "saved"
        except StaleLine as refused:
            outcome["b"] = str(refused)
        finally:
            connection.close()

    a = threading.Thread(target=director_a)
    a.start()
    assert saved.wait(10)
    b = threading.Thread(target=director_b)
    b.start()
    time.sleep(0.5)  # B now waits for A's lock (PostgreSQL: the row; SQLite: the database)
    release.set()
    a.join(20)
    b.join(20)

    assert outcome["a"] == "saved"
    assert "now reads 4S by N, 11 tricks (+450)" in str(outcome["b"])
    line = Result.objects.get(pk=first.pk)
    assert (line.tricks, line.version) == (11, 2)
    assert ResultChange.objects.filter(result=line, action="update").count() == 1
