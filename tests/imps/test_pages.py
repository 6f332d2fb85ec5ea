"""The players' pages and the director's running ranking of IMP sessions: IMPs where a
matchpoint session shows matchpoints and percentages, the Butler datum, the scoring method."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from sessions_app.core.results import session_touch
from sessions_app.models import Result
from tests.pages.conftest import column, parse, row_for, table_headers, table_rows

from .conftest import BUTLER_DATUM, BUTLER_NS, CROSS_IMPS_EW, CROSS_IMPS_NS


def session_url(session) -> str:
    return f"/sessions/{session.pk}/"


@pytest.mark.django_db
def test_it_ranks_a_cross_imps_session_by_its_imps(client, cross_imps):
    # docs/rules.md §9.9: pairs 1-5 NS take 10.50, -0.25, -1.25, -1.25, -7.75 (3 and 4 tie).
    tree = parse(client.get(session_url(cross_imps)))
    assert table_headers(tree, "ranking-a-ns") == ["Place", "Pair", "Names", "IMPs", "Boards"]
    assert table_rows(tree, "ranking-a-ns") == [
        ["1", "1", "Ann Lee & Bob Ray", "10.50", "1"],
        ["2", "2", "", "-0.25", "1"],
        ["3=", "3", "", "-1.25", "1"],
        ["3=", "4", "", "-1.25", "1"],
        ["5", "5", "", "-7.75", "1"],
    ]
    assert table_rows(tree, "ranking-a-ew") == [
        ["1", "15", "", "7.75", "1"],
        ["2=", "13", "", "1.25", "1"],
        ["2=", "14", "", "1.25", "1"],
        ["4", "12", "", "0.25", "1"],
        ["5", "11", "Cy Dunn & Di Fox", "-10.50", "1"],
    ]
    caption = tree.find("table", id="ranking-a-ns").find("caption").text
    assert caption.startswith("NS: place, pair, names, IMPs, boards played")


@pytest.mark.django_db
def test_it_ranks_a_butler_session_by_its_imps(client, butler):
    # docs/rules.md §9.10: NS -8, +4, -15, +9, +4, +3: pair 4 first, 2 and 5 tie second.
    tree = parse(client.get(session_url(butler)))
    assert table_rows(tree, "ranking-a-ns") == [
        ["1", "4", "", "9", "1"],
        ["2=", "2", "", "4", "1"],
        ["2=", "5", "", "4", "1"],
        ["4", "6", "", "3", "1"],
        ["5", "1", "Ann Lee & Bob Ray", "-8", "1"],
        ["6", "3", "", "-15", "1"],
    ]
    assert row_for(tree, "ranking-a-ew", "1") == {
        "Place": "1",
        "Pair": "13",
        "Names": "",
        "IMPs": "15",
        "Boards": "1",
    }


@pytest.mark.django_db
def test_it_names_the_scoring_method_on_the_session_page(client, cross_imps, butler):
    label = parse(client.get(session_url(butler))).find("p", class_="scoring-method")
    assert label.text == "Butler IMPs, datum without the top and bottom result"
    label = parse(client.get(session_url(cross_imps))).find("p", class_="scoring-method")
    assert label.text == "Cross-IMPs, average per comparison"


@pytest.mark.django_db
def test_it_shows_each_lines_cross_imps_on_the_traveller(client, cross_imps):
    tree = parse(client.get(f"/sessions/{cross_imps.pk}/boards/2/"))
    headers = table_headers(tree, "traveller-a")
    assert headers[-3:] == ["Score", "IMP NS", "IMP EW"]
    assert not {"NS MP", "EW MP", "NS %", "EW %"} & set(headers)
    rows = [dict(zip(headers, row, strict=True)) for row in table_rows(tree, "traveller-a")]
    assert [row["Score"] for row in rows] == ["+620", "+170", "+140", "+140", "-100"]
    assert [row["IMP NS"] for row in rows] == CROSS_IMPS_NS
    assert [row["IMP EW"] for row in rows] == CROSS_IMPS_EW
    assert "Top" not in tree.find("section", class_="traveller").text


@pytest.mark.django_db
def test_it_shows_the_butler_datum_and_imps_on_the_traveller(client, butler):
    tree = parse(client.get(f"/sessions/{butler.pk}/boards/3/"))
    assert tree.find("p", class_="datum").text == f"Datum {BUTLER_DATUM}"
    headers = table_headers(tree, "traveller-a")
    rows = [dict(zip(headers, row, strict=True)) for row in table_rows(tree, "traveller-a")]
    assert [row["Score"] for row in rows] == ["-650", "-170", "-1440", "+100", "-170", "-200"]
    assert [row["IMP NS"] for row in rows] == [str(imps) for imps in BUTLER_NS]
    assert [row["IMP EW"] for row in rows] == [str(-imps) for imps in BUTLER_NS]


@pytest.mark.django_db
def test_it_shows_a_datum_per_group_on_a_fouled_butler_board(client, butler):
    # Law 87: the last three tables played other cards. Groups of three keep every result in
    # the datum: (-650 - 170 - 1440) / 3 = -753.3 -> -750; (100 - 170 - 200) / 3 = -90.
    Result.objects.filter(board__session=butler, ns__label__in=["4", "5", "6"]).update(foul_group=1)
    session_touch(butler)
    tree = parse(client.get(f"/sessions/{butler.pk}/boards/3/"))
    assert tree.find("p", class_="datum").text == "Fouled board, datum per group: -750, -90"
    rows = table_rows(tree, "traveller-a")
    # NS: -650 + 750 = 100 -> 3; 580 -> 11; -690 -> -12; 100 + 90 = 190 -> 5; -80; -110.
    assert [row[-2] for row in rows] == ["3", "11", "-12", "5", "-2", "-3"]  # IMP NS


@pytest.mark.django_db
def test_it_shows_imps_and_their_total_on_the_score_card(client, cross_imps, butler):
    tree = parse(client.get(f"/sessions/{cross_imps.pk}/pairs/A/1/"))
    headers = table_headers(tree, "scorecard-card")
    assert headers[-2:] == ["Score", "IMPs"] and "%" not in headers
    assert table_rows(tree, "scorecard-card")[0][-2:] == ["+620", "10.50"]
    assert table_rows(tree, "scorecard-card", "tfoot")[0][-1] == "10.50"
    summary = {
        dt.text: dd.text for dt, dd in zip(tree.find_all("dt"), tree.find_all("dd"), strict=True)
    }
    assert summary == {"Place": "1 of 5 NS", "IMPs": "10.50 on 1 board"}
    tree = parse(client.get(f"/sessions/{butler.pk}/pairs/A/13/"))
    assert table_rows(tree, "scorecard-card")[0][-2:] == ["+1440", "15"]  # EW made 6NT
    assert table_rows(tree, "scorecard-card", "tfoot")[0][-1] == "15"


@pytest.mark.django_db
def test_it_shows_imps_in_the_directors_running_ranking(client, cross_imps):
    director = get_user_model().objects.create_user("dee", password="a-long-pass-phrase")
    cross_imps.club.directors.add(director)
    client.force_login(director)
    tree = parse(client.get(reverse("sessions_app:running_ranking", args=[cross_imps.pk])))
    table = tree.find("table")
    headers = [th.text for th in table.find("thead").find_all("th")]
    assert headers == ["Place", "Pair", "Names", "IMPs", "Boards"]
    rows = [[td.text for td in tr.find_all("td")] for tr in table.find("tbody").find_all("tr")]
    assert [row[3] for row in rows] == CROSS_IMPS_NS


@pytest.mark.django_db
def test_it_leaves_the_matchpoint_pages_as_they_were(client, pagat):
    tree = parse(client.get(session_url(pagat)))
    assert table_headers(tree, "ranking-a-ns") == ["Place", "Pair", "Names", "MP", "%", "Boards"]
    assert tree.find("p", class_="scoring-method") is None
    tree = parse(client.get(f"/sessions/{pagat.pk}/boards/1/"))
    assert table_headers(tree, "traveller-a")[-4:] == ["NS MP", "EW MP", "NS %", "EW %"]
    assert "Top 12 MP" in tree.find("section", class_="traveller").text
    tree = parse(client.get(f"/sessions/{pagat.pk}/pairs/A/3/"))
    assert table_headers(tree, "scorecard-card")[-2:] == ["MP", "%"]


@pytest.mark.django_db
@pytest.mark.parametrize("session", ["pagat", "cross_imps"])
def test_it_links_the_printed_documents_and_the_exports_from_the_session_page(
    client, request, session
):
    session = request.getfixturevalue(session)
    tree = parse(client.get(session_url(session)))
    links = {a.attrs["href"] for a in tree.find_all("a")}
    base = f"/sessions/{session.pk}"
    assert {f"{base}/print/results.pdf", f"{base}/print/score-cards.pdf"} <= links
    exports = {f"{base}/export/{fmt}/" for fmt in ("pbn", "usebio", "travellers", "json")}
    assert exports <= links
    # The ranking CSV stays the page's first download.
    assert tree.find("a", download="").attrs["href"] == f"{base}/ranking.csv"


@pytest.mark.django_db
def test_it_sorts_a_field_and_a_traveller_by_imps(client, cross_imps):
    tree = parse(client.get(session_url(cross_imps), {"a-ns-sort": "imps"}))
    assert column(tree, "ranking-a-ns", "IMPs") == ["-7.75", "-1.25", "-1.25", "-0.25", "10.50"]
    tree = parse(client.get(f"/sessions/{cross_imps.pk}/boards/2/", {"a-sort": "imp_ew"}))
    assert column(tree, "traveller-a", "IMP EW") == sorted(CROSS_IMPS_EW, key=float)
