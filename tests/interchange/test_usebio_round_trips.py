"""Every kind of traveller line through USEBIO and back under every scoring clubscorer has
(issue 14, item 5): matchpoints on the 1/½ scale, cross-IMPs and Butler, beside the 2/1 round
trip of test_rulings_round_trip.py (same session, same comparison: each line's ruling, group
and reason, and every figure exact).
"""

from __future__ import annotations

import pytest

from sessions_app.models import Session

from .conftest import results_without_ids, through_usebio
from .test_rulings_round_trip import figures, stored_lines


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("method", "scale"), [("mp", "1/0.5"), ("cross_imps", "2/1"), ("butler", "2/1")]
)
def test_it_keeps_every_ruling_and_every_figure_through_usebio(
    tmp_path, every_ruling, method, scale
):
    Session.objects.filter(pk=every_ruling.pk).update(method=method, scale=scale)
    copy = through_usebio(tmp_path, every_ruling.pk)
    copied = Session.objects.get(pk=copy)
    assert (copied.method, copied.scale) == (method, scale)
    assert stored_lines(copy) == stored_lines(every_ruling.pk)
    assert figures(copy) == figures(every_ruling.pk)
    assert results_without_ids(copy) == results_without_ids(every_ruling.pk)
