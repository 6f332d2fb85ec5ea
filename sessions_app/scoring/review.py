"""Results that look wrong: flagged for the director to check, never refused (a result can be
odd and right). Pure Python: it reads the scored `SessionResults` and each board's deal and
double-dummy table, and says in words what looks wrong with which line.

Three rules, each with its worked example below:

1. `wrong_side`: the declarer sits on the side that cannot make the contract double dummy,
   while the other side can: NS and EW entered the wrong way round, or the wrong declarer.
2. `far_from_the_rest`: the one score on a traveller far from every other score: a sign, a
   side or a contract typed wrong.
3. `impossible`: what the hand record makes certain, broken: an opening lead of a card the
   opening leader does not hold; more tricks than the defenders' master trumps leave
   declarer, or fewer than declarer's own master trumps give.

`review(results, deals)` runs all three over a session and returns its `Flag`s.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from .board import SEATS
from .cards import parse_card
from .lines import Line
from .message import Message, gettext_noop
from .results import ScoredBoard, SessionResults

SUITS = "SHDC"  # the order of a PBN hand: spades.hearts.diamonds.clubs
RANKS = "AKQJT98765432"
RANK_NAMES = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "T": "10"}
# The same words for a page, to be worded in its language (`rows.words.worded`).
SEAT_WORDS = {
    "N": Message(gettext_noop("North")),
    "E": Message(gettext_noop("East")),
    "S": Message(gettext_noop("South")),
    "W": Message(gettext_noop("West")),
}
STRAIN_WORDS = {
    # Translators: a strain in the director's flags, "double dummy NS take 10 tricks in spades".
    "C": Message(gettext_noop("clubs")),
    "D": Message(gettext_noop("diamonds")),
    "H": Message(gettext_noop("hearts")),
    "S": Message(gettext_noop("spades")),
    "NT": Message(gettext_noop("no trumps")),
}
RANK_WORDS = {
    # Translators: a card's rank in the director's flags, "does not hold the ace of hearts".
    "A": Message(gettext_noop("ace")),
    "K": Message(gettext_noop("king")),
    "Q": Message(gettext_noop("queen")),
    "J": Message(gettext_noop("jack")),
}
PARTNER = {"N": "S", "S": "N", "E": "W", "W": "E"}
LEFT = {"N": "E", "E": "S", "S": "W", "W": "N"}  # the opening leader sits on declarer's left

FAR = 800  # points: more than the swing of a lone vulnerable slam over game (1430 - 650)
FEWEST_SCORES = 4  # a traveller needs this many scores before one can stand out

Rule = Literal["wrong_side", "far_from_the_rest", "impossible"]
Hands = dict[str, dict[str, str]]  # seat -> suit -> ranks, e.g. {"N": {"S": "AKT2", ...}}


@dataclass(frozen=True, slots=True)
class Flag:
    """One line that looks wrong, and why, in words: `text` in English, `message` the same
    for a page, to be worded in its language (`{{ flag.message|worded }}`)."""

    section: str
    board: int
    ns: str
    ew: str
    ref: object  # the line's key (its database id)
    rule: Rule
    text: str
    message: Message | None = None


@dataclass(frozen=True, slots=True)
class BoardFacts:
    """What the hand record says of a board: its hands (None: no deal) and its double-dummy
    tricks by declarer seat and strain (None: not analysed)."""

    hands: Hands | None = None
    double_dummy: Mapping[str, Mapping[str, int]] | None = None


def review(results: SessionResults, deals: Mapping[int, BoardFacts]) -> tuple[Flag, ...]:
    """Every flag of the session, by section, board and line."""
    flags: list[Flag] = []
    for section in results.sections:
        for board in section.boards:
            facts = deals.get(board.number, BoardFacts())
            flags += traveller_flags(section.name, board, facts)
    return tuple(flags)


def traveller_flags(section: str, board: ScoredBoard, facts: BoardFacts) -> list[Flag]:
    """The flags of one section's traveller of one board, in the order of its lines."""
    found: dict[int, list[tuple[Rule, Message]]] = defaultdict(list)
    lines = [scored.line for scored in board.lines]
    for index, line in enumerate(lines):
        played = _played(line)
        if played is None:
            continue
        if facts.double_dummy:
            problem = wrong_side_message(played, facts.double_dummy)
            if problem:
                found[index].append(("wrong_side", problem))
        if facts.hands:
            for problem in impossible_messages(played, line.lead, facts.hands):
                found[index].append(("impossible", problem))
    for index, problem in far_from_the_rest_messages(lines).items():
        found[index].append(("far_from_the_rest", problem))
    return [
        Flag(
            section,
            board.number,
            lines[index].ns,
            lines[index].ew,
            lines[index].ref,
            rule,
            str(message),
            message,
        )
        for index in sorted(found)
        for rule, message in found[index]
    ]


