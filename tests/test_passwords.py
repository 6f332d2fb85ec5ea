"""A director changes their own password, or sets a new one through a link sent to their
e-mail (Django's own views), following each redirect to the page they land on."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail

OLD, NEW = "a-long-pass-phrase", "another quite long phrase"


def logs_in(client, password: str) -> bool:
    client.logout()
    answer = client.post(
        "/accounts/login/", {"username": "dora", "password": password}, follow=True
    )
    return answer.redirect_chain[-1][0] == "/director/" if answer.redirect_chain else False


@pytest.mark.django_db
def test_a_director_changes_their_password(director_client, director):
    home = director_client.get("/director/").content.decode()
    assert 'href="/accounts/password_change/"' in home  # the name in the header
    wrong = director_client.post(
        "/accounts/password_change/",
        {"old_password": "not it", "new_password1": NEW, "new_password2": NEW},
    )
    assert "Your old password was entered incorrectly" in wrong.content.decode()
    done = director_client.post(
        "/accounts/password_change/",
        {"old_password": OLD, "new_password1": NEW, "new_password2": NEW},
        follow=True,
    )
    assert "Password changed" in done.content.decode()
    assert logs_in(director_client, NEW) and not logs_in(director_client, OLD)


@pytest.mark.django_db
def test_a_director_sets_a_new_password_from_the_link_sent_by_e_mail(client, director):
    get_user_model().objects.filter(pk=director.pk).update(email="dora@example.org")
    assert "Forgotten your password?" in client.get("/accounts/login/").content.decode()
    sent = client.post("/accounts/password_reset/", {"email": "dora@example.org"}, follow=True)
    assert "Look in your e-mail" in sent.content.decode()
    nobody = client.post("/accounts/password_reset/", {"email": "x@example.org"}, follow=True)
    assert "Look in your e-mail" in nobody.content.decode()  # says nothing of who has an account
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["dora@example.org"]
    assert mail.outbox[0].subject == "clubscorer: set a new password"
    link = re.search(r"http://testserver(/accounts/reset/\S+/)", mail.outbox[0].body)[1]
    form = client.get(link, follow=True)
    assert "Set a new password" in form.content.decode()
    done = client.post(
        form.redirect_chain[-1][0], {"new_password1": NEW, "new_password2": NEW}, follow=True
    )
    assert "Password set" in done.content.decode()
    assert "This link no longer works" in client.get(link, follow=True).content.decode()
    assert logs_in(client, NEW)
