"""NZ Bridge Scorer's XML results files (root element `<session>`), read into a ResultsFile
(docs/formats.md "NZ Bridge Scorer XML results").

`starts_session` tells such a file by its root element, whatever its name: `files.py` asks
it before taking an XML file for USEBIO. Example: `starts_session(b'<?xml version="1.0"?>\\n
<session club="...">')` -> True; `starts_session(b"<USEBIO ...>")` -> False.
"""

from __future__ import annotations

import re

# A byte-order mark, an XML declaration and comments may come before the root element.
_ROOT = re.compile(
    rb"\A(?:\xef\xbb\xbf)?\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--.*?-->\s*)*<session[\s/>]", re.S
)


def starts_session(content: bytes) -> bool:
    """Whether the file's root element is `<session>`, NZ Bridge Scorer's."""
    return _ROOT.match(content[:4096]) is not None
