"""The Django admin shows everything and edits only clubs; what it deletes goes through the same
services as the director's pages (the trash, the audit trail), so the results follow."""

from __future__ import annotations

import pytest
from django.urls import reverse

from sessions_app.core.results import session_results
from sessions_app.models import Result, ResultChange, Session, Trash, WrongCodeCount
from sessions_app.table_scoring.access import TableRefused, device_sign_in
from tests.conftest import PAGAT_BOARD_1

MODELS = [
    "club",
    "session",
    "section",
    "pair",
    "board",
    "result",
    "resultchange",
    "trash",
    "wrongcodecount",
]


@pytest.mark.django_db
@pytest.mark.parametrize("model", MODELS)
def test_it_lists_every_model(admin_client, make_session, model):
    make_session(PAGAT_BOARD_1)
    response = admin_client.get(reverse(f"admin:sessions_app_{model}_changelist"))
    assert response.status_code == 200


@pytest.mark.django_db
def test_it_shows_a_line_without_a_form_to_change_it(admin_client, make_session):
    session = make_session(PAGAT_BOARD_1)
    result = Result.objects.get(section__session=session, ns__label="6")
    url = reverse("admin:sessions_app_result_change", args=[result.pk])
    page = admin_client.get(url)
    assert page.status_code == 200 and "Save" not in page.content.decode()
    refused = admin_client.post(url, {"score_ns": 980})
    assert refused.status_code == 403
    assert Result.objects.get(pk=result.pk).score_ns == -50


@pytest.mark.django_db
def test_it_deletes_a_line_through_the_audit_trail_and_rescores(admin_client, make_session):
    session = make_session(PAGAT_BOARD_1)
    before = session_results(session)
    result = Result.objects.get(section__session=session, ns__label="6")  # 5S one off: -50
    url = reverse("admin:sessions_app_result_delete", args=[result.pk])
    assert admin_client.post(url, {"post": "yes"}).status_code == 302
    deleted = ResultChange.objects.get(session=session, action="delete")
    assert deleted.before["ns"] == "6" and deleted.user is not None
    after = session_results(Session.objects.get(pk=session.pk))
    # Pagat board 1 without pair 6's -50: 6 results, the top was 12 (7 results) and is 10.
    assert before.sections[0].boards[0].top == 12 and after.sections[0].boards[0].top == 10


@pytest.mark.django_db
def test_it_deletes_a_session_into_the_clubs_trash(admin_client, make_session):
    session = make_session(PAGAT_BOARD_1)
    url = reverse("admin:sessions_app_session_delete", args=[session.pk])
    admin_client.post(url, {"post": "yes"})
    assert not Session.objects.filter(pk=session.pk).exists()
    assert Trash.objects.get().kind == Trash.Kind.SESSION


@pytest.mark.django_db
def test_deleting_a_count_of_wrong_codes_lifts_its_limit(admin_client, settings):
    settings.TABLE_WRONG_CODES_PER_ADDRESS = 1
    for expected in (401, 429):
        with pytest.raises(TableRefused) as refused:
            device_sign_in(code_text="AAAAAA", address="198.51.100.9")
        assert refused.value.status == expected
    count = WrongCodeCount.objects.get(key="address:198.51.100.9")
    url = reverse("admin:sessions_app_wrongcodecount_delete", args=[count.pk])
    assert admin_client.post(url, {"post": "yes"}).status_code == 302
    with pytest.raises(TableRefused) as refused:
        device_sign_in(code_text="AAAAAA", address="198.51.100.9")
    assert refused.value.status == 401
