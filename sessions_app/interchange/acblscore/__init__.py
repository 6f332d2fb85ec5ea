"""ACBLscore's binary game files (`.ACA`, `.ACM`, ...), read: docs/formats.md "ACBLscore game
files".

`layout.py` reads the bytes where the file keeps them, every read checked against the file's
end (`BadBytes`, naming the byte offset); `game.py` decodes a game file into its events,
sections and pairs, and `lines.py` each section's traveller lines, as the file has them;
`read.py` turns that into the `ResultsFile` every reader returns.
"""

MAGIC = b"\x12\x0a\x03AC3"  # how a game file starts: `files.file_kind` asks it of every file
