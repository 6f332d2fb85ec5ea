"""Files in and out, pure Python: travellers and names CSV, PBN, USEBIO, results JSON/CSV/text.

One package a format, each with its reader and writer (`travellers/`, `pbn/`, `usebio/`:
`read.py`, `write.py`, and the helpers they share); `results_export.py` writes the results
JSON, ranking CSV and text report. Every file that comes in goes through `files.read_file`
(the format told once) into a `ResultsFile` (`records.py`) or is refused whole with
`FileRefused` (`refused.py`, the one wording); `event.py` turns a read file into the scoring
engine's input and `compare.py` compares what the file published with clubscorer's scores.
The one service that stores a read file is `files/imports.py`.
"""
