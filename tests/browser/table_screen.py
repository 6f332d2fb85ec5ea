"""Driving the players' screen (/t/<code>/) the way players do: by its buttons, at 360 px.

Used by tests/browser/test_table_scoring.py. One `Table` is one phone: its own browser
context (own IndexedDB, service worker and network switch), signed in with the table's code.
Each method does what a player does and waits only for what the player would see next, so
seven tables can be played in turn, each a step at a time, while their requests overlap.
"""

from __future__ import annotations

from dataclasses import dataclass

from sessions_app.scoring.board import vulnerability
from sessions_app.scoring.contract import Contract, ns_score
from tests.browser.conftest import CSP_PROBE

PHONE = {"width": 360, "height": 740}


@dataclass(frozen=True)
class Played:
    """What a table played on a board: 4SX by N, 10 tricks is Played(4, "S", 1, "N", 10)."""

    level: int
    strain: str
    doubled: int
    declarer: str
    tricks: int

    def ns_score(self, board: int) -> int:
        if not self.level:
            return 0  # passed out
        contract = Contract(self.level, self.strain, self.doubled)
        return ns_score(contract, self.declarer, self.tricks, vulnerability(board))

    @property
    def entry(self) -> str:
        """How a director types it on the entry page: `4SX N 10`."""
        if not self.level:
            return "pass"
        return f"{self.level}{self.strain}{'X' * self.doubled} {self.declarer} {self.tricks}"


class Table:
    def __init__(self, browser, url: str, number: int, code: str):
        self.number = number
        self.code = code
        self.context = browser.new_context(viewport=PHONE, device_scale_factor=1)
        self.context.add_init_script(CSP_PROBE)  # window.cspViolations: none expected
        self.page = self.context.new_page()
        self.page.set_default_timeout(15_000)
        self.errors: list[str] = []  # JavaScript errors on the page: none expected
        self.page.on("pageerror", lambda error: self.errors.append(f"table {number}: {error}"))
        self.page.goto(f"{url}/t/{code}/")
        self.page.wait_for_selector(".round-view")

    # -- the network

    def go_offline(self) -> None:
        """The table's Wi-Fi drops: the browser says it is offline (set_offline), and every
        request to the server fails, also one the browser would make in the instant a
        reloaded page starts, before the emulated offline reaches it."""
        self.context.set_offline(True)
        self.context.route("**/api/table/**", lambda route: route.abort("internetdisconnected"))

    def go_online(self) -> None:
        self.context.unroute("**/api/table/**")
        self.context.set_offline(False)

    # -- what the screen shows

    def boards(self) -> list[int]:
        self.page.wait_for_selector(".round-view")
        buttons = self.page.locator("ol.boards button[data-board]")
        return [int(n) for n in buttons.evaluate_all("bs => bs.map(b => b.dataset.board)")]

    def round_title(self) -> str:
        return self.page.inner_text("#where")

    def status(self) -> str:
        return self.page.inner_text("#status")

    def fits(self) -> bool:
        """Nothing wider than the phone: no sideways scrolling at 360 px."""
        return self.page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    def wait_all_sent(self) -> None:
        """Wait for the outbox to empty. A tapped Send leaves its form once the result is in
        the outbox: until then the status still says all was sent before it."""
        self.page.wait_for_function(
            "() => !document.querySelector('button[data-send]')"
            " && document.querySelector('#status').textContent.includes('All results sent')"
        )

    # -- entering a board

    def choose(self, played: Played) -> None:
        """Tap the contract, declarer and tricks of `played` on the open board form."""
        page = self.page
        page.click(f"[data-name=level][data-value='{played.level}']")
        if not played.level:  # Pass: nothing more to tap
            return
        page.click(f"[data-name=strain][data-value='{played.strain}']")
        page.click(f"[data-name=doubled][data-value='{played.doubled}']")
        page.click(f"[data-name=declarer][data-value='{played.declarer}']")
        made = "made" if played.tricks >= played.level + 6 else "down"
        page.click(f"[data-name={made}][data-value='{played.tricks}']")

    def preview_score(self) -> int:
        return int(self.page.get_attribute(".preview .score", "data-score") or "")

    def open_board(self, board: int) -> None:
        """Tap the board in the round's list. The list is drawn again as the server answers;
        a tap that landed on a neighbour as the list moved (its form opens) goes Back and taps
        again, as a player would, rather than send this board's result as that one's
        correction."""
        for _ in range(3):
            self.page.click(f"ol.boards button[data-board='{board}']")
            if self.page.inner_text("#board-title").split(":")[0] == f"Board {board}":
                return
            self.page.click(".board-head button:has-text('Back')")
        raise AssertionError(f"table {self.number}: board {board}'s form did not open")

    def enter(self, board: int, played: Played) -> int:
        """Open `board`, tap the result, read the score shown before sending, send it;
        the screen then asks an opponent to check. Returns the previewed score."""
        self.open_board(board)
        self.choose(played)
        score = self.preview_score()
        self.page.click("button[data-send]")
        return score

    def check(self, accept: bool = True) -> None:
        """The opponent's Accept (or Reject) on the check screen."""
        self.page.click(f"[data-action={'accept' if accept else 'reject'}]")

    def back_from_results(self) -> None:
        self.page.click(".results-view [data-action=back]")

    # -- the end of a round

    def end_round(self) -> None:
        self.page.click("[data-action=end-round]")

    def start_next_round(self) -> dict[str, str]:
        """Read where everyone goes, then start the next round; returns the moves shown."""
        self.page.wait_for_selector(".moves-view")
        moves = {
            key: self.page.inner_text(f".moves-view [data-move={key}] dd")
            for key in ("ns", "ew", "boards")
            if self.page.locator(f".moves-view [data-move={key}]").count()
        }
        start = self.page.locator("[data-action=start-round]")
        if start.count():
            start.click()
        return moves

    def close(self) -> None:
        self.context.close()