@dataclass(frozen=True, slots=True)
class Played:
    """A table result with its contract: `4S by N, 10 tricks` is Played(4, "S", "N", 10)."""

    level: int
    strain: str
    declarer: str
    tricks: int | None

    @property
    def contract(self) -> str:
        return f"{self.level}{self.strain} by {self.declarer}"

    @property
    def contract_message(self) -> Message:
        """`contract` for a page: "4S by N" in its language."""
        return Message(
            gettext_noop("%(contract)s by %(declarer)s"),
            {"contract": f"{self.level}{self.strain}", "declarer": self.declarer},
        )


def _played(line: Line) -> Played | None:
    """The contract the table played, when the line is a table result with one (not a ruling,
    a score alone or a passed-out board)."""
    ruling = line.ruling
    if ruling is None or ruling.kind != "played" or ruling.outcome is None:
        return None
    outcome = ruling.outcome
    contract = outcome.contract
    if contract is None or contract.passed_out or outcome.declarer not in SEATS:
        return None
    return Played(contract.level, contract.strain, outcome.declarer, outcome.tricks)


def wrong_side(played: Played, double_dummy: Mapping[str, Mapping[str, int]]) -> str | None:
    """`wrong_side_message` in English."""
    message = wrong_side_message(played, double_dummy)
    return None if message is None else str(message)


def wrong_side_message(
    played: Played, double_dummy: Mapping[str, Mapping[str, int]]
) -> Message | None:
    """Rule 1: the declarer's side cannot make the contract double dummy, and the other side
    can (its better declarer takes at least level + 6 tricks in that strain).

    Example: 4S by E when double dummy N and S take 10 tricks in spades and E and W take 3:
    4S needs 10, EW take 3 and NS 10, so "4S by E: double dummy NS take 10 tricks in spades
    and EW only 3 — NS and EW the wrong way round, or the wrong declarer?". A sacrifice
    (5DX by E going down over NS's 4S) is not flagged: NS do not make 5D either.
    """
    declarer = played.declarer
    partner, left = PARTNER[declarer], LEFT[declarer]
    try:
        own = max(double_dummy[declarer][played.strain], double_dummy[partner][played.strain])
        other = max(double_dummy[left][played.strain], double_dummy[PARTNER[left]][played.strain])
    except (KeyError, TypeError):
        return None
    needed = played.level + 6
    if not own < needed <= other:
        return None
    sides = ("NS", "EW") if declarer in "NS" else ("EW", "NS")
    return Message(
        gettext_noop(
            "%(contract)s: double dummy %(other_side)s take %(other)s tricks in %(strain)s and"
            " %(side)s only %(own)s — NS and EW the wrong way round, or the wrong declarer?"
        ),
        {
            "contract": played.contract_message,
            "other_side": sides[1],
            "other": other,
            "strain": STRAIN_WORDS[played.strain],
            "side": sides[0],
            "own": own,
        },
    )


def far_from_the_rest(lines: Iterable[Line]) -> dict[int, str]:
    """`far_from_the_rest_messages` in English."""
    return {index: str(message) for index, message in far_from_the_rest_messages(lines).items()}


