"""Settings for clubscorer: one file, every deployment choice from an environment variable.

Local defaults are safe for a laptop (SQLite file in the project, DEBUG on, local-memory cache);
production sets DATABASE_URL, SECRET_KEY, DEBUG=0, ALLOWED_HOSTS and, with several app servers,
CACHE_URL (see docs/deploy.md). With DEBUG off, cookies are secure, HTTP is redirected to
HTTPS and HSTS is sent, unless the environment says otherwise.
"""

import os
import tempfile
from pathlib import Path

import dj_database_url

BASE_DIR = Path(__file__).resolve().parent.parent


def envbool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def envlist(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def envint(name: str, default: int) -> int:
    return int(os.environ.get(name, default))


def cache_from_url(url: str) -> dict:
    """`locmem://` (one process), `redis://host:6379/0` or `memcached://host:11211` (shared by
    several servers)."""
    scheme = url.split("://", 1)[0]
    if scheme == "locmem":
        return {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "clubscorer",
        }
    if scheme in ("redis", "rediss"):
        return {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": url}
    if scheme == "memcached":
        return {
            "BACKEND": "django.core.cache.backends.memcached.PyMemcacheCache",
            "LOCATION": url.split("://", 1)[1],
        }
    raise RuntimeError(
        f"CACHE_URL {url!r}: use locmem://, redis://host:port/db or memcached://host:port"
    )


DEBUG = envbool("DEBUG", True)
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise RuntimeError("Set SECRET_KEY when DEBUG is off.")
    SECRET_KEY = "insecure-local-development-key-do-not-use-in-production"
ALLOWED_HOSTS = envlist("ALLOWED_HOSTS", "127.0.0.1,localhost,testserver")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_tables2",
    "sessions_app",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "clubscorer.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "clubscorer.wsgi.application"

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
        # Keep connections between requests in production (opening one costs more than most
        # pages); check them before reuse so a restarted database is no error.
        conn_max_age=envint("CONN_MAX_AGE", 0 if DEBUG else 60),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several requests at once (two directors, players refreshing): readers never wait for a
    # writer (WAL), a writer takes its lock at BEGIN rather than failing half-way, and waits
    # up to 20 s for another. Tests use a file too, since the live server runs in threads.
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    TEST_DATABASE = Path(tempfile.gettempdir()) / f"clubscorer-test-{os.getpid()}.sqlite3"
    DATABASES["default"]["TEST"] = {"NAME": str(TEST_DATABASE)}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

CACHES = {"default": {**cache_from_url(os.environ.get("CACHE_URL", "locmem://")), "TIMEOUT": None}}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "sessions_app:director_home"

LANGUAGE_CODE = "en-gb"
TIME_ZONE = os.environ.get("TIME_ZONE", "Europe/London")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "var" / "static"))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        # Production serves hashed, compressed files (after collectstatic) with far-future
        # cache headers; development serves them as they are.
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT", BASE_DIR / "var" / "media"))
MEDIA_URL = "media/"

# Deleted sessions, sections and pairs stay in the trash this many days, then are purged.
TRASH_DAYS = envint("TRASH_DAYS", 30)

DJANGO_TABLES2_TEMPLATE = "django_tables2/semantic.html"

# Security: on by default whenever DEBUG is off (a TLS-terminating proxy sets
# X-Forwarded-Proto; say so with SECURE_PROXY_SSL_HEADER=1).
SECURE = not DEBUG
SESSION_COOKIE_SECURE = envbool("SESSION_COOKIE_SECURE", SECURE)
CSRF_COOKIE_SECURE = envbool("CSRF_COOKIE_SECURE", SECURE)
SECURE_SSL_REDIRECT = envbool("SECURE_SSL_REDIRECT", SECURE)
SECURE_HSTS_SECONDS = envint("SECURE_HSTS_SECONDS", 31_536_000 if SECURE else 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = envbool("SECURE_HSTS_INCLUDE_SUBDOMAINS", SECURE)
SECURE_HSTS_PRELOAD = envbool("SECURE_HSTS_PRELOAD", SECURE)
if envbool("SECURE_PROXY_SSL_HEADER", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
CSRF_TRUSTED_ORIGINS = envlist("CSRF_TRUSTED_ORIGINS", "")
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

# Log-in throttling: this many failed attempts for one username or one address within the
# window lock further attempts out until the window has passed.
LOGIN_FAILURES_ALLOWED = envint("LOGIN_FAILURES_ALLOWED", 5)
LOGIN_FAILURE_WINDOW = envint("LOGIN_FAILURE_WINDOW", 15 * 60)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
