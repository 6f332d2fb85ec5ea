"""The `bcs` fixture: a started Data Connector simulator per test, and `client`, the official
client pointed at it over real HTTP."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from bridgemate_dataconnector import DataConnectorClient

from tests.bridgemate.simulator import BcsSimulator

CLUB_ID = "CLUB001"
LICENCE_KEY = "LICENCE-KEY-123"


@pytest.fixture
def bcs() -> Iterator[BcsSimulator]:
    simulator = BcsSimulator()
    simulator.start()
    yield simulator
    simulator.stop()


@pytest.fixture
def client(bcs: BcsSimulator) -> DataConnectorClient:
    return DataConnectorClient(CLUB_ID, LICENCE_KEY, bcs.base_address)
