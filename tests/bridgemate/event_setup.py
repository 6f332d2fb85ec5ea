"""The commands that create or change an event: InitializeEvent, ContinueEvent, UpdateMovement
and UpdateScoringGroups (guide pages "Initialize an event", "Continue an event", "Update the
movement for a section or add one", "Delete a section", "Update scoringgroups", "Delete
scoringgroups").
"""

from __future__ import annotations

import copy
from typing import Any

from tests.bridgemate import dto_rules, exchange_rules
from tests.bridgemate.connector_state import ConnectorState, SessionState
from tests.bridgemate.dto_rules import Dto, number, text
from tests.bridgemate.movement_rules import place_rules
from tests.bridgemate.requests_in import Refusal, Request, refuse_if
from tests.bridgemate.wire import DataType, ErrorType, ok, response

EXTRAS = (
    "PlayerData",
    "Participations",
    "Handrecords",
    "Bridgemate2Settings",
    "Bridgemate3Settings",
)
START_READING = 4
CLEAR_DATA = 128


def session_from(dto: Dto, event_guid: str) -> SessionState:
    groups = dto.get("ScoringGroups") or []
    sections = [section for group in groups for section in group.get("Sections") or []]
    return SessionState(
        guid=dto["SessionGuid"],
        event_guid=event_guid,
        name=text(dto, "Name"),
        scoring_methods={g["ScoringGroupNumber"]: g["ScoringMethod"] for g in groups},
        sections={s["Letters"]: _without_tables(s) for s in sections},
        movement={s["Letters"]: _tables(s) for s in sections},
    )


def _without_tables(section: Dto) -> Dto:
    return {key: value for key, value in section.items() if key != "Tables"}


def _tables(section: Dto) -> dict[int, dict[int, Dto]]:
    return {
        table["TableNumber"]: {r["RoundNumber"]: r for r in table.get("Rounds") or []}
        for table in section.get("Tables") or []
    }


def extras_rules(init: Dto, sessions: dict[str, SessionState]) -> list[str]:
    """The InitDTO's optional arrays: player data of the event's sessions; participations of
    known players (InitDTO page: "The combination of SessionGuid and PlayerNumber must be
    present in the PlayerData") at tables of the movement; handrecords and settings of
    sections and scoring groups of the event."""
    messages = []
    players = init.get("PlayerData") or []
    known = {(p.get("SessionGuid"), p.get("PlayerNumber")) for p in players}
    for player in players:
        messages += exchange_rules.player_rules(player)
    for participation in init.get("Participations") or []:
        messages += exchange_rules.participation_rules(participation)
        number_given = participation.get("PlayerNumber")
        if number_given and (participation.get("SessionGuid"), number_given) not in known:
            messages.append(f"Participation: player {number_given} is not in the PlayerData.")
    for handrecord in init.get("Handrecords") or []:
        messages += exchange_rules.handrecord_rules(handrecord)
    for key, pin in (("Bridgemate2Settings", "BM2PINcode"), ("Bridgemate3Settings", "BM3PINcode")):
        for settings in init.get(key) or []:
            messages += exchange_rules.settings_rules(settings, pin)
    for key in EXTRAS:
        for dto in init.get(key) or []:
            session = sessions.get(dto.get("SessionGuid"))
            if session is None:
                messages.append(f"{key}: session {dto.get('SessionGuid')} is not in the event.")
            elif key == "Participations":
                messages += place_rules(session, {**dto, "RoundNumber": 0}, "Participation")
            elif key != "PlayerData" and dto.get("SectionLetters") not in session.sections:
                messages.append(f"{key}: section {dto.get('SectionLetters')} is not in the event.")
    return messages


def initialize_event(state: ConnectorState, request: Request) -> dict[str, Any]:
    """Validates the InitDTO, then BCS makes a new scoring file: the event's sessions replace
    any of the same guids, their queues are emptied ("all data related to the (re)initialized
    event will be removed in any case"), all queues with command 128; BCS reads with 4."""
    request.without_session()
    init = request.dto()
    refuse_if(dto_rules.init_rules(init))
    sessions_dtos = init["Sessions"]
    event_guid = text(init, "EventGuid") or sessions_dtos[0]["SessionGuid"]
    sessions = {dto["SessionGuid"]: session_from(dto, event_guid) for dto in sessions_dtos}
    refuse_if(extras_rules(init, sessions))
    for player in init.get("PlayerData") or []:
        sessions[player["SessionGuid"]].players[player["PlayerNumber"]] = player
    for key in EXTRAS[1:]:
        for dto in init.get(key) or []:
            sessions[dto["SessionGuid"]].sent_to_tables.setdefault(key, []).append(dto)
    commands = number(init, "Commands")
    with state.locked():
        state.forget_queues(None if commands & CLEAR_DATA else set(sessions))
        state.held_at_tables = [h for h in state.held_at_tables if h[1] not in sessions]
        state.sessions.update(sessions)
        state.events[event_guid] = list(sessions)
        state.bcs_running = True
        state.reading = False
        if commands & START_READING:
            state.start_reading()
    return ok(request.command, event_guid, "Initialized")


