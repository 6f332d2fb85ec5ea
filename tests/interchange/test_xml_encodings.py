"""A USEBIO file in an encoding the XML reader cannot read is refused in words, on the page
the director lands on, never with a 500."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from sessions_app.interchange.usebio.xml_tree import XmlError, parse
from sessions_app.models import Session

DECLARED = '<?xml version="1.0" encoding="{}"?>\n<USEBIO Version="1.2"><EVENT/></USEBIO>\n'


@pytest.mark.parametrize(
    ("encoding", "codec"), [("UTF-7", "utf-7"), ("UTF-32", "utf-32"), ("UTF-32LE", "utf-32-le")]
)
def test_it_refuses_a_multi_byte_encoding_it_cannot_read_in_words(encoding, codec):
    data = DECLARED.format(encoding).encode(codec)
    with pytest.raises(XmlError) as refused:
        parse(DECLARED.format(encoding).encode("ascii"))
    assert str(refused.value) == (
        f"line 1: the file declares an encoding clubscorer does not read ({encoding}): "
        "save it as UTF-8 or UTF-16"
    )
    with pytest.raises(XmlError):
        parse(data)


def test_it_reads_the_encodings_it_knows():
    # Latin-1 and UTF-16 (with its byte-order mark) are read, accents intact.
    latin = '<?xml version="1.0" encoding="ISO-8859-1"?><CLUB>Fran\xe7oise</CLUB>'
    assert parse(latin.encode("latin-1")).text == "Françoise"
    sixteen = '<?xml version="1.0" encoding="UTF-16"?><CLUB>Müller</CLUB>'
    assert parse(sixteen.encode("utf-16")).text == "Müller"


@pytest.mark.django_db
def test_the_import_page_says_why_a_utf_7_file_is_refused(director_client, director):
    response = director_client.post(
        reverse("sessions_app:import_session"),
        {
            "file": SimpleUploadedFile("club.xml", DECLARED.format("UTF-7").encode("ascii")),
            "club": director.clubs.get().pk,
        },
        follow=True,
    )
    assert response.status_code == 200
    assert "declares an encoding clubscorer does not read (UTF-7)" in response.content.decode()
    assert Session.objects.count() == 0
