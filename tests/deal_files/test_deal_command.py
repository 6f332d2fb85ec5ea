"""`manage.py deal`: boards dealt into a file, from a seed the same every time, onto a
session when asked; `import_pbn --session` keeps a board's different deal unless --replace."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from sessions_app.interchange.deal_files.dealing import deal_boards
from sessions_app.interchange.deal_files.formats import DEAL_FORMATS
from sessions_app.models import Board
from tests.conftest import PAGAT_BOARD_1, run


def test_it_writes_the_seeded_boards_as_pbn_to_standard_output():
    text = run("deal", "--boards", "1-3", "--seed", "Tuesday")
    boards = DEAL_FORMATS["pbn"].read(text.encode())
    expected = deal_boards(range(1, 4), seed="Tuesday")
    assert [(b.number, b.deal, b.dealer, b.vulnerability) for b in boards] == [
        (b.number, b.deal, b.dealer, b.vulnerability) for b in expected
    ]
    assert text == run("deal", "--boards", "1-3", "--seed", "Tuesday")


def test_it_writes_a_dealing_machine_s_file(tmp_path):
    path = tmp_path / "set.dup"
    run("deal", "--boards", "1-24", "--format", "dup", "-o", str(path))
    assert [board.number for board in DEAL_FORMATS["dup"].read(path.read_bytes())] == list(
        range(1, 25)
    )


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--boards", "28-1"], "'28-1': a range goes up, e.g. 1-28"),
        (["--boards", "5-8", "--format", "bri"], "a .bri file numbers its boards 1, 2, 3"),
        (["--boards", "1", "--replace"], "--replace goes with --session"),
    ],
)
def test_it_says_what_is_wrong_in_words(args, words):
    with pytest.raises(CommandError, match=words):
        run("deal", *args)


@pytest.mark.django_db
def test_it_deals_onto_a_session_keeping_a_different_deal(make_session):
    session = make_session(PAGAT_BOARD_1)
    run("deal", "--boards", "1", "--seed", "Tuesday", "--session", str(session.pk))
    errors = io.StringIO()
    out = io.StringIO()
    call_command(
        "deal",
        "--boards",
        "1-2",
        "--seed",
        "x",
        "--session",
        str(session.pk),
        stdout=out,
        stderr=errors,
    )
    assert "Board 1 already has a different deal, kept (--replace to deal them again)." in (
        errors.getvalue()
    )
    deals = dict(Board.objects.filter(session=session).values_list("number", "deal"))
    assert deals == {
        1: deal_boards([1], seed="Tuesday")[0].deal,
        2: deal_boards([2], seed="x")[0].deal,
    }
    # the file written is the session's deals as stored
    assert [b.deal for b in DEAL_FORMATS["pbn"].read(out.getvalue().encode())] == [
        deals[1],
        deals[2],
    ]


@pytest.mark.django_db
def test_import_pbn_keeps_a_different_deal_unless_replace(make_session, tmp_path):
    session = make_session(PAGAT_BOARD_1)
    run("deal", "--boards", "1", "--seed", "Tuesday", "--session", str(session.pk))
    path = tmp_path / "other.pbn"
    path.write_bytes(DEAL_FORMATS["pbn"].write(deal_boards([1], seed="x")))
    output = run("import_pbn", str(path), "--session", str(session.pk))
    assert "Board 1 already has a different deal, kept (--replace to store the file's)." in output
    assert (
        Board.objects.get(session=session, number=1).deal
        == deal_boards([1], seed="Tuesday")[0].deal
    )
    run("import_pbn", str(path), "--session", str(session.pk), "--replace")
    assert Board.objects.get(session=session, number=1).deal == deal_boards([1], seed="x")[0].deal
