"""The repository explains itself: every file it cites is in it, and every § it cites exists.

Code, tests and documents cite the rules as `docs/rules.md §5.4` (a bare `§5.4` means
docs/rules.md too) and a part of the formats page as `docs/formats.md "Travellers CSV"`. Every
`name.md` mentioned must be a file of the repository (from its top, from docs/ or from the
mentioning file's folder), every § a heading of the page it names, and nothing may point
outside the repository (to a rulebook or a formats file kept elsewhere).
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCANNED = ("sessions_app", "tests", "bench", "fixtures", "docs", "README.md")
TEXT_SUFFIXES = {
    ".py",
    ".md",
    ".html",
    ".txt",
    ".js",
    ".css",
    ".csv",
    ".json",
    ".pbn",
    ".xml",
    ".sh",
}
RULES = ROOT / "docs" / "rules.md"

# Files that are not in the repository, whatever a checkout next to it may hold.
OUTSIDE = re.compile(
    r"\b(?:RULES|FORMATS|DESIGN|STYLE|HELPER_BRIEF)\.md\b|\bRULES §|(?<![\w/])(?:\.\./)*shared/"
    r"|\breference/|/work/"
)
MARKDOWN = re.compile(r"(?<![\w./:-])((?:\.\.?/)*[\w-][\w./-]*\.md)\b")
SECTION = re.compile(r"(?:docs/([\w-]+)\.md\s*)?§(\d+(?:\.\d+)*)")
PART = re.compile(r"docs/([\w-]+)\.md,?\s+\"([^\"\n]+)\"")


def scanned_files() -> list[Path]:
    files = []
    for name in SCANNED:
        path = ROOT / name
        found = [path] if path.is_file() else sorted(path.rglob("*"))
        files += [
            f
            for f in found
            if f.is_file()
            and f.suffix in TEXT_SUFFIXES
            and "__pycache__" not in f.parts
            and "node_modules" not in f.parts  # bench/node's npm packages, not the repository's
            and f != Path(__file__).resolve()  # its examples of broken citations below
        ]
    return files


def headings(page: Path) -> list[str]:
    """The page's headings, without their `#`s: `§5.4 Split assigned scores`."""
    lines = page.read_text(encoding="utf-8").splitlines()
    return [line.lstrip("#").strip() for line in lines if line.startswith("#")]


def has_section(page: Path, number: str) -> bool:
    """Whether `page` has a heading `§<number>` (§9.1 is not §9.10, nor §9)."""
    pattern = re.compile(rf"§{re.escape(number)}(?![\d.]*\d)")
    return any(pattern.match(heading) for heading in headings(page))


def broken_citations(text: str, where: Path) -> list[str]:
    """Every citation in `text` (of the file `where`) that points at nothing in the repository."""
    problems = []
    for match in OUTSIDE.finditer(text):
        problems.append(f"{match[0]!r} is not in the repository")
    for match in MARKDOWN.finditer(text):
        name = match[1]
        if not any((base / name).is_file() for base in (ROOT, ROOT / "docs", where.parent)):
            problems.append(f"{name} is not a file of the repository")
    for match in SECTION.finditer(text):
        page = ROOT / "docs" / f"{match[1]}.md" if match[1] else RULES
        if page.is_file() and not has_section(page, match[2]):
            problems.append(f"{page.relative_to(ROOT)} has no §{match[2]}")
    for match in PART.finditer(text):
        page = ROOT / "docs" / f"{match[1]}.md"
        if page.is_file() and not any(h.startswith(match[2]) for h in headings(page)):
            problems.append(f'{page.relative_to(ROOT)} has no part "{match[2]}"')
    return problems


def test_it_finds_every_cited_file_and_section_in_the_repository():
    problems = []
    for path in scanned_files():
        text = path.read_text(encoding="utf-8", errors="replace")
        problems += [f"{path.relative_to(ROOT)}: {p}" for p in broken_citations(text, path)]
    assert problems == []


def test_it_scans_the_code_the_tests_and_the_documents():
    names = {path.relative_to(ROOT).as_posix() for path in scanned_files()}
    assert {
        "README.md",
        "docs/rules.md",
        "docs/formats.md",
        "sessions_app/scoring/matchpoints.py",
        "tests/scoring/test_published_examples.py",
        "tests/interchange/data/pagat_magic.pbn",
        "bench/peers.py",
        "fixtures/make_demo.py",
    } <= names


def test_it_reports_each_kind_of_broken_citation():
    here = ROOT / "sessions_app" / "scoring" / "matchpoints.py"
    text = (
        "Example (RULES.md §9.1); tokens (FORMATS.md); see ../shared/reference/x.md;\n"
        "docs/rules.md §9.11 and §99, docs/rules.md §9.1 and §9.10 (these two exist);\n"
        'docs/formats.md "Travellers CSV" exists, docs/formats.md "Teams" does not;\n'
        "docs/missing.md, DESIGN.md."
    )
    assert broken_citations(text, here) == [
        "'RULES.md' is not in the repository",
        "'FORMATS.md' is not in the repository",
        "'../shared/' is not in the repository",
        "'reference/' is not in the repository",
        "'DESIGN.md' is not in the repository",
        "RULES.md is not a file of the repository",
        "FORMATS.md is not a file of the repository",
        "../shared/reference/x.md is not a file of the repository",
        "docs/missing.md is not a file of the repository",
        "DESIGN.md is not a file of the repository",
        "docs/rules.md has no §9.11",
        "docs/rules.md has no §99",
        'docs/formats.md has no part "Teams"',
    ]


def test_it_numbers_each_rule_once():
    numbers = [h.split()[0] for h in headings(RULES) if h.startswith("§")]
    assert [n for n, count in Counter(numbers).items() if count > 1] == []
    # the published examples are §9.1 to §9.10, as the tests cite them
    assert [n for n in numbers if n.startswith("§9.")] == [f"§9.{i}" for i in range(1, 11)]
