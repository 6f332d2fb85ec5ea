"""Headless Chromium for end-to-end tests, shared by every browser test.

Fixtures:
- `browser` (session): the system Chromium (/usr/bin/chromium) through Playwright's sync API,
  launched once per test run. Never downloads a browser (`playwright install` is not used).
- `page` (function): a fresh context and page, 1280 x 900, closed after the test; resize it
  with `page.set_viewport_size(...)`.
- `screenshot` (function): `screenshot(page, "name")` saves docs/screenshots/name.png, only
  when the environment has CLUBSCORER_SCREENSHOTS=1.

Without Chromium or Playwright the tests are skipped with the reason, unless
CLUBSCORER_REQUIRE_BROWSER=1 (set by CI), which makes that a failure. Use them with pytest-django's
`live_server` and `@pytest.mark.django_db(transaction=True)` (the server runs in a thread and must
see the test's data); mark the tests `@pytest.mark.browser`.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

CHROMIUM = Path(os.environ.get("CLUBSCORER_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 360, "height": 740}
# Sideways overflow of the document, and of each table inside its wrapper (0 and [0, ...]: none).
OVERFLOW = """() => ({
  page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
  tables: [...document.querySelectorAll('.table-wrap')].map(w => w.scrollWidth - w.clientWidth),
})"""


def _unavailable(reason: str):
    if os.environ.get("CLUBSCORER_REQUIRE_BROWSER") == "1":
        pytest.fail(f"{reason} (CLUBSCORER_REQUIRE_BROWSER=1: browser tests must run)")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def browser():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("Playwright for Python is not installed (pip install -e '.[dev]')")
    if not CHROMIUM.exists():
        _unavailable(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    # Playwright's sync API keeps an event loop running in this thread for as long as the
    # browser is open (the rest of the run); Django would then refuse every later test's own
    # synchronous, main-thread database calls as "async unsafe", so say they are intended.
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    playwright = sync_playwright().start()
    try:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
    except Exception as error:
        playwright.stop()
        _unavailable(f"Chromium at {CHROMIUM} did not start: {error}")
    yield chromium
    chromium.close()
    playwright.stop()
    if previous is None:
        os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    else:
        os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


@pytest.fixture
def screenshot():
    """`screenshot(page, name)`: a full-page PNG in docs/screenshots/ when asked for."""
    wanted = os.environ.get("CLUBSCORER_SCREENSHOTS") == "1"

    def take(page, name: str) -> Path | None:
        if not wanted:
            return None
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return take


DIRECTOR_PASSWORD = "correct horse battery staple"


@pytest.fixture
def director_page(live_server, page, mitchell):
    """`page`, logged in as the director of the `mitchell` fixture's session."""
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.get(username="dora")
    user.set_password(DIRECTOR_PASSWORD)
    user.save()
    log_in(page, live_server.url, "dora", DIRECTOR_PASSWORD)
    return page


def log_in(page, url: str, username: str, password: str) -> None:
    """Log in through the log-in page, as a director does."""
    page.goto(f"{url}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    with page.expect_navigation():
        page.press("#id_password", "Enter")


# Records every Content-Security-Policy violation of a page in window.cspViolations (add it
# to a context with `context.add_init_script(CSP_PROBE)` before the page loads).
CSP_PROBE = """window.cspViolations = [];
document.addEventListener('securitypolicyviolation', e => window.cspViolations.push(
  `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));"""
