"""A pair's links to the register through the other ways a pair is made or changed: a copied
session keeps them, cleared names lose them, and names restored from the trash or a backup
are matched again (sure matches only, as on import)."""

from __future__ import annotations

import datetime

import pytest

from sessions_app.files.backup import session_backup
from sessions_app.files.restore import session_restore
from sessions_app.models import Pair, Player
from sessions_app.players.register import player_create
from sessions_app.setup.copies import session_copy
from sessions_app.trash.deleting import pair_clear_names
from sessions_app.trash.restoring import trash_restore

from .conftest import TRAVELLERS, names_csv

pytestmark = pytest.mark.django_db


@pytest.fixture
def session(club, make_session):
    for name in ("Ann Lee", "Bob Ray", "Robert Ray"):
        player_create(club=club, name=name)
    pairs = [["Ann Lee", "Bob Rae"], ["Cy Dunn", "Di Fox"], ["Ed Gray", "Flo Hart"], ["G", "H"]]
    made = make_session(TRAVELLERS.format(420, 450, 140, 140), names_csv(pairs))
    # The director confirmed "Bob Rae" as Robert Ray (a choice no rule would make alone).
    Pair.objects.filter(section__session=made, label="1").update(
        player2_ref=Player.objects.get(name="Robert Ray")
    )
    return made


def refs(session) -> tuple:
    pair = Pair.objects.select_related("player1_ref", "player2_ref").get(
        section__session=session, label="1"
    )
    return tuple(p.name if p else None for p in (pair.player1_ref, pair.player2_ref))


def test_a_copied_session_keeps_the_links_of_the_names_it_keeps(session):
    copy = session_copy(session=session, name="Copy", date=datetime.date(2026, 12, 1))
    assert refs(copy) == ("Ann Lee", "Robert Ray")
    bare = session_copy(
        session=session, name="Bare", date=datetime.date(2026, 12, 2), keep_names=False
    )
    assert refs(bare) == (None, None)


def test_cleared_names_lose_their_links_and_restored_ones_get_the_sure_ones_back(session):
    pair = Pair.objects.get(section__session=session, label="1")
    item = pair_clear_names(pair=pair)
    assert refs(session) == (None, None)
    trash_restore(item=item)
    # Ann Lee is the register's exactly; "Bob Rae" was only the director's word.
    assert refs(session) == ("Ann Lee", None)


def test_a_restored_backup_is_matched_again(session, club):
    document = session_backup(sessions=[session])
    (restored,) = session_restore(document=document, club=club)
    assert refs(restored) == ("Ann Lee", None)
