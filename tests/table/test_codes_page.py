"""The director's table codes page (code, address, QR code, phones; re-issue a code, sign a
phone out, issue the codes of a draft) and the codes on the printed table cards."""

from __future__ import annotations

import datetime
import io
import ipaddress
import re
import subprocess

import pytest
from django.urls import reverse

from sessions_app.models import TableCode, TableDevice
from sessions_app.printing import DOCUMENTS, Options, render_html
from sessions_app.printing.codes import with_codes
from sessions_app.setup.sessions import section_save, session_create

pytestmark = pytest.mark.django_db


def live_codes(section) -> dict[int, str]:
    live = TableCode.objects.filter(section=section, revoked_at=None)
    return dict(live.values_list("table", "code"))


def test_it_lists_every_table_with_its_code_address_qr_and_phones(in_play, table, director_client):
    table(3), table(3)
    page = director_client.get(reverse("sessions_app:table_codes", args=[in_play.session.pk]))
    html = page.content.decode()
    codes = live_codes(in_play)
    assert sorted(codes) == [1, 2, 3, 4, 5, 6, 7]
    for code in codes.values():
        assert f"<strong>{code}</strong>" in html
        assert f'href="http://testserver/t/{code}/"' in html
    # One QR code a table, drawn inline, titled with its table. "http://testserver/t/XXXXXX/"
    # is 27 bytes: version 2 at level L (up to 32), 25 modules + 2 x 2 of quiet zone = 29.
    assert len(re.findall(r'<svg viewBox="0 0 29 29" class="qr">', html)) == 7
    assert "<title>QR code of table A3</title>" in html
    row = html.split('id="table-A3"')[1].split("</tr>")[0]
    assert row.count("Revoke phone") == 2
    assert "Issue the codes now" not in html


def test_re_issuing_a_code_refuses_the_old_one_and_its_phones(in_play, table, director_client):
    phone = table(4)
    old = TableCode.objects.get(section=in_play, table=4, revoked_at=None)
    url = reverse("sessions_app:table_code_reissue", args=[in_play.session.pk, old.pk])
    page = director_client.post(url, follow=True)
    new = live_codes(in_play)[4]
    assert new != old.code
    assert (
        f"Table A4 has a new code, {new}: code {old.code} and the phones signed in with it are"
        " refused from now on." in page.content.decode()
    )
    assert phone.get("/api/table/state").status_code == 401
    # Posting the old code again changes nothing more.
    again = director_client.post(url, follow=True)
    assert f"Not changed: code {old.code} was already replaced." in again.content.decode()
    assert live_codes(in_play)[4] == new


def test_signing_one_phone_out_keeps_the_other(in_play, table, director_client):
    first, second = table(2), table(2)
    url = reverse("sessions_app:table_device_revoke", args=[in_play.session.pk, first.device])
    page = director_client.post(url, follow=True)
    assert f"Phone {first.device} of table A2 is revoked (signed out)" in page.content.decode()
    assert first.get("/api/table/state").status_code == 401
    assert second.get("/api/table/state").status_code == 200


def test_a_phone_of_another_session_is_not_found(in_play, table, director_client, director):
    phone = table(1)
    other = session_create(club=director.clubs.get(), name="Friday", date=datetime.date.today())
    url = reverse("sessions_app:table_device_revoke", args=[other.pk, phone.device])
    page = director_client.post(url, follow=True)
    assert f"Not changed: phone {phone.device} is not in this session." in page.content.decode()
    assert TableDevice.objects.get(pk=phone.device).revoked_at is None


def test_a_stranger_cannot_re_issue_a_code(in_play, client, stranger):
    code = TableCode.objects.filter(section=in_play).first()
    client.force_login(stranger)
    url = reverse("sessions_app:table_code_reissue", args=[in_play.session.pk, code.pk])
    assert client.post(url).status_code == 403
    code.refresh_from_db()
    assert code.revoked_at is None


def test_a_draft_s_codes_are_issued_on_request(mitchell, director_client):
    url = reverse("sessions_app:table_codes", args=[mitchell.session.pk])
    assert "7 tables have no code yet" in director_client.get(url).content.decode()
    issue = reverse("sessions_app:table_codes_issue", args=[mitchell.session.pk])
    page = director_client.post(issue, follow=True)
    assert "7 tables have a code." in page.content.decode()
    assert sorted(live_codes(mitchell)) == [1, 2, 3, 4, 5, 6, 7]


