// One board's result, entered with the thumb: level (or Pass), strain, X/XX, declarer, the
// opening lead if the players want to give it, then the tricks as "made" (=, +1 ...) or "down" (-1 ...)
// buttons. The NS score shows as soon as the result is complete, computed with the server's
// rules (score.js), before anything is sent.
//
// Example: 4, ♠, by N, "=" -> "4♠ by N =, NS +420" on board 1 (nobody vulnerable).
/* global gettext, pgettext, interpolate */ // from static/js/table/words.js (a classic script the page loads first)

import {
  $, cardText, contractText, fill, h, phrase, seatText, sideText, strainSign, tricksText, vulnerabilityText,
} from "./dom.js";
import { nsScore, SEATS, signed, STRAINS } from "./score.js";

const RANKS = ["A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2"];
const SUITS = ["S", "H", "D", "C"];
const SUIT_GROUPS = {
  S: pgettext("suit", "♠ Spades"), H: pgettext("suit", "♥ Hearts"),
  D: pgettext("suit", "♦ Diamonds"), C: pgettext("suit", "♣ Clubs"),
};


function choiceButtons(name, values, label, selected, onPick, columns) {
  const buttons = values.map((value) => h("button", {
    type: "button", class: "btn", "data-name": name, "data-value": String(value),
    "aria-pressed": String(selected === value), onclick: () => onPick(value),
  }, label(value)));
  return h("div", { class: "choices", style: `--cols: ${columns}` }, buttons);
}

