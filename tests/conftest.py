"""Shared builders for database tests."""

from __future__ import annotations

import datetime
import textwrap

import pytest
from django.core.cache import cache

from sessions_app.interchange.names_csv import read_names
from sessions_app.interchange.travellers_csv import read_travellers
from sessions_app.models import Club
from sessions_app.services.imports import session_import_travellers
from sessions_app.services.results import forget_local_results

PAGAT_BOARD_1 = """\
    board,ns,ew,contract,declarer,tricks
    1,1,8,4S,N,10
    1,2,13,3NT,S,10
    1,3,11,5CX,E,8
    1,4,9,4S,N,10
    1,5,14,4S,N,11
    1,6,12,5S,N,10
    1,7,10,3S,N,10
"""


@pytest.fixture(autouse=True)
def _empty_caches():
    cache.clear()
    forget_local_results()
    yield
    cache.clear()
    forget_local_results()


@pytest.fixture
def club(db):
    return Club.objects.create(name="Riverside Bridge Club", slug="riverside")


@pytest.fixture
def make_session(club):
    """Build a session from travellers CSV text (indentation is ignored) through the service."""

    def build(travellers: str, names: str = "", **options):
        options.setdefault("name", "Test pairs")
        options.setdefault("date", datetime.date(2026, 11, 16))
        return session_import_travellers(
            club=club,
            rows=read_travellers(textwrap.dedent(travellers)),
            names=read_names(textwrap.dedent(names)) if names else [],
            **options,
        )

    return build
