"""Every kind of page meets WCAG 2.2 AA as far as axe-core can tell (issue 29): the public
pages, the director's, the players' screen at a table and the log-in page, each at 360 px and
1280 px, with the rules axe tags wcag2a, wcag2aa, wcag21a, wcag21aa and wcag22aa, and its
heading-order and empty-table-header.

axe-core is the npm package of .ci/axe (`npm ci --prefix .ci/axe`, done by .ci/run); it is
injected into each page and run there. Without it the test is skipped, unless
CLUBSCORER_REQUIRE_NODE=1 (CI), which makes that a failure.

The pages are the demo's (`manage.py load_demo`: a published evening of two sections, its
club, register and director), a competition over it, and a second evening in play for the
console, the table codes and a table's screen.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from django.conf import settings

from sessions_app.models import TableCall, TableCode
from tests.browser.conftest import DESKTOP, PHONE, log_in
from tests.browser.test_asked_for_pages import demo  # noqa: F401 (a fixture)
from tests.browser.test_table_scoring import build_session
from tests.every_page import autumn_championship, director_pages, public_pages

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

AXE = Path(__file__).resolve().parents[2] / ".ci/axe/node_modules/axe-core/axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
# And two of axe's best practices the issue asks for: headings in order, no empty header cell.
ALSO = ["heading-order", "empty-table-header"]
# axe's answer cut down to what a reader needs: each rule broken, the elements breaking it and
# axe's reason for the first.
RUN_AXE = """async ([tags, also]) => {
  const rules = Object.fromEntries(also.map(rule => [rule, {enabled: true}]));
  // resultTypes: the details of the violations only (axe then keeps one node of the passes and
  // the rest, not every node: a third of its time on a long page).
  const result = await axe.run(document, {
    runOnly: {type: 'tag', values: tags}, rules, resultTypes: ['violations'],
  });
  return result.violations.map(v => ({
    rule: v.id, help: v.help,
    targets: v.nodes.map(n => `${n.target.join(' ')} (${
      [...n.any, ...n.all, ...n.none].map(c => c.message).filter(Boolean)[0] || ''})`),
  }));
}"""


def axe_script() -> Path:
    if not AXE.exists():
        reason = f"axe-core is not installed ({AXE}: npm ci --prefix .ci/axe)"
        if os.environ.get("CLUBSCORER_REQUIRE_NODE") == "1":
            pytest.fail(f"{reason}; CLUBSCORER_REQUIRE_NODE=1 needs it")
        pytest.skip(reason)
    return AXE


@pytest.fixture
def evening_in_play(demo):  # noqa: F811
    session, section = build_session(demo.club, "Tuesday pairs", in_play=True)
    TableCall.objects.create(section=section, table=3, round=1)  # the console's calls waiting
    return session


@pytest.fixture
def competition(demo):  # noqa: F811
    return autumn_championship(demo.club)


def check(page, name: str, found: dict[str, list]) -> None:
    """axe on the page as it is, at 360 px and then at 1280 px: the page reflows to each
    width as the browser's window is resized (its media queries apply again), and axe, put
    into the page once, checks it again."""
    page.add_script_tag(path=str(axe_script()))
    for viewport in (PHONE, DESKTOP):
        page.set_viewport_size(viewport)
        violations = page.evaluate(RUN_AXE, [TAGS, ALSO])
        if violations:
            found[f"{name} at {viewport['width']} px"] = violations


def visit(page, url: str, name: str, found: dict[str, list]) -> None:
    # goto waits for the load event: the page and its scripts are in. Not for the network to
    # be idle (half a second more a page): no page draws itself from a later request (the
    # console's first poll comes a period later, on a page drawn by the server).
    response = page.goto(url)
    assert response is not None and response.status == 200, (name, url, response.status)
    check(page, name, found)


def report(found: dict[str, list]) -> str:
    lines = []
    for name, violations in found.items():
        lines.append(f"{name}:")
        for violation in violations:
            lines.append(f"  {violation['rule']}: {violation['help']}")
            lines.extend(f"    {target}" for target in violation["targets"])
    return "\n".join(lines)


@pytest.mark.parametrize("language", ["en-gb", "fr"])
def test_every_kind_of_page_passes_axe(
    browser,
    live_server,
    demo,  # noqa: F811
    evening_in_play,
    competition,
    language,
):
    """In English and in French (longer words, other labels: the language menu's choice)."""
    axe_script()
    url = live_server.url
    # The pages allow no inline script (clubscorer/security.py); axe's tag is one, so the
    # context lets it through (tests/browser/test_content_security.py tests the policy).
    context = browser.new_context(viewport=PHONE, bypass_csp=True)
    context.add_cookies([{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": url}])
    page = context.new_page()
    page.set_default_timeout(15_000)
    found: dict[str, list] = {}
    try:
        visit(page, f"{url}/accounts/login/", "log-in", found)

        code = TableCode.objects.filter(section__session=evening_in_play, table=1, revoked_at=None)
        page.goto(f"{url}/t/{code.get().code}/")
        page.wait_for_selector(".round-view")
        check(page, "table screen: the round", found)
        page.click("ol.boards button[data-board]")
        page.wait_for_selector("[data-name=level]")
        check(page, "table screen: a board's form", found)

        for name, path in public_pages(demo, competition).items():
            visit(page, url + path, name, found)

        log_in(page, url, "director", "director")
        for name, path in director_pages(demo, evening_in_play).items():
            visit(page, url + path, name, found)
    finally:
        context.close()
    assert not found, f"axe in {language}:\n{report(found)}"
