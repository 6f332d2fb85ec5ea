"""IMP sessions out (JSON, USEBIO, PBN) and back in: the published values of docs/rules.md §9.9
and §9.10 in every file, and an export read back gives the very same results."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from sessions_app.interchange.pbn.dialects import scoring
from sessions_app.interchange.pbn.read import read_pbn
from sessions_app.interchange.pbn.write import scoring_tag
from sessions_app.interchange.refused import FileRefused
from sessions_app.interchange.usebio.read import read_usebio
from sessions_app.models import Session
from sessions_app.scoring.event import Settings
from tests.conftest import export, last_line_id, run
from tests.interchange.conftest import random_mitchell

from .conftest import BUTLER_DATUM, BUTLER_NS, BUTLER_SCORES


def usebio_of(session_id: int) -> ET.Element:
    return ET.fromstring(export(session_id, "usebio").split("\n", 2)[2])


def results_without_ids(session_id: int) -> dict:
    document = export(session_id)
    document["session"].pop("id")
    return document


def through(tmp_path, session_id: int, fmt: str) -> int:
    path = tmp_path / f"session.{'xml' if fmt == 'usebio' else fmt}"
    path.write_text(export(session_id, fmt))
    return last_line_id(run(f"import_{fmt}", str(path)))


def table_of(pbn: str, tag: str) -> list[list[str]]:
    """The header and rows of the first table `tag` of a PBN text, cell by cell."""
    lines = pbn.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"[{tag} "))
    header = lines[start].split('"')[1].split(";")
    rows = []
    for line in lines[start + 1 :]:
        if not line.strip() or line.startswith("["):
            break
        rows.append(line.split())
    return [[name.split("\\")[0] for name in header], *rows]


# JSON -----------------------------------------------------------------------------------------


@pytest.mark.django_db
def test_it_exports_each_lines_cross_imps_and_the_totals_in_json(cross_imps):
    document = export(cross_imps.pk)
    assert document["session"]["method"] == "cross_imps"
    board = document["sections"][0]["boards"][0]
    assert "top" not in board and "datum" not in board
    assert [(r["imp_ns"], r["imp_ew"]) for r in board["results"]] == [
        (10.5, -10.5),
        (-0.25, 0.25),
        (-1.25, 1.25),
        (-1.25, 1.25),
        (-7.75, 7.75),
    ]
    ns = document["sections"][0]["fields"][0]["ranking"]
    assert [(r["place"], r["pair"], r["imps"]) for r in ns] == [
        ("1", "1", 10.5),
        ("2", "2", -0.25),
        ("3=", "3", -1.25),
        ("3=", "4", -1.25),
        ("5", "5", -7.75),
    ]


@pytest.mark.django_db
def test_it_exports_the_butler_datum_and_imps_in_json(butler):
    board = export(butler.pk)["sections"][0]["boards"][0]
    assert board["datum"] == BUTLER_DATUM
    assert [r["score_ns"] for r in board["results"]] == BUTLER_SCORES
    assert [r["imp_ns"] for r in board["results"]] == [float(imps) for imps in BUTLER_NS]


# USEBIO ---------------------------------------------------------------------------------------


@pytest.mark.django_db
def test_it_writes_a_cross_imps_event_to_usebio(cross_imps):
    event = usebio_of(cross_imps.pk).find("EVENT")
    assert event.get("EVENT_TYPE") == "CROSS_IMPS"
    assert event.findtext("BOARD_SCORING_METHOD") == "CROSS_IMPS"
    lines = event.findall("BOARD/TRAVELLER_LINE")
    assert [line.findtext("NS_CROSS_IMP_POINTS") for line in lines] == [
        "10.50",
        "-0.25",
        "-1.25",
        "-1.25",
        "-7.75",
    ]
    assert lines[0].findtext("EW_CROSS_IMP_POINTS") == "-10.50"
    assert not event.findall(".//NS_MATCH_POINTS") and not event.findall(".//PERCENTAGE")
    pair_5 = next(p for p in event.iter("PAIR") if p.findtext("PAIR_NUMBER") == "5")
    assert [pair_5.findtext(t) for t in ("DIRECTION", "PLACE", "TOTAL_SCORE")] == [
        "NS",
        "5",
        "-7.75",
    ]


@pytest.mark.django_db
def test_it_writes_a_butler_event_with_its_datum_to_usebio(butler):
    event = usebio_of(butler.pk).find("EVENT")
    assert event.get("EVENT_TYPE") == "BUTLER_PAIRS"
    assert event.findtext("BOARD_SCORING_METHOD") == "BUTLER_IMPS"
    assert event.findtext("BOARD/BOARD_AVERAGE") == str(BUTLER_DATUM)
    lines = event.findall("BOARD/TRAVELLER_LINE")
    assert [line.findtext("SCORE") for line in lines] == [str(s) for s in BUTLER_SCORES]
    assert [line.findtext("NS_BUTLER_POINTS") for line in lines] == [
        f"{imps:.2f}" for imps in BUTLER_NS
    ]
    pair_13 = next(p for p in event.iter("PAIR") if p.findtext("PAIR_NUMBER") == "13")
    assert [pair_13.findtext(t) for t in ("PLACE", "TOTAL_SCORE")] == ["1", "15.00"]


COMPSCORE_CROSS_IMP = """<?xml version="1.0"?>
<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">
<USEBIO Version="1.2">
<EVENT EVENT_TYPE="CROSS_IMP">
  <EVENT_DESCRIPTION>Monday cross-IMPs</EVENT_DESCRIPTION>
  <PROGRAM_NAME>Compscore3</PROGRAM_NAME>
  <WINNER_TYPE>2</WINNER_TYPE>
  <DATE>16/11/2026</DATE>
  <SCORING_METHOD>IMPS</SCORING_METHOD>
  <PARTICIPANTS EVENT_TYPE="CROSS_IMP">
    <PAIR><PAIR_NUMBER>1</PAIR_NUMBER><DIRECTION>NS</DIRECTION>
      <TOTAL_SCORE>10.50</TOTAL_SCORE><PLACE>1</PLACE></PAIR>
  </PARTICIPANTS>
  <BOARD EVENT_TYPE="CROSS_IMP">
    <BOARD_NUMBER>2</BOARD_NUMBER>
{lines}
  </BOARD>
