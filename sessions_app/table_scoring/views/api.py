"""The JSON API of the players' phones (docs/table-scoring.md): sign in with a table's code,
then read the table's state and write its lines with the device's bearer token.

Views only parse the request (views/shapes.py, views/bodies.py), call the services
(table_scoring/*.py) with typed values and shape their answers (views/answers.py); every refusal is
JSON `{"error": "<in words>", "field": <name or null>}` with its status (400, 401, 403, 404,
405, 409, 429), never an HTML page or a 500. The API uses no cookies, so it is CSRF-exempt: a page
of another site cannot set the Authorization header.

Example: POST /api/table/lines with `Authorization: Bearer <token>` and {"client_id": "c1",
"board": 4, "level": 4, "strain": "S", "doubled": 0, "declarer": "N", "tricks": 10} -> 201
and the line; without the header -> 401 {"error": "this phone is not signed in: ...",
"field": null}.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.core.exceptions import RequestDataTooBig, ValidationError
from django.http import Http404, HttpRequest, JsonResponse
from django.urls import path
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt

from ...accounts.views import client_address
from ...core.json_shapes import Shape, ShapeError, checked
from ...core.languages import speak_club_language
from ...core.refusals import refusal_words
from ...core.scope import parse_id
from ...models import TableDevice
from ..access import TableRefused, device_for_token, device_sign_in
from ..boards import board_view
from ..lines import line_correct, line_submit, line_verify
from ..rounds import call_create, players_set, round_finish
from ..state import table_at
from ..view import table_view
from .answers import board_json, call_json, line_json, state_json
from .bodies import line_input, table_result
from .phone import phone_key
from .shapes import CALL, CORRECTION, LINE, PLAYERS, ROUND_DONE, SIGN_IN, VERIFY

Answer = tuple[int, Any]


def _json(status: int, payload: Any) -> JsonResponse:
    response = JsonResponse(payload, status=status, safe=False)
    response["Cache-Control"] = "no-store"  # a table's state is never served from a cache
    return response


def _error(status: int, message: str, field: str | None = None, line=None) -> JsonResponse:
    payload: dict[str, Any] = {"error": message, "field": field}
    if line is not None:
        payload["line"] = line
    return _json(status, payload)


def _body(request: HttpRequest) -> dict:
    """The request's JSON object; TableRefused(400) in words for anything else."""
    try:
        raw = request.body
    except RequestDataTooBig:
        raise TableRefused(400, _("the request is too large")) from None
    if not raw.strip():
        return {}
    # A form on another site can post text to the API but cannot say it is JSON without the
    # browser asking this server first: so no page elsewhere signs a phone in.
    if request.content_type != "application/json":
        raise TableRefused(415, _("send the request as JSON (Content-Type: application/json)"))
    try:
        data = json.loads(raw)
    except (UnicodeDecodeError, ValueError) as error:
        raise TableRefused(
            400, _("the request is not JSON: %(problem)s") % {"problem": str(error)[:80]}
        ) from None
    except RecursionError:  # e.g. 2,000 nested arrays: more than Python's parser descends
        raise TableRefused(
            400, _("the request is not JSON a table sends: nested too deeply")
        ) from None
    if not isinstance(data, dict):
        raise TableRefused(400, _("the request must be a JSON object ({...})"))
    return data


