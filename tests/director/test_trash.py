"""Deleting and restoring from the director's pages: the confirmation page says what goes, the
page landed on says where it went, the trash gives it back (or says why not), and players see
nothing of what was deleted."""

from __future__ import annotations

import datetime
import html
import io

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.core.files.storage import default_storage
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from sessions_app.models import Pair, Section, Session, Trash
from sessions_app.setup.sessions import section_save
from sessions_app.trash.deleting import section_delete
from tests.conftest import PAGAT_BOARD_1


def text(response) -> str:
    return html.unescape(response.content.decode())


@pytest.fixture
def demo(db):
    """The published demo evening (A: 7-table Mitchell, B: 4-table Howell) and its director."""
    call_command("load_demo", stdout=io.StringIO())
    return Session.objects.get()


@pytest.fixture
def demo_client(client, demo):
    client.force_login(get_user_model().objects.get(username="director"))
    return client


@pytest.mark.django_db
def test_it_deletes_a_section_after_saying_what_goes_and_restores_it(demo_client, demo):
    url = reverse("sessions_app:section_delete", args=[demo.pk, "A"])
    page = text(demo_client.get(url))
    # 7 tables x 7 rounds x 3 boards a round = 147 lines, all entered in the demo.
    assert "Section A of Monday Evening Pairs (16 Nov 2026)" in page
    assert "7 tables, 14 pairs, 147 traveller lines; the session keeps its boards" in page

    landed = demo_client.post(url, follow=True)

    assert landed.templates[0].name == "sessions_app/director/dashboard.html"
    page = text(landed)
    assert "Section A of Monday Evening Pairs (16 Nov 2026) is in the trash" in page
    assert 'id="section-A"' not in page and 'id="section-B"' in page
    public = text(Client().get(reverse("sessions_app:session", args=[demo.pk])))
    assert 'id="heading-a"' not in public and "Ranking" in public  # B alone: one ranking

    trash = text(demo_client.get(reverse("sessions_app:trash", args=["riverside"])))
    assert "Section A of Monday Evening Pairs" in trash and "Restore" in trash
    item = Trash.objects.get()
    landed = demo_client.post(
        reverse("sessions_app:trash_restore", args=["riverside", item.pk]), follow=True
    )
    assert landed.templates[0].name == "sessions_app/director/dashboard.html"
    page = text(landed)
    assert "Monday Evening Pairs (16 Nov 2026) is back: 14 pairs, 147 traveller lines" in page
    assert 'id="section-A"' in page
    cache.clear()  # players' pages are served up to FRESH_SECONDS (2 s) without a query
    public = text(Client().get(reverse("sessions_app:session", args=[demo.pk])))
    assert 'id="heading-a"' in public and 'id="heading-b"' in public


@pytest.mark.django_db
def test_it_deletes_a_session_with_its_pdfs_and_brings_it_back_at_the_same_address(
    demo_client, demo, settings, tmp_path, django_capture_on_commit_callbacks
):
    settings.MEDIA_ROOT = tmp_path
    pdf = demo_client.get(reverse("sessions_app:director_print", args=[demo.pk, "results"]))
    assert pdf["Content-Type"] == "application/pdf"
    assert len(default_storage.listdir(f"printing/{demo.pk}")[1]) == 1
    url = reverse("sessions_app:session_delete", args=[demo.pk])
    page = text(demo_client.get(url))
    assert "Section A: 7 tables, 14 pairs, 147 traveller lines" in page
    assert "Section B: 4 tables, 8 pairs, 84 traveller lines" in page
    assert "its stored PDFs are removed now" in page

    with django_capture_on_commit_callbacks(execute=True):
        landed = demo_client.post(url, follow=True)

    assert landed.templates[0].name == "sessions_app/director/home.html"
    assert "Session Monday Evening Pairs (16 Nov 2026) is in the trash" in text(landed)
    assert default_storage.listdir(f"printing/{demo.pk}")[1] == []
    public_url = reverse("sessions_app:session", args=[demo.pk])
    assert Client().get(public_url).status_code == 404
    assert "Monday Evening Pairs" not in text(Client().get(reverse("sessions_app:home")))

    item = Trash.objects.get()
    landed = demo_client.post(
        reverse("sessions_app:trash_restore", args=["riverside", item.pk]), follow=True
    )
    assert landed.request["PATH_INFO"] == reverse("sessions_app:director_session", args=[demo.pk])
    assert "Monday Evening Pairs (16 Nov 2026) is back with 231 traveller lines." in text(landed)
    assert Client().get(public_url).status_code == 200