</EVENT>
</USEBIO>
"""


def compscore_lines(points: list[str]) -> str:
    scores = [620, 170, 140, 140, -100]
    return "\n".join(
        f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER>"
        f"<EW_PAIR_NUMBER>{ns + 10}</EW_PAIR_NUMBER><SCORE>{score}</SCORE>"
        f"<NS_CROSS_IMP_POINTS>{value}</NS_CROSS_IMP_POINTS>"
        f"<EW_CROSS_IMP_POINTS>{value[1:] if value[0] == '-' else '-' + value}"
        "</EW_CROSS_IMP_POINTS></TRAVELLER_LINE>"
        for ns, (score, value) in enumerate(zip(scores, points, strict=True), start=1)
    )


@pytest.mark.django_db
def test_it_imports_a_compscore_cross_imp_event_and_agrees_with_it(club, tmp_path):
    # docs/rules.md §9.9 as Compscore3 writes it: EVENT_TYPE CROSS_IMP, *_CROSS_IMP_POINTS.
    path = tmp_path / "cross.xml"
    lines = compscore_lines(["10.50", "-0.25", "-1.25", "-1.25", "-7.75"])
    path.write_text(COMPSCORE_CROSS_IMP.replace("{lines}", lines))
    output = run("import_usebio", str(path))
    session = Session.objects.get(pk=last_line_id(output))
    assert session.method == "cross_imps"
    assert "The file's IMPs agree with clubscorer's." in output
    results = export(session.pk)["sections"][0]["boards"][0]["results"]
    assert [r["imp_ns"] for r in results] == [10.5, -0.25, -1.25, -1.25, -7.75]


@pytest.mark.django_db
def test_it_lists_where_a_files_imps_differ(club, tmp_path):
    path = tmp_path / "cross.xml"
    lines = compscore_lines(["10.50", "-0.25", "-1.25", "-1.50", "-7.75"])
    path.write_text(COMPSCORE_CROSS_IMP.replace("{lines}", lines))
    output = run("import_usebio", str(path))
    assert output.splitlines()[1:4] == [
        "2 difference(s) between the file and clubscorer (Cross-IMPs):",
        "  line 19: board 2, 4 v 14: NS IMPs -1.50 in the file, -1.25 here",
        "  line 19: board 2, 4 v 14: EW IMPs 1.50 in the file, 1.25 here",
    ]


BUTLER_EVENT = """<?xml version="1.0"?>
<USEBIO Version="1.2">
<EVENT EVENT_TYPE="BUTLER_PAIRS">
  <BOARD>
    <BOARD_NUMBER>3</BOARD_NUMBER>
    <BOARD_AVERAGE>{datum}</BOARD_AVERAGE>
{lines}
  </BOARD>