def far_from_the_rest_messages(lines: Iterable[Line]) -> dict[int, Message]:
    """Rule 2: on a traveller with at least FEWEST_SCORES table scores (of one fouled-board
    group), the one score at least FAR (800) points from every other score. Two such scores,
    or a score entered twice, are not flagged: the tables agree, or the board is wild.
    Only table results count (not the director's rulings or artificial scores).

    Example: NS +420, +450, +420, +400 and -420: -420 is 820 points from the nearest other
    score (+400) and no other score is 800 from all the rest, so line 5 gets "NS -420: 820
    points from every other score on the board (the nearest is +400) — a wrong sign, side or
    contract?". A lone vulnerable slam, +1430 among +650s, is 780 away: not flagged.
    """
    groups: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for index, line in enumerate(lines):
        ruling = line.ruling
        if ruling is None or ruling.kind != "played" or ruling.outcome is None:
            continue
        if ruling.outcome.kind == "played" and ruling.outcome.score_ns is not None:
            groups[line.group].append((ruling.outcome.score_ns, index))
    found = {}
    for scores in groups.values():
        if len(scores) < FEWEST_SCORES:
            continue
        scores.sort()
        far = []
        for position, (score, index) in enumerate(scores):
            near = [scores[p][0] for p in (position - 1, position + 1) if 0 <= p < len(scores)]
            nearest = min(near, key=lambda other: abs(other - score))
            if abs(nearest - score) >= FAR:
                far.append((score, index, nearest))
        if len(far) == 1:
            score, index, nearest = far[0]
            found[index] = Message(
                gettext_noop(
                    "NS %(score)s: %(distance)s points from every other score on the board (the"
                    " nearest is %(nearest)s) — a wrong sign, side or contract?"
                ),
                {
                    "score": f"{score:+d}",
                    "distance": abs(nearest - score),
                    "nearest": f"{nearest:+d}",
                },
            )
    return found


def impossible(played: Played, lead: str, hands: Hands) -> list[str]:
    """`impossible_messages` in English."""
    return [str(message) for message in impossible_messages(played, lead, hands)]


def impossible_messages(played: Played, lead: str, hands: Hands) -> list[Message]:
    """Rule 3: what the cards make certain, whatever the play.

    - The opening leader (declarer's left-hand opponent) leads a card from their own hand.
      Example: 4S by N with lead H3 when East holds K82 of hearts: "4S by N, lead H3: East,
      on lead, does not hold the 3 of hearts (East's hearts: K 8 2) — the wrong lead, or the
      wrong declarer?".
    - In a suit contract, the defenders' trumps above all of declarer's and dummy's each win
      a trick; one hand's such trumps win a trick each (partners' may fall together). So
      declarer takes at most 13 - that many. Example: 4S by N, 13 tricks, East holding the
      ace of spades: "4S by N, 13 tricks: East holds the A of spades, a sure trick for the
      defence — at most 12 tricks". Likewise declarer's or dummy's master trumps are sure
      tricks for declarer: 4S by N, 2 tricks, North holding A K Q of spades and the
      defenders nothing above South's jack: "at least 3 tricks".
    Only a revoke penalty (Law 64) moves tricks past these limits.
    """
    problems: list[Message] = []
    card = parse_card(lead)
    leader = LEFT[played.declarer]
    if card is not None:
        suit, rank = card
        held = hands.get(leader, {}).get(suit, "")
        if rank not in held:
            problems.append(
                Message(
                    gettext_noop(
                        "%(contract)s, lead %(lead)s: %(seat)s, on lead, does not hold the"
                        " %(rank)s of %(suit)s (%(seat)s's %(suit)s: %(holding)s) — the wrong"
                        " lead, or the wrong declarer?"
                    ),
                    {
                        "contract": played.contract_message,
                        "lead": lead,
                        "seat": SEAT_WORDS[leader],
                        "rank": RANK_WORDS.get(rank, _rank_name(rank)),
                        "suit": STRAIN_WORDS[suit],
                        "holding": _holding_words(held),
                    },
                )
            )
    if played.strain in SUITS and played.tricks is not None:
        declarers = (played.declarer, PARTNER[played.declarer])
        defenders = (leader, PARTNER[leader])
        seat, tops = _master_trumps(hands, played.strain, defenders)
        if tops and played.tricks > 13 - len(tops):
            problems.append(
                Message(
                    gettext_noop(
                        "%(contract)s, %(tricks)s tricks: %(seat)s holds the %(holding)s of"
                        " %(suit)s, %(sure)s for the defence — at most %(most)s tricks"
                    ),
                    {
                        **_trumps_values(played, seat, tops),
                        "most": 13 - len(tops),
                    },
                )
            )
        seat, tops = _master_trumps(hands, played.strain, declarers)
        if tops and played.tricks < len(tops):
            problems.append(
                Message(
                    gettext_noop(
                        "%(contract)s, %(tricks)s tricks: %(seat)s holds the %(holding)s of"
                        " %(suit)s, %(sure)s for declarer — at least %(least)s tricks"
                    ),
                    {**_trumps_values(played, seat, tops), "least": len(tops)},
                )
            )
    return problems


