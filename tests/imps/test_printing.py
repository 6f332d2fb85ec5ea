"""The printed results of IMP sessions, read back from the PDF: each pair's IMPs, written as
the pages write them (scoring/display.py `points`: 10.50, -0.25)."""

from __future__ import annotations

import pytest

from .conftest import BUTLER_NS, pdf_text


def ranking_rows(text: str) -> dict[str, list[str]]:
    """Each ranking row of a results PDF by pair (Place, Pair, Names..., Boards, IMPs)."""
    rows = {}
    for line in text.splitlines():
        words = line.split()
        if len(words) >= 4 and words[0].rstrip("=").isdigit() and words[1].isdigit():
            rows[words[1]] = words
    return rows


@pytest.mark.django_db
def test_it_prints_each_pairs_cross_imps_in_the_results(client, cross_imps):
    response = client.get(f"/sessions/{cross_imps.pk}/print/results.pdf")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    text = pdf_text(response.content)
    assert "Cross-IMPs" in text and "%" not in text
    rows = ranking_rows(text)
    # docs/rules.md §9.9: NS 10.50, -0.25, -1.25, -1.25, -7.75; EW the opposite.
    assert {pair: rows[pair][-1] for pair in "12345"} == {
        "1": "10.50",
        "2": "-0.25",
        "3": "-1.25",
        "4": "-1.25",
        "5": "-7.75",
    }
    assert rows["1"][:2] == ["1", "1"] and rows["3"][0] == "3=" and rows["11"][-1] == "-10.50"


@pytest.mark.django_db
def test_it_prints_each_pairs_butler_imps_in_the_results(client, butler):
    text = pdf_text(client.get(f"/sessions/{butler.pk}/print/results.pdf").content)
    assert "Butler IMPs" in text
    rows = ranking_rows(text)
    # docs/rules.md §9.10: NS pairs 1-6 -8, +4, -15, +9, +4, +3; pair 13 (EW) +15 is first.
    assert [rows[str(pair)][-1] for pair in range(1, 7)] == [str(imps) for imps in BUTLER_NS]
    assert rows["13"][:2] == ["1", "13"] and rows["13"][-1] == "15"
