"""Every deal file format, by its name: what the pages offer, what `manage.py deal --format`
takes, and which reader an uploaded file's name chooses.

Example: DEAL_FORMATS["dlm"].read(content) -> the boards of a Duplimate for Windows file;
format_of_name("monday.DUP") -> DEAL_FORMATS["dup"].
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from . import ber, bhg, bri, cds, dge, dlm, dup, lin, pbn, rzd
from .boards import DealtBoard


@dataclass(frozen=True)
class DealFormat:
    name: str  # the extension, without the dot
    label: str  # for the director
    read: Callable[[bytes], tuple[DealtBoard, ...]]
    write: Callable[[Sequence[DealtBoard]], bytes]
    content_type: str


DEAL_FORMATS = {
    fmt.name: fmt
    for fmt in (
        DealFormat("pbn", "PBN hand record", pbn.read, pbn.write, "text/plain"),
        DealFormat(
            "dlm", "Duplimate for Windows / Dealer4 (.dlm)", dlm.read, dlm.write, "text/plain"
        ),
        DealFormat("dup", "Duplimate (.dup)", dup.read, dup.write, "application/octet-stream"),
        DealFormat("bri", ".bri", bri.read, bri.write, "application/octet-stream"),
        DealFormat("dge", ".dge", dge.read, dge.write, "application/octet-stream"),
        DealFormat("lin", "BBO (.lin)", lin.read, lin.write, "text/plain"),
        DealFormat("ber", ".ber", ber.read, ber.write, "text/plain"),
        DealFormat("bhg", ".bhg", bhg.read, bhg.write, "text/plain"),
        DealFormat("rzd", ".rzd", rzd.read, rzd.write, "application/octet-stream"),
        DealFormat("cds", ".cds", cds.read, cds.write, "application/octet-stream"),
    )
}
# The formats a file's name alone tells (a .pbn may also be a whole session's results).
MACHINE_FORMATS = tuple(name for name in DEAL_FORMATS if name != "pbn")


def format_of_name(filename: str) -> DealFormat | None:
    """The deal format a file's extension names, None for any other name."""
    extension = filename.lower().rsplit(".", 1)[-1] if "." in filename else ""
    return DEAL_FORMATS.get(extension)
