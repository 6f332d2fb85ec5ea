"""USEBIO 1.2, the EBU's results XML, out and in (docs/formats.md "USEBIO 1.2").

The one name the rest of clubscorer imports USEBIO from. The work is done in:
- `usebio_read.py`: a file (clubscorer's or another program's) into a `ResultsFile`, parsed
  safely (`xml_tree.py`), every problem named with its line;
- `usebio_line.py`: a `TRAVELLER_LINE` in and out: results, adjusted, split and weighted
  scores, fouled boards and reasons (with clubscorer's own elements where USEBIO has none);
- `usebio_hands.py`: the `HANDSET`, in and out;
- `usebio_write.py`: a session's results as a USEBIO file that reads back to the same results.
"""

from __future__ import annotations

from .usebio_line import WRITTEN
from .usebio_read import EVENT_TYPES, UsebioError, read_usebio
from .usebio_write import write_usebio

__all__ = ["EVENT_TYPES", "WRITTEN", "UsebioError", "read_usebio", "write_usebio"]
