"""One queued row as the e-mail it stands for: the pair's place and percentage as the session's
ranking gives them now, the links to the pair's score card and to the unsubscribe page, and
the score card as a PDF when the player wants it.

The words are read from the results when the message is sent, not when it was queued: a
message that waited through an amendment says the amended place.

Example: Ann of pair A1, 2nd of the 7 NS pairs with 58.33% ->
subject "Tuesday pairs, 17 Nov 2026: 2nd of 7 NS, 58.33%", a body with
https://scores.example.org/sessions/7/pairs/A/1/ and, attached, tuesday-pairs-A1.pdf.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import partial
from typing import Any

from django.conf import settings
from django.core.mail import EmailMessage
from django.db.models import Q
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.dateformat import format as date_format
from django.utils.text import slugify
from django.utils.translation import gettext, override, pgettext

from ..core.results import session_results
from ..models import Pair, Player, ResultMail, Session
from ..players.standings import standing_rows
from ..printing import DOCUMENTS, Options, render_pdf
from ..printing.sheets import score_cards_context
from ..rows.words import direction_words, marked
from ..scoring import SessionResults
from ..scoring.display import percent
from .services import unsubscribe_token


@dataclass(frozen=True)
class Standing:
    """A pair of the player's in words: "A1 (Ann Lee & Bob Ray)", "2nd of 7 NS", "58.33"."""

    section: str
    label: str
    names: str
    place: str
    percentage: str
    link: str


def result_message(mail: ResultMail) -> EmailMessage | None:
    """The e-mail of `mail`, or None when there is nothing to send any more: the session
    unpublished, the player unsubscribed or without an address, or no pair of the session
    is theirs now. The message is in the club's language (`Club.language`), whatever the
    language of the request or worker that builds it."""
    session, player = mail.session, mail.player
    if not session.is_published or session.is_test:
        return None
    if not player.results_by_mail or not player.email:
        return None
    with override(session.club.language):
        return _result_message(mail, session, player)


def _result_message(mail: ResultMail, session: Session, player: Player) -> EmailMessage | None:
    results = session_results(session)
    standings = player_standings(session, results, player)
    if not standings:
        return None
    site = settings.SITE_URL
    stop = site + reverse("sessions_app:mail_unsubscribe", args=[unsubscribe_token(player)])
    when = date_format(session.date, "j M Y")
    first = standings[0]
    context = {
        "session": session,
        "player": player,
        "standings": standings,
        "amended": mail.amended,
        "results_link": site + reverse("sessions_app:session", args=[session.pk]),
        "unsubscribe": stop,
        "attached": player.results_mail_pdf,
    }
    if first.percentage:
        # Translators: the headline of a results e-mail's subject: "2nd of 7 NS, 58.33%".
        headline = gettext("%(place)s, %(percentage)s%%") % {
            "place": first.place,
            "percentage": first.percentage,
        }
    else:
        headline = first.place
    words = {"session": session.name, "date": when, "headline": headline}
    if mail.amended:
        # Translators: a results e-mail's subject: "Tuesday pairs, 17 Nov 2026 (amended): 2nd
        # of 7 NS, 58.33%".
        subject = gettext("%(session)s, %(date)s (amended): %(headline)s") % words
    else:
        # Translators: a results e-mail's subject: "Tuesday pairs, 17 Nov 2026: 2nd of 7 NS,
        # 58.33%".
        subject = gettext("%(session)s, %(date)s: %(headline)s") % words
    message = EmailMessage(
        subject=subject,
        body=render_to_string("sessions_app/mail/result.txt", context),
        to=[player.email],
        headers={
            "List-Unsubscribe": f"<{stop}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",  # RFC 8058: mail clients
        },
    )
    if player.results_mail_pdf:
        for standing in standings:
            name = f"{slugify(session.name) or 'session'}-{standing.section}{standing.label}.pdf"
            pdf = score_card_pdf(session, results, standing.section, standing.label)
            message.attach(name, pdf, "application/pdf")
    return message