def test_the_table_cards_carry_each_table_s_code_and_qr(in_play):
    session = in_play.session
    document = DOCUMENTS["table-cards"]
    options = with_codes(Options(), session, "http://192.168.1.20:8000")
    html = render_html(session, document, options)
    codes = live_codes(in_play)
    for code in codes.values():
        assert f"http://192.168.1.20:8000/t/{code}/<br>code <strong>{code}</strong>" in html
    assert html.count('<img src="data:image/svg+xml;') == 7
    # Printed without a site (the `score` command's PDFs): no codes.
    assert "QR code of" not in render_html(session, document, Options())


def test_a_re_issued_code_prints_a_new_pdf(in_play):
    session = in_play.session
    before = with_codes(Options(), session, "http://192.168.1.20:8000")
    assert before.key.startswith("a4-1-")
    code = TableCode.objects.get(section=in_play, table=1, revoked_at=None)
    from sessions_app.table_scoring.access import reissue_code

    reissue_code(code)
    after = with_codes(Options(), session, "http://192.168.1.20:8000")
    assert after.key != before.key
    assert with_codes(Options(), session, "http://10.0.0.2:8000").key != after.key


def pdf_text_pages(pdf: bytes, tmp_path) -> list[str]:
    """The pages of a PDF as poppler's pdftotext lays them out (-layout: a table's cells on
    one line, in order)."""
    path = tmp_path / "cards.pdf"
    path.write_bytes(pdf)
    text = subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout
    return text.split("\f")


def cells(page: str) -> list[list[str]]:
    """Each line of a page as its cells (runs of two spaces or more part them)."""
    return [re.split(r"\s{2,}", line.strip()) for line in page.splitlines() if line.strip()]


def test_a_howell_table_card_lists_each_round_s_pairs_and_boards(
    director, director_client, tmp_path
):
    session = session_create(club=director.clubs.get(), name="Howell", date=datetime.date.today())
    section_save(session=session, name="A", movement="howell", tables=3, boards_per_round=2)
    from sessions_app.setup.status import session_set_status

    session_set_status(session=session, status="in_play")
    url = reverse("sessions_app:director_print", args=[session.pk, "table-cards"])
    answer = director_client.get(url, follow=True)
    assert answer.status_code == 200
    pages = pdf_text_pages(answer.content, tmp_path)
    # Six guide cards (pairs 1-6), then a card for each of the three tables.
    tables = [page for page in pages if re.search(r"^\s*Table \d", page, re.M)]
    assert len(tables) == 3
    two = tables[1]
    code = TableCode.objects.get(section__session=session, table=2, revoked_at=None).code
    assert f"http://testserver/t/{code}/" in two and "Put this card on table 2." in two
    # The 3-table Howell as published (movements/howell.py: the ACBL-style one, all three
    # tables sharing set 5 in the last round). Table 2: round 1 pair 4 NS v pair 3 EW on boards
    # 3-4, which go to table 1 (where 6 v 2 play them in round 2); round 2 5 v 4 on 5-6, to
    # table 1 again (6 v 3, round 3); round 3 1 v 5 on 3-4, their third and last play (tables
    # 2, 1, 2): put aside; round 4 2 v 1 on 5-6, likewise (2, 1, 2); round 5 3 v 2 on 9-10.
    rows = [row for row in cells(two) if row[0] in {"1", "2", "3", "4", "5"}]
    assert rows == [
        ["1", "4", "3", "3, 4", "1"],
        ["2", "5", "4", "5, 6", "1"],
        ["3", "1", "5", "3, 4", "put aside"],
        ["4", "2", "1", "5, 6", "put aside"],
        ["5", "3", "2", "9, 10"],
    ]
    # A Howell's pairs follow their guide cards: no "EW then to table" column.
    assert "EW then to table" not in two and "Boards then to table" in two


def test_the_printed_table_cards_show_the_codes(in_play, director_client):
    from pypdf import PdfReader

    url = reverse("sessions_app:director_print", args=[in_play.session.pk, "table-cards"])
    answer = director_client.get(url)
    assert answer.status_code == 200
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(answer.content)).pages)
    for code in live_codes(in_play).values():
        assert f"http://testserver/t/{code}/" in text


