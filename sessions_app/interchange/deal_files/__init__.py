"""Deal files: the hand records clubs exchange and dealing machines read (docs/formats.md,
"Deal files (dealing machines)"). No Django here.

A set of deals is a tuple of `DealtBoard`s (`boards.py`): each board's number, its deal as a PBN
deal string from North, and its dealer and vulnerability (as the file states them, else Law 2's
for the number). Each format is one module with `read(content: bytes) -> tuple[DealtBoard, ...]`
(raising `FileRefused` with every problem, each naming its byte or line) and
`write(boards) -> bytes` (raising `NotWritable` when the format cannot hold the set):
`pbn`, `dlm` (Duplimate for Windows / Dealer4, with its checksums), `dup` (Duplimate; its
records join a `bri` and a `dge` record), `bri`, `dge`, `lin` (BBO), `ber`, `bhg`, `rzd`,
`cds`. `formats.py` names them all for the pages and the `deal` command; `dealing.py` deals a
new set.

Where each format's description came from: the BSD-2-Clause-licensed deal-convert by Michał
Klichowicz (github.com/emkael/deal-convert, `dealconvert/formats/<format>.py`, commit e48a3ac),
whose sample files, one set of 16 deals in every format, are kept in `tests/deal_files/data/`
with their README; the code here is written from those descriptions, not copied.
"""
