"""The shared cache as an accelerator, never a dependency: Django's Redis and memcached
backends, answering as an empty cache while their server cannot be reached.

Django's own backends raise when the server is down (a refused connection, a time-out), and
every page that reads its kept results would answer 500. Here a call that fails is answered
as an empty cache would answer it — nothing found, nothing kept — so a page computes what it
would have read, and the save that made it has already been stored in the database. Nothing
that must hold lives in the cache (the keys carry the session's results version, so what is
kept before an outage is never served after a change made during it).

While the server is down, the cache is not asked again for `RETRY_AFTER` seconds: a page
makes several calls, and each would otherwise wait for its own refused or timed-out
connection. One warning is logged when the server goes away and one when it is back.

Example: CACHE_URL=redis://127.0.0.1:6390/0 with nothing listening there:
`cache.get("k")` -> None, `cache.set("k", 1)` keeps nothing, `cache.add("k", 1)` -> False,
`cache.incr("k")` raises ValueError as for a key not in the cache; the session page is
computed and answers 200.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from django.core.cache.backends.memcached import PyMemcacheCache
from django.core.cache.backends.redis import RedisCache

log = logging.getLogger("clubscorer.cache")

RETRY_AFTER = 5.0  # seconds without asking a server that did not answer
_MISSING = object()
UNREACHABLE = "The cache at %s cannot be reached (%s): pages are computed without it."


class ForgivingCache:
    """Mixed into a Django cache backend before it: every call goes through `_safely`.
    `unreachable` names the exceptions that mean the server could not be reached."""

    unreachable: tuple[type[BaseException], ...] = (OSError,)
    _down_until = 0.0
    _down = False

    def _safely(self, empty: Any, call: str, *args: Any, **kwargs: Any) -> Any:
        if self._down and time.monotonic() < self._down_until:
            return empty() if callable(empty) else empty
        try:
            answer = getattr(super(), call)(*args, **kwargs)
        except self.unreachable as error:
            if not self._down:
                log.warning(UNREACHABLE, self._location(), error)
            self._down = True
            self._down_until = time.monotonic() + RETRY_AFTER
            return empty() if callable(empty) else empty
        if self._down:
            log.warning("The cache at %s is back.", self._location())
            self._down = False
        return answer

    def _location(self) -> str:
        servers = getattr(self, "_servers", None) or ["?"]
        return ", ".join(str(server).rsplit("@", 1)[-1] for server in servers)

    def get(self, key: Any, default: Any = None, version: Any = None) -> Any:
        return self._safely(default, "get", key, default, version)

    def get_many(self, keys: Any, version: Any = None) -> Any:
        return self._safely(dict, "get_many", keys, version)

    def has_key(self, key: Any, version: Any = None) -> Any:
        return self._safely(False, "has_key", key, version)

    def set(self, key: Any, value: Any, timeout: Any = _MISSING, version: Any = None) -> Any:
        args = (key, value) if timeout is _MISSING else (key, value, timeout)
        return self._safely(None, "set", *args, version=version)

    def set_many(self, data: Any, timeout: Any = _MISSING, version: Any = None) -> Any:
        args = (data,) if timeout is _MISSING else (data, timeout)
        return self._safely(lambda: list(data), "set_many", *args, version=version)

    def add(self, key: Any, value: Any, timeout: Any = _MISSING, version: Any = None) -> Any:
        args = (key, value) if timeout is _MISSING else (key, value, timeout)
        return self._safely(False, "add", *args, version=version)

    def touch(self, key: Any, timeout: Any = _MISSING, version: Any = None) -> Any:
        args = (key,) if timeout is _MISSING else (key, timeout)
        return self._safely(False, "touch", *args, version=version)

    def delete(self, key: Any, version: Any = None) -> Any:
        return self._safely(False, "delete", key, version)

    def delete_many(self, keys: Any, version: Any = None) -> Any:
        return self._safely(None, "delete_many", keys, version)

    def clear(self) -> Any:
        return self._safely(None, "clear")

    def incr(self, key: Any, delta: int = 1, version: Any = None) -> Any:
        answer = self._safely(_MISSING, "incr", key, delta, version)
        if answer is _MISSING:
            raise ValueError(f"Key '{key}' not found (the cache cannot be reached)")
        return answer


def _redis_errors() -> tuple[type[BaseException], ...]:
    from redis.exceptions import RedisError

    return (RedisError, OSError)


def _memcached_errors() -> tuple[type[BaseException], ...]:
    from pymemcache.exceptions import MemcacheError  # type: ignore[import-untyped]

    return (MemcacheError, OSError)


class ForgivingRedisCache(ForgivingCache, RedisCache):
    def __init__(self, server: str, params: dict) -> None:
        super().__init__(server, params)
        self.unreachable = _redis_errors()


class ForgivingPyMemcacheCache(ForgivingCache, PyMemcacheCache):
    def __init__(self, server: str, params: dict) -> None:
        super().__init__(server, params)
        self.unreachable = _memcached_errors()
