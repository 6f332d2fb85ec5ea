"""Reading what a traveller says: a contract, declarer and tricks, a bare score, or an
adjustment token, into one `Outcome`.

Every way a result enters clubscorer (a CSV row, the director's entry field, a PBN or USEBIO
file) ends here, so they all accept and refuse the same things with the same words.

Adjustment tokens (docs/rules.md §10): `A+`, `A`, `A-` give both sides that artificial score;
`A+/A-` gives NS the first and EW the second; a percentage is an explicit artificial score
(`55%/45%`: NS 55% of the top, EW 45%; `50%` both); `PH/NP` says NS faced a phantom pair
(a pair that did not come), which the session's phantom setting scores, and EW is that
phantom; `NP` is a board not played.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Literal

from .awards import NOBODY, PHANTOM, percent_token
from .contract import (
    PASSED_OUT,
    Contract,
    ContractError,
    check_ns_score,
    check_tricks,
    ns_score,
    parse_contract,
    parse_declarer,
    tricks_from_result,
)
from .message import Message, gettext_noop
from .notation_words import ENGLISH, Notation, plain

_CONTRACT_WITH_RESULT = re.compile(
    r"^(\d\s*[A-Za-z♠♥♦♣]+\s*(?:XX|X|\*\*|\*|R)?)\s*(=|[+-]\d{1,2})$", re.I
)
_ARTIFICIAL_ALIASES = {
    "A+": "A+",
    "AVE+": "A+",
    "AV+": "A+",
    "A": "A",
    "AVE": "A",
    "AV": "A",
    "A=": "A",
    "A-": "A-",
    "AVE-": "A-",
    "AV-": "A-",
}
NOT_PLAYED_TOKENS = {"NP", "NOTPLAYED"}
OutcomeKind = Literal["played", "artificial", "not_played"]


@dataclass(frozen=True, slots=True)
class Outcome:
    """What happened on one board at one table, validated.

    kind is "played" (a contract, or only the NS score), "artificial" or "not_played".
    """

    kind: OutcomeKind
    contract: Contract | None = None  # None: only the score is known
    declarer: str = ""
    tricks: int | None = None
    score_ns: int | None = None
    ns_artificial: str = ""
    ew_artificial: str = ""

    @property
    def token(self) -> str:
        """As written on a traveller: `4SX`, `PASS`, `A+/A-`, `NP`; empty when only a score."""
        if self.kind == "artificial":
            if self.ns_artificial == self.ew_artificial:
                return self.ns_artificial
            return f"{self.ns_artificial}/{self.ew_artificial}"
        if self.kind == "not_played":
            return "NP"
        return str(self.contract) if self.contract else ""


def parse_adjustment(text: str) -> Outcome | None:
    """An artificial or not-played outcome from its token, or None if `text` is not one."""
    token = "".join(text.split()).upper()
    if token in NOT_PLAYED_TOKENS:
        return Outcome("not_played")
    parts = token.split("/")
    if sorted(parts) == [NOBODY, PHANTOM]:  # PH/NP: NS faced a phantom pair, EW is it
        return Outcome("artificial", ns_artificial=parts[0], ew_artificial=parts[1])
    kinds = [_ARTIFICIAL_ALIASES.get(part) or percent_token(part) for part in parts]
    if len(parts) > 2 or not all(kinds):
        return None
    ns_kind, ew_kind = kinds[0], kinds[-1]
    assert ns_kind and ew_kind
    return Outcome("artificial", ns_artificial=ns_kind, ew_artificial=ew_kind)


def outcome_from_contract(contract: Contract, declarer: str, tricks: int, vul: str) -> Outcome:
    if contract.passed_out:
        return Outcome("played", PASSED_OUT, score_ns=0)
    check_tricks(contract, tricks)
    return Outcome("played", contract, declarer, tricks, ns_score(contract, declarer, tricks, vul))


@lru_cache(maxsize=8192)  # a club's travellers repeat the same few results many times over
def outcome_from_fields(
    *,
    contract: str,
    declarer: str = "",
    tricks: str = "",
    result: str = "",
    score: str = "",
    vul: str,
) -> Outcome:
    """The outcome of a traveller row given as separate columns (CSV, forms).

    `contract` may be a contract (also with its result: `4S=`), PASS or an adjustment token;
    `tricks` (0-13) or `result` (`=`, `+1`, `-2`) says how many tricks declarer took; `score`
    alone (no contract) is the NS score. When both a contract and a score are given they must
    agree. Raises ContractError with a message meant for the director.

    `tricks` is never signed: `+1` there could mean one trick or one overtrick, so it is
    refused (4S by N with tricks `+1` is not read as 1 trick, -450), and the message says to
    give it as a `result`, which is always read against the contract (4S `+1` = 11 tricks).
    A passed-out board has no declarer and no tricks, or 0 tricks as salliere writes.
    """
    contract, declarer, tricks, result, score = (
        value.strip() for value in (contract, declarer, tricks, result, score)
    )
    if not contract:
        if not score:
            raise ContractError(Message(gettext_noop("no contract and no score")))
        if declarer or tricks or result:
            raise ContractError(Message(gettext_noop("a declarer or tricks without a contract")))
        return Outcome("played", score_ns=check_ns_score(_integer(score, "score"), vul))
    adjustment = parse_adjustment(contract)
    if adjustment:
        if declarer or tricks or result or score:
            raise ContractError(
                Message(
                    gettext_noop(
                        "%(contract)s is an adjusted score: leave declarer, tricks and score empty"
                    ),
                    {"contract": contract},
                )
            )
        return adjustment
    if tricks[:1] in ("+", "-", "="):
        raise ContractError(
            Message(
                gettext_noop(
                    "tricks %(tricks)r is signed: tricks are the number declarer took (0-13);"
                    " for a result against the contract (%(result)s) use a 'result' column"
                ),
                {"tricks": tricks, "result": tricks},
            )
        )
    with_result = _CONTRACT_WITH_RESULT.match(contract)
    if with_result and not result:  # salliere writes the result into the contract: 4S=, 3NT-1
        contract, result = with_result.groups()
    parsed = parse_contract(contract)
    if parsed.passed_out:
        if declarer or (tricks and tricks != "0") or result:  # salliere writes P.O. with 0
            raise ContractError(
                Message(gettext_noop("a passed-out board has no declarer or tricks"))
            )
        outcome = Outcome("played", PASSED_OUT, score_ns=0)
    else:
        if not declarer:
            raise ContractError(
                Message(
                    gettext_noop("%(contract)s needs a declarer (N, E, S or W)"),
                    {"contract": str(parsed)},
                )
            )
        seat = parse_declarer(declarer)
        if tricks and result:
            taken = _integer(tricks, "tricks")
            if taken != tricks_from_result(parsed, result):
                raise ContractError(
                    Message(
                        gettext_noop("tricks %(tricks)s and result %(result)s disagree"),
                        {"tricks": tricks, "result": result},
                    )
                )
        elif tricks:
            taken = _integer(tricks, "tricks")
        elif result:
            taken = tricks_from_result(parsed, result)
        else:
            raise ContractError(
                Message(
                    gettext_noop(
                        "%(contract)s by %(seat)s needs the tricks taken (0-13) or a result"
                    ),
                    {"contract": str(parsed), "seat": seat},
                )
            )
        outcome = outcome_from_contract(parsed, seat, taken, vul)
    if score and _integer(score, "score") != outcome.score_ns:
        raise ContractError(
            Message(
                gettext_noop(
                    "score %(score)s does not match %(contract)s by %(declarer)s (%(ns)s for NS,"
                    " vulnerability %(vul)s)"
                ),
                {
                    "score": score,
                    "contract": outcome.token,
                    "declarer": outcome.declarer or "-",
                    "ns": f"{outcome.score_ns:+d}",
                    "vul": vul,
                },
            )
        )
    return outcome


# A count that is no whole number, said of what it counts.
_NOT_WHOLE = {
    "tricks": gettext_noop("tricks %(value)r is not a whole number"),
    "score": gettext_noop("score %(value)r is not a whole number"),
}


def _integer(text: str, what: str) -> int:
    """`text` as a whole number ("+420" too); ContractError saying `what` it is else:
    _integer("4.5", "tricks") -> "tricks '4.5' is not a whole number"."""
    try:
        return int(text.replace("+", "", 1) if text.startswith("+") else text)
    except ValueError:
        raise ContractError(Message(_NOT_WHOLE[what], {"value": text})) from None


_SCORE = re.compile(r"^[+-]?\d{1,5}$")
_CLAIMED_SCORE = re.compile(r"\(([+-]?\d{1,5})\)$")
_SUITS = (("♠", "S"), ("♥", "H"), ("♦", "D"), ("♣", "C"))


@dataclass(frozen=True)
class _Grammar:
    """The entry grammar with one notation's words: a contract and what follows it, a seat
    and a result (in either order), and the words that only fill in (`by`, `tricks`)."""

    contract: re.Pattern[str]
    rest: re.Pattern[str]
    filler: re.Pattern[str]


def _either(words: Iterable[str]) -> str:
    """A regular expression alternation, longest first (`SA` before `S`)."""
    texts = sorted(set(words), key=lambda word: (-len(word), word))
    return "|".join(re.escape(word) for word in texts)


@cache
def _grammar(notation: Notation) -> _Grammar:
    strains = _either(typed for typed, _ in notation.strains)
    doubles = _either(typed for typed, _ in notation.doubles)
    seats = "".join(re.escape(typed) for typed, _ in notation.seats)
    result = r"=|[+-]\d{1,2}|\d{1,2}"
    return _Grammar(
        contract=re.compile(rf"^([1-7])({strains})({doubles})?(.*)$"),
        rest=re.compile(rf"^(?:([{seats}])({result})|({result})([{seats}]))$"),
        filler=re.compile(_either((*notation.by_words, *notation.tricks_words, ","))),
    )


def parse_entry(text: str, vul: str, notation: Notation = ENGLISH) -> Outcome:
    """What the director types on a traveller line, in as few keys as possible, in the
    club's `notation` (scoring/notation_words.py; English by default).

    Accepted (any case, spaces optional): a contract, declarer and tricks in either order
    (`4S N 10`, `4sn10`, `4s= n`, `3nt-1 s`, `4sx+1 e`, `3nn9` = 3NT by N, 9 tricks), also
    as the app writes it (`4H by W 10`, `4S by N, 10 tricks (+420)`: a score in brackets must
    agree), `pass`, a bare NS score (`420`, `-50`), or an adjustment (`A+`, `A`, `A-`, `A+/A-`,
    `NP`).
    Example: parse_entry("4sn10", "None") -> 4S by N, 10 tricks, NS +420; in French
    parse_entry("4pn10", "None", FRENCH) is the same line.
    Raises ContractError with the reason in words.
    """
    compact = plain("".join(text.split()))
    for symbol, strain in _SUITS:
        compact = compact.replace(symbol, notation.strain_letters[strain])
    if not compact:
        raise ContractError(Message(gettext_noop("nothing entered")))
    claimed = _CLAIMED_SCORE.search(compact)
    if claimed and claimed.start() > 0:
        outcome, says = parse_entry(compact[: claimed.start()], vul, notation), int(claimed[1])
        if outcome.score_ns is None:
            raise ContractError(
                Message(
                    gettext_noop("%(token)s has no score: leave out (%(score)s)"),
                    {"token": outcome.token, "score": claimed[1]},
                )
            )
        if outcome.score_ns != says:
            values = {
                "typed": repr(text.strip()),
                "says": f"{says:+d}",
                "contract": outcome.contract,
                "declarer": outcome.declarer,
                "tricks": outcome.tricks,
                "score": f"{outcome.score_ns:+d}",
                "vulnerability": vul,
            }
            if outcome.declarer:
                wrong = gettext_noop(
                    "%(typed)s says %(says)s but %(contract)s by %(declarer)s, %(tricks)s tricks"
                    " scores %(score)s for NS (vulnerability %(vulnerability)s)"
                )
            else:
                wrong = gettext_noop(
                    "%(typed)s says %(says)s but the result scores %(score)s for NS"
                    " (vulnerability %(vulnerability)s)"
                )
            raise ContractError(Message(wrong, values))
        return outcome
    adjustment = parse_adjustment(compact)
    if adjustment:
        return adjustment
    if compact.replace(".", "") in notation.pass_words:
        return Outcome("played", PASSED_OUT, score_ns=0)
    if _SCORE.match(compact):
        return Outcome("played", score_ns=check_ns_score(int(compact), vul))
    grammar = _grammar(notation)
    match = grammar.contract.match(compact)
    if not match:
        raise ContractError(
            Message(
                gettext_noop(
                    "%(text)r is not a result: type e.g. %(example)s, %(contract)s-1 %(seat)s,"
                    " 420, %(pass)s or A+/A-"
                ),
                {
                    "text": text.strip(),
                    "example": notation.example,
                    "contract": notation.contract_text(Contract(3, "NT")),
                    "seat": notation.seat_text("S"),
                    "pass": notation.pass_word,
                },
            )
        )
    level, strain, double, rest = match.groups()
    rest = grammar.filler.sub("", rest)  # `by`, `tricks` and commas say nothing more
    contract = Contract(
        int(level), notation.strain(strain), dict(notation.doubles)[double] if double else 0
    )
    typed = notation.contract_text(contract)
    if not rest:
        raise ContractError(
            Message(
                gettext_noop(
                    "%(typed)s needs a declarer and the tricks, e.g. %(typed)s %(seat)s 10"
                ),
                {"typed": typed, "seat": notation.seat_text("N")},
            )
        )
    seat_and_result = grammar.rest.match(rest)
    if not seat_and_result:
        if len(rest) == 1 and rest in notation.seat_keys:
            raise ContractError(
                Message(
                    gettext_noop("%(typed)s by %(seat)s needs the tricks: 10, = or -1"),
                    {"typed": typed, "seat": rest},
                )
            )
        raise ContractError(
            Message(
                gettext_noop(
                    "after %(typed)s type the declarer (%(seats)s) and the tricks"
                    " (10, =, +1, -2), not %(rest)r"
                ),
                {"typed": typed, "seats": notation.seat_letters, "rest": rest},
            )
        )
    seat, result = (
        (seat_and_result[1], seat_and_result[2])
        if seat_and_result[1]
        else (seat_and_result[4], seat_and_result[3])
    )
    if result[0] in "=+-":
        tricks = tricks_from_result(contract, result)
    else:
        tricks = check_tricks(contract, int(result))
    return outcome_from_contract(contract, notation.seat(seat), tricks, vul)