@pytest.mark.django_db
def test_it_lists_a_free_form_pairs_lines_before_deleting_it(director_client, make_session):
    session = make_session(PAGAT_BOARD_1)
    url = reverse("sessions_app:pair_delete", args=[session.pk, "A", "3"])
    page = text(director_client.get(url))
    assert "pair 3 and its 1 traveller line" in page.lower()
    assert "Board 1: 3 v 11, 5CX by E, 8 tricks (+500)" in page

    landed = director_client.post(url, follow=True)

    assert landed.templates[0].name == "sessions_app/director/pairs_form.html"
    assert "Pair 3 of section A of Test pairs (16 Nov 2026) is in the trash" in text(landed)
    assert not Pair.objects.filter(section__session=session, label="3").exists()


@pytest.mark.django_db
def test_it_clears_a_movement_pairs_names_and_says_why(director_client, mitchell):
    director_client.post(
        reverse("sessions_app:section_pairs", args=[mitchell.session_id, "A"]),
        {"names": "7, Ann Lee, Bob Ray"},
    )
    names_page = text(
        director_client.get(reverse("sessions_app:section_pairs", args=[mitchell.session_id, "A"]))
    )
    assert "Clear a pair's names" in names_page and "cannot be deleted" in names_page
    url = reverse("sessions_app:pair_delete", args=[mitchell.session_id, "A", "7"])
    page = text(director_client.get(url))
    assert "Only the names go" in page and "Clear the names" in page
    assert "seats pair 7 in every round" in page

    landed = director_client.post(url, follow=True)

    assert "The names of pair 7 of section A" in text(landed)
    assert Pair.objects.get(section=mitchell, label="7").names == ""
    assert Pair.objects.filter(section=mitchell).count() == 14


@pytest.mark.django_db
def test_it_says_why_a_restore_is_refused_on_the_trash_page(demo_client, demo):
    demo_client.post(reverse("sessions_app:section_delete", args=[demo.pk, "B"]))
    section_save(session=demo, name="B", movement="", boards=2)
    item = Trash.objects.get()

    landed = demo_client.post(
        reverse("sessions_app:trash_restore", args=["riverside", item.pk]), follow=True
    )

    assert landed.templates[0].name == "sessions_app/director/trash.html"
    assert (
        "Section B of Monday Evening Pairs (16 Nov 2026) was not restored: Monday Evening Pairs"
        " (16 Nov 2026) has a section B again: rename or delete that one first."
    ) in text(landed)
    assert Trash.objects.filter(pk=item.pk).exists()
    assert not Section.objects.get(name="B").pairs.exists()


@pytest.mark.django_db
def test_it_purges_expired_items_when_the_trash_is_shown(director_client, mitchell, settings):
    settings.TRASH_DAYS = 30
    old = timezone.now() - datetime.timedelta(days=31)
    section_delete(section=mitchell, now=old)
    recent = section_save(session=mitchell.session, name="B", movement="", boards=1)
    section_delete(section=recent)

    page = text(director_client.get(reverse("sessions_app:trash", args=["riverside"])))

    assert "Section B of Tuesday pairs" in page and "Section A of Tuesday pairs" not in page
    assert list(Trash.objects.values_list("title", flat=True)) == [
        "Section B of Tuesday pairs (17 Nov 2026)"
    ]


@pytest.mark.django_db
def test_it_deletes_a_trash_item_for_good(director_client, mitchell):
    item = section_delete(section=mitchell)
    landed = director_client.post(
        reverse("sessions_app:trash_forget", args=["riverside", item.pk]), follow=True
    )
    assert "Section A of Tuesday pairs (17 Nov 2026) is deleted for good." in text(landed)
    assert "The trash is empty." in text(landed)


@pytest.mark.django_db
def test_it_shows_a_clubs_trash_only_to_its_directors(client, director, stranger, mitchell):
    section_delete(section=mitchell)
    url = reverse("sessions_app:trash", args=["riverside"])
    assert client.get(url).url.startswith(reverse("login"))
    client.force_login(stranger)
    assert client.get(url).status_code == 403
    own = text(client.get(reverse("sessions_app:trash", args=["hilltop"])))
    assert "The trash is empty." in own and "Tuesday pairs" not in own
    assert client.get(reverse("sessions_app:trash", args=["nowhere"])).status_code == 404
