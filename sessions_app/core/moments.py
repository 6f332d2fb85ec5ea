"""Moments as people read them: one format wherever a time is written.

A moment is its day and time of day, in the club's time zone (settings.TIME_ZONE):
"19 November 2026, 21:05" (the amended stamp, the changes list, the trash, publication);
where the day goes without saying (a line changed while the director typed, a phone's
sign-in during the evening) only its time, written the same: "21:05". Seconds are never
shown: a list of changes is in order, and a person reads minutes. The template filter
`moment` (templatetags/bridge.py) and the services call these; the console's and the phones'
scripts write the time of day the same way (24-hour, hours and minutes).
"""

from __future__ import annotations

import datetime

from django.utils import timezone
from django.utils.dateformat import format as date_format

DAY_AND_TIME = "j E Y, H:i"  # 19 November 2026, 21:05
TIME_OF_DAY = "H:i"  # 21:05


def moment(value: datetime.datetime | None, *, time_only: bool = False) -> str:
    """`value` in the club's time: moment(19 Nov 2026 21:05:33 UTC) -> "19 November 2026,
    21:05"; with `time_only` -> "21:05"; "" for None."""
    if value is None:
        return ""
    local = timezone.localtime(value) if timezone.is_aware(value) else value
    return date_format(local, TIME_OF_DAY if time_only else DAY_AND_TIME)
