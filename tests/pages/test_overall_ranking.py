"""A session ranked across its sections (docs/rules.md §6.6) shows that ranking on its page
and in its printed results, beside each section's own.

The session is the rules' worked example: board 1, sections A and B of two tables, scored
across the field (E 4, top 6): A: NS 1 v EW 11 +420, NS 2 v EW 12 +450; B: NS 1 v EW 11
+400, NS 2 v EW 12 +430. NS get 6, 4, 2, 0 for 450, 430, 420, 400; EW the rest of 6.
  NS: A2 6 (100%), B2 4 (66.67%), A1 2 (33.33%), B1 0 (0%)
  EW: B11 6 (100%), A11 4 (66.67%), B12 2 (33.33%), A12 0 (0%)
"""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from sessions_app.interchange.files import read_file
from sessions_app.interchange.plan import plan_file, plan_results
from tests.conftest import export
from tests.pages.conftest import parse, table_rows
from tests.printing.conftest import has_row, pdf_pages

# A: 4S= +420, 4S+1 +450; B: 3NT= +400, 3NT+1 +430 (none vulnerable on board 1).
TRAVELLERS = """\
    section,board,ns,ew,contract,declarer,tricks
    A,1,1,11,4S,N,10
    A,1,2,12,4S,N,11
    B,1,1,11,3NT,N,9
    B,1,2,12,3NT,N,10
"""


@pytest.fixture
def two_sections(make_session, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    return make_session(
        TRAVELLERS,
        publish=True,
        settings={"across_the_field": True, "overall_ranking": "direction"},
    )


@pytest.mark.django_db
def test_the_page_shows_each_direction_across_the_sections_then_each_section(client, two_sections):
    tree = parse(client.get(reverse("sessions_app:session", args=[two_sections.pk])))
    places = [(row[0], row[1], row[3]) for row in table_rows(tree, "ranking-overall-ns")]
    assert places == [("1", "A2", "6"), ("2", "B2", "4"), ("3", "A1", "2"), ("4", "B1", "0")]
    assert [row[:2] for row in table_rows(tree, "ranking-overall-ew")] == [
        ["1", "B11"],
        ["2", "A11"],
        ["3", "B12"],
        ["4", "A12"],
    ]
    assert [row[:2] for row in table_rows(tree, "ranking-a-ns")] == [["1", "2"], ["2", "1"]]
    headings = [node.text for node in tree.find_all("h2")]
    assert headings[:4] == ["All sections NS", "All sections EW", "Section A NS", "Section A EW"]
    # each pair of the overall ranking links to its own score card
    link = tree.find("table", id="ranking-overall-ns").find("tbody").find("a")
    assert link.attrs["href"] == reverse("sessions_app:pair", args=[two_sections.pk, "A", "2"])


@pytest.mark.django_db
def test_the_printed_results_show_it_too(client, two_sections):
    response = client.get(reverse("sessions_app:print", args=[two_sections.pk, "results"]))
    (page,) = pdf_pages(response.content)
    assert "All sections NS" in page and "All sections EW" in page
    assert has_row(page, "1", "A2") and has_row(page, "2", "B2") and has_row(page, "4", "B1")
    assert has_row(page, "1", "B11") and has_row(page, "4", "A12")


@pytest.mark.django_db
def test_the_files_carry_it_first_each_pair_with_its_section(client, two_sections):
    csv = client.get(reverse("sessions_app:ranking_csv", args=[two_sections.pk]))
    lines = csv.content.decode("utf-8-sig").splitlines()
    assert lines[0] == "section,field,place,pair,names,matchpoints,max,percentage,boards"
    assert [line.split(",")[:4] for line in lines[1:5]] == [
        ["A", "overall NS", "1", "2"],
        ["B", "overall NS", "2", "2"],
        ["A", "overall NS", "3", "1"],
        ["B", "overall NS", "4", "1"],
    ]
    assert lines[1].split(",")[-4:] == ["6", "6", "100.00", "1"]
    assert [line.split(",")[:4] for line in lines[9:11]] == [
        ["A", "NS", "1", "2"],
        ["A", "NS", "2", "1"],
    ]
    document = export(two_sections.pk)
    ns, ew = document["overall"]
    assert [(r["section"], r["pair"], r["place"]) for r in ew["ranking"]] == [
        ("B", "11", "1"),
        ("A", "11", "2"),
        ("B", "12", "3"),
        ("A", "12", "4"),
    ]
    assert ns["direction"] == "NS" and ns["ranking"][1]["percentage"] == 66.67
    text = export(two_sections.pk, "text")
    assert text.index("All sections NS") < text.index("Section A NS")
    assert "\n2     B2 " in text


@pytest.mark.django_db
def test_one_field_across_the_sections_is_titled_alike_on_the_page_and_in_the_text(
    client, make_session
):
    session = make_session(
        TRAVELLERS, publish=True, settings={"across_the_field": True, "overall_ranking": "field"}
    )
    tree = parse(client.get(reverse("sessions_app:session", args=[session.pk])))
    assert [node.text for node in tree.find_all("h2")][:2] == ["All sections", "Section A NS"]
    text = export(session.pk, "text").splitlines()
    assert "All sections" in text and text.index("All sections") < text.index("Section A NS")


@pytest.mark.django_db
@pytest.mark.parametrize("kind", ["usebio", "pbn"])
def test_usebio_and_pbn_write_the_places_across_sections_and_read_them_back(two_sections, kind):
    # USEBIO's PLACE and PBN's Rank are each pair's place across the sections, as EBUScore and
    # Ruter write them: A's NS pair 1 is 3rd of the four NS pairs (33.33%), 2nd in A alone
    data = export(two_sections.pk, kind).encode()
    results_file = read_file(data, kind=kind)
    written = {(t.section, t.pair): t.places for t in results_file.totals}
    assert written[("A", "1")] == {"overall": "3"} and written[("B", "11")] == {"overall": "1"}
    # Read as another program's file, without clubscorer's settings, the figures alone say
    # how it was scored and ranked, and every place and figure is reproduced
    foreign = re.sub(
        rb"<CLUBSCORER_SETTING>.*?</CLUBSCORER_SETTING>|\[ClubscorerSettings .*\]\n", b"", data
    )
    results_file = read_file(foreign, kind=kind)
    assert results_file.settings == {"overall_ranking": "direction"}
    plan = plan_file(results_file)
    assert plan.values["across_the_field"] is True and plan.values["overall_ranking"] == "direction"
    assert plan.differences == ()
    results = plan_results(plan, results_file)
    assert [(s.score.section, s.score.label, s.place) for s in results.overall[0].standings] == [
        ("A", "2", "1"),
        ("B", "2", "2"),
        ("A", "1", "3"),
        ("B", "1", "4"),
    ]
