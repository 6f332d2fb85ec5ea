"""What the club's table terminals do, chosen once by the club and sent with every session:
the Data Connector's Bridgemate2SettingsDTO and Bridgemate3SettingsDTO, one of each for every
section (the guide: "The settings must be provided for each section, even if they are the
same"; a club may own either model or both). Pure: plain choices in, the client's DTOs out.

A club chooses what a director is asked about in every scoring program (the TD's PIN, what
the players see after a board, lead entry, member numbers, the terminals' language); the
rest is set to what a club evening wants (pair numbers and next seatings shown, a recap of
the round's scores), so that a terminal never runs on a setting BCS left from another
program.

Example: results "own", percentage shown, lead "checked" -> Bridgemate 2: show_results and
show_own_result on, show_percentage on, lead_card and bm2_validate_lead_card on; Bridgemate 3:
bm3_view_results OwnResultOnly, bm_view_percentages Enabled, bm3_lead_card_entry
EnabledWithValidationMustComply.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any

from bridgemate_dataconnector.dto import (
    Bm2ShowPlayerNamesOption,
    Bm2ShowRankingOption,
    Bm3ConfirmNPOption,
    Bm3LanguageOption,
    Bm3LeadCardEntryOption,
    Bm3NextRoundSeatingOption,
    Bm3PlayerRegistrationOption,
    Bm3RankingDisplayOption,
    Bm3ResultReentryOption,
    Bm3ScoreRecapOption,
    Bm3TdCallOption,
    Bm3ViewPercentagesOption,
    Bm3ViewResultsOption,
    Bridgemate2SettingsDTO,
    Bridgemate3SettingsDTO,
)

from ..scoring.message import gettext_noop as _

# The club's choices and their words, as the form offers them (the first is the default); the
# words are marked for the catalogue and translated by the form (bridgemates/forms.py).
RESULTS_SHOWN = {
    "all": _("the board's other results and the table's own"),
    "own": _("the table's own result only"),
    "none": _("nothing"),
}
RANKING_SHOWN = {
    "never": _("never"),
    "round": _("after each round"),
    "end": _("after the last round"),
}
LEAD_CARD = {
    "off": _("not entered"),
    "entered": _("entered with the contract"),
    "checked": _("entered and checked against the hand record"),
}
MEMBER_NUMBERS = {
    "off": _("not asked for"),
    "first": _("keyed in at the first round"),
    "each": _("keyed in every round"),
}
# The Bridgemate 3's languages (Bm3LanguageOption), by their language code.
LANGUAGES = {
    "en": _("English"),
    "nl": _("Dutch"),
    "fr": _("French"),
    "de": _("German"),
    "it": _("Italian"),
    "da": _("Danish"),
    "es": _("Spanish"),
    "no": _("Norwegian"),
    "pl": _("Polish"),
    "sv": _("Swedish"),
    "tr": _("Turkish"),
}

_BM2_RANKING = {
    "never": Bm2ShowRankingOption.DoNotShow,
    "round": Bm2ShowRankingOption.ShowAllRounds,
    "end": Bm2ShowRankingOption.ShowAfterLastRound,
}
_BM3_RANKING = {
    "never": Bm3RankingDisplayOption.Disabled,
    "round": Bm3RankingDisplayOption.EndOfEachRound,
    "end": Bm3RankingDisplayOption.EndOfSession,
}
_BM3_RESULTS = {
    "all": Bm3ViewResultsOption.OwnResultAndOtherResults,
    "own": Bm3ViewResultsOption.OwnResultOnly,
    "none": Bm3ViewResultsOption.Disabled,
}
_BM3_LEAD = {
    "off": Bm3LeadCardEntryOption.Disabled,
    "entered": Bm3LeadCardEntryOption.EnabledNoValidation,
    "checked": Bm3LeadCardEntryOption.EnabledWithValidationMustComply,
}
_BM3_NUMBERS = {
    "off": Bm3PlayerRegistrationOption.Disabled,
    "first": Bm3PlayerRegistrationOption.FirstRoundOnly,
    "each": Bm3PlayerRegistrationOption.AllRounds,
}


@dataclass(frozen=True)
class TerminalSettings:
    """The club's choices. `pin_code` is the four digits the director keys in for the TD menu;
    `confirm_seconds` (1-7) how long a Bridgemate 2 shows "opponents confirm" before the
    opponents accept the result."""

    pin_code: str = "0000"
    results_shown: str = "all"
    percentage_shown: bool = True
    ranking_shown: str = "never"
    lead_card: str = "off"
    member_numbers: str = "off"
    td_call: bool = True
    players_correct: bool = False
    confirm_seconds: int = 2
    language: str = "en"


CHOICES = {
    "results_shown": RESULTS_SHOWN,
    "ranking_shown": RANKING_SHOWN,
    "lead_card": LEAD_CARD,
    "member_numbers": MEMBER_NUMBERS,
    "language": LANGUAGES,
}


def settings_from(stored: Mapping[str, Any]) -> TerminalSettings:
    """The club's stored choices as TerminalSettings, a default for any missing or no longer
    offered. Example: {"lead_card": "checked", "language": "xx"} -> lead "checked", English."""
    chosen: dict[str, Any] = {}
    for setting in fields(TerminalSettings):
        value = stored.get(setting.name)
        default = getattr(TerminalSettings, setting.name)
        if setting.name in CHOICES:
            usable = value in CHOICES[setting.name]
        elif setting.name == "pin_code":
            usable = isinstance(value, str) and re.fullmatch(r"[0-9]{4}", value) is not None
        elif setting.name == "confirm_seconds":
            usable = type(value) is int and 1 <= value <= 7
        else:
            usable = type(value) is type(default)
        if usable:
            chosen[setting.name] = value
    return TerminalSettings(**chosen)


def settings_stored(settings: TerminalSettings) -> dict[str, Any]:
    """`settings` as the club's record keeps them (read back by `settings_from`)."""
    return asdict(settings)