def _master_trumps(hands: Hands, suit: str, side: tuple[str, str]) -> tuple[str, list[str]]:
    """The trumps of `side` ranked above every trump of the other side, as (the seat holding
    the most of them, those it holds). Example: West A Q, East K, North J of the suit:
    A, K, Q are masters, West holds two -> ("W", ["A", "Q"])."""
    held: dict[str, list[str]] = {seat: [] for seat in side}
    for rank in RANKS:
        holder = next((seat for seat in SEATS if rank in hands.get(seat, {}).get(suit, "")), None)
        if holder not in side:
            break
        held[holder].append(rank)
    seat = max(side, key=lambda s: len(held[s]))
    return seat, held[seat]


def parse_deal(pbn: str) -> Hands | None:
    """The four hands of a PBN deal string, or None when it is not one.

    Example: "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432" gives
    North {"S": "AKQJ", "H": "AKQ", "D": "AKQ", "C": "AKQ"}, East {"S": "T987", ...}."""
    first, _, rest = (pbn or "").strip().partition(":")
    parts = rest.split()
    if first.upper() not in SEATS or len(parts) != 4:
        return None
    start = SEATS.index(first.upper())
    hands: Hands = {}
    for offset, text in enumerate(parts):
        suits = text.upper().split(".")
        if len(suits) != 4:
            return None
        hands[SEATS[(start + offset) % 4]] = dict(zip(SUITS, suits, strict=True))
    return hands


def _rank_name(rank: str) -> str:
    return RANK_NAMES.get(rank, rank)


def _holding(ranks: Sequence[str]) -> str:
    return " ".join("10" if r == "T" else r for r in ranks) if ranks else "none"


def _holding_words(ranks: Sequence[str]) -> Message | str:
    """`_holding` for a page: "none" worded in its language."""
    # Translators: a hand holding no card of a suit, "(South's hearts: none)".
    return _holding(ranks) if ranks else Message(gettext_noop("none"))


def _sure_words(count: int) -> Message:
    """The sure tricks a flag counts, for a page: "a sure trick", "2 sure tricks"."""
    if count == 1:
        return Message(gettext_noop("a sure trick"))
    return Message(gettext_noop("%(count)s sure tricks"), {"count": count})


def _trumps_values(played: Played, seat: str, tops: Sequence[str]) -> dict[str, object]:
    """The values of a flag of master trumps: the contract, tricks, holder, trumps held."""
    return {
        "contract": played.contract_message,
        "tricks": played.tricks,
        "seat": SEAT_WORDS[seat],
        "holding": _holding_words(tops),
        "suit": STRAIN_WORDS[played.strain],
        "sure": _sure_words(len(tops)),
    }