def continue_event(state: ConnectorState, request: Request) -> dict[str, Any]:
    """ContinueDTO page: BCS starts again with the scoring file it has; with 4 it reads (and
    what the tables entered meanwhile arrives), with 128 the Data Connector's queues are
    cleared first."""
    request.without_session()
    continuation = request.dto()
    refuse_if(dto_rules.continue_rules(continuation))
    event_guid = continuation["EventGuid"]
    commands = number(continuation, "Commands")
    with state.locked():
        if event_guid not in state.events:
            raise Refusal(ErrorType.ENTRY_UNKNOWN, [f"No event {event_guid} to continue."])
        if commands & CLEAR_DATA:
            state.forget_queues()
        state.bcs_running = True
        if commands & START_READING:
            state.start_reading()
    return ok(request.command, event_guid, "Continued")


def update_movement(state: ConnectorState, request: Request) -> dict[str, Any]:
    """SectionUpdateDTO: delete the section (IsDeleted), or replace the rounds of the tables it
    names: "Each round below the first specified round on a table is unchanged, each round
    above the last specified round will be deleted"; a table with no rounds is deleted. The
    answer is a SectionDTO of the rounds that changed (DataType Movement)."""
    update = request.dto()
    with state.locked():
        session = request.session(state)
        refuse_if(request.other_sessions([update]))
        letters = text(update, "Letters")
        if update.get("IsDeleted"):
            refuse_if(
                [f"Section {letters} is not in the session."] * (letters not in session.sections)
            )
            refuse_if(
                [f"Section {letters}: a deleted section has no tables."]
                * bool(update.get("Tables"))
            )
            del session.sections[letters], session.movement[letters]
            return ok(request.command, session.guid, f"Section {letters} deleted")
        refuse_if(_update_rules(session, update))
        changed = _apply_update(session, update)
    section = {**_without_tables(update), "Tables": changed}
    return response(request.command, session.guid, DataType.MOVEMENT, section)


def _update_rules(session: SessionState, update: Dto) -> list[str]:
    messages = dto_rules.section_rules(update, session.guid, tables_required=False)
    group = number(update, "ScoringGroupNumber")
    if group <= 0:
        messages.append("SectionUpdateDTO: ScoringGroupNumber must be greater than zero.")
    elif group not in session.scoring_methods and (
        number(update, "ScoringGroupScoringMethod") not in dto_rules.SCORING_METHODS
    ):
        messages.append(f"Scoring group {group} is new: give its ScoringGroupScoringMethod.")
    for player in update.get("AddedPlayers") or []:
        messages += exchange_rules.player_rules(player)
    for participation in update.get("Participations") or []:
        messages += exchange_rules.participation_rules(participation)
    return messages


def _apply_update(session: SessionState, update: Dto) -> list[Dto]:
    letters = update["Letters"]
    group = update["ScoringGroupNumber"]
    session.scoring_methods.setdefault(group, update.get("ScoringGroupScoringMethod") or 0)
    session.sections[letters] = _without_tables(update)
    tables = session.movement.setdefault(letters, {})
    changed = []
    for table in update.get("Tables") or []:
        rounds = {r["RoundNumber"]: r for r in table.get("Rounds") or []}
        if not rounds:
            tables.pop(table["TableNumber"], None)
            continue
        old = tables.get(table["TableNumber"], {})
        kept = {n: r for n, r in old.items() if n < min(rounds)}
        tables[table["TableNumber"]] = {**kept, **rounds}
        moved = [r for n, r in sorted(rounds.items()) if not _same_round(old.get(n), r)]
        if moved:
            changed.append({**_without_rounds(table), "Rounds": copy.deepcopy(moved)})
    for player in update.get("AddedPlayers") or []:
        session.players[player["PlayerNumber"]] = player
    return changed


def _same_round(old: Dto | None, new: Dto) -> bool:
    keys = ("PairNS", "PairEW", "LowBoardNumber", "HighBoardNumber")
    return old is not None and all(old.get(k) == new.get(k) for k in keys)


def _without_rounds(table: Dto) -> Dto:
    return {key: value for key, value in table.items() if key != "Rounds"}


def update_scoring_groups(state: ConnectorState, request: Request) -> dict[str, Any]:
    """Existing scoring groups are updated and the rest added; the sections listed move to
    their group; a group marked IsDeleted must be left without sections."""
    groups = request.dtos()
    with state.locked():
        session = request.session(state)
        messages = []
        for group in groups:
            messages += dto_rules.scoring_group_rules(group, session.guid, tables_required=False)
        refuse_if(messages)
        moved = {
            section.get("Letters"): group["ScoringGroupNumber"]
            for group in groups
            for section in group.get("Sections") or []
        }
        in_use = {
            moved.get(letters, section.get("ScoringGroupNumber"))
            for letters, section in session.sections.items()
        }
        deleted = {g["ScoringGroupNumber"] for g in groups if g.get("IsDeleted")}
        refuse_if([f"Scoring group {n} still has sections." for n in sorted(deleted & in_use)])
        for group in groups:
            if group.get("IsDeleted"):
                session.scoring_methods.pop(group["ScoringGroupNumber"], None)
            else:
                session.scoring_methods[group["ScoringGroupNumber"]] = group["ScoringMethod"]
        for letters, group_number in moved.items():
            if letters in session.sections:
                session.sections[letters]["ScoringGroupNumber"] = group_number
    return ok(request.command, session.guid, "Scoring groups updated")
