"""Every deal file format: one set written and read back the same, the .dlm checksums, and a
refusal per format naming its byte or line and the reason."""

from __future__ import annotations

import pytest

from sessions_app.interchange.deal_files import dlm
from sessions_app.interchange.deal_files.boards import (
    BadDeal,
    DealtBoard,
    NotWritable,
    owners_of,
    pbn_of,
)
from sessions_app.interchange.deal_files.dealing import deal_boards
from sessions_app.interchange.deal_files.formats import DEAL_FORMATS, format_of_name
from sessions_app.interchange.refused import FileRefused

# North every spade, East every heart, South every diamond, West every club.
SUITED = (0,) * 13 + (1,) * 13 + (2,) * 13 + (3,) * 13
SET = deal_boards(range(1, 21), seed="round trip")


@pytest.mark.parametrize("name", DEAL_FORMATS)
def test_it_reads_back_every_format_as_written(name):
    fmt = DEAL_FORMATS[name]
    read = fmt.read(fmt.write(SET))
    assert [(b.number, b.deal, b.dealer, b.vulnerability) for b in read] == [
        (b.number, b.deal, b.dealer, b.vulnerability) for b in SET
    ]


def test_it_reads_the_same_set_from_every_format():
    sets = {
        name: [(b.number, b.deal) for b in fmt.read(fmt.write(SET))]
        for name, fmt in DEAL_FORMATS.items()
    }
    assert len({tuple(deals) for deals in sets.values()}) == 1


def test_it_writes_pbn_deals_from_north_and_reads_any_seat():
    assert pbn_of(SUITED) == (
        "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
    )
    # East first: the same deal turned round one seat
    assert owners_of("E:.AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432 -") == SUITED


def test_it_computes_the_dlm_checksums_by_hand():
    letters = dlm.board_letters(SUITED)
    # pairs of cards: 6 x (N,N)=a, (N,E)=b, 6 x (E,E)=f, 6 x (S,S)=k, (S,W)=l, 6 x (W,W)=p
    assert letters == "aaaaaabffffffkkkkkklpppppp"
    # board 1: the letters appearing 6 times cancel in the XOR: 1 ^ 98 ^ 108 = 15
    assert dlm.board_checksum(1, letters) == 1 ^ ord("b") ^ ord("l") == 15
    # 16 boards with Status=Show: 16 ^ 1
    assert dlm.file_checksum(16, shown=True) == 17
    assert dlm.file_checksum(16, shown=False) == 16
    written = dlm.write([DealtBoard.law2(1, SUITED)]).decode()
    assert "Board 01=aaaaaabffffffkkkkkklpppppp015\r\n" in written
    assert "Checksum=0\r\n" in written  # one board shown: 1 ^ 1


def test_it_refuses_a_dlm_board_whose_checksum_is_wrong():
    text = dlm.write([DealtBoard.law2(1, SUITED)]).decode()
    damaged = text.replace("aaaaaabffffffkkkkkklpppppp015", "aaaaaabffffffkkkkkklpppppp016")
    with pytest.raises(FileRefused) as refused:
        dlm.read(damaged.encode())
    assert refused.value.errors == [
        "line 12: board 1's checksum is 016, its letters give 015: the line is damaged"
    ]


def test_it_refuses_a_dlm_file_whose_own_checksum_is_wrong():
    text = dlm.write([DealtBoard.law2(1, SUITED)]).decode().replace("Checksum=0", "Checksum=3")
    with pytest.raises(FileRefused, match="line 10: the file's checksum is 3, expected 0"):
        dlm.read(text.encode())


def test_it_refuses_an_encrypted_dlm_file():
    text = dlm.write([DealtBoard.law2(1, SUITED)]).decode().replace("Crypto key=0", "Crypto key=7")
    with pytest.raises(FileRefused, match=r"line 9: the file is encrypted \(Crypto key=7\)"):
        dlm.read(text.encode())


def _damaged(name: str, at: int, byte: bytes) -> bytes:
    content = bytearray(DEAL_FORMATS[name].write(SET[:2]))
    content[at : at + len(byte)] = byte
    return bytes(content)


