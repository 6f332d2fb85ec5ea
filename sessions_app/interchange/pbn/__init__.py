"""PBN 2.1 hand records and results, in and out (docs/formats.md).

- `read.py`: a file into a `ResultsFile` (boards, traveller lines, names, published values),
  every problem named with its line (`FileRefused`);
- `write.py`: a session's results as a PBN file that reads back to the same results;
- `syntax.py`: games, tag pairs and tables with their line numbers, and writing them;
- `cells.py`: what a ScoreTable row and a game's tags mean (contracts, scores, `^`
  artificial scores, clubscorer's `Ruling`, `Foul` and `Reason` columns, deals).
"""
