"""The club's Data Connector as the official client reaches it, and its answers in words.

The client never raises on a network problem: it answers with a response whose data type is
Error (after trying five times, as the vendor's .NET client does), and a poll answers an empty
list. So every call's answer is checked here, and a problem reaches the director as a
sentence that names the Data Connector's address, never the licence key.

Example: nothing listening at http://192.168.1.50:5079 -> BridgemateProblem("the Data
Connector at http://192.168.1.50:5079 did not answer (NoConnection: ...): is BCS running on
the club's computer?").
"""

from __future__ import annotations

import json

from bridgemate_dataconnector import DataConnectorClient, UrllibTransport
from bridgemate_dataconnector.dto import DataConnectorResponseData, ErrorType

from ..models import BridgemateLink


class BridgemateProblem(Exception):
    """The Bridgemates could not be reached or refused what was sent; the message says why."""


# Seconds to wait for one answer: the Data Connector is on the club's network, and a director
# who clicks Fetch while the club's computer is off must hear so in seconds, not after the
# client's own 100 s (times its five attempts).
ANSWER_SECONDS = 10.0


def connector(link: BridgemateLink) -> DataConnectorClient:
    """The official client for the club's Data Connector."""
    return DataConnectorClient(
        link.bcs_club_id,
        link.licence_key,
        base_address=link.address,
        transport=UrllibTransport(timeout_seconds=ANSWER_SECONDS),
    )


def check_answer(link: BridgemateLink, response, doing: str) -> None:
    """BridgemateProblem naming what was being done when `response` is the Data Connector's
    error (or no answer at all)."""
    if response.data_type != DataConnectorResponseData.Error:
        return
    try:
        said = json.loads(response.serialized_data or '""')
    except json.JSONDecodeError:
        said = response.serialized_data
    kind = getattr(response.error_type, "name", str(response.error_type))
    if response.error_type == ErrorType.NoConnection:
        raise BridgemateProblem(
            f"{doing}: the Data Connector at {link.address} did not answer ({said}): is BCS"
            " running on the club's computer, and is this the address it listens at?"
        )
    raise BridgemateProblem(f"{doing}: the Data Connector refused it ({kind}: {said})")
