// What stays around every view of the players' screen: the status line (the network and
// what waits to be sent: "No network · 2 results waiting to send"), the messages the
// server sent back (a refused correction says why, in the server's words), and the sign-in
// form shown when the code in the address no longer works.
/* global gettext, ngettext, pgettext, interpolate */ // from static/js/table/words.js (a classic script the page loads first)

import { $, fill, h } from "./dom.js";

// The server's message as a sentence: "… enter it again." (one full stop, not two).
export function sentence(text) {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

export function drawStatus(outbox, signedIn) {
  const results = outbox.waitingResults;
  const parts = [];
  if (!outbox.online) parts.push(h("span", { class: "offline" }, gettext("No network")), " ");
  if (results) {
    parts.push(h("span", { class: "waiting", "data-waiting": String(results) },
      interpolate(ngettext("%(n)s result waiting to send", "%(n)s results waiting to send", results),
        { n: results }, true)));
  } else if (outbox.waitingOther) parts.push(h("span", { class: "waiting" }, gettext("sending…")));
  else if (outbox.online && signedIn) parts.push(gettext("All results sent ✓"));
  fill($("#status"), parts);
}

// Messages above the view, each until the players tap OK; the same message is shown once.
export class Messages {
  constructor(box) {
    this.box = box;
    this.shown = [];
  }

  // `key` names a message that something else takes back (`drop`), e.g. "call".
  say(text, kind, key = null) {
    if (this.shown.some((message) => message.text === text)) return;
    this.shown.push({ text, kind, key });
    this.draw();
  }

  drop(key) {
    const kept = this.shown.filter((message) => message.key !== key);
    if (kept.length === this.shown.length) return;
    this.shown = kept;
    this.draw();
  }

  draw() {
    fill(this.box, this.shown.map((message) => h("div", {
      class: message.kind === "ok" ? "notice ok" : "problem" }, message.text, " ",
    h("button", { type: "button", class: "btn", onclick: () => {
      this.shown = this.shown.filter((other) => other !== message);
      this.draw();
    } }, gettext("OK")))));
  }
}

// The code in the address was refused (mistyped, or replaced by the director).
export function signInForm(code, message) {
  const input = h("input", { type: "text", name: "code", autocapitalize: "characters",
    autocomplete: "off", required: true, value: "" });
  return h("form", { class: "sign-in", onsubmit: (event) => {
    event.preventDefault();
    window.location.assign(`/t/${encodeURIComponent(input.value.trim().toUpperCase())}/`);
  } },
  h("h2", {}, gettext("Sign in with the table's code")),
  // Translators: %(code)s is the table's code, %(message)s the server's reason, a sentence.
  h("p", { class: "problem" }, interpolate(gettext("Code %(code)s: %(message)s"),
    { code, message: sentence(message) }, true)),
  h("p", {}, gettext("The code is on the table card; the director has a new one if this one was replaced.")),
  h("label", { class: "field" }, pgettext("table code", "Code"), input),
  h("button", { type: "submit", class: "btn primary wide" }, gettext("Sign in")));
}

// The code is right but the table cannot score now (the session is not in play, or final).
export function closedNotice(message, onRetry) {
  return h("section", { class: "closed" },
    h("p", { class: "notice" }, sentence(message)),
    h("button", { type: "button", class: "btn wide", onclick: onRetry }, gettext("Try again")));
}
