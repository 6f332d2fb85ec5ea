"""The wrong table codes tried, counted per phone, per address and for the whole site
(table_scoring/sign_in_limits.py, docs/deploy.md "Limits").

Why a table and not the cache: a count kept in each worker's memory lets every worker take
its own tries, and one read and then written in a cache lets tries sent together through. A
row per key, raised by a conditional UPDATE, is one count every worker and server shares.

Example: a phone's third wrong code within its window is the row ("phone:q8V...", 20:00, 3);
the address's row ("address:198.51.100.9", 19:58, 7) counts it too, and the site's ("site").
"""

from __future__ import annotations

from django.db import models


class WrongCodeCount(models.Model):
    """Wrong codes tried by one phone, one address or the whole site since `started_at`."""

    key = models.CharField(max_length=120, unique=True)  # "phone:...", "address:...", "site"
    started_at = models.DateTimeField(db_index=True)
    tries = models.PositiveIntegerField(default=1)

    def __str__(self) -> str:
        return f"{self.key}: {self.tries} since {self.started_at:%H:%M}"