// The form for board `board` ({number, dealer, vulnerability}); `line` prefills a correction.
// `onSend(fields)` gets {level, strain, doubled, declarer, tricks, lead, passed_out}.
export function boardForm({ board, line, title, sendLabel, onSend, onCancel }) {
  const chosen = line
    ? { level: line.passed_out ? 0 : line.level, strain: line.strain, doubled: line.doubled || 0,
        declarer: line.declarer, tricks: line.passed_out ? null : line.tricks, lead: line.lead || "" }
    : { level: null, strain: null, doubled: 0, declarer: null, tricks: null, lead: "" };
  const root = h("section", { class: "board-form", "aria-labelledby": "board-title" });
  const preview = h("div", { class: "preview", "aria-live": "polite" });
  const parts = h("div");

  function complete() {
    if (chosen.level === 0) return true;
    return chosen.level && chosen.strain && chosen.declarer && chosen.tricks !== null;
  }

  function fields() {
    const passedOut = chosen.level === 0;
    return {
      level: passedOut ? 0 : chosen.level, strain: passedOut ? "" : chosen.strain,
      doubled: passedOut ? 0 : chosen.doubled, declarer: passedOut ? "" : chosen.declarer,
      tricks: passedOut ? 0 : chosen.tricks, lead: passedOut ? "" : chosen.lead,
      passed_out: passedOut,
    };
  }

  function pick(name, value) {
    chosen[name] = value; // tricks are kept as tricks taken: 10 is "=" in 4♠, "+1" in 3♠
    draw();
  }

  function tricksButtons() {
    const needed = chosen.level + 6;
    const made = [];
    for (let tricks = needed; tricks <= 13; tricks += 1) made.push(tricks);
    const down = [];
    for (let tricks = needed - 1; tricks >= 0; tricks -= 1) down.push(tricks);
    const label = (tricks) => (tricks === needed ? "=" : tricks > needed
      ? `+${tricks - needed}` : String(tricks - needed));
    return [
      h("fieldset", {}, h("legend", {}, pgettext("tricks", "Made")),
        choiceButtons("made", made, label, chosen.tricks, (t) => pick("tricks", t), 7)),
      h("fieldset", {}, h("legend", {}, pgettext("tricks", "Down")),
        choiceButtons("down", down, label, chosen.tricks, (t) => pick("tricks", t), 7)),
    ];
  }

  function leadSelect() {
    const select = h("select", { name: "lead", onchange: () => { chosen.lead = select.value; } },
      h("option", { value: "" }, gettext("— not given —")),
      SUITS.map((suit) => h("optgroup", { label: SUIT_GROUPS[suit] },
        RANKS.map((rank) => h("option", { value: suit + rank, selected: chosen.lead === suit + rank },
          `${{ S: "♠", H: "♥", D: "♦", C: "♣" }[suit]}${rank === "T" ? "10" : rank}`)))));
    return h("label", { class: "field" }, gettext("Opening lead (optional)"), select);
  }

  function draw() {
    const passedOut = chosen.level === 0;
    fill(parts,
      h("fieldset", {}, h("legend", {}, gettext("Contract")),
        choiceButtons("level", [1, 2, 3, 4, 5, 6, 7, 0], (l) => (l ? String(l) : pgettext("bidding", "Pass")),
          chosen.level, (l) => pick("level", l), 4)),
      passedOut ? null : [
        h("fieldset", {}, h("legend", { class: "visually-hidden" }, gettext("Suit or no trumps")),
          choiceButtons("strain", STRAINS, strainSign, chosen.strain, (s) => pick("strain", s), 5)),
        h("fieldset", {}, h("legend", { class: "visually-hidden" }, gettext("Doubled")),
          choiceButtons("doubled", [0, 1, 2], (d) => (d ? "X".repeat(d) : [
            h("span", { "aria-hidden": "true" }, "—"),
            h("span", { class: "visually-hidden" }, gettext("not doubled"))]), chosen.doubled,
            (d) => pick("doubled", d), 3)),
        h("fieldset", {}, h("legend", {}, gettext("Declarer")),
          choiceButtons("declarer", SEATS, seatText, chosen.declarer, (s) => pick("declarer", s), 4)),
        leadSelect(), // the order of play: contract, declarer, opening lead, tricks
        chosen.level ? tricksButtons() : null,
      ]);
    showPreview();
  }

  function showPreview() {
    const send = $("button[data-send]", root);
    if (!complete()) {
      fill(preview, h("div", { class: "line" }, "\u00a0"),
        h("div", { class: "why" }, nextStep()));
      if (send) send.disabled = true;
      return;
    }
    const line = fields();
    const score = nsScore(line.level, line.strain, line.doubled, line.declarer, line.tricks,
      board.vulnerability);
    fill(preview,
      h("div", { class: "line" }, contractText(line), " ", tricksText(line),
        h("span", { class: "score", "data-score": String(score) }, `${sideText("NS")} ${signed(score)}`)),
      h("div", { class: "why" }, line.lead ? phrase(pgettext("opening lead", "lead %(card)s"), { card: cardText(line.lead) }) : "\u00a0"));
    if (send) send.disabled = false;
  }

  function nextStep() {
    if (chosen.level === null) return gettext("Choose the contract's level, or Pass.");
    if (!chosen.strain) return gettext("Choose the suit or NT.");
    if (!chosen.declarer) return gettext("Who declared?");
    return gettext("How many tricks: made or down?");
  }

  fill(root,
    h("div", { class: "board-head" },
      h("h2", { id: "board-title" }, title || interpolate(pgettext("bridge board (deal)", "Board %(number)s"), { number: board.number }, true)),
      h("span", { class: "facts" }, interpolate(gettext("Dealer %(seat)s"), { seat: seatText(board.dealer) }, true), h("br"),
        // Translators: the board's vulnerability, short: "Vul None", "Vul NS", "Vul All".
        interpolate(gettext("Vul %(vulnerability)s"),
          { vulnerability: vulnerabilityText(board.vulnerability) }, true))),
    parts, preview,
    h("div", { class: "actions" },
      h("button", { type: "button", class: "btn", onclick: onCancel }, gettext("Back")),
      h("button", { type: "button", class: "btn primary", "data-send": "1",
        onclick: () => { if (complete()) onSend(fields()); } }, sendLabel || gettext("Send"))));
  draw();
  return root;
}
