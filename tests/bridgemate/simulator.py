"""A Bridgemate Data Connector simulator: a threaded HTTP server on 127.0.0.1 that answers the
official client (bridgemate-dataconnector-client) as the vendor's guide and the golden
envelopes in tests/bridgemate/fixtures say, with tables that play a session behind it, and
outages and restarts on demand. docs/bridgemates.md "Testing without a Windows PC: the Data
Connector simulator" tells what it checks and where each behaviour comes from.

    bcs.start()                      # tests get it started from the `bcs` fixture
    client = DataConnectorClient("CLUB", "KEY", bcs.base_address)
    client.initialize(init_dto)      # the simulator validates and keeps the event
    bcs.tables.play_round(1, {("A", 1): {1: "4H N 10"}})
    client.poll_for_results(guid)    # the result, as BCS queues it

Outages are counted in requests or last until ended, never timed, so a test does not depend on
how fast anything runs: `answer_5xx(requests=2)` fails the next two requests (the client's
retries absorb them), `answer_5xx()` and `refuse_connections()` last until `end_outage()`;
`crash()` stops the server and BCS, `restart()` brings the server back on the same port with
the state kept, BCS not reading until the scoring program sends ContinueEvent.
"""

from __future__ import annotations

import json
import threading
import time
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from tests.bridgemate.connector_state import ConnectorState
from tests.bridgemate.data_exchange import answer
from tests.bridgemate.tables import Tables
from tests.bridgemate.wire import SCORING_PROGRAM_PATH, SERVICE_BANNER


class _ConnectorServer(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, port: int, simulator: BcsSimulator):
        super().__init__(("127.0.0.1", port), _RequestHandler)
        self.simulator = simulator


class _RequestHandler(BaseHTTPRequestHandler):
    server: _ConnectorServer

    def do_GET(self) -> None:
        if self.path != "/":
            self._send(HTTPStatus.NOT_FOUND, "text/plain", b"not found")
            return
        self._send(HTTPStatus.OK, "text/plain", SERVICE_BANNER.encode())

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        simulator = self.server.simulator
        failure = simulator.failure_for_next_request()
        if failure:
            self._send(failure, "text/plain", b"Data Connector unavailable")
            return
        if self.path != SCORING_PROGRAM_PATH:
            self._send(HTTPStatus.NOT_FOUND, "text/plain", b"not found")
            return
        try:
            envelope = json.loads(body)
        except json.JSONDecodeError:
            self._send(HTTPStatus.BAD_REQUEST, "text/plain", b"the body is not JSON")
            return
        time.sleep(simulator.answer_delay)
        reply = answer(simulator.state, envelope)
        simulator.exchanges.append((envelope, reply))
        self._send(HTTPStatus.OK, "application/json", json.dumps(reply).encode())

    def _send(self, status: int, content_type: str, body: bytes) -> None:
        self.send_response(status)
        self.send_header("Content-Type", f"{content_type}; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: pytest shows the exchanges (BcsSimulator.exchanges) when a test fails."""


class BcsSimulator:
    def __init__(self) -> None:
        self.state = ConnectorState()
        self.tables = Tables(self.state)
        # Every request answered, with its answer, in order (refused ones are not in it).
        self.exchanges: list[tuple[dict[str, Any], dict[str, Any]]] = []
        self.refused_requests = 0
        # Seconds each answer takes, as a busy club computer's: fetches run long enough for
        # several workers to meet.
        self.answer_delay = 0.0
        self.port = 0
        self._server: _ConnectorServer | None = None
        self._thread: threading.Thread | None = None
        self._failing_status: int | None = None
        self._failures_left: int | None = None
        self._control = threading.Lock()

    @property
    def base_address(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        """Listen on the port of the last start, or on a free one the first time."""
        self._server = _ConnectorServer(self.port, self)
        self.port = self._server.server_address[1]
        self._thread = threading.Thread(
            target=self._server.serve_forever, args=(0.02,), daemon=True
        )
        self._thread.start()

    def stop(self) -> None:
        if self._server is None:
            return
        self._server.shutdown()
        self._server.server_close()
        assert self._thread is not None
        self._thread.join()
        self._server = self._thread = None

    @property
    def listening(self) -> bool:
        return self._server is not None

    def refuse_connections(self) -> None:
        """The connector is gone: nothing listens on the port until end_outage()."""
        self.stop()

    def answer_5xx(self, status: int = 503, *, requests: int | None = None) -> None:
        """Answer `status` to the next `requests` requests, or to all until end_outage()."""
        with self._control:
            self._failing_status = status
            self._failures_left = requests

    def end_outage(self) -> None:
        with self._control:
            self._failing_status = self._failures_left = None
        if not self.listening:
            self.start()

    def failure_for_next_request(self) -> int | None:
        with self._control:
            status = self._failing_status
            if status is None:
                return None
            self.refused_requests += 1
            if self._failures_left is not None:
                self._failures_left -= 1
                if self._failures_left <= 0:
                    self._failing_status = self._failures_left = None
            return status

    def crash(self) -> None:
        """BCS and the connector stop: the port refuses connections, the state is kept, and
        BCS will not read until the scoring program sends ContinueEvent."""
        self.stop()
        with self.state.locked():
            self.state.bcs_running = self.state.reading = False

    def restart(self) -> None:
        """crash(), then the connector listens again on the same port."""
        self.crash()
        self.start()

    def commands_sent(self) -> list[int]:
        """The Command of every request answered, in order."""
        return [envelope.get("Command", 0) for envelope, _ in self.exchanges]
