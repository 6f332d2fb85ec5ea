"""The production environment of docs/deploy.md passes Django's deployment checks."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.utils.module_loading import import_string

from clubscorer.settings import cache_from_url

# slow (not in `dev.py test --fast`): check --deploy in a process of its own.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
PRODUCTION = {
    "DEBUG": "0",
    "SECRET_KEY": "k3J9_tq0vW5yZ-1mN8pR2sT6uX4aB7cD0eF3gH6iJ9kL2mN5oP8qR1sT4uV7wX0yZ",
    "ALLOWED_HOSTS": "scores.example-club.org",
    "CSRF_TRUSTED_ORIGINS": "https://scores.example-club.org",
    "DATABASE_URL": "postgres://clubscorer:secret@127.0.0.1:5432/clubscorer",
    "SECURE_PROXY_SSL_HEADER": "1",
    "CACHE_URL": "redis://cache.internal:6379/0",
}


def test_it_passes_check_deploy_with_the_documented_environment(tmp_path):
    # The browser tests allow async-unsafe calls in this process (tests/browser/conftest.py);
    # a production server has no such setting, and check --deploy rightly refuses it.
    inherited = {k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"}
    env = {**inherited, **PRODUCTION, "MEDIA_ROOT": str(tmp_path), "STATIC_ROOT": str(tmp_path)}
    completed = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert completed.returncode == 0, completed.stderr + completed.stdout
    assert "no issues" in completed.stdout
    documented = (ROOT / "docs" / "deploy.md").read_text()
    for name in PRODUCTION:
        assert f"export {name}=" in documented


def test_it_refuses_to_start_without_a_secret_key_in_production():
    env = {**os.environ, "DEBUG": "0", "SECRET_KEY": ""}
    completed = subprocess.run(
        [sys.executable, "manage.py", "check"], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert completed.returncode != 0 and "Set SECRET_KEY" in completed.stderr


@pytest.mark.parametrize(
    ("url", "backend", "location", "django_backend"),
    [
        (
            "locmem://",
            "django.core.cache.backends.locmem.LocMemCache",
            "clubscorer",
            "django.core.cache.backends.locmem.LocMemCache",
        ),
        (
            "redis://cache:6379/0",
            "clubscorer.cache.ForgivingRedisCache",
            "redis://cache:6379/0",
            "django.core.cache.backends.redis.RedisCache",
        ),
        (
            "memcached://cache:11211",
            "clubscorer.cache.ForgivingPyMemcacheCache",
            "cache:11211",
            "django.core.cache.backends.memcached.PyMemcacheCache",
        ),
    ],
)
def test_it_reads_the_cache_from_a_url(url, backend, location, django_backend):
    """A shared cache is Django's own backend, answering as an empty cache while its server
    is down (clubscorer/cache.py)."""
    settings = cache_from_url(url)
    assert (settings["BACKEND"], settings["LOCATION"]) == (backend, location)
    assert issubclass(import_string(backend), import_string(django_backend))


def test_it_names_an_unknown_cache_url():
    with pytest.raises(RuntimeError, match="CACHE_URL 'mongo://x'"):
        cache_from_url("mongo://x")
