"""Property-based fuzzing of every way input arrives: the entry parser, the CSV, PBN and USEBIO
readers, the importers and the director's forms. Whatever comes in, the answer is a result or
a clear message — never an uncaught exception or a 500 — and a refused input changes nothing.

CI runs a few hundred examples a test; `bench/fuzz.py` runs 10,000 each
(CLUBSCORER_FUZZ_EXAMPLES sets the number).
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from sessions_app.interchange.pbn.read import read_pbn
from sessions_app.interchange.refused import FileRefused
from sessions_app.interchange.travellers.names import read_names
from sessions_app.interchange.travellers.read import COLUMNS, read_travellers
from sessions_app.interchange.usebio.read import read_usebio
from sessions_app.models import Result, ResultChange, Session
from sessions_app.scoring.contract import ContractError
from sessions_app.scoring.notation import parse_entry

# slow (not in `dev.py test --fast`): generated files, many of them.
pytestmark = pytest.mark.slow

EXAMPLES = int(os.environ.get("CLUBSCORER_FUZZ_EXAMPLES", "150"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
DATA = Path(__file__).parent / "interchange" / "data"

# Pieces of what a director types, so that many inputs are nearly right.
ENTRY_PIECES = st.sampled_from(
    [
        "1",
        "3",
        "4",
        "6",
        "7",
        "8",
        "10",
        "13",
        "14",
        "s",
        "h",
        "d",
        "c",
        "n",
        "nt",
        "x",
        "xx",
        "*",
        "n",
        "e",
        "s",
        "w",
        "=",
        "+1",
        "-2",
        "-13",
        "pass",
        "p",
        "a",
        "a+",
        "a-",
        "/",
        "np",
        "ave+",
        " ",
        "♠",
        "♥",
        "4s",
        "3nt",
        "420",
        "-50",
        "+",
        "-",
        "99999",
        "\t",
        "é",
    ]
)
ENTRY = st.one_of(st.lists(ENTRY_PIECES, max_size=6).map("".join), st.text(max_size=20))
VULNERABILITY = st.sampled_from(["None", "NS", "EW", "All"])


@FUZZ
@given(ENTRY, VULNERABILITY)
def test_the_entry_parser_answers_or_explains(text, vul):
    try:
        outcome = parse_entry(text, vul)
    except ContractError as error:
        assert str(error)
    else:
        assert outcome.kind in ("played", "artificial", "not_played")


CSV_CELLS = st.one_of(
    st.sampled_from(
        [
            "1",
            "2",
            "21",
            "0",
            "-1",
            "x",
            "",
            "4S",
            "3NT",
            "4SX",
            "PASS",
            "A+/A-",
            "NP",
            "N",
            "E",
            "Q",
            "10",
            "14",
            "=",
            "+1",
            "420",
            "-50",
            "425",
            "A",
            "7",
            '"',
            "8",
        ]
    ),
    st.text(max_size=6),
)
# The reader's own columns, a column it does not know, and two in capitals.
CSV_HEADER = st.lists(st.sampled_from([*COLUMNS, "vul", "Board", "NS"]), min_size=1, max_size=8)


@st.composite
def travellers_files(draw):
    if draw(st.booleans()):
        return draw(st.text(max_size=200))
    header = draw(CSV_HEADER)
    rows = draw(st.lists(st.lists(CSV_CELLS, min_size=0, max_size=len(header) + 1), max_size=8))
    return "\n".join(",".join(row) for row in [header, *rows])


@FUZZ
@given(travellers_files())
@example("\r0")  # once a crash: a bare carriage return inside the csv module
@example('board,ns\n1,"2')  # a quote left open
def test_the_travellers_reader_answers_or_names_the_lines(text):
    try:
        rows = read_travellers(text)
    except FileRefused as error:
        assert error.errors and all(message for message in error.errors)
    else:
        assert rows


@FUZZ
@given(st.text(max_size=200))
def test_the_names_reader_answers_or_names_the_lines(text):
    try:
        read_names(text)
    except FileRefused as error:
        assert error.errors


def _mutations(base: bytes):
    """The file with random cuts, insertions and replacements, or random bytes."""
    return st.one_of(
        st.binary(max_size=300),
        st.tuples(st.integers(0, len(base)), st.integers(0, 40), st.binary(max_size=20)).map(
            lambda cut: base[: cut[0]] + cut[2] + base[cut[0] + cut[1] :]
        ),
    )


PBN_SAMPLE = (DATA / "pagat_magic.pbn").read_bytes()
USEBIO_SAMPLE = (DATA / "tuesday_ebuscore.xml").read_bytes()


@FUZZ
@given(_mutations(PBN_SAMPLE))
@example(b"{" + PBN_SAMPLE)  # once a crash: a line left empty by a { commentary }
def test_the_pbn_reader_answers_or_names_the_lines(data):
    try:
        read_pbn(data.decode("utf-8", errors="replace"))
    except FileRefused as error:
        assert error.errors and all(message for message in error.errors)


@FUZZ
@given(_mutations(USEBIO_SAMPLE))
@example(USEBIO_SAMPLE.replace(b"iso-8859-1", b"Aiso-8859-1", 1))  # once: an unknown encoding
def test_the_usebio_reader_answers_or_names_the_lines(data):
    try:
        read_usebio(data)
    except FileRefused as error:
        assert error.errors and all(message for message in error.errors)


def _state():
    return (Session.objects.count(), Result.objects.count(), ResultChange.objects.count())


@pytest.mark.django_db
@settings(FUZZ, max_examples=max(EXAMPLES // 5, 20))
@given(travellers_files())
def test_a_refused_import_stores_nothing(tmp_path, text):
    path = tmp_path / "fuzz.csv"
    path.write_text(text, encoding="utf-8")
    before = _state()
    try:
        call_command("import_travellers", str(path), stdout=io.StringIO())
    except CommandError:
        assert _state() == before


LINE_FIELDS = st.fixed_dictionaries(
    {
        "board": st.one_of(st.integers(-2, 30).map(str), st.text(max_size=4)),
        "ns": st.one_of(st.sampled_from(["1", "7", "8", "13", "15", ""]), st.text(max_size=4)),
        "ew": st.one_of(st.sampled_from(["1", "8", "9", "13", "14"]), st.text(max_size=4)),
        "entry": ENTRY,
        "round": st.sampled_from(["", "1", "7", "x", "-3"]),
        "result_id": st.sampled_from(["", "1", "999999", "x"]),
        "version": st.sampled_from(["", "1", "2", "x"]),
        "lead": st.text(max_size=5),
    }
)


@pytest.mark.django_db
@settings(FUZZ, max_examples=max(EXAMPLES // 3, 30))
@given(LINE_FIELDS)
def test_the_entry_endpoint_answers_in_words(director_client, mitchell, data):
    url = reverse("sessions_app:line_save", args=[mitchell.session_id, "A"])
    before = _state()
    response = director_client.post(url, data)
    assert response.status_code == 200
    answer = response.json()
    if answer["ok"]:
        assert answer["result_id"]
    else:
        assert answer["error"] and _state() == before


ADJUST_FIELDS = st.fixed_dictionaries(
    {
        "ns": st.sampled_from(["1", "7", "x", ""]),
        "ew": st.sampled_from(["8", "13", "1", ""]),
        "kind": st.sampled_from(
            ["played", "assigned", "split", "weighted", "artificial", "not_played", "x"]
        ),
        "result": ENTRY,
        "ew_result": ENTRY,
        "weights": st.one_of(
            st.text(max_size=30),
            st.sampled_from(
                ["30% 4S N 10\n70% 3NT S 8", "50% 4sn10\n40% pass", "1/2 4sn10\n1/2 x"]
            ),
        ),
        "ns_artificial": st.sampled_from(["A+", "A", "A-", "B"]),
        "ew_artificial": st.sampled_from(["A+", "A", "A-"]),
        "foul_group": st.sampled_from(["0", "1", "-1", "x", ""]),
        "confirmed": st.sampled_from(["", "on"]),
    }
)


@pytest.mark.django_db
@settings(FUZZ, max_examples=max(EXAMPLES // 5, 20))
@given(ADJUST_FIELDS)
def test_the_adjust_form_never_fails(director_client, mitchell, data):
    url = reverse("sessions_app:line_adjust", args=[mitchell.session_id, "A", 1])
    before = _state()
    response = director_client.post(url, data)
    assert response.status_code in (200, 302)
    if response.status_code == 200:  # refused: the form again, with the reasons
        assert _state() == before


SETUP_FIELDS = st.fixed_dictionaries(
    {
        "name": st.text(max_size=10),
        "movement": st.sampled_from(["", "mitchell", "howell", "other"]),
        "tables": st.sampled_from(["", "1", "2", "3", "8", "9", "21", "x", "-1"]),
        "boards_per_round": st.sampled_from(["", "0", "1", "3", "5", "x"]),
        "rounds": st.sampled_from(["", "1", "3", "30"]),
        "even_tables": st.sampled_from(["", "skip", "relay", "x"]),
        "arrow_switch": st.sampled_from(["", "none", "last", "3,7", "99", "x,y"]),
        "pair_count": st.sampled_from(["", "5", "13", "14", "40"]),
        "winners": st.sampled_from(["", "1", "2", "3"]),
        "missing_pair": st.sampled_from(["", "3", "14", "99", "A3", "x\x00"]),
        "boards": st.sampled_from(["", "0", "12", "x"]),
    }
)


@pytest.mark.django_db
@settings(FUZZ, max_examples=max(EXAMPLES // 5, 20))
@given(SETUP_FIELDS)
def test_the_section_form_never_fails(director_client, mitchell, data):
    url = reverse("sessions_app:section_new", args=[mitchell.session_id])
    response = director_client.post(url, data)
    assert response.status_code in (200, 302)
