"""python manage.py serve_lan [--port 8000] [--address A] [--workers 3] [--print-only]: serve
clubscorer to the club room's own network from a laptop, with no internet.

It finds the laptop's address on the local network (the one the system would reach other
machines from), prints the URL to open and its QR code in the terminal, then runs gunicorn
bound to that address (Django's runserver when gunicorn is not installed). Phones on the club's
Wi-Fi scan the QR code, or the table codes, and talk to this laptop only.

gunicorn runs clubscorer as in production (DEBUG off, static files served by WhiteNoise after
`collectstatic`), but over plain HTTP, since a club room has no certificate: secure cookies,
the HTTPS redirect and HSTS are turned off for this command only. Without a SECRET_KEY in the
environment one is made once and kept in var/lan-secret-key, so directors stay logged in
across restarts.

Example: on a laptop at 192.168.1.20, `manage.py serve_lan` prints
"clubscorer is at http://192.168.1.20:8000/" and the QR code of that URL, then serves it.
"""

from __future__ import annotations

import os
import secrets
import sys
from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError

from sessions_app.core.lan import is_loopback, lan_address
from sessions_app.table_scoring.qr import qr_terminal


def lan_environment(address: str, secret_file: Path) -> dict[str, str]:
    """The environment gunicorn runs clubscorer in: production settings over plain HTTP, the
    LAN address allowed. Variables already set are kept (ALLOWED_HOSTS gains the address)."""
    env = dict(os.environ)
    hosts = [h for h in env.get("ALLOWED_HOSTS", "127.0.0.1,localhost").split(",") if h]
    env["ALLOWED_HOSTS"] = ",".join(dict.fromkeys([*hosts, address, "127.0.0.1", "localhost"]))
    if not env.get("SECRET_KEY"):
        if not secret_file.exists():
            secret_file.parent.mkdir(parents=True, exist_ok=True)
            secret_file.write_text(secrets.token_urlsafe(50))
            secret_file.chmod(0o600)
        env["SECRET_KEY"] = secret_file.read_text().strip()
    env.setdefault("DEBUG", "0")
    for name in ("SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE", "SECURE_SSL_REDIRECT"):
        env.setdefault(name, "0")
    env.setdefault("SECURE_HSTS_SECONDS", "0")
    return env


class Command(BaseCommand):
    help = "Serve clubscorer on the local network: prints the URL and its QR code, then serves."

    def add_arguments(self, parser):
        parser.add_argument("--port", type=int, default=8000, help="the port (8000)")
        parser.add_argument("--address", help="bind this address instead of the one found")
        parser.add_argument("--workers", type=int, default=3, help="gunicorn worker processes (3)")
        parser.add_argument(
            "--print-only", action="store_true", help="print the URL and QR code, do not serve"
        )

    def handle(self, *args, **options):
        port = options["port"]
        if not 1 <= port <= 65535:
            raise CommandError(f"--port {port} is not a port (1 to 65535)")
        if options["workers"] < 1:
            raise CommandError("--workers must be 1 or more")
        address = options["address"] or lan_address()
        url = f"http://{address}:{port}/"
        self.stdout.write(f"clubscorer is at {url}")
        if is_loopback(address):
            self.stdout.write(
                "No local network found: only this computer can open it. Join the club's"
                " Wi-Fi (or start the laptop's hotspot) and run the command again."
            )
        self.stdout.write(qr_terminal(url), ending="")
        self.stdout.write("Players scan a table's code; directors log in at the same address.")
        if options["print_only"]:
            return
        self.stdout.flush()
        env = lan_environment(address, Path(settings.BASE_DIR) / "var" / "lan-secret-key")
        if _has_gunicorn():
            self._gunicorn(address, port, options["workers"], env)
        else:  # pragma: no cover - gunicorn is a dependency; this is for a bare checkout
            self.stdout.write("gunicorn is not installed: serving with Django's runserver.")
            os.environ["ALLOWED_HOSTS"] = env["ALLOWED_HOSTS"]
            settings.ALLOWED_HOSTS = env["ALLOWED_HOSTS"].split(",")
            call_command("runserver", f"{address}:{port}", use_reloader=False)

    def _gunicorn(self, address: str, port: int, workers: int, env: dict[str, str]) -> None:
        """Collect the static files (WhiteNoise serves them with DEBUG off), then replace this
        process by gunicorn: Ctrl-C stops it as it would stop this command."""
        python = sys.executable
        manage = str(Path(settings.BASE_DIR) / "manage.py")
        collect = [python, manage, "collectstatic", "--no-input", "-v", "0"]
        if os.spawnve(os.P_WAIT, python, collect, env) != 0:
            raise CommandError("collectstatic failed (see above): the pages would have no style")
        os.execve(
            python,
            [
                python,
                "-m",
                "gunicorn",
                "clubscorer.wsgi",
                "--bind",
                f"{address}:{port}",
                "--workers",
                str(workers),
                "--threads",
                "4",
                "--chdir",
                str(settings.BASE_DIR),
                "--access-logfile",
                "-",
            ],
            env,
        )


def _has_gunicorn() -> bool:
    import importlib.util

    return importlib.util.find_spec("gunicorn") is not None
