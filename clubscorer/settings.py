"""Settings for clubscorer: one file, every deployment choice from an environment variable.

Local defaults are safe for a laptop (SQLite file in the project, DEBUG on, local-memory cache);
production sets DATABASE_URL, SECRET_KEY, DEBUG=0, ALLOWED_HOSTS and, with several app servers,
CACHE_URL (see docs/deploy.md). With DEBUG off, cookies are secure, HTTP is redirected to
HTTPS and HSTS is sent, unless the environment says otherwise.
"""

import importlib.util
import ipaddress
import os
import tempfile
from datetime import timedelta
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
    # The shared caches answer as empty ones while their server is down (clubscorer/cache.py),
    # and give up on a server that does not answer within a second.
    if scheme in ("redis", "rediss"):
        return {
            "BACKEND": "clubscorer.cache.ForgivingRedisCache",
            "LOCATION": url,
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
    if scheme == "memcached":
        return {
            "BACKEND": "clubscorer.cache.ForgivingPyMemcacheCache",
            "LOCATION": url.split("://", 1)[1],
            "OPTIONS": {"connect_timeout": 1, "timeout": 1},
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
    "axes",
    "sessions_app",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The page's language: the visitor's choice (the language menu's cookie), else the club's
    # for a club's page (sessions_app/core/languages.py), else the browser's Accept-Language.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    # Before CSRF, which reads every POST's body: uploads are capped before they are read.
    "sessions_app.files.uploads.UploadGateMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "clubscorer.security.ContentSecurityPolicyMiddleware",  # every HTML page: own scripts only
    # Last: turns a log-in refused by django-axes into the page that says how long to wait.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "clubscorer.urls"


# django_tables2 is not an installed app: as one, Django imports it at start-up, and it imports
# django.contrib.postgres and psycopg (0.2-0.5 s in every process, SQLite or not). Its
# templates and its template tags are all the pages use of it, found here instead; the tables
# import it when a page draws one.
def package_dir(name: str) -> Path:
    """The folder of the installed package `name`, found without importing it."""
    spec = importlib.util.find_spec(name)
    if spec is None or spec.origin is None:
        raise RuntimeError(f"{name} is not installed: run python3 dev.py")
    return Path(spec.origin).parent


TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates", package_dir("django_tables2") / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
            "libraries": {"django_tables2": "django_tables2.templatetags.django_tables2"},
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

CACHES = {
    "default": {
        **cache_from_url(os.environ.get("CACHE_URL", "locmem://")),
        "TIMEOUT": None,
        # several sites (or test runs) on one Redis or Memcached: each its own prefix
        "KEY_PREFIX": os.environ.get("CACHE_KEY_PREFIX", ""),
    }
}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
# E-mail (a director's password reset link, players' results: sessions_app/mail/): SMTP from
# the environment; without EMAIL_HOST the message is written to the server's log instead
# (local use). A server that does not answer within EMAIL_TIMEOUT seconds is a failed try.
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
EMAIL_BACKEND = (
    "django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend"
)
EMAIL_PORT = envint("EMAIL_PORT", 587)
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = envbool("EMAIL_USE_TLS", True)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "clubscorer@localhost")
# Where a simultaneous pairs heat's USEBIO file is e-mailed (sessions_app/files/ecats.py).
ECATS_ADDRESS = os.environ.get("ECATS_ADDRESS", "results@simpairs.com")
EMAIL_TIMEOUT = envint("EMAIL_TIMEOUT", 20)
# The site's address as players reach it, for the links of messages sent with no request to
# take it from (the results' score card, the unsubscribe link), e.g. https://scores.club.org
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000").rstrip("/")
LOGIN_REDIRECT_URL = "sessions_app:director_home"

LANGUAGE_CODE = "en-gb"
# The languages of the pages, each as its speakers write its name (the eleven of the
# Bridgemate 3); a club's language is its pages' default and picks the result notation its
# directors type (sessions_app/scoring/notation_words.py). Catalogues: locale/<code>/.
LANGUAGES = [
    ("en-gb", "English"),
    ("da", "Dansk"),
    ("de", "Deutsch"),
    ("es", "Español"),
    ("fr", "Français"),
    ("it", "Italiano"),
    ("nl", "Nederlands"),
    ("nb", "Norsk bokmål"),
    ("pl", "Polski"),
    ("sv", "Svenska"),
    ("tr", "Türkçe"),
]
TIME_ZONE = os.environ.get("TIME_ZONE", "Europe/London")
USE_I18N = True
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600  # a player's choice of language is remembered a year
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "var" / "static"))
# Files browsers ask for at the site's root (/favicon.ico), served there by WhiteNoise.
WHITENOISE_ROOT = BASE_DIR / "static" / "root"
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

