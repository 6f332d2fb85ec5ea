"""The name of a session made from a file (interchange/plan.py `imported_session_name`): the
same whichever way the file comes in (the upload page, the import commands, `manage.py
score`)."""

from __future__ import annotations

from sessions_app.interchange.files import read_file
from sessions_app.interchange.plan import UNNAMED_SESSION, imported_session_name, plan_file


def test_the_directors_name_else_the_files_else_its_file_names_words():
    assert imported_session_name("Tuesday", "Club pairs", "t.pbn") == "Tuesday"
    assert imported_session_name("", "Club pairs", "tuesday_pairs.pbn") == "Club pairs"
    assert imported_session_name("", "", "uploads\\tuesday__pairs.csv") == "tuesday pairs"
    assert imported_session_name("", "", "") == UNNAMED_SESSION == "Imported session"
    assert imported_session_name("", "", ".csv") == "Imported session"
    assert len(imported_session_name("x" * 200, "", "")) == 120


def test_a_planned_file_is_named_so():
    results_file = read_file(b"board,ns,ew,score\n1,1,2,420\n", kind="csv")
    assert plan_file(results_file, filename="wed_pairs.csv").values["name"] == "wed pairs"
    assert plan_file(results_file).values["name"] == "Imported session"
