"""The Django admin lists and edits everything, and its edits reach the results."""

from __future__ import annotations

import pytest
from django.urls import reverse

from sessions_app.models import Result, ResultChange, Session
from sessions_app.services.results import session_results
from tests.conftest import PAGAT_BOARD_1

MODELS = ["club", "session", "section", "pair", "board", "result", "resultchange"]


@pytest.mark.django_db
@pytest.mark.parametrize("model", MODELS)
def test_it_lists_every_model(admin_client, make_session, model):
    make_session(PAGAT_BOARD_1)
    response = admin_client.get(reverse(f"admin:sessions_app_{model}_changelist"))
    assert response.status_code == 200


@pytest.mark.django_db
def test_it_audits_an_admin_edit_and_rescores(admin_client, make_session):
    session = make_session(PAGAT_BOARD_1)
    before = session_results(session)
    result = Result.objects.get(section__session=session, ns__label="6")
    url = reverse("admin:sessions_app_result_change", args=[result.pk])
    form = admin_client.get(url).context["adminform"].form
    data = {name: value for name, value in form.initial.items() if value is not None}
    assert form["line"].initial == "5S N 10"  # pair 6's line: 5S one off
    data.update(board=result.board_id, section=result.section_id, ns=result.ns_id, ew=result.ew_id)
    refused = admin_client.post(url, {**data, "line": "6S N 14"})
    assert "14 tricks is impossible (0-13)" in refused.content.decode()
    # 6S making 12 tricks by N, None vul: 180 + 300 + 500 = +980.
    response = admin_client.post(url, {**data, "line": "6S N 12"})
    assert response.status_code == 302, response.context["adminform"].form.errors
    change = ResultChange.objects.get(session=session, action="update")
    assert (change.before["score_ns"], change.after["score_ns"]) == (-50, 980)
    session = Session.objects.get(pk=session.pk)
    after = session_results(session)
    # 6-12 was the bottom (0) and is now the top (12).
    assert [s.mp_ns for s in before.sections[0].boards[0].lines if s.line.ns == "6"] == [0]
    assert [s.mp_ns for s in after.sections[0].boards[0].lines if s.line.ns == "6"] == [12]
