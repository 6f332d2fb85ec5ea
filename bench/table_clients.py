"""The clients of bench/tables.py: a table's phone playing its rounds through the JSON API, and
the director's console polling its feed; what they measure goes into a Recorder.

A phone reconnects when the server has closed its idle connection, and sends the same request
again (safe: a result carries its client id). Its results are plausible, not scored ones: a
contract from 1 to 6 by a random declarer, made, over or down by a trick or two.
"""

from __future__ import annotations

import http.client
import json
import random
import threading
import time
import uuid


class Recorder:
    """Latencies and outcomes, from every thread."""

    def __init__(self):
        self.lock = threading.Lock()
        self.times: dict[str, list[float]] = {}
        self.errors: list[str] = []
        self.acked: dict[str, int] = {}  # client id -> line id the server answered with
        self.retried_same = 0
        self.retried = 0

    def time(self, kind: str, seconds: float) -> None:
        with self.lock:
            self.times.setdefault(kind, []).append(seconds)

    def error(self, text: str) -> None:
        with self.lock:
            self.errors.append(text)


def call(connection, method: str, path: str, body=None, headers=None):
    """One request; (status, JSON answer, seconds)."""
    data = json.dumps(body).encode() if body is not None else None
    sent = {"Content-Type": "application/json", **(headers or {})}
    started = time.perf_counter()
    try:
        connection.request(method, path, body=data, headers=sent)
        response = connection.getresponse()
    except (BrokenPipeError, ConnectionResetError, http.client.RemoteDisconnected):
        # The server closed the idle connection (gunicorn keeps one alive 2 s): a phone
        # connects again and sends the same request, safely (the client id).
        connection.close()
        connection.request(method, path, body=data, headers=sent)
        response = connection.getresponse()
    raw = response.read()
    took = time.perf_counter() - started
    try:
        answer = json.loads(raw) if raw else {}
    except ValueError:
        answer = {"error": raw[:200].decode(errors="replace")}
    return response.status, answer, took


def result_for(rng: random.Random, board: int) -> dict:
    """A plausible result: a contract from 1 to 6, made, over or down by a trick or two."""
    level = rng.choice((1, 2, 2, 3, 3, 4, 4, 4, 5, 6))
    tricks = max(0, min(13, 6 + level + rng.choice((-2, -1, 0, 0, 0, 1, 1))))
    return {
        "board": board,
        "level": level,
        "strain": rng.choice("CDHSN"),
        "doubled": 0,
        "declarer": rng.choice("NESW"),
        "tricks": tricks,
        "lead": "",
        "passed_out": False,
    }


def table_player(args, setup, code: str, index: int, barrier, record: Recorder) -> None:
    rng = random.Random(args.seed * 1000 + index)
    connection = http.client.HTTPConnection("127.0.0.1", args.port, timeout=30)
    status, answer, _ = call(connection, "POST", "/api/table/sign-in", {"code": code})
    if status not in (200, 201):
        record.error(f"sign-in {code}: {status} {answer}")
        return
    auth = {"Authorization": f"Bearer {answer['token']}"}
    state = answer["table"]
    for _ in range(args.rounds):
        try:
            barrier.wait(timeout=120)  # the round is played: every table enters its results now
        except threading.BrokenBarrierError:
            record.error(f"table {code}: another table stopped, the round never ended")
            return
        time.sleep(rng.uniform(0, args.burst))
        for board in state["boards"]:
            time.sleep(args.think * rng.uniform(0.5, 1.5))
            line = result_for(rng, board["number"])
            cid = str(uuid.uuid4())
            sends = 2 if rng.random() < args.retry else 1
            for attempt in range(sends):
                status, answer, took = call(
                    connection, "POST", "/api/table/lines", {"client_id": cid, **line}, auth
                )
                record.time("submit", took)
                if status not in (200, 201):
                    record.error(f"submit {code} board {board['number']}: {status} {answer}")
                    break
                if attempt:
                    with record.lock:
                        record.retried += 1
                        record.retried_same += answer.get("id") == record.acked.get(cid)
                else:
                    with record.lock:
                        record.acked[cid] = answer["id"]
            else:
                time.sleep(args.think * rng.uniform(0.5, 1.5))  # the phone passes across
                verify = {"accept": True, "version": answer["version"]}
                path = f"/api/table/lines/{answer['id']}/verify"
                status, answer, took = call(connection, "POST", path, verify, auth)
                record.time("verify", took)
                if status != 200:
                    record.error(f"verify {code}: {status} {answer}")
        status, answer, took = call(
            connection, "POST", "/api/table/round-done", {"round": state["round"]}, auth
        )
        record.time("round-done", took)
        if status != 200:
            record.error(f"round-done {code} round {state['round']}: {status} {answer}")
            barrier.abort()
            return
        state = answer


def console_poller(args, setup, stop: threading.Event, record: Recorder) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", args.port, timeout=30)
    path = f"/director/sessions/{setup['session']}/console/feed/"
    headers = {"Cookie": f"sessionid={setup['cookie']}", "Accept": "application/json"}
    stamp = ""
    while not stop.is_set():
        status, answer, took = call(connection, "GET", f"{path}?since={stamp}", None, headers)
        record.time("console feed", took)
        if status != 200:
            record.error(f"console feed: {status} {str(answer)[:200]}")
        else:
            stamp = answer["stamp"]
        stop.wait(1.5)
