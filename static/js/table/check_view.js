// The opponents' check of a result (when the club asks for it): the phone is handed across
// the table and an East-West player (the side that did not enter it) reads the result in
// big type and presses Accept or Reject. A rejected result goes back to be entered again.
/* global gettext, ngettext, interpolate */ // from static/js/table/words.js (a classic script the page loads first)

import { cardText, contractText, h, phrase, tricksText } from "./dom.js";
import { signed } from "./score.js";

export function checkView({ board, line, ew, onAccept, onReject, onBack }) {
  return h("section", { class: "check-view" },
    h("h2", {}, interpolate(gettext("Board %(number)s: check the result"), { number: board.number }, true)),
    h("p", {}, ew
      ? interpolate(gettext("Hand the phone to East–West (pair %(pair)s). Is this the result of the board?"),
        { pair: ew.label }, true)
      : gettext("Hand the phone to East–West. Is this the result of the board?")),
    h("div", { class: "check" },
      h("div", { class: "line" }, contractText(line), " ", tricksText(line)),
      line.passed_out ? null : h("div", {}, line.lead
        ? phrase(ngettext("%(tricks)s trick, lead %(card)s", "%(tricks)s tricks, lead %(card)s", line.tricks),
          { tricks: line.tricks, card: cardText(line.lead) })
        : interpolate(ngettext("%(tricks)s trick", "%(tricks)s tricks", line.tricks), { tricks: line.tricks }, true)),
      h("div", { class: "score", "data-score": String(line.score_ns) },
        `NS ${signed(line.score_ns)}`, h("span", { class: "muted" },
          ` · EW ${signed(-line.score_ns)}`))),
    h("div", { class: "pair-buttons" },
      h("button", { type: "button", class: "btn danger", "data-action": "reject",
        onclick: onReject }, gettext("Reject")),
      h("button", { type: "button", class: "btn primary", "data-action": "accept",
        onclick: onAccept }, gettext("Accept"))),
    h("button", { type: "button", class: "btn wide", onclick: onBack }, gettext("Not now")));
}