</EVENT>
</USEBIO>
"""


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("datum", "ns_imps", "discard"),
    [
        # docs/rules.md §9.10: one left out at each end, datum -300.
        (-300, BUTLER_NS, "1"),
        # Every result in the datum: -2530 / 6 = -421.7 -> -420.
        (-420, [-6, 6, -14, 11, 6, 6], "0"),
    ],
)
def test_it_imports_a_butler_event_with_the_datum_setting_its_file_used(
    club, tmp_path, datum, ns_imps, discard
):
    lines = "\n".join(
        f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER>"
        f"<EW_PAIR_NUMBER>{ns + 10}</EW_PAIR_NUMBER><SCORE>{score}</SCORE>"
        f"<NS_BUTLER_POINTS>{imps}</NS_BUTLER_POINTS><EW_BUTLER_POINTS>{-imps}"
        "</EW_BUTLER_POINTS></TRAVELLER_LINE>"
        for ns, (score, imps) in enumerate(zip(BUTLER_SCORES, ns_imps, strict=True), start=1)
    )
    path = tmp_path / "butler.xml"
    path.write_text(BUTLER_EVENT.replace("{datum}", str(datum)).replace("{lines}", lines))
    output = run("import_usebio", str(path))
    session = Session.objects.get(pk=last_line_id(output))
    assert (session.method, session.butler_discard) == ("butler", discard)
    assert "The file's IMPs agree with clubscorer's." in output
    assert export(session.pk)["sections"][0]["boards"][0]["datum"] == datum


def test_it_reads_the_scoring_method_of_a_usebio_event():
    def method(event: str) -> str:
        return read_usebio(f"<USEBIO><EVENT {event}</EVENT></USEBIO>".encode()).method

    assert method('EVENT_TYPE="MP_PAIRS">') == "mp"
    assert method('EVENT_TYPE="CROSS_IMPS">') == "cross_imps"
    assert method('EVENT_TYPE="BUTLER_PAIRS">') == "butler"
    assert (
        method('EVENT_TYPE="PAIRS"><BOARD_SCORING_METHOD>BUTLER_IMPS</BOARD_SCORING_METHOD>')
        == "butler"
    )
    assert method('EVENT_TYPE="PAIRS"><BOARD_SCORING_METHOD>IMPS</BOARD_SCORING_METHOD>') == (
        "cross_imps"
    )


# PBN ------------------------------------------------------------------------------------------


@pytest.mark.django_db
def test_it_writes_imps_in_the_pbn_tables(cross_imps, butler):
    pbn = export(cross_imps.pk, "pbn")
    assert '[Scoring "IMP;Cross"]' in pbn
    header, *rows = table_of(pbn, "ScoreTable")
    assert header[-2:] == ["IMP_NS", "IMP_EW"] and "MP_NS" not in header
    assert [row[header.index("IMP_NS")] for row in rows] == [
        "10.50",
        "-0.25",
        "-1.25",
        "-1.25",
        "-7.75",
    ]
    header, *rows = table_of(pbn, "TotalScoreTable")
    assert header == ["Rank", "PairId", "Direction", "Names", "TotalIMP", "NrBoards"]
    assert rows[0] == ["1", "1", "NS", '"Ann', "Lee;Bob", 'Ray"', "10.50", "1"]
    pbn = export(butler.pk, "pbn")
    # One at each end keeping two results is not Ruter's Butler-2 on a board of three results:
    # plain Butler, the datum in the ClubscorerSettings tag.
    assert '[Scoring "IMP;Butler"]' in pbn
    header, *rows = table_of(pbn, "ScoreTable")
    assert [row[header.index("IMP_NS")] for row in rows] == [f"{i:.2f}" for i in BUTLER_NS]


@pytest.mark.django_db
def test_it_reads_the_scoring_method_and_imps_of_a_pbn_file(cross_imps, butler):
    read = read_pbn(export(cross_imps.pk, "pbn"))
    assert read.method == "cross_imps"
    assert [str(line.values["imp_ns"]) for line in read.lines] == [
        "10.50",
        "-0.25",
        "-1.25",
        "-1.25",
        "-7.75",
    ]
    assert str(read.totals[0].values["imps"]) == "10.50"
    assert read_pbn(export(butler.pk, "pbn")).method == "butler"


@pytest.mark.parametrize(
    ("tag", "method"),
    [
        ("MP", "mp"),
        ("MatchPoints", "mp"),
        ("", "mp"),
        ("IMP;Cross", "cross_imps"),
        ("IMP", "cross_imps"),
        ("Butler", "butler"),
        ("IMP;Butler", "butler"),
    ],
)
def test_it_reads_the_scoring_method_of_a_pbn_scoring_tag(tag, method):
    assert scoring(tag)[0] == method


@pytest.mark.parametrize(
    ("method", "discard", "tag"),
    [
        ("mp", "1", "MP"),
        ("cross_imps", "1", "IMP;Cross"),
        # Ruter's Butler-N: N results left out in all
        ("butler", "0", "IMP;Butler-0;Mean"),
        ("butler", "1to1", "IMP;Butler-2;Mean"),
        ("butler", "median", "IMP;Butler;Median"),
        # no Ruter word says these exactly: plain Butler (ClubscorerSettings says which)
        ("butler", "1", "IMP;Butler"),
        ("butler", "2", "IMP;Butler"),
        ("butler", "10%", "IMP;Butler"),
    ],
)
def test_it_writes_the_scoring_tag_with_the_meaning_ruter_gives_it(method, discard, tag):
    assert scoring_tag(Settings(method=method, butler_discard=discard)) == tag
    if method == "butler":  # read back: the datum the tag says, or None (the IMPs decide)
        assert scoring(tag) == ("butler", None if tag == "IMP;Butler" else discard)


@pytest.mark.django_db
def test_it_refuses_a_pbn_file_whose_games_were_scored_differently(butler):
    pbn = export(butler.pk, "pbn")
    game = pbn[pbn.index("[Event") :]
    other = game.replace('[Board "3"]', '[Board "4"]').replace('"IMP;Butler"', '"MP"')
    with pytest.raises(FileRefused) as error:
        read_pbn(pbn + "\n" + other)
    line = pbn.count("\n") + 1 + other[: other.index("[Scoring")].count("\n") + 1
    assert error.value.errors == [
        f"line {line}: Scoring 'MP' is not the scoring of line 17 ('IMP;Butler')"
    ]


# Round trips ----------------------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("fmt", ["usebio", "pbn"])
@pytest.mark.parametrize("session", ["cross_imps", "butler"])
def test_it_round_trips_an_imp_session(tmp_path, request, session, fmt):
    original = request.getfixturevalue(session)
    copy = through(tmp_path, original.pk, fmt)
    assert results_without_ids(copy) == results_without_ids(original.pk)
    assert Session.objects.get(pk=copy).method == original.method


@pytest.mark.django_db
@pytest.mark.parametrize("fmt", ["usebio", "pbn"])
@pytest.mark.parametrize(
    ("method", "discard", "tables"),
    # 10% of 15 results is 2 at each end (1.5 rounded up), not the usual 1.
    [("cross-imps", "1", 7), ("butler", "1", 7), ("butler", "0", 7), ("butler", "10%", 15)],
)
def test_it_round_trips_a_random_imp_session_with_adjusted_scores(
    club, tmp_path, method, discard, tables, fmt
):
    travellers, names = random_mitchell(31, tables=tables, boards_per_round=1)
    (tmp_path / "random.csv").write_text(travellers)
    (tmp_path / "names.csv").write_text(names)
    original = last_line_id(
        run(
            "import_travellers",
            str(tmp_path / "random.csv"),
            "--names",
            str(tmp_path / "names.csv"),
            "--name",
            "Random IMPs",
            "--date",
            "2026-11-23",
            "--method",
            method,
            "--butler-discard",
            discard,
        )
    )
    document = results_without_ids(original)
    contracts = {r["contract"] for b in document["sections"][0]["boards"] for r in b["results"]}
    assert {"NP", "PASS"} <= contracts and contracts & {"A+/A-", "A", "A-/A+", "A+", "A-"}
    copy = through(tmp_path, original, fmt)
    assert results_without_ids(copy) == document
    assert Session.objects.get(pk=copy).butler_discard == discard


# Every ruling at IMPs: assigned, split, weighted, artificial, not played and a fouled board in
# two groups, on board 1 (None) of a 6-table field.
IMP_RULINGS = """\
board,ns,ew,contract,declarer,tricks,score,foul,reason
1,1,11,assigned 4S N 10,,,,,Law 16B
1,2,12,4S N 10 / 4S N 9,,,,,
1,3,13,30% 4S N 10; 70% 3NT S 8,,,,,Law 12C1(c)
1,4,14,A+/A-,,,,,
1,5,15,4S,N,11,,1,
1,6,16,1/3 4S N 11; 2/3 4S N 9,,,,1,
1,7,17,NP,,,,,
2,1,11,3NT,S,9,,1,Law 87
2,2,12,3NT,S,10,,1,
2,3,13,2S,W,8,,2,
2,4,14,2S,W,9,,2,
"""


@pytest.mark.django_db
@pytest.mark.parametrize("fmt", ["usebio", "pbn", "travellers"])
@pytest.mark.parametrize("method", ["cross-imps", "butler"])
def test_it_round_trips_every_ruling_at_imps(club, tmp_path, method, fmt):
    (tmp_path / "rulings.csv").write_text(IMP_RULINGS)
    original = last_line_id(
        run(
            "import_travellers",
            str(tmp_path / "rulings.csv"),
            "--name",
            "IMP rulings",
            "--date",
            "2026-11-23",
            "--method",
            method,
        )
    )
    document = results_without_ids(original)
    kinds = {r.get("kind") for b in document["sections"][0]["boards"] for r in b["results"]}
    assert kinds == {None, "assigned", "split", "weighted", "artificial", "not_played"}
    if fmt == "travellers":
        (tmp_path / "copy.csv").write_text(export(original, "travellers"))
        copy = last_line_id(
            run(
                "import_travellers",
                str(tmp_path / "copy.csv"),
                "--name",
                "IMP rulings",
                "--date",
                "2026-11-23",
                "--method",
                method,
            )
        )
    else:
        copy = through(tmp_path, original, fmt)
    assert results_without_ids(copy) == document
