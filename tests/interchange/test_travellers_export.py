"""export_results --format travellers / names: CSVs that import_travellers reads back."""

from __future__ import annotations

import pytest

from sessions_app.interchange.travellers.names import read_names
from sessions_app.interchange.travellers.read import read_travellers
from tests.conftest import export

TRAVELLERS = """\
    section,board,round,table,ns,ew,contract,declarer,tricks,lead,score
    A,1,1,1,1,4,4S,N,10,HK,
    A,1,2,2,2,5,PASS,,,,
    A,1,3,3,3,6,,,,,-50
    A,2,1,2,2,4,A+/A-,,,,
    A,2,2,3,3,5,NP,,,,
    A,2,3,1,1,6,3NTX,W,7,S4,
"""
NAMES = """\
    pair,player1,player2,direction
    1,Ann Smith,"Bob ""Ace"" Jones",NS
    4,Zoë Ward,,EW
"""


@pytest.mark.django_db
def test_it_writes_every_kind_of_line_as_the_importer_reads_it(make_session):
    session = make_session(TRAVELLERS, NAMES)
    text = export(session.pk, "travellers")
    assert text.splitlines() == [
        "section,board,round,table,ns,ew,contract,declarer,tricks,lead,score",
        "A,1,1,1,1,4,4S,N,10,HK,420",  # board 1: None vulnerable
        "A,1,2,2,2,5,PASS,,,,0",
        "A,1,3,3,3,6,,,,,-50",  # only the score was known
        "A,2,1,2,2,4,A+/A-,,,,",
        "A,2,2,3,3,5,NP,,,,",
        "A,2,3,1,1,6,3NTX,W,7,S4,300",  # 3NTX by W two down, EW not vulnerable: 100 + 200
    ]
    rows = read_travellers(text)
    assert [(r.board, r.round, r.table, r.ns, r.ew, r.lead, r.outcome.token) for r in rows][-1] == (
        2,
        3,
        1,
        "1",
        "6",
        "S4",
        "3NTX",
    )


@pytest.mark.django_db
def test_it_writes_the_names_with_their_directions(make_session):
    session = make_session(TRAVELLERS, NAMES)
    text = export(session.pk, "names")
    assert text.splitlines()[:3] == [
        "section,pair,player1,player2,direction",
        'A,1,Ann Smith,"Bob ""Ace"" Jones",NS',
        "A,2,,,NS",
    ]
    named = {row.pair: row for row in read_names(text)}
    assert named["4"].names == ("Zoë Ward", "") and named["4"].direction == "EW"
