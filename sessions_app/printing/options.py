"""What a document is printed on: the paper, and how many items share a page.

The paper sizes and margins here are print.css's, so that a grid can be fitted to what is
left of a page. Example: `Options(PAPERS["a4"], 2).part_height` -> 133.5 (mm): A4's 297 less
the margins (12 + 14), halved, less 2 for rounding.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Paper:
    key: str  # as written in the URL: ?paper=letter
    size: str  # CSS @page size
    width: float  # mm
    height: float  # mm


PAPERS = {
    "a4": Paper("a4", "A4", 210, 297),
    "letter": Paper("letter", "letter", 215.9, 279.4),
}
MARGIN_MM = 12  # top, left and right (14 at the bottom): print.css's @page margins
BOTTOM_MARGIN_MM = 14


@dataclass(frozen=True)
class Options:
    paper: Paper = PAPERS["a4"]
    per_page: int = 1
    # The site's address, for what a document points phones to (the table codes on table
    # cards: printing/codes.py), and a digest of that address and those codes, which names
    # the stored PDF ("" for every other document).
    site: str = ""
    stamp: str = ""

    @property
    def key(self) -> str:
        return f"{self.paper.key}-{self.per_page}" + (f"-{self.stamp}" if self.stamp else "")

    @property
    def content_width(self) -> float:
        """The width (mm) between the margins."""
        return self.paper.width - 2 * MARGIN_MM

    def grid_height(self, reserved_mm: float) -> float | None:
        """The height left for a grid when `per_page` items share a page and `reserved_mm`
        of each goes to its headings and notes; None for one to a page (no limit)."""
        return None if self.per_page == 1 else self.part_height - reserved_mm

    @property
    def part_height(self) -> float:
        """The height (mm) of one item when `per_page` share a page, a little under the share
        so that rounding never pushes the last one over."""
        usable = self.paper.height - MARGIN_MM - BOTTOM_MARGIN_MM
        return round(usable / self.per_page - 2, 1)
