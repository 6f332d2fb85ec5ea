// What stays around every view of the players' screen: the status line (the network and
// what waits to be sent: "No network · 2 results waiting to send"), the messages the
// server sent back (a refused correction says why, in the server's words), and the sign-in
// form shown when the code in the address no longer works.

import { $, fill, h } from "./dom.js";

// The server's message as a sentence: "… enter it again." (one full stop, not two).
export function sentence(text) {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

export function drawStatus(outbox, signedIn) {
  const results = outbox.waitingResults;
  const parts = [];
  if (!outbox.online) parts.push(h("span", { class: "offline" }, "No network"), " ");
  if (results) {
    parts.push(h("span", { class: "waiting", "data-waiting": String(results) },
      `${results} result${results === 1 ? "" : "s"} waiting to send`));
  } else if (outbox.waitingOther) parts.push(h("span", { class: "waiting" }, "sending…"));
  else if (outbox.online && signedIn) parts.push("All results sent ✓");
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
    } }, "OK"))));
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
  h("h2", {}, "Sign in with the table's code"),
  h("p", { class: "problem" }, `Code ${code}: ${sentence(message)}`),
  h("p", {}, "The code is on the table card; the director has a new one if this one was replaced."),
  h("label", { class: "field" }, "Code", input),
  h("button", { type: "submit", class: "btn primary wide" }, "Sign in"));
}

// The code is right but the table cannot score now (the session is not in play, or final).
export function closedNotice(message, onRetry) {
  return h("section", { class: "closed" },
    h("p", { class: "notice" }, sentence(message)),
    h("button", { type: "button", class: "btn wide", onclick: onRetry }, "Try again"));
}