def player_standings(session: Session, results: SessionResults, player: Player) -> list[Standing]:
    """The player's pairs in `session` (usually one), each with its place and percentage as
    the session publishes them. Example: 2nd of the 7 NS pairs -> place "2nd of 7 NS"; tied
    -> "2= of 7 NS"; a one-field section -> "3rd of 14"; not ranked -> "not ranked"."""
    theirs = Q(player1_ref=player) | Q(player2_ref=player)
    pairs = list(
        Pair.objects.filter(theirs, section__session=session)
        .select_related("section")
        .order_by("section__name", "label")
    )
    if not pairs:
        return []
    rows = standing_rows(session, results)
    standings = []
    for pair in pairs:
        row = rows[pair.pk]
        score = results.scores.get((pair.section.name, pair.label))
        place = _place(row.place, row.field_size, row.field)
        link = reverse("sessions_app:pair", args=[session.pk, pair.section.name, pair.label])
        names = " & ".join(name for name in (pair.player1, pair.player2) if name)
        standings.append(
            Standing(
                pair.section.name,
                pair.label,
                names,
                place,
                marked(percent(score.percentage)) if score else "",
                settings.SITE_URL + link,
            )
        )
    return standings


def _place(place: str, size: int, field: str) -> str:
    """A pair's place in words, in the active language: ("2", 7, "NS") -> "2nd of 7 NS";
    ("3", 14, "") -> "3rd of 14"; ("", 14, "") -> "not ranked"."""
    if not place:
        return pgettext("a pair's place in a ranking", "not ranked")
    words = {"place": _ordinal(place), "size": size}
    if field:
        words["field"] = direction_words(field)
        # Translators: a pair's place among the pairs of its direction: "2nd of 7 NS".
        return pgettext("a pair's place in a ranking", "%(place)s of %(size)s %(field)s") % words
    # Translators: a pair's place among all the pairs: "3rd of 14".
    return pgettext("a pair's place in a ranking", "%(place)s of %(size)s") % words


def _ordinal(place: str) -> str:
    """A place as said: "1" -> "1st", "2" -> "2nd", "11" -> "11th", "23" -> "23rd"; a tie
    ("2=", "2/3") as the ranking writes it. Each English ending is its own message, so that a
    language writes its own ("1er", "2e" in French; "1.", "2." in German)."""
    if not place.isdigit():
        return place
    number = int(place)
    if number == 1:
        form = pgettext("ordinal place: exactly 1 (1st)", "%(number)sst")
    elif 10 <= number % 100 <= 20:
        form = pgettext("ordinal place: 10 to 20, 110 to 120 ... (11th, 12th)", "%(number)sth")
    elif number % 10 == 1:
        form = pgettext("ordinal place: ending in 1, except 1 and 11 (21st, 31st)", "%(number)sst")
    elif number % 10 == 2:
        form = pgettext("ordinal place: ending in 2, except 12 (2nd, 22nd)", "%(number)snd")
    elif number % 10 == 3:
        form = pgettext("ordinal place: ending in 3, except 13 (3rd, 23rd)", "%(number)srd")
    else:
        form = pgettext("ordinal place: every other number (4th, 10th, 25th)", "%(number)sth")
    return form % {"number": number}


def score_card_pdf(session: Session, results: SessionResults, section: str, label: str) -> bytes:
    """One pair's completed score card as the printed score cards draw it, alone in its PDF."""
    document = replace(
        DOCUMENTS["score-cards"],
        build=partial(_one_card, section=section, label=label),
    )
    return render_pdf(session, document, Options(), results=results)


def _one_card(
    session: Session, results: SessionResults, options: Options, *, section: str, label: str
) -> dict[str, Any]:
    context = score_cards_context(session, results, options, completed=True)
    context["cards"] = [c for c in context["cards"] if (c.section, c.label) == (section, label)]
    return context
