// The opponents' check of a result (when the club asks for it): the phone is handed across
// the table and an East-West player (the side that did not enter it) reads the result in
// big type and presses Accept or Reject. A rejected result goes back to be entered again.

import { cardText, contractText, h, tricksText } from "./dom.js";
import { signed } from "./score.js";

export function checkView({ board, line, ew, onAccept, onReject, onBack }) {
  return h("section", { class: "check-view" },
    h("h2", {}, `Board ${board.number}: check the result`),
    h("p", {}, "Hand the phone to East–West", ew ? ` (pair ${ew.label})` : "",
      ". Is this the result of the board?"),
    h("div", { class: "check" },
      h("div", { class: "line" }, contractText(line), " ", tricksText(line)),
      line.passed_out ? null : h("div", {}, `${line.tricks} tricks`,
        line.lead ? [", lead ", cardText(line.lead)] : ""),
      h("div", { class: "score", "data-score": String(line.score_ns) },
        `NS ${signed(line.score_ns)}`, h("span", { class: "muted" },
          ` · EW ${signed(-line.score_ns)}`))),
    h("div", { class: "pair-buttons" },
      h("button", { type: "button", class: "btn danger", "data-action": "reject",
        onclick: onReject }, "Reject"),
      h("button", { type: "button", class: "btn primary", "data-action": "accept",
        onclick: onAccept }, "Accept")),
    h("button", { type: "button", class: "btn wide", onclick: onBack }, "Not now"));
}