def _token(request: HttpRequest) -> str | None:
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def table_api(method: str, shape: Shape | None = None, *, signed_in: bool = True) -> Callable:
    """A view of the API: `method` only, the JSON body parsed and checked against its
    declared `shape` (table_scoring/views/shapes.py: the view gets the clean dict), the device found
    from the bearer token (`signed_in`), and every refusal answered as JSON."""

    def decorate(view: Callable[..., Answer]) -> Callable:
        @csrf_exempt
        @wraps(view)
        def wrapped(request: HttpRequest, *args, **kwargs) -> JsonResponse:
            if request.method != method:
                response = _error(
                    405, _("use %(method)s for %(path)s") % {"method": method, "path": request.path}
                )
                response["Allow"] = method
                return response
            try:
                data = _body(request) if method == "POST" else {}
                if signed_in:
                    device = kwargs["device"] = device_for_token(_token(request))
                    # Its answers' words in its club's language, as its screen (no query).
                    speak_club_language(request, device.table_code.section.session.club)
                data = checked(data, shape or Shape()) if method == "POST" else {}
                status, payload = view(request, data, *args, **kwargs)
            except ShapeError as wrong:
                return _error(400, wrong.message, wrong.field)
            except TableRefused as refused:
                line = line_json(refused.line) if refused.line is not None else None
                return _error(refused.status, refused.message, refused.field, line)
            except Http404 as missing:  # scope.NotInSession: an id of nothing in this session
                return _error(404, str(missing) or _("not found"))
            except ValidationError as error:
                return _error(400, refusal_words(error))
            return _json(status, payload)

        return wrapped

    return decorate


@table_api("POST", SIGN_IN, signed_in=False)
def api_sign_in(request: HttpRequest, data: dict) -> Answer:
    label = request.headers.get("User-Agent", "")
    device, token = device_sign_in(
        code_text=data.get("code"),
        label=label,
        address=client_address(request),
        phone=phone_key(request),
    )
    state = state_json(table_view(table_at(device.table_code)))
    return 201, {"token": token, "device": device.pk, "table": state}


@table_api("GET")
def api_state(request: HttpRequest, data: dict, device: TableDevice) -> Answer:
    return 200, state_json(table_view(table_at(device.table_code)))


@table_api("POST", LINE)
def api_lines(request: HttpRequest, data: dict, device: TableDevice) -> Answer:
    line, created = line_submit(device=device, line=line_input(data))
    return (201 if created else 200), line_json(line)


@table_api("POST", CORRECTION)
def api_line(request: HttpRequest, data: dict, line_id: str, device: TableDevice) -> Answer:
    line = line_correct(
        device=device,
        line_id=line_id,
        client_id=data["client_id"],
        version=data["version"],
        result=table_result(data),
    )
    return 200, line_json(line)


@table_api("POST", VERIFY)
def api_verify(request: HttpRequest, data: dict, line_id: str, device: TableDevice) -> Answer:
    line = line_verify(
        device=device, line_id=line_id, accept=data["accept"], version=data["version"]
    )
    return 200, line_json(line)


@table_api("GET")
def api_board(request: HttpRequest, data: dict, number: str, device: TableDevice) -> Answer:
    return 200, board_json(board_view(device=device, number=parse_id(number, "board")))


@table_api("POST", ROUND_DONE)
def api_round_done(request: HttpRequest, data: dict, device: TableDevice) -> Answer:
    return 200, state_json(round_finish(device=device, number=data["round"]))


@table_api("POST", PLAYERS)
def api_players(request: HttpRequest, data: dict, device: TableDevice) -> Answer:
    return 200, state_json(players_set(device=device, ns=data.get("ns"), ew=data.get("ew")))


@table_api("POST", CALL)
def api_calls(request: HttpRequest, data: dict, device: TableDevice) -> Answer:
    call, created = call_create(
        device=device, client_id=data["client_id"], reason=data["reason"], text=data.get("text", "")
    )
    return (201 if created else 200), call_json(call)


urlpatterns = [
    path("api/table/sign-in", api_sign_in, name="table_sign_in"),
    path("api/table/state", api_state, name="table_state"),
    path("api/table/lines", api_lines, name="table_lines"),
    path("api/table/lines/<str:line_id>", api_line, name="table_line"),
    path("api/table/lines/<str:line_id>/verify", api_verify, name="table_verify"),
    path("api/table/boards/<str:number>", api_board, name="table_board"),
    path("api/table/round-done", api_round_done, name="table_round_done"),
    path("api/table/players", api_players, name="table_players"),
    path("api/table/calls", api_calls, name="table_calls"),
]
