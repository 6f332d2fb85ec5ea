"""What the terminals are told besides the movement: the club's settings for Bridgemate 2 and
3, the members by number and the pairs' players in their first-round seats.

The pure parts (terminal_settings.py, people.py) are checked against the guide's wire names
and the official client's own validation; the whole is sent through the client to the Data
Connector simulator, which refuses what the guide forbids (a participation by a number not
sent as PlayerData, a PIN that is not four digits, a seat outside the movement)."""

from __future__ import annotations

import datetime

import pytest
from bridgemate_dataconnector.dto import TableDirection
from bridgemate_dataconnector.validation import (
    validate_bridgemate2_settings_dto,
    validate_bridgemate3_settings_dto,
    validate_participation_dto,
    validate_player_data_dto,
)

from sessions_app.bridgemates import terminal_settings
from sessions_app.bridgemates.people import (
    Member,
    PairPlayers,
    participations,
    player_data,
    split_name,
)
from sessions_app.bridgemates.sending import bridgemates_send, bridgemates_settings_save
from sessions_app.bridgemates.terminal_settings import (
    TerminalSettings,
    bridgemate2_settings,
    bridgemate3_settings,
    settings_from,
    settings_stored,
)
from sessions_app.models import BridgemateLink
from sessions_app.movements import howell, mitchell
from sessions_app.players.linking import session_link_players
from sessions_app.players.register import player_create
from sessions_app.players.session_names import pairs_set_names
from sessions_app.setup.sessions import section_save, session_create
from tests.bridgemate.conftest import CLUB_ID, LICENCE_KEY
from tests.bridgemate.wire import Command

GUID = "0123456789ABCDEF0123456789ABCDEF"


def test_stored_choices_are_read_back_and_what_is_no_longer_offered_is_the_default():
    assert settings_from({}) == TerminalSettings()
    chosen = TerminalSettings(pin_code="4821", lead_card="checked", language="nl")
    assert settings_from(settings_stored(chosen)) == chosen
    # A language not offered, a PIN of three digits, seconds beyond 7, a bool as a word
    stored = {"language": "xx", "pin_code": "482", "confirm_seconds": 9, "td_call": "yes"}
    assert settings_from({**stored, "lead_card": "checked"}) == TerminalSettings(
        lead_card="checked"
    )


def test_the_clubs_choices_reach_both_terminals_under_the_guides_names():
    chosen = TerminalSettings(
        pin_code="4821",
        results_shown="own",
        percentage_shown=True,
        ranking_shown="end",
        lead_card="checked",
        member_numbers="each",
        td_call=False,
        players_correct=True,
        confirm_seconds=3,
        language="de",
    )
    bm2 = bridgemate2_settings(GUID, "A", chosen).to_dict()
    assert {key: bm2[key] for key in BM2_CHOSEN} == {
        "SectionLetters": "A",
        "BM2PINcode": "4821",
        "ShowResults": True,
        "ShowOwnResult": True,
        "ShowPercentage": True,
        "BM2Ranking": 2,  # Bm2ShowRankingOption.ShowAfterLastRound
        "BM2GameSummary": True,  # needs BM2Ranking 1 or 2 (Bridgemate2SettingsDTO page)
        "LeadCard": True,
        "BM2ValidateLeadCard": True,
        "MemberNumbers": True,
        "BM2NumberEntryEachRound": True,
        "BM2TDCall": False,
        "BM2ScoreCorrection": True,
        "VerificationTime": 3,
    }
    bm3 = bridgemate3_settings(GUID, "A", chosen).to_dict()
    assert {key: bm3[key] for key in BM3_CHOSEN} == {
        "SectionLetters": "A",
        "BM3PINcode": "4821",
        "BM3ViewResults": 1,  # OwnResultOnly
        "BMViewPercentages": 1,
        "BM3Ranking": 2,  # EndOfSession
        "BM3LeadCardEntry": 2,  # EnabledWithValidationMustComply
        "BM3PlayerNumberEntry": 2,  # AllRounds
        "BM3TDCall": 0,
        "BM3BoardResultReentry": 1,
        "BM3Language": 3,  # German (Bm3LanguageOption: English 0, Dutch 1, French 2, German 3)
    }


BM2_CHOSEN = (
    "SectionLetters",
    "BM2PINcode",
    "ShowResults",
    "ShowOwnResult",
    "ShowPercentage",
    "BM2Ranking",
    "BM2GameSummary",
    "LeadCard",
    "BM2ValidateLeadCard",
    "MemberNumbers",
    "BM2NumberEntryEachRound",
    "BM2TDCall",
    "BM2ScoreCorrection",
    "VerificationTime",
)
BM3_CHOSEN = (
    "SectionLetters",
    "BM3PINcode",
    "BM3ViewResults",
    "BMViewPercentages",
    "BM3Ranking",
    "BM3LeadCardEntry",
    "BM3PlayerNumberEntry",
    "BM3TDCall",
    "BM3BoardResultReentry",
    "BM3Language",
)


@pytest.mark.parametrize(
    "setting, value",
    [(name, value) for name, offered in terminal_settings.CHOICES.items() for value in offered],
)
def test_every_choice_offered_passes_the_official_clients_validation(setting, value):
    chosen = TerminalSettings(**{setting: value})
    bm2 = bridgemate2_settings(GUID, "BB", chosen)
    bm3 = bridgemate3_settings(GUID, "BB", chosen)
    assert validate_bridgemate2_settings_dto(bm2), bm2.validation_messages
    assert validate_bridgemate3_settings_dto(bm3), bm3.validation_messages


