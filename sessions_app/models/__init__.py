"""What clubscorer stores, and the invariants the database itself holds, a module a concept:
clubs and their directors (`clubs`), sessions (`sessions`), sections, pairs and boards
(`sections`), traveller lines and their audit trail and the director's checks of lines
(`results`), the files imported (`imports`), the club's register of players and each pair's
stored standing (`players`), competitions over several sessions (`competitions`), the trash
(`trash`), the tables' phones (`table_devices`), the club's Bridgemates (`bridgemates`), the
identities of their writes (`table_writes`) and the wrong codes they tried (`wrong_codes`),
the results e-mailed to players (`mail`), and the choices they share (`choices`).

Every model is importable from here (`from sessions_app.models import Result`), as Django and
the migrations expect of an app's models module.

No scoring happens here: a `Result` stores what happened at the table (or the director's
adjustment) and `core/results.py` turns the rows into plain data for `scoring`.
"""

from .bridgemates import BridgemateEvent, BridgemateLink
from .choices import ARTIFICIAL, LABEL, SEATS, Direction
from .clubs import Club
from .competitions import Competition
from .imports import ImportedFile
from .mail import ResultMail
from .players import BodyMember, GradedSession, GradeStep, PairStanding, Player
from .results import LineCheck, Result, ResultChange
from .sections import Board, Pair, Section
from .sessions import Session, SessionQuerySet
from .table_devices import TableCall, TableCode, TableDevice
from .table_writes import TableWrite
from .trash import Trash
from .wrong_codes import WrongCodeCount

__all__ = [
    "ARTIFICIAL",
    "LABEL",
    "SEATS",
    "Board",
    "BodyMember",
    "BridgemateEvent",
    "BridgemateLink",
    "Club",
    "Competition",
    "Direction",
    "GradeStep",
    "GradedSession",
    "ImportedFile",
    "LineCheck",
    "Pair",
    "PairStanding",
    "Player",
    "Result",
    "ResultChange",
    "ResultMail",
    "Section",
    "Session",
    "SessionQuerySet",
    "TableCall",
    "TableCode",
    "TableDevice",
    "TableWrite",
    "Trash",
    "WrongCodeCount",
]
