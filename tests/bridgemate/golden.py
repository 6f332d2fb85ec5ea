"""The golden envelopes of tests/bridgemate/fixtures, read, and compared by shape: the same
keys at every level (SerializedData parsed, a list compared by its first DTO) and the same
kind of value (text, number, list, object) where both sides have one."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

FIXTURES = Path(__file__).parent / "fixtures"
REQUESTS = sorted(path.stem for path in (FIXTURES / "requests").glob("*.json"))


def envelope(kind: str, name: str) -> dict[str, Any]:
    found: dict[str, Any] = json.loads((FIXTURES / kind / f"{name}.json").read_text())
    return found


def golden_response(name: str) -> dict[str, Any] | None:
    """The golden response of a request, or of its sibling: a poll for all is answered as the
    poll for new, an accept and every other OK as AcceptResultQueueItems."""
    for candidate in (name, name.replace("ForAll", "ForNew"), "AcceptResultQueueItems"):
        path = FIXTURES / "responses" / f"{candidate}.json"
        if path.exists():
            found: dict[str, Any] = json.loads(path.read_text())
            return found
    return None


def shape(value: Any) -> Any:
    """What a golden comparison keeps of a JSON value: keys and kinds, no values."""
    if isinstance(value, dict):
        return {key: shape(_parsed(key, item)) for key, item in value.items()}
    if isinstance(value, list):
        return [shape(value[0])] if value else []
    if value is None:
        return None
    return type(value).__name__


def _parsed(key: str, value: Any) -> Any:
    if key == "SerializedData" and isinstance(value, str) and value:
        return json.loads(value)
    return value


def shape_differences(found: Any, golden: Any, path: str = "", *, newer: bool = False) -> list[str]:
    """Where `found` is not shaped like `golden`; a null or an empty list on either side
    matches anything (the golden files fill every array, a real answer may not). With
    `newer`, keys only `found` has are allowed: the client 1.2.1 sends properties added after
    the golden files were made (ParticipationDTO.IsRemoval, HasExplicitParticipations)."""
    if found is None or golden is None or found == [] or golden == []:
        return []
    if isinstance(golden, dict) and isinstance(found, dict):
        odd = set(golden) - set(found) if newer else set(found) ^ set(golden)
        keys = [f"{path}: keys {sorted(odd)}"] if odd else []
        return keys + [
            difference
            for key in set(found) & set(golden)
            for difference in shape_differences(
                found[key], golden[key], f"{path}.{key}", newer=newer
            )
        ]
    if isinstance(golden, list) and isinstance(found, list):
        return shape_differences(found[0], golden[0], f"{path}[0]", newer=newer)
    if isinstance(found, dict | list) or isinstance(golden, dict | list):
        return [f"{path}: {type(found).__name__} where the golden file has {type(golden).__name__}"]
    kinds = {"int": "number", "float": "number"}
    if kinds.get(found, found) != kinds.get(golden, golden):
        return [f"{path}: {found} where the golden file has {golden}"]
    return []
