"""A national body's membership list read from the CSV a club downloads or saves from Excel:
the columns found by their headings, every line not read named."""

from __future__ import annotations

import pytest

from sessions_app.interchange.membership_list import Member, read_membership_list
from sessions_app.interchange.refused import FileRefused


def test_it_reads_numbers_and_names_split_in_two_columns():
    data = b"EBU Number,Surname,Forename\n123456,Lee,Ann\n,Ray,Bob\n007,Fox,Cy\n"
    read = read_membership_list(data)
    assert read.members == (Member("123456", "Ann Lee"), Member("007", "Cy Fox"))
    assert read.problems == ("line 3: no member number",)


def test_it_reads_a_list_excel_saved_with_semicolons_in_the_windows_encoding():
    # Excel in a country writing decimals with a comma separates cells with ";", and saves
    # "Françoise" in Windows-1252 (ç is byte E7).
    data = "Name;Membership number\r\nFrançoise Dupré;4411\r\n\r\nJo Ng;4412\r\n".encode("cp1252")
    read = read_membership_list(data)
    assert read.members == (Member("4411", "Françoise Dupré"), Member("4412", "Jo Ng"))
    assert read.problems == ()


def test_a_number_twice_and_a_member_without_a_name_are_named_by_their_lines():
    data = "\ufeffMember ID,Name\n1,Ann Lee\n2,\n1,Ann Other\n".encode()
    read = read_membership_list(data)
    assert read.members == (Member("1", "Ann Lee"),)
    assert read.problems == (
        "line 3: member 2 has no name",
        "line 4: member number 1 again (first on line 2)",
    )


def test_a_file_without_the_two_columns_is_refused_saying_what_it_lacks():
    with pytest.raises(FileRefused) as refused:
        read_membership_list(b"Club,Town\nRiverside,Bath\n")
    assert refused.value.errors == [
        'line 1: the membership list has no column of member numbers (headed "Number",'
        ' "Member number" ...) and no column of names (headed "Name", or "Surname" and'
        ' "Forename")'
    ]