def test_names_are_split_as_the_terminals_show_them():
    assert split_name("Ann Lee") == ("Ann", "Lee")
    assert split_name("  Lee,  Ann ") == ("Ann", "Lee")
    assert split_name("Lee") == ("", "Lee")
    assert split_name("van der Berg, Jan") == ("Jan", "van der Berg")
    assert split_name("") == ("", "")


def test_members_go_once_each_by_number_with_a_last_name():
    members = [Member("1001", "Ann Lee"), Member("1001", "Ann Other"), Member("1002", "Cher")]
    members.append(Member("1003", "  "))  # no name to show: not sent
    sent = player_data(GUID, members)
    assert [(p.player_number, p.first_name, p.last_name) for p in sent] == [
        ("1001", "Ann", "Lee"),
        ("1002", None, "Cher"),
    ]
    assert all(validate_player_data_dto(p) for p in sent)


def test_the_pairs_players_sit_in_their_first_round_seats():
    # A 3-table Mitchell's round 1: table t has NS pair t and EW pair t + 3.
    pairs = [
        PairPlayers("2", ("1001", "Ann Lee"), ("", "Bob Ray")),
        PairPlayers("6", ("", "Cy Fox"), ("", "")),  # the second player is not named
        PairPlayers("3", ("1009", "Di Lu"), ("", "")),  # 1009 was not sent as PlayerData
    ]
    seated = participations(GUID, "A", mitchell(3, 2), pairs, {"1001"})
    assert [
        (p.table_number, p.direction, p.player_number, p.first_name, p.last_name) for p in seated
    ] == [
        (2, TableDirection.North, "1001", None, None),
        (2, TableDirection.South, None, "Bob", "Ray"),
        (3, TableDirection.East, None, "Cy", "Fox"),
        (3, TableDirection.North, None, "Di", "Lu"),
    ]
    assert all(validate_participation_dto(p) for p in seated)


def test_a_howells_pair_at_the_sit_out_table_is_seated_there():
    # A 3-table Howell of 5 pairs, pair 6 missing: in round 1 pair 1 sits EW at table 1
    # with nobody NS (Howell round 1: 6-1, 4-3, 2-5).
    pairs = [PairPlayers("1", ("", "Ann Lee"), ("", "Bob Ray"))]
    seated = participations(GUID, "A", howell(3, 2, pairs=5, missing_pair=6), pairs, set())
    assert [(p.table_number, p.direction) for p in seated] == [
        (1, TableDirection.East),
        (1, TableDirection.West),
    ]


@pytest.mark.django_db(transaction=True)
def test_the_session_goes_with_names_numbers_and_settings_and_a_change_reaches_the_tables(
    bcs, director
):
    club = director.clubs.get()
    link = BridgemateLink.objects.create(
        club=club, address=bcs.base_address, bcs_club_id=CLUB_ID, licence_key=LICENCE_KEY
    )
    link.terminal_settings = settings_stored(TerminalSettings(pin_code="4821"))
    link.save()
    player_create(club=club, name="Ann Lee", member_number="1001")
    player_create(club=club, name="Eve Moss", member_number="1005")  # a member not playing
    session = session_create(club=club, name="Named", date=datetime.date(2026, 11, 29))
    section = section_save(
        session=session, name="A", movement="mitchell", tables=3, boards_per_round=2
    )
    pairs_set_names(section=section, names=[("1", "Ann Lee", "Bob Ray")], add_missing=False)
    session_link_players(session=session)

    event = bridgemates_send(session=session, user=director)

    held = bcs.tables.session(event.session_guid)
    assert {number: p["LastName"] for number, p in held.players.items()} == {
        "1001": "Lee",
        "1005": "Moss",
    }
    seats = held.sent_to_tables["Participations"]
    assert [
        (p["TableNumber"], p["Direction"], p["PlayerNumber"], p["LastName"]) for p in seats
    ] == [
        (1, 1, "1001", None),  # North: Ann Lee by her member number
        (1, 3, None, "Ray"),  # South: Bob Ray by name
    ]
    assert [s["BM2PINcode"] for s in held.sent_to_tables["Bridgemate2Settings"]] == ["4821"]
    assert [s["BM3PINcode"] for s in held.sent_to_tables["Bridgemate3Settings"]] == ["4821"]

    # The club changes its PIN and lead entry while the session is on the terminals
    changed = TerminalSettings(pin_code="7310", lead_card="entered")
    assert bridgemates_settings_save(session=session, settings=changed) is True
    [bm2] = held.sent_to_tables[Command.PUT_BRIDGEMATE2_SETTINGS.name]
    [bm3] = held.sent_to_tables[Command.PUT_BRIDGEMATE3_SETTINGS.name]
    assert (bm3["SectionLetters"], bm3["BM3PINcode"], bm3["BM3LeadCardEntry"]) == ("A", "7310", 1)
    assert (bm2["SectionLetters"], bm2["BM2PINcode"], bm2["LeadCard"]) == ("A", "7310", True)
    assert settings_from(BridgemateLink.objects.get().terminal_settings) == changed
