"""Travellers and names CSV, in and out (docs/formats.md).

- `read.py`: a travellers CSV into checked `TravellerRow`s (salliere's layout too), every bad
  line named (`FileRefused`);
- `names.py`: a names CSV (`pair,player1,player2`, optional `section`, `direction`), and
  salliere's names file with its totals;
- `csv_rows.py`: a CSV text as its rows, each with the line it starts on, for both readers;
- `salliere.py`: what salliere writes beyond a plain traveller (scores, averages, forced
  scores, its matchpoints or cross-IMPs);
- `write.py`: a session's travellers and names as the CSV `import_travellers` reads back.
"""