def bridgemate2_settings(
    session_guid: str, letters: str, settings: TerminalSettings
) -> Bridgemate2SettingsDTO:
    """The Bridgemate 2's settings for section `letters`."""
    ranking = _BM2_RANKING[settings.ranking_shown]
    return Bridgemate2SettingsDTO(
        session_guid=session_guid,
        section_letters=letters,
        show_results=settings.results_shown != "none",
        show_own_result=settings.results_shown != "none",
        show_percentage=settings.percentage_shown,
        show_pair_numbers=True,
        verification_time=settings.confirm_seconds,
        lead_card=settings.lead_card != "off",
        bm2_validate_lead_card=settings.lead_card == "checked",
        member_numbers=settings.member_numbers != "off",
        bm2_number_entry_each_round=settings.member_numbers == "each",
        bm2_pi_ncode=settings.pin_code,
        bm2_confirm_np=True,
        bm2_remaining_boards=True,
        bm2_next_seatings=True,
        bm2_score_recap=True,
        bm2_score_correction=settings.players_correct,
        bm2_show_player_names=Bm2ShowPlayerNamesOption.ShowInFirstRoundOnly,
        bm2_ranking=ranking,
        bm2_game_summary=ranking != Bm2ShowRankingOption.DoNotShow,
        bm2_view_hand_record=True,
        bm2_td_call=settings.td_call,
    )


def bridgemate3_settings(
    session_guid: str, letters: str, settings: TerminalSettings
) -> Bridgemate3SettingsDTO:
    """The Bridgemate 3's settings for section `letters`."""
    return Bridgemate3SettingsDTO(
        session_guid=session_guid,
        section_letters=letters,
        bm3_screen_brightness=5,
        bm3_screen_dim_mode=2,
        bm3_language=Bm3LanguageOption[LANGUAGES[settings.language]],
        bm3_pi_ncode=settings.pin_code,
        bm3_confirm_np=Bm3ConfirmNPOption.Enabled,
        bm3_td_call=Bm3TdCallOption.Enabled if settings.td_call else Bm3TdCallOption.Disabled,
        bm3_board_result_reentry=(
            Bm3ResultReentryOption.Enabled
            if settings.players_correct
            else Bm3ResultReentryOption.Disabled
        ),
        bm3_lead_card_entry=_BM3_LEAD[settings.lead_card],
        bm3_player_number_entry=_BM3_NUMBERS[settings.member_numbers],
        bm3_ranking=_BM3_RANKING[settings.ranking_shown],
        bm3_next_seatings=Bm3NextRoundSeatingOption.Enabled,
        bm3_score_recap=Bm3ScoreRecapOption.EnabledAtEndOfRoundOnly,
        bm3_view_results=_BM3_RESULTS[settings.results_shown],
        bm_view_percentages=(
            Bm3ViewPercentagesOption.Enabled
            if settings.percentage_shown
            else Bm3ViewPercentagesOption.Disabled
        ),
    )
