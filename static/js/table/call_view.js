// "Call the director": the table says why in one tap (the director's console shows the
// reason, so the director comes with the right book open), with a few words if needed.

import { h } from "./dom.js";

export const REASONS = [
  ["ruling", "A ruling (revoke, lead out of turn, claim…)"],
  ["score", "A result we cannot enter or agree on"],
  ["movement", "Wrong table, pair or boards"],
  ["other", "Something else"],
];

// A call as the round shows it: "a ruling".
export const REASON_WORDS = { ruling: "a ruling", score: "a result", movement: "the movement", other: "a question" };

export function callView({ onSend, onBack }) {
  const text = h("input", { type: "text", name: "text", maxlength: "200",
    placeholder: "e.g. East revoked on board 5", autocomplete: "off" });
  const radios = REASONS.map(([value, label], index) => h("label", {},
    h("input", { type: "radio", name: "reason", value, checked: index === 0 }), label));
  const form = h("form", { class: "call-form", onsubmit: (event) => {
    event.preventDefault();
    const reason = form.querySelector("input[name=reason]:checked").value;
    onSend({ reason, text: text.value.trim() });
  } },
  h("h2", {}, "Call the director"),
  h("fieldset", { class: "radios" }, h("legend", {}, "Why?"), radios),
  h("label", { class: "field" }, "A few words (optional)", text),
  h("div", { class: "actions" },
    h("button", { type: "button", class: "btn", onclick: onBack }, "Back"),
    h("button", { type: "submit", class: "btn primary" }, "Call the director")));
  return form;
}