# Uploads (sessions_app/files/uploads.py, docs/deploy.md "Uploads and limits"): the most each file
# may hold, in bytes; a request is refused unread above their sum and UPLOAD_FORM_BYTES.
UPLOAD_FILE_BYTES = envint("UPLOAD_FILE_BYTES", 5_000_000)  # a results file or hand record
UPLOAD_NAMES_BYTES = envint("UPLOAD_NAMES_BYTES", 1_000_000)  # a names CSV
UPLOAD_ARCHIVE_BYTES = envint("UPLOAD_ARCHIVE_BYTES", 25_000_000)  # several files together
UPLOAD_FORM_BYTES = envint("UPLOAD_FORM_BYTES", 65_536)  # the form's other fields
# An accepted upload stays in memory, so no temporary file is left when a worker dies.
FILE_UPLOAD_MAX_MEMORY_SIZE = (
    max(UPLOAD_FILE_BYTES + UPLOAD_NAMES_BYTES, UPLOAD_ARCHIVE_BYTES) + UPLOAD_FORM_BYTES
)

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

# Log-in throttling (django-axes): after LOGIN_FAILURES_ALLOWED failed log-ins for one username
# from one client address, that username is refused from that address until
# LOGIN_FAILURE_WINDOW seconds have passed since the last failure; the same director elsewhere,
# and every other director, log in as usual. Failures are kept in the database, which every
# worker and server shares. Behind a reverse proxy, REMOTE_ADDR is the proxy's address: list
# the proxies in TRUSTED_PROXIES (addresses or networks, comma-separated) and the client's
# address is read from the X-Forwarded-For header they add (sessions_app/accounts/views.py).
# No proxy is trusted by default, since anyone can write that header.
TRUSTED_PROXIES = envlist("TRUSTED_PROXIES", "")
for _proxy in TRUSTED_PROXIES:
    try:
        ipaddress.ip_network(_proxy, strict=False)
    except ValueError:
        raise RuntimeError(
            f"TRUSTED_PROXIES: {_proxy!r} is not an address or a network (e.g. 10.0.0.1 or "
            "10.0.0.0/24)"
        ) from None
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",  # first: refuses a locked-out try unchecked
    "django.contrib.auth.backends.ModelBackend",
]
AXES_HANDLER = "axes.handlers.database.AxesDatabaseHandler"
AXES_FAILURE_LIMIT = envint("LOGIN_FAILURES_ALLOWED", 5)
AXES_COOLOFF_TIME = timedelta(seconds=envint("LOGIN_FAILURE_WINDOW", 15 * 60))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_CLIENT_IP_CALLABLE = "sessions_app.accounts.views.client_address"
AXES_LOCKOUT_CALLABLE = "sessions_app.accounts.views.locked_out"
AXES_RESET_ON_SUCCESS = True  # a good log-in forgets the failures before it
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False  # the wait announced is the wait
AXES_DISABLE_ACCESS_LOG = True  # no record of successful log-ins (nor of their addresses)
AXES_VERBOSE = False
AXES_HTTP_RESPONSE_CODE = 429  # Too Many Requests (axes' own default, named for our lock-out page)

# Scoring at the table (docs/deploy.md, "Limits"). Wrong table codes are counted in the
# database, per phone (a cookie the players' screen gets), per client address and for the
# whole site, each in a window of TABLE_WRONG_CODES_WINDOW seconds from its first wrong code.
# Once one count is full, every code from that phone, address or site is refused alike (429).
TABLE_WRONG_CODES_WINDOW = envint("TABLE_WRONG_CODES_WINDOW", 15 * 60)
TABLE_WRONG_CODES_PER_PHONE = envint("TABLE_WRONG_CODES_PER_PHONE", 10)
TABLE_WRONG_CODES_PER_ADDRESS = envint("TABLE_WRONG_CODES_PER_ADDRESS", 60)
TABLE_WRONG_CODES_PER_SITE = envint("TABLE_WRONG_CODES_PER_SITE", 500)
# Phones signed in at one table at once; calls to the director a table may have waiting, and
# may make in a minute.
TABLE_PHONES_PER_TABLE = envint("TABLE_PHONES_PER_TABLE", 4)
TABLE_OPEN_CALLS = envint("TABLE_OPEN_CALLS", 3)
TABLE_CALLS_PER_MINUTE = envint("TABLE_CALLS_PER_MINUTE", 2)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
