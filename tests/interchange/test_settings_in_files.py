"""The settings a clubscorer file carries, as written and as read: every setting, one notation
(`FIELD=VALUE`, as `--set` takes it), and a setting the reader does not know, or a value the
session cannot hold, refused naming its line and the setting — never ignored, never defaulted.
"""

from __future__ import annotations

import pytest
from django.core.management.base import CommandError

from sessions_app.interchange.settings import CARRIED, SETTABLE, setting_values, settings_text
from sessions_app.models import Session
from sessions_app.scoring.event import Settings
from sessions_app.setup.sessions import SESSION_SETTINGS
from tests.conftest import export, last_line_id, run

DEFAULTS = (
    "scale=2/1;butler_discard=1;ave_plus=60;ave=50;ave_minus=40;law_12c2c=yes;small_groups=no;"
    "across_the_field=no;imp_totals=sum;split_scores=half;expected_from=movement;"
    "factoring=neuberg;scaled_totals=no;tie_places=equals;imp_artificial=3;phantom_percent=own;"
    "overall_ranking=off"
)


def test_every_setting_of_the_session_goes_in_a_file():
    # The session's settings page has these; the name, date and test flag are not scoring,
    # the method is the file's own event type (USEBIO) or Scoring tag (PBN), and the master
    # point scale is USEBIO's own MASTER_POINT_SCALE (no figure of the ranking depends on it);
    # handicaps come from the club's grades and the director, which no file carries.
    not_carried = {"name", "date", "is_test", "method", "masterpoint_scale", "handicaps"}
    assert set(CARRIED) == set(SESSION_SETTINGS) - not_carried
    assert set(SETTABLE) == set(CARRIED) - {"scale", "butler_discard"}


def test_it_writes_every_setting_in_one_notation():
    text = settings_text(Settings(), "2/1")
    assert ";".join(f"{name}={value}" for name, value in text.items()) == DEFAULTS


def test_it_reads_switches_and_the_phantom_and_leaves_the_rest_to_the_session():
    assert setting_values(
        [("law_12c2c", "no"), ("ave_plus", "61.8"), ("phantom_percent", "own")], CARRIED
    ) == {"law_12c2c": False, "ave_plus": "61.8", "phantom_percent": None}
    with pytest.raises(ValueError, match="clubscorer has no setting 'colour'"):
        setting_values([("colour", "blue")], CARRIED)
    with pytest.raises(ValueError, match="law_12c2c is yes or no"):
        setting_values([("law_12c2c", "maybe")], CARRIED)


def line_of(text: str, part: str) -> int:
    return next(number for number, line in enumerate(text.splitlines(), 1) if part in line)


def import_edited(tmp_path, session_id: int, fmt: str, old: str, new: str, *options) -> int:
    text = export(session_id, fmt)
    assert old in text
    path = tmp_path / f"session.{'xml' if fmt == 'usebio' else fmt}"
    path.write_text(text.replace(old, new))
    return last_line_id(run(f"import_{fmt}", str(path), *options))


USEBIO_SETTING = "<CLUBSCORER_SETTING>{}</CLUBSCORER_SETTING>"


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("written", "refused"),
    [
        ("colour=blue", "CLUBSCORER_SETTING: clubscorer has no setting 'colour': the settings"),
        ("law_12c2c=maybe", "CLUBSCORER_SETTING: law_12c2c=maybe: law_12c2c is yes or no"),
        ("factoring", "CLUBSCORER_SETTING: 'factoring' is not FIELD=VALUE"),
        ("factoring=sometimes", "setting factoring=sometimes: Value 'sometimes' is not a valid"),
        ("ave_plus=61.825", "setting ave_plus=61.825: Ensure that there are no more than 2"),
        ("ave_minus=55", r"setting ave_minus=55: Average minus \(55%\) is more than Average"),
    ],
)
def test_it_refuses_a_setting_it_does_not_know_naming_its_line(
    tmp_path, every_ruling, written, refused
):
    name = written.partition("=")[0]
    name = name if name in CARRIED else "factoring"  # an unknown one in factoring's place
    old = next(
        USEBIO_SETTING.format(item) for item in DEFAULTS.split(";") if item.startswith(name + "=")
    )
    text = export(every_ruling.pk, "usebio")
    line = line_of(text, old)
    with pytest.raises(CommandError, match=f"line {line}: {refused}"):
        import_edited(tmp_path, every_ruling.pk, "usebio", old, USEBIO_SETTING.format(written))
    assert Session.objects.count() == 1  # nothing stored