# A damaged file of each format and the first problem it is refused with.
REFUSALS = [
    (
        "pbn",
        b'[Board "1"]\n[Deal "N:AKQ.JT9.876.5432 - - -"]\n',
        "line 2: board 1: each hand needs 13",
    ),
    ("dlm", b"[Document]\nFrom board=1\nTo board=x\n", "line 3: To board is 'x', not a number"),
    ("dlm", b"[Document]\nTo board=2\n", "line 1: the file has no From board line"),
    ("pbn", b'[Deal "N:AKQ.JT9.876.5432 - - -"]\n', "line 1: the deal has no Board tag"),
    ("dup", _damaged("dup", 156 + 4, b"77"), "byte 160: board 2: '77' is not a card (01-52)"),
    ("dup", _damaged("dup", 146, b"\x00"), "byte 146: the first record does not describe"),
    ("bri", _damaged("bri", 128 + 2, b"01"), "byte 130: board 2: card 01 is given twice"),
    ("bri", _damaged("bri", 0, b"")[:130], "byte 128: the file ends 2 bytes into a board's"),
    ("dge", _damaged("dge", 128 + 1, b"Z"), "byte 129: board 2: 'Z' (byte value 90) is not a card"),
    (
        "lin",
        b"qx|o1|md|3SAKQHDC,SJT9HDC,S876HDC,|sv|o|\r\n",
        "line 1: board 1: each hand needs 13 cards",
    ),
    ("lin", b"md|3SAKQ,SJT9,S876,|\r\n", "line 1: a deal (md) with no board number"),
    ("ber", _damaged("ber", 60, b"7"), "byte 60: board 2: '7' is not a seat (1-4)"),
    ("bhg", b"\r\nABC\r\n", "line 2: board 1: 3 letters, a board has 52"),
    ("rzd", _damaged("rzd", 0, b"\x05"), "byte 0: the header says 5 boards, the file holds 2"),
    ("rzd", _damaged("rzd", 13, b"\x00"), "byte 13: board 1: each hand needs 13 cards"),
    ("cds", _damaged("cds", 14, b"\x01"), "byte 14: board 1: board 1 is in the file twice"),
]


@pytest.mark.parametrize(("name", "content", "problem"), REFUSALS)
def test_it_refuses_a_damaged_file_naming_where_and_why(name, content, problem):
    with pytest.raises(FileRefused) as refused:
        DEAL_FORMATS[name].read(content)
    assert refused.value.errors[0].startswith(problem), refused.value.errors
    assert refused.value.lines[0].endswith(
        ("1 problem, nothing imported:", "problems, nothing imported:")
    )


@pytest.mark.parametrize("name", ["bri", "dge", "ber", "rzd"])
def test_it_refuses_to_write_boards_a_format_numbers_by_place(name):
    with pytest.raises(NotWritable, match=f"a .{name} file numbers its boards 1, 2, 3 .*5-8"):
        DEAL_FORMATS[name].write(deal_boards(range(5, 9), seed="s"))


def test_it_writes_a_run_not_from_one_where_the_format_numbers_boards():
    boards = deal_boards(range(5, 9), seed="s")
    for name in ("pbn", "dlm", "dup", "lin", "bhg", "cds"):
        fmt = DEAL_FORMATS[name]
        assert [b.number for b in fmt.read(fmt.write(boards))] == [5, 6, 7, 8], name


def test_it_refuses_a_gap_in_a_dlm_set():
    with pytest.raises(NotWritable, match="one run of boards numbered 1-99: boards 1-2, 4"):
        dlm.write(deal_boards([1, 2, 4], seed="s"))


def test_it_names_a_deal_that_is_not_one():
    with pytest.raises(BadDeal, match="SA is in two hands"):
        owners_of("N:A... A... - -")


def test_it_tells_the_format_from_the_name():
    assert format_of_name("Monday.DLM") is DEAL_FORMATS["dlm"]
    assert format_of_name("results.csv") is None
