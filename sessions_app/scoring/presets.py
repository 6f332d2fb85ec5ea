"""Named presets: the conventions of one authority, set on a session in one click.

One data table, `PRESETS`: each preset names the session settings its authority decides and the
values it gives them (as the session settings page takes them), with its source. A setting a
preset does not name is left as the director had it. docs/rules.md §12 gives each preset's
source and the published example its test reproduces.

Example: `settings_from(PRESETS["acbl"].values)` (scoring/event.py) is Settings() with Ave+
60%, Law 12C2(c), Ave+ +3 IMPs and 5% of the results left out at each end of a Butler datum;
the ACBL preset also shows matchpoints on the 1/½ scale (`PRESETS["acbl"].values["scale"]`),
which is not a Settings field but how the session shows its matchpoints.
"""

from __future__ import annotations

from dataclasses import dataclass

from .message import Message, gettext_noop

Value = str | bool | None


@dataclass(frozen=True, slots=True)
class Preset:
    key: str
    name: str
    source: str  # where its values are published (docs/rules.md §12 says more)
    values: dict[str, Value]  # session setting -> value, as the settings page takes it

    @property
    def name_message(self) -> Message:
        """`name` for a page, to be worded in its language (`{{ preset.name_message|worded }}`)."""
        return Message(self.name)

    @property
    def source_message(self) -> Message:
        """`source` for a page, to be worded in its language."""
        return Message(self.source)


PRESETS: dict[str, Preset] = {
    preset.key: preset
    for preset in (
        Preset(
            "ebu",
            gettext_noop("EBU White Book"),
            gettext_noop(
                "English Bridge Union: White Book 4.2.3.3 (small groups) and its Laws and Ethics"
                " articles on Neuberg factoring; Laws 12C2 and 86A"
            ),
            {
                "scale": "2/1",
                "ave_plus": "60",
                "ave": "50",
                "ave_minus": "40",
                "law_12c2c": True,
                "small_groups": True,
                "imp_artificial": "3",
                "expected_from": "movement",
                "factoring": "neuberg",
                "tie_places": "equals",
            },
        ),
        Preset(
            "acbl",
            "ACBL",
            gettext_noop(
                # xgettext:no-python-format
                "ACBLscore manual (American Contract Bridge League), chapter 83 (IMP pairs:"
                " Ave+ 3 IMPs, 5% of the results left out at each end of a datum) and chapter 92"
                " (1 per pair beaten, 1/2 per tie); Law 12C2"
            ),
            {
                "scale": "1/0.5",
                "ave_plus": "60",
                "ave": "50",
                "ave_minus": "40",
                "law_12c2c": True,
                "small_groups": False,
                "imp_artificial": "3",
                "butler_discard": "5%",
            },
        ),
        Preset(
            "wbf",
            gettext_noop("WBF / European"),
            gettext_noop(
                "The Laws of Duplicate Bridge 2017 (WBF): 12C2 (60/50/40 and the pair's own"
                " percentage), 78A (2 per pair beaten, 1 per tie), 86A (Ave+ +3 IMPs); Neuberg's"
                " formula for boards played fewer times"
            ),
            {
                "scale": "2/1",
                "ave_plus": "60",
                "ave": "50",
                "ave_minus": "40",
                "law_12c2c": True,
                "small_groups": False,
                "imp_artificial": "3",
                "expected_from": "movement",
                "factoring": "neuberg",
            },
        ),
    )
}
