"""A competition's standings from the database, kept until one of its sessions changes.

The standings are built from the sessions' own scored results (`session_results`, what the
ranking pages show) and the players the director matched to each pair (`Pair.player1_ref`,
`player2_ref`): a player is an entrant in every session one of its pairs played; a
partnership, in every session its two players played together. A pair whose names are not
both matched to the club's players counts for nobody until they are (the director's page
says how many there are).

Reading them costs three queries whatever the competition's size (its sessions, their pairs,
the players' names) and a cache read, and they are computed once per change: the cache key
holds each session's token (its `results_version`, bumped by every write of a result), the
competition's own `updated_at`, and the pairs' players and names.

Example: a competition of three published sessions where Ann played with Bob, then Cy, then
Bob again, ranking partnerships: "Ann & Bob" has two sessions, "Ann & Cy" one.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Iterable, Sequence

from django.core.cache import cache
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from ..core.cache_keys import DAY, session_token
from ..core.results import session_results
from ..models import Competition, Pair, Player, Session
from ..rows.words import interpolated, worded_lazy
from ..scoring.competitions import (
    CompetitionStandings,
    CountedSession,
    Entrant,
    Rule,
    SessionScore,
    standings,
)
from ..scoring.event import TiePlaces


def competition_rule(competition: Competition) -> Rule:
    return Rule(competition.rule, best=competition.best, minimum=competition.minimum)  # type: ignore[arg-type]


def selected_sessions(competition: Competition):
    """Every session of the club the competition names, published or not, by date."""
    sessions = Session.objects.filter(club_id=competition.club_id)
    if competition.selection == Competition.Selection.CHOSEN:
        sessions = sessions.filter(competitions=competition)
    else:
        sessions = sessions.filter(date__gte=competition.date_from, date__lte=competition.date_to)
        if competition.name_contains:
            sessions = sessions.filter(name__icontains=competition.name_contains)
    return sessions.order_by("date", "id")


def counted_sessions(competition: Competition) -> list[Session]:
    """The sessions whose results count: published, not test sessions (one query)."""
    return list(selected_sessions(competition).public())


def pending_sessions(competition: Competition) -> list[Session]:
    """The sessions named but not counted yet (not published, or test sessions), for the
    director (one query)."""
    selected = selected_sessions(competition)
    return list(selected.exclude(pk__in=selected.public()))


def competition_standings(competition: Competition) -> CompetitionStandings:
    """The standings as they stand: from the cache when nothing they depend on has changed,
    else computed from each counted session's scored results (and kept)."""
    sessions = counted_sessions(competition)
    pairs = list(
        Pair.objects.filter(section__session__in=sessions)
        .order_by("section__session_id", "section__name", "id")
        .values_list(
            "section__session_id", "section__name", "label", "player1_ref_id", "player2_ref_id"
        )
    )
    ids = {ref for row in pairs for ref in row[3:] if ref is not None}
    names = dict(Player.objects.filter(pk__in=ids).values_list("id", "name"))
    stamp = repr(
        (
            competition.pk,
            competition.updated_at.timestamp(),
            [session_token(session) for session in sessions],
            pairs,
            sorted(names.items()),
        )
    )
    token = hashlib.sha256(stamp.encode()).hexdigest()[:32]
    key = f"clubscorer:competition:{competition.pk}:{token}"
    found = cache.get(key)
    if found is None:
        found = _compute(competition, sessions, pairs, names, token)
        cache.set(key, found, DAY)
    return found


PairRow = tuple[int, str, str, int | None, int | None]


def _compute(
    competition: Competition,
    sessions: list[Session],
    pairs: Sequence[PairRow],
    names: dict[int, str],
    token: str,
) -> CompetitionStandings:
    rule = competition_rule(competition)
    by_player = competition.entrants == Competition.Entrants.PLAYERS
    scored = {}
    left_out = []
    for session in sessions:
        results = session_results(session)
        if results.imps:
            left_out.append(_session_words(session))
        else:
            scored[session.pk] = (session, results)
    scores: dict[str, dict[int, SessionScore]] = defaultdict(dict)
    entrant_names: dict[str, str] = {}
    entrant_members: dict[str, tuple[int, ...]] = {}
    unmatched = 0
    problems = []
    for session_id, section, label, first, second in pairs:
        if session_id not in scored:
            continue
        session, results = scored[session_id]
        pair_score = results.scores.get((section, label))
        if pair_score is None or not pair_score.boards:  # never played (a phantom)
            continue
        if first is None or second is None:
            unmatched += 1
            continue
        awards = results.masterpoints.awards if results.masterpoints else {}
        award = awards.get((section, label))
        score = SessionScore(
            session_id,
            pair_score.percentage,
            results.scaled(pair_score.points),
            award.points if award else None,
            award.kind if award else "",
        )
        entrants: list[tuple[tuple[int, ...], str]]
        if by_player:
            entrants = [((ref,), names[ref]) for ref in (first, second)]
        else:
            duo = tuple(sorted((first, second), key=lambda ref: (names[ref].casefold(), ref)))
            entrants = [(duo, " & ".join(names[r] for r in duo))]
        for members, name in entrants:
            key = "-".join(f"p{ref}" for ref in members)
            entrant_members[key] = members
            if session_id in scores[key]:
                # Kept in the cache: lazy, said in the language of the page that shows it.
                problems.append(
                    interpolated(
                        # Translators: %(session)s is a session's name and date, "Tuesday
                        # pairs (24 Nov 2026)"; %(section)s %(label)s a pair: "A 3".
                        _(
                            "%(name)s is in two pairs of %(session)s: only the first counts "
                            "(%(section)s %(label)s does not)."
                        ),
                        {
                            "name": name,
                            "session": _session_words(session),
                            "section": section,
                            "label": label,
                        },
                    )
                )
                continue
            scores[key][session_id] = score
            entrant_names[key] = name
    entrants_list = [
        Entrant(key, entrant_names[key], tuple(by_session.values()), entrant_members[key])
        for key, by_session in scores.items()
    ]
    return CompetitionStandings(
        rule=worded_lazy(rule.message(len(scored))),
        sessions=tuple(CountedSession(s.pk, s.name, s.date) for s, _ in scored.values()),
        # Ties written as the club writes them: as its latest session does (docs/rules.md §6.4).
        standings=standings(entrants_list, rule, _tie_places(sessions)),
        percentages=rule.kind != "total",
        left_out=tuple(left_out),
        unmatched=unmatched,
        problems=tuple(problems),
        token=token,
    )


def _tie_places(sessions: list[Session]) -> TiePlaces:
    """ "range" (2/3) when the latest session writes ties so, else "equals" (2=)."""
    return "range" if sessions and sessions[-1].tie_places == "range" else "equals"


def _session_words(session: Session) -> str:
    return f"{session.name} ({session.date:%d %b %Y})"


@transaction.atomic
def competition_save(*, competition: Competition, sessions: Iterable[Session] = ()) -> Competition:
    """Store a new or changed competition: checked first (ValidationError naming the field),
    with the sessions chosen (forgotten when it takes a date range instead). Its standings are
    computed anew: `updated_at` is in their cache key."""
    competition.full_clean(exclude=["sessions"])
    competition.save()
    chosen = competition.selection == Competition.Selection.CHOSEN
    competition.sessions.set(list(sessions) if chosen else [])
    return competition


@transaction.atomic
def competition_delete(*, competition: Competition) -> None:
    """Delete the competition (never its sessions)."""
    competition.delete()
