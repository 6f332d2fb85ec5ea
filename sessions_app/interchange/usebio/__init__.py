"""USEBIO 1.2, the EBU's results XML, in and out (docs/formats.md).

- `read.py`: a file (clubscorer's or another program's) into a `ResultsFile`, parsed safely
  (`xml_tree.py`), every problem named with its line (`FileRefused`);
- `write.py`: a session's results as a USEBIO file that reads back to the same results;
- `line.py`: a `TRAVELLER_LINE` in and out: results, adjusted, split and weighted scores,
  fouled boards and reasons (with clubscorer's own elements where USEBIO has none);
- `hands.py`: the `HANDSET`, in and out.
"""
