"""Reading a file's text whatever its encoding, and the words of a refused file (pure: no
database). Each file is made here by encoding real text with accents, as Excel and older
scoring programs save it."""

from __future__ import annotations

import csv

import pytest

from sessions_app.interchange.refused import FileRefused, excerpt
from sessions_app.interchange.text import decode_text, encoding_notes, for_excel
from sessions_app.interchange.travellers.names import read_names
from sessions_app.interchange.travellers.read import read_travellers

NAMES = "pair,player1,player2\n1,Zoë Müller,Françoise Dupré\n2,Ann Lee,Bob Ray\n"


@pytest.mark.parametrize(
    ("data", "encoding"),
    [
        (NAMES.encode("utf-8"), "utf-8"),
        (NAMES.encode("utf-8-sig"), "utf-8"),  # Excel's "CSV UTF-8"
        (NAMES.encode("utf-16"), "utf-16-le"),  # Excel's "Unicode text": a mark, then LE
        (b"\xfe\xff" + NAMES.encode("utf-16-be"), "utf-16-be"),
        (NAMES.encode("utf-16-le"), "utf-16-le"),  # no mark: told by where the NULs fall
        (NAMES.encode("utf-16-be"), "utf-16-be"),
        (NAMES.encode("cp1252"), "cp1252"),  # Excel's "CSV (Comma delimited)"
        (NAMES.encode("latin-1"), "cp1252"),  # the same bytes for these letters
    ],
)
def test_it_reads_each_encoding_excel_saves(data, encoding):
    decoded = decode_text(data)
    assert (decoded.text, decoded.encoding) == (NAMES, encoding)
    named = read_names(decoded.text)
    assert named[0].names == ("Zoë Müller", "Françoise Dupré")


def test_it_reads_cp1252s_own_letters_and_its_unassigned_bytes_as_latin1():
    # 0x80 is the euro sign and 0x9C "œ" in cp1252; 0x81 is unassigned there (Latin-1's C1
    # control U+0081), and 0xE9 "é" alone is never UTF-8.
    decoded = decode_text(b"\x80 c\x9cur \x81 caf\xe9")
    assert (decoded.text, decoded.encoding) == ("€ cœur \x81 café", "cp1252")


def test_it_refuses_a_file_that_is_not_text_in_words_that_say_what_to_do():
    workbook = b"PK\x03\x04\x14\x00\x06\x00\x08\x00\x00\x00!\x00"  # how an .xlsx starts
    with pytest.raises(FileRefused) as refused:
        decode_text(workbook)
    assert refused.value.errors == [
        "the file is not text (a spreadsheet workbook? save it as CSV and import that)"
    ]


def test_it_names_the_encoding_read_when_it_is_not_utf8():
    assert encoding_notes({"the file": "utf-8"}) == []
    assert encoding_notes({"the file": "cp1252", "the names file": "utf-16-le"}) == [
        "The file was read as Windows-1252 (Western European) text, not UTF-8: check that its"
        " accents look right.",
        "The names file was read as UTF-16 (little-endian) text, not UTF-8: check that its"
        " accents look right.",
    ]


def test_a_csv_for_excel_starts_with_the_utf8_mark():
    assert for_excel("pair,names\n1,Zoë Müller\n").encode() == (
        b"\xef\xbb\xbfpair,names\n1,Zo\xc3\xab M\xc3\xbcller\n"
    )


def test_it_cuts_a_long_quoted_value_out_of_a_problem():
    contract = "4" + "S" * 100_000  # a cell within the csv module's limit
    with pytest.raises(FileRefused) as refused:
        read_travellers(f"board,ns,ew,contract,declarer,tricks\n1,1,8,{contract},N,10\n")
    (problem,) = refused.value.errors
    whole = f"line 2: '{contract}' is not a contract (expected e.g. 4S, 3NT, 4SX, 5DXX or PASS)"
    # 240 characters kept: the first 160 and the last 80, the rest counted.
    assert problem == (
        f"{whole[:160]} … ({len(whole) - 240:,} characters left out) … {whole[-80:]}"
    )
    assert problem.startswith("line 2: '4SSSS") and problem.endswith("5DXX or PASS)")
    assert excerpt("line 2: short") == "line 2: short"


def test_it_says_a_field_is_too_long_in_its_own_words():
    # A line of 4 MB in one cell (a quote left open runs to the end of the file, too): more
    # than the csv module's limit of 131,072 characters a field.
    text = "board,ns,ew,contract,declarer,tricks\n1,1,8," + "4" * 4_000_000 + ",N,10\n"
    with pytest.raises(FileRefused) as refused:
        read_travellers(text)
    assert refused.value.errors == [
        f"line 2: a field longer than {csv.field_size_limit():,} characters (a quote left open?)"
    ]
    assert csv.field_size_limit() == 131_072
