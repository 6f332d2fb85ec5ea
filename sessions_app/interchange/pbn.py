"""PBN 2.1 hand records and results, in and out (docs/formats.md "PBN 2.1").

The one name the rest of clubscorer imports PBN from. The work is done in:
- `pbn_syntax.py`: games, tag pairs and tables with their line numbers, and writing them;
- `pbn_read.py`: a file into a `ResultsFile` (boards, traveller lines, names, published
  values), every problem named with its line;
- `pbn_cells.py`: what a ScoreTable row and a game's tags mean (contracts, scores, `^`
  artificial scores, clubscorer's `Ruling`, `Foul` and `Reason` columns, deals);
- `pbn_write.py`: a session's results as a PBN file that reads back to the same results.
"""

from __future__ import annotations

from .pbn_read import PbnError, decode_pbn, read_pbn, scoring_method
from .pbn_write import MANDATORY, SCORING, write_pbn

__all__ = ["MANDATORY", "SCORING", "PbnError", "decode_pbn", "read_pbn", "scoring_method",
           "write_pbn"]  # fmt: skip
