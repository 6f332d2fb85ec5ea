"""Who may have which PDF, and the stored copy: used on the second request, replaced when a
result changes."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.template.loader import render_to_string
from django.urls import reverse

from sessions_app import printing
from sessions_app.entry.lines import LineInput, result_save
from sessions_app.models import Session
from sessions_app.scoring.rulings import parse_ruling
from tests.conftest import PAGAT_BOARD_1

from .conftest import has_row, pdf_pages

PUBLIC = ["results", "travellers", "score-cards", "hand-records"]
DIRECTOR_ONLY = ["blank-travellers", "blank-score-cards", "table-cards"]


def public_url(session, document: str) -> str:
    return reverse("sessions_app:print", args=[session.pk, document])


def director_url(session, document: str) -> str:
    return reverse("sessions_app:director_print", args=[session.pk, document])


@pytest.fixture
def published(make_session):
    return make_session(PAGAT_BOARD_1, publish=True)


@pytest.fixture
def draft(make_session):
    session = make_session(PAGAT_BOARD_1)
    Session.objects.filter(pk=session.pk).update(status=Session.Status.DRAFT)
    session.refresh_from_db()
    return session


@pytest.fixture
def renders(monkeypatch):
    """Counts the PDFs actually rendered (rather than read back from storage)."""
    made = []
    render = printing.render_pdf

    def counting(session, document, options):
        made.append(document.slug)
        return render(session, document, options)

    monkeypatch.setattr(printing.storage, "render_pdf", counting)  # what document_pdf calls
    return made


@pytest.mark.django_db
def test_it_serves_the_public_documents_of_a_published_session(client, published):
    response = client.get(public_url(published, "travellers"), {"paper": "letter"})
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == (
        'inline; filename="test-pairs-2026-11-16-travellers-letter.pdf"'
    )
    (page,) = pdf_pages(response.content)
    assert has_row(page, "1", "8", "4♠", "N", "10", "420", "5", "7")
    for document in PUBLIC:
        assert client.get(public_url(published, document)).status_code == 200


@pytest.mark.django_db
@pytest.mark.parametrize("document", DIRECTOR_ONLY)
def test_it_keeps_the_blank_forms_off_the_public_routes(client, published, document):
    assert client.get(public_url(published, document)).status_code == 404


@pytest.mark.django_db
@pytest.mark.parametrize("document", DIRECTOR_ONLY)
def test_it_sends_an_anonymous_visitor_to_log_in_for_director_documents(
    client, published, document
):
    response = client.get(director_url(published, document))
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


@pytest.mark.django_db
def test_it_refuses_another_clubs_director(client, published, stranger):
    client.force_login(stranger)
    assert client.get(director_url(published, "blank-travellers")).status_code == 403
    assert client.get(director_url(published, "travellers")).status_code == 403


@pytest.mark.django_db
@pytest.mark.parametrize("document", [*DIRECTOR_ONLY, *PUBLIC])
def test_it_serves_every_document_to_the_clubs_director(client, draft, director, document):
    client.force_login(director)
    response = client.get(director_url(draft, document))
    assert response.status_code == 200 and response.content.startswith(b"%PDF")


@pytest.mark.django_db
@pytest.mark.parametrize("document", PUBLIC)
def test_it_hides_a_drafts_documents_from_the_public(client, draft, stranger, document):
    assert client.get(public_url(draft, document)).status_code == 404
    client.force_login(stranger)  # logged in, but not this club's director
    assert client.get(public_url(draft, document)).status_code == 404


@pytest.mark.django_db
def test_it_shows_a_drafts_hand_records_and_travellers_to_its_director(client, draft, director):
    client.force_login(director)
    for document in ("hand-records", "travellers"):
        assert client.get(public_url(draft, document)).status_code == 200


@pytest.mark.django_db
def test_it_refuses_options_a_document_does_not_have(client, published):
    response = client.get(public_url(published, "results"), {"paper": "a3"})
    assert response.status_code == 400 and b"a4, letter" in response.content
    assert client.get(public_url(published, "results"), {"per_page": "2"}).status_code == 400
    assert client.get(public_url(published, "nothing")).status_code == 404


@pytest.mark.django_db
def test_it_stores_a_pdf_and_serves_the_stored_copy_next_time(client, published, renders):
    url = public_url(published, "travellers")
    first = client.get(url).content
    second = client.get(url).content
    assert renders == ["travellers"]  # rendered once, then read back
    assert second == first
    _, stored = default_storage.listdir(f"printing/{published.pk}")
    assert len(stored) == 1 and stored[0].endswith("-travellers-a4-1.pdf")
    client.get(url, {"paper": "letter"})  # other options: another PDF
    assert renders == ["travellers", "travellers"]


@pytest.mark.django_db
def test_it_makes_a_new_pdf_after_a_result_changes(client, published, renders):
    url = public_url(published, "travellers")
    client.get(url)
    client.get(public_url(published, "results"))
    # The director corrects 1 v 8: 4S by N made 11 tricks, not 10: +450 (None vul).
    section = published.sections.get()
    line = published.boards.get().results.get(ns__label="1")
    result_save(
        section=section,
        line=LineInput(
            board=1,
            ns="1",
            ew="8",
            ruling=parse_ruling("4S N 11", "None"),
        ),
        result_id=line.pk,
        version=line.version,
    )
    published.refresh_from_db()
    (page,) = pdf_pages(client.get(url).content)
    assert renders == ["travellers", "results", "travellers"]
    # +450 now ties with pair 5's +450: 1 + 2*4 (beats 430, 420, 170, -50) = 9 MP each.
    assert has_row(page, "1", "8", "4♠", "N", "11", "450", "9", "3")
    _, stored = default_storage.listdir(f"printing/{published.pk}")
    assert len(stored) == 1, "the PDFs of the older version are deleted"


@pytest.mark.django_db
def test_it_makes_a_new_pdf_when_the_session_is_published(client, draft, director, renders):
    client.force_login(director)
    url = director_url(draft, "results")
    assert "not published" in pdf_pages(client.get(url).content)[0]
    draft.status = Session.Status.PUBLISHED
    draft.save()
    assert "not published" not in pdf_pages(client.get(url).content)[0]
    assert renders == ["results", "results"]


@pytest.mark.django_db
def test_it_renders_again_when_the_stored_file_is_unfinished(published, renders):
    document, options = printing.DOCUMENTS["results"], printing.Options()
    name = printing.stored_name(published, document, options)
    default_storage.save(name, ContentFile(b"%PDF-1.7 half written"))
    pdf = printing.document_pdf(published, document, options)
    assert pdf.rstrip().endswith(b"%%EOF") and renders == ["results"]
    assert printing.document_pdf(published, document, options) == pdf  # replaced: read back
    assert renders == ["results"]
    _, stored = default_storage.listdir(f"printing/{published.pk}")
    assert len(stored) == 1


@pytest.mark.django_db
def test_it_lists_the_documents_each_visitor_may_print(published, draft, director):
    def links(session, user):
        html = render_to_string(
            "sessions_app/print/_links.html", {"session": session, "user": user}
        )
        return html.count('">A4</a>'), html.strip()

    public_count, html = links(published, AnonymousUser())
    assert public_count == 4 + 2  # the four public ones, and score cards/travellers 2 a page
    assert public_url(published, "hand-records") in html and "blank" not in html
    director_count, html = links(draft, director)
    # Seven documents; five also two to a page, and blank travellers three and four a page.
    assert director_count == 7 + 5 + 2 and director_url(draft, "table-cards") in html
    assert links(draft, AnonymousUser()) == (0, "")


@pytest.mark.django_db
def test_it_forgets_a_sessions_stored_pdfs(published):
    document, options = printing.DOCUMENTS["results"], printing.Options()
    printing.document_pdf(published, document, options)
    assert default_storage.exists(printing.stored_name(published, document, options))
    printing.forget_stored(published.pk)
    assert default_storage.listdir(f"printing/{published.pk}") == ([], [])
