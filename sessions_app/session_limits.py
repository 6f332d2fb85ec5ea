"""The limits of a session's settings, which the model declares its fields with
(models/sessions.py) and `session_rules` checks values against: plain constants, so that the
models load them without the rules' words (and the scoring package those words live in) at a
command's start.

Example: a percentage setting is a DecimalField of PERCENT_DIGITS digits, PERCENT_DECIMALS of
them decimals, from PERCENT_MINIMUM; `phantom_percent` at most PERCENT_MAXIMUM too."""

from __future__ import annotations

NAME_LENGTH = 120
PERCENT_DIGITS, PERCENT_DECIMALS = 5, 2  # 0.00 to 999.99; Ave+ at most 100 (averages_problems)
PERCENT_MINIMUM, PERCENT_MAXIMUM = 0, 100
# Each percentage setting with its maximum (None: the averages' order bounds it instead).
PERCENTAGES = {"ave_plus": None, "ave": None, "ave_minus": None, "phantom_percent": PERCENT_MAXIMUM}
AVERAGE_DEFAULTS = {"ave_plus": 60, "ave": 50, "ave_minus": 40}  # the model's defaults
