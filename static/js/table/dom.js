// Small DOM helpers for the players' screen: build elements without a framework, and write
// contracts and cards the way players read them (4♠ by N, lead ♥K).
/* global gettext, pgettext, interpolate */ // from static/js/table/words.js (a classic script the page loads first)

// h("button", {class: "big", onclick: f}, "Send") -> <button class="big">Send</button>
export function h(tag, attrs = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith("on")) element.addEventListener(name.slice(2), value);
    else if (name === "dataset") Object.assign(element.dataset, value);
    // Through the CSSOM: the page's Content-Security-Policy refuses style attributes.
    else if (name === "style") element.style.cssText = value;
    else if (value === true) element.setAttribute(name, "");
    else element.setAttribute(name, value);
  }
  append(element, children);
  return element;
}

function append(element, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

// Replace everything inside `element` with `children`.
export function fill(element, ...children) {
  element.replaceChildren();
  append(element, children);
  return element;
}

export const $ = (selector, root = document) => root.querySelector(selector);

const SUIT_SIGNS = { C: "♣", D: "♦", H: "♥", S: "♠" };
const SUIT_NAMES = {
  C: pgettext("suit", "clubs"), D: pgettext("suit", "diamonds"), H: pgettext("suit", "hearts"),
  S: pgettext("suit", "spades"), NT: pgettext("suit", "no trumps"),
};

// The board's vulnerability as the server names it ("None", "NS", "EW" or "All"), in words.
export function vulnerabilityText(vulnerability) {
  if (vulnerability === "None") return pgettext("vulnerability", "None");
  if (vulnerability === "All") return pgettext("vulnerability", "All");
  return sideText(vulnerability);
}

// A seat's letter as the pages write it in the club's language: "W" -> "O" in French.
const SEAT_LETTERS = {
  N: pgettext("compass seat", "N"), E: pgettext("compass seat", "E"),
  S: pgettext("compass seat", "S"), W: pgettext("compass seat", "W"),
};
export function seatText(seat) {
  return SEAT_LETTERS[seat] || seat;
}

// NS or EW as the pages abbreviate them: "EO" in French.
export function sideText(side) {
  if (side === "NS") return pgettext("North-South, abbreviated", "NS");
  if (side === "EW") return pgettext("East-West, abbreviated", "EW");
  return side;
}

// A strain as a coloured sign read as its name: <span class="suit h" role="img"
// aria-label="hearts">♥</span> (as the pages' suit_html); no trumps in the club's letters,
// "NT" (SA in French, BA in Polish).
export function strainSign(strain) {
  if (strain === "NT") return h("span", { class: "nt" }, pgettext("no trumps, in a contract: 3NT", "NT"));
  return h("span", { class: `suit ${strain.toLowerCase()}`, role: "img", "aria-label": SUIT_NAMES[strain] },
    SUIT_SIGNS[strain]);
}

// 4♠X by N: the contract of a line the player is entering or has entered.
export function contractText(line) {
  if (line.passed_out) return h("span", { class: "contract" }, gettext("Passed out"));
  return h("span", { class: "contract" }, String(line.level), strainSign(line.strain),
    // Translators: after a contract, "4♠X by N"; %(declarer)s is N, E, S or W.
    "X".repeat(line.doubled || 0), " ", interpolate(gettext("by %(declarer)s"), { declarer: seatText(line.declarer) }, true));
}

// =, +1 or -2: the tricks against the contract, as travellers write them.
export function tricksText(line) {
  if (line.passed_out) return "";
  const difference = line.tricks - line.level - 6;
  return difference === 0 ? "=" : difference > 0 ? `+${difference}` : String(difference);
}

// The lead "HK" as ♥K (T as 10).
export function cardText(card) {
  if (!card) return "";
  const rank = card.slice(1) === "T" ? "10" : card.slice(1);
  return h("span", { class: "card" }, strainSign(card[0]), rank);
}

// interpolate() for a text with elements in it: phrase("%(tricks)s tricks, lead %(card)s",
// {tricks: 9, card: cardText("HK")}) -> ["9", " tricks, lead ", <span class="card">] (h's children).
export function phrase(format, values) {
  return format.split(/(%\(\w+\)s)/).filter(Boolean).map((part) => {
    const name = /^%\((\w+)\)s$/.exec(part);
    return name ? values[name[1]] : part;
  });
}

// A fresh id for a submission, made on the phone so a retry is stored once.
export function newClientId() {
  if (globalThis.crypto && crypto.randomUUID) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