def test_the_director_sets_what_the_tables_do_and_the_phones_follow(
    in_play, table, director_client
):
    session = in_play.session
    phone = table(1)
    assert phone.state()["settings"] == {"verification": True, "shows": "results_and_percent"}
    url = reverse("sessions_app:table_settings", args=[session.pk])
    # The box left unchecked is "no"; the table sees nothing after a board.
    page = director_client.post(url, {"shows": "nothing"}, follow=True)
    html = page.content.decode()
    assert page.redirect_chain[-1][0] == reverse("sessions_app:table_codes", args=[session.pk])
    assert (
        "At the tables: results are stored without an opponent&#x27;s check; after each board:"
        " nothing." in html
    )
    assert '<option value="nothing" selected>' in html
    assert 'name="verification" checked' not in html
    assert phone.state()["settings"] == {"verification": False, "shows": "nothing"}
    assert phone.get("/api/table/boards/1").status_code == 403
    # Junk changes nothing and says why.
    page = director_client.post(url, {"verification": "on", "shows": "everything"}, follow=True)
    assert "Not changed: &#x27;everything&#x27; is not one of nothing, results," in page.text
    session.refresh_from_db()
    assert (session.table_verification, session.table_shows) == (False, "nothing")
    page = director_client.post(url, {"verification": "on", "shows": "results"}, follow=True)
    assert (
        "an opponent accepts each result; after each board: the board&#x27;s results so far."
        in page.text
    )
    assert phone.state()["settings"] == {"verification": True, "shows": "results"}


def test_a_loopback_address_is_warned_and_the_lan_address_offered(in_play, director_client):
    """Opened at http://127.0.0.1:8000 the codes point where no phone reaches: the page says so
    and offers this computer's LAN address; chosen, the codes, QR codes and the table cards'
    PDF point there."""
    url = reverse("sessions_app:table_codes", args=[in_play.session.pk])
    page = director_client.get(url, HTTP_HOST="127.0.0.1:8000", follow=True).content.decode()
    assert "No phone can open these codes." in page
    assert "This page was opened at http://127.0.0.1:8000, an address only this" in page
    offered = re.search(r'href="\?address=lan">Point them at http://([^:<]+):8000</a>', page)
    assert offered, page
    lan = offered.group(1)
    assert not ipaddress.ip_address(lan).is_loopback  # e.g. 192.168.1.20
    codes = live_codes(in_play)
    assert f'href="http://127.0.0.1:8000/t/{codes[1]}/"' in page  # until the director chooses

    page = director_client.get(
        url, {"address": "lan"}, HTTP_HOST="127.0.0.1:8000", follow=True
    ).content.decode()
    assert "No phone can open these codes." not in page
    assert f"point at <strong>http://{lan}:8000</strong>, this computer on the local" in page
    for code in codes.values():
        assert f'href="http://{lan}:8000/t/{code}/"' in page
    pdf_url = reverse("sessions_app:director_print", args=[in_play.session.pk, "table-cards"])
    assert f'href="{pdf_url}?address=lan"' in page

    from pypdf import PdfReader

    answer = director_client.get(pdf_url, {"address": "lan"}, HTTP_HOST="127.0.0.1:8000")
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(answer.content)).pages)
    for code in codes.values():
        assert f"http://{lan}:8000/t/{code}/" in text
    assert "127.0.0.1" not in text


def test_an_address_phones_reach_gets_no_warning_and_junk_is_refused(in_play, director_client):
    url = reverse("sessions_app:table_codes", args=[in_play.session.pk])
    page = director_client.get(url, follow=True).content.decode()  # http://testserver
    assert "No phone can open these codes." not in page
    page = director_client.get(url, {"address": "wifi"}, follow=True).content.decode()
    assert "address=&#x27;wifi&#x27; is not a choice: address=lan points the codes at" in page
    pdf_url = reverse("sessions_app:director_print", args=[in_play.session.pk, "table-cards"])
    answer = director_client.get(pdf_url, {"address": "wifi"})
    assert answer.status_code == 400
    assert answer.content.decode().startswith("address='wifi' is not a choice")