@pytest.mark.django_db
def test_it_refuses_a_pbn_setting_naming_the_tags_line(tmp_path, every_ruling):
    text = export(every_ruling.pk, "pbn")
    line = line_of(text, "[ClubscorerSettings")
    with pytest.raises(CommandError, match=f"line {line}: setting tie_places=2-3: Value '2-3'"):
        import_edited(tmp_path, every_ruling.pk, "pbn", "tie_places=equals", "tie_places=2-3")
    with pytest.raises(CommandError, match=f"line {line}: ClubscorerSettings: clubscorer has no"):
        import_edited(tmp_path, every_ruling.pk, "pbn", ";factoring=", ";factor=")


@pytest.mark.django_db
def test_a_setting_given_twice_must_agree(tmp_path, every_ruling):
    # A program that copies clubscorer's tag to every game keeps the file readable; two games
    # that disagree are refused, naming both lines.
    text = export(every_ruling.pk, "pbn")
    tag = text[text.index("[ClubscorerSettings") :].split("\n", 1)[0]
    second = text.index("[Board", text.index("[Board") + 1)
    copied = text[:second] + tag.replace("split_scores=half", "split_scores=twice") + "\n"
    path = tmp_path / "twice.pbn"
    path.write_text(copied + text[second:])
    first, again = line_of(copied, "[ClubscorerSettings"), len(copied.splitlines())
    with pytest.raises(
        CommandError,
        match=f"line {again}: ClubscorerSettings: split_scores="
        f"twice but line {first} says split_scores=half",
    ):
        run("import_pbn", str(path))
    path.write_text(text[:second] + tag + "\n" + text[second:])
    assert Session.objects.get(pk=last_line_id(run("import_pbn", str(path)))).split_scores == "half"


@pytest.mark.django_db
@pytest.mark.parametrize("fmt", ["usebio", "pbn"])
def test_set_goes_before_the_files_own_settings(tmp_path, every_ruling, fmt):
    Session.objects.filter(pk=every_ruling.pk).update(factoring="total", law_12c2c=False)
    copy = import_edited(tmp_path, every_ruling.pk, fmt, "", "", "--set", "factoring=neuberg")
    session = Session.objects.get(pk=copy)
    assert (session.factoring, session.law_12c2c) == ("neuberg", False)


@pytest.mark.django_db
def test_every_import_command_takes_set_and_says_which_are_wrong(tmp_path, every_ruling):
    (tmp_path / "t.csv").write_text(export(every_ruling.pk, "travellers"))
    with pytest.raises(CommandError, match="--set 'colour=blue': clubscorer has no setting"):
        run("import_travellers", str(tmp_path / "t.csv"), "--set", "colour=blue")
    with pytest.raises(CommandError, match="ave_plus: Average plus \\(140%\\) can be at most"):
        run("import_travellers", str(tmp_path / "t.csv"), "--set", "ave_plus=140")
    (tmp_path / "s.pbn").write_text(export(every_ruling.pk, "pbn"))
    with pytest.raises(CommandError, match="--session attaches deals only"):
        run("import_pbn", str(tmp_path / "s.pbn"), "--session", "1", "--set", "ave=50")
    copy = run("import_travellers", str(tmp_path / "t.csv"), "--set", "phantom_percent=55.5")
    assert Session.objects.get(pk=last_line_id(copy)).phantom_percent == 55.5


@pytest.mark.django_db
def test_the_import_page_applies_a_files_settings_and_names_a_bad_one(
    director_client, director, every_ruling
):
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.urls import reverse

    Session.objects.filter(pk=every_ruling.pk).update(split_scores="twice", ave_plus="61.8")
    text = export(every_ruling.pk, "usebio")

    def upload(content: str):
        return director_client.post(
            reverse("sessions_app:import_session"),
            {
                "file": SimpleUploadedFile("s.xml", content.encode()),
                "club": director.clubs.get().pk,
            },
        )

    response = upload(text)
    copy = Session.objects.exclude(pk=every_ruling.pk).get()
    assert response.url == reverse("sessions_app:director_session", args=[copy.pk])
    assert (copy.split_scores, str(copy.ave_plus)) == ("twice", "61.80")
    bad = text.replace("split_scores=twice", "split_scores=thrice")
    response = upload(bad)
    assert response.status_code == 200  # the page again, with the problem
    line = line_of(bad, "split_scores=thrice")
    assert f"line {line}: setting split_scores=thrice: Value" in response.content.decode()
    assert Session.objects.count() == 2
