// "Call the director": the table says why in one tap (the director's console shows the
// reason, so the director comes with the right book open), with a few words if needed.
/* global gettext, pgettext */ // from static/js/table/words.js (a classic script the page loads first)

import { h } from "./dom.js";

export const REASONS = [
  ["ruling", gettext("A ruling (revoke, lead out of turn, claim…)")],
  ["score", gettext("A result we cannot enter or agree on")],
  ["movement", gettext("Wrong table, pair or boards")],
  ["other", gettext("Something else")],
];

// A call as the round shows it: "a ruling".
// Translators: why a table called the director, as in "Called the director: a ruling".
export const REASON_WORDS = {
  ruling: pgettext("reason for a call", "a ruling"),
  score: pgettext("reason for a call", "a result"),
  movement: pgettext("reason for a call", "the movement"),
  other: pgettext("reason for a call", "a question"),
};

export function callView({ onSend, onBack }) {
  const text = h("input", { type: "text", name: "text", maxlength: "200",
    placeholder: gettext("e.g. East revoked on board 5"), autocomplete: "off" });
  const radios = REASONS.map(([value, label], index) => h("label", {},
    h("input", { type: "radio", name: "reason", value, checked: index === 0 }), label));
  const form = h("form", { class: "call-form", onsubmit: (event) => {
    event.preventDefault();
    const reason = form.querySelector("input[name=reason]:checked").value;
    onSend({ reason, text: text.value.trim() });
  } },
  h("h2", {}, gettext("Call the director")),
  h("fieldset", { class: "radios" }, h("legend", {}, gettext("Why?")), radios),
  h("label", { class: "field" }, gettext("A few words (optional)"), text),
  h("div", { class: "actions" },
    h("button", { type: "button", class: "btn", onclick: onBack }, gettext("Back")),
    h("button", { type: "submit", class: "btn primary" }, gettext("Call the director"))));
  return form;
}
