// The table's round at a glance: the two pairs as they sit (an arrow-switched round says so
// in words: the pairs sit the other way round), the boards to play with each one's result so
// far, the optional names at round 1, and the end of the round with where everyone goes.
/* global gettext, ngettext, pgettext, interpolate */ // from static/js/table/words.js (a classic script the page loads first)

import { REASON_WORDS } from "./call_view.js";
import { contractText, h, seatText, sideText, tricksText, vulnerabilityText } from "./dom.js";
import { signed } from "./score.js";


function pairBox(side, pair) {
  if (!pair) {
    return h("div", { class: "pair", "data-side": side },
      h("span", { class: "side" }, side === "ns" ? gettext("North–South") : gettext("East–West")),
      h("span", { class: "label" }, gettext("Nobody")), h("span", { class: "names" }, gettext("this seat sits out")));
  }
  return h("div", { class: "pair", "data-side": side },
    h("span", { class: "side" }, side === "ns" ? gettext("North–South") : gettext("East–West")),
    h("span", { class: "label" }, interpolate(gettext("Pair %(pair)s"), { pair: pair.label }, true)),
    h("span", { class: "names" }, pair.names || ""));
}

const VERIFICATION_TAGS = {
  pending: ["pending", gettext("to check")],
  accepted: ["accepted", gettext("checked ✓")],
  rejected: ["rejected", gettext("rejected: enter again")],
};

// A director's ruling (an assigned, split, weighted or artificial score) has no one contract:
// its words say what it is ("Ave+ to NS, Ave- to EW").
function ruled(line) {
  return !line.passed_out && (line.level === null || line.level === undefined || line.level === 0);
}

function boardButton(board, line, onOpen) {
  const tags = [];
  if (line && line.waiting) tags.push(h("span", { class: "tag waiting" }, gettext("waiting to send")));
  if (line && VERIFICATION_TAGS[line.verification]) {
    const [kind, text] = VERIFICATION_TAGS[line.verification];
    tags.push(h("span", { class: `tag ${kind}` }, text));
  }
  return h("button", { type: "button", class: `board-button ${line ? "done" : "todo"}`,
    "data-board": String(board.number), onclick: () => onOpen(board.number) },
  h("span", { class: "number" }, String(board.number)),
  h("span", { class: "result" }, !line ? gettext("Enter the result") : ruled(line) ? line.text
    : [contractText(line), " ", tricksText(line)]),
  h("span", { class: "score" }, line ? signed(line.score_ns) : ""),
  h("span", { class: "facts" }, interpolate(gettext("Dealer %(seat)s · Vul %(vulnerability)s"),
    { seat: seatText(board.dealer), vulnerability: vulnerabilityText(board.vulnerability) }, true), tags));
}

// "21:41": a call's time on the phone's clock.
function clock(iso) {
  // 24-hour, "21:05", as every time is written (sessions_app/core/moments.py).
  return new Date(iso).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
}

// What stops the round from ending besides boards not yet entered: results still to check,
// or rejected and to enter again.
export function missing(state, lineOf) {
  const left = [];
  for (const board of state.boards) {
    const line = lineOf(board.number);
    if (!line) left.push([board.number, null]);
    else if (state.settings.verification && line.verification === "rejected") {
      left.push([board.number, interpolate(gettext("Board %(number)s: rejected, enter it again"), { number: board.number }, true)]);
    } else if (state.settings.verification && line.verification === "pending") {
      left.push([board.number,
        interpolate(gettext("Board %(number)s: an opponent has to check it"), { number: board.number }, true)]);
    }
  }
  return left;
}

// Where the pairs and boards of `state`'s round go: "NS 3 → table 3 NS (stay)".
export function nextMoves(state) {
  const next = state.next;
  if (!next) return null;
  // Translators: where a pair goes next: "stays at table 3 NS", "table 4 EW".
  const seat = (to, now, direction) => (!to ? gettext("sits out")
    : to.table === state.table && to.direction === direction
      ? interpolate(gettext("stays at table %(table)s %(direction)s"), { ...to, direction: sideText(to.direction) }, true)
      : interpolate(gettext("table %(table)s %(direction)s"), { ...to, direction: sideText(to.direction) }, true));
  const boards = state.boards.map((b) => b.number);
  const range = boards.length > 1
    ? interpolate(gettext("Boards %(first)s–%(last)s"), { first: boards[0], last: boards.at(-1) }, true)
    : interpolate(pgettext("bridge board (deal)", "Board %(number)s"), { number: boards[0] || "" }, true);
  const rows = [];
  if (state.ns) {
    rows.push([interpolate(gettext("Pair %(pair)s (NS)"), { pair: state.ns.label }, true),
      seat(next.ns_to, state.table, "NS"), "ns"]);
  }
  if (state.ew) {
    rows.push([interpolate(gettext("Pair %(pair)s (EW)"), { pair: state.ew.label }, true),
      seat(next.ew_to, state.table, "EW"), "ew"]);
  }
  if (boards.length) {
    // Translators: where the boards go next: "table 4", or "put aside" after the last round.
    rows.push([range, next.boards_to ? interpolate(gettext("table %(table)s"), { table: next.boards_to }, true)
      : gettext("put aside"), "boards"]);
  }
  return h("dl", { class: "moves" }, rows.map(([who, where, key]) => h("div", { "data-move": key },
    h("dt", {}, who), h("dd", {}, where))));
}

// "Round 2 ends when every board is in (1 to enter):" — a colon when the boards to fix follow.
function roundEnds(round, toEnter, toFix) {
  const values = { round, n: toEnter };
  if (toEnter && toFix) {
    return interpolate(ngettext("Round %(round)s ends when every board is in (%(n)s to enter):",
      "Round %(round)s ends when every board is in (%(n)s to enter):", toEnter), values, true);
  }
  if (toEnter) {
    return interpolate(ngettext("Round %(round)s ends when every board is in (%(n)s to enter).",
      "Round %(round)s ends when every board is in (%(n)s to enter).", toEnter), values, true);
  }
  return interpolate(toFix ? gettext("Round %(round)s ends when every board is in:")
    : gettext("Round %(round)s ends when every board is in."), values, true);
}

// "You called the director at 21:41 (a ruling: East revoked). The director is on the way."
function callSaid(call) {
  const values = { time: clock(call.created_at), reason: REASON_WORDS[call.reason] || call.reason, text: call.text };
  return interpolate(call.text
    ? gettext("You called the director at %(time)s (%(reason)s: %(text)s). The director is on the way.")
    : gettext("You called the director at %(time)s (%(reason)s). The director is on the way."), values, true);
}

// `draft` keeps what is typed and whether the form is open across redraws of the round.
function playersForm(state, draft, onPlayers) {
  const input = (side, index) => {
    const name = `${side}${index}`;
    const field = h("input", { type: "text", name, maxlength: "60", autocomplete: "off",
      oninput: () => { draft.values[name] = field.value; } });
    field.value = draft.values[name] ?? (state[side].players || [])[index] ?? "";
    return field;
  };
  const inputs = { ns: [input("ns", 0), input("ns", 1)], ew: [input("ew", 0), input("ew", 1)] };
  const details = h("details", { class: "players", open: draft.open,
    ontoggle: () => { draft.open = details.open; } },
  h("summary", {}, gettext("Players' names (optional)")),
  h("form", { onsubmit: (event) => {
    event.preventDefault();
    draft.open = false;
    draft.values = {};
    onPlayers({ ns: inputs.ns.map((i) => i.value.trim()), ew: inputs.ew.map((i) => i.value.trim()) });
  } },
  h("p", { class: "muted" }, gettext("Names or member numbers, as the club prefers.")),
  ["ns", "ew"].map((side) => [0, 1].map((index) => h("label", { class: "field" },
    side === "ns" ? [gettext("North"), gettext("South")][index] : [gettext("East"), gettext("West")][index],
    inputs[side][index]))),
  h("button", { type: "submit", class: "btn wide" }, gettext("Save the names"))));
  return details;
}

// Between rounds: where each pair and the boards go, then the next round on a tap.
function movesView(before, state, onStartRound) {
  const finished = before.round >= before.rounds;
  return h("section", { class: "round-view moves-view" },
    h("h2", {}, interpolate(gettext("Round %(round)s is over"), { round: before.round }, true)),
    nextMoves(before),
    finished ? h("p", { class: "notice ok" }, gettext("That was the last round. Thank you!"))
      : h("button", { type: "button", class: "btn primary wide", "data-action": "start-round",
        onclick: onStartRound }, interpolate(gettext("Start round %(round)s"), { round: state.round }, true)));
}

export function roundView({ state, lineOf, roundEnded, moved, draft, onOpen, onEndRound, onPlayers, onStartRound }) {
  if (moved) return movesView(moved, state, onStartRound);
  if (state.finished) {
    return h("section", { class: "round-view" },
      h("p", { class: "notice ok" }, gettext("Every round is played. Thank you!")),
      h("p", {}, gettext("The director publishes the results when the session is over.")));
  }
  const closed = state.closed_round >= state.round; // the director closed it: move on anyway
  const left = closed ? [] : missing(state, lineOf);
  const last = state.round >= state.rounds;
  let end;
  if (roundEnded) {
    end = h("div", { class: "notice" }, interpolate(
      gettext("Round %(round)s is over. Where to go next shows as soon as the phone reaches the server."),
      { round: state.round }, true));
  } else if (left.length) {
    const toEnter = left.filter(([, text]) => !text).length;
    const toFix = left.filter(([, text]) => text);
    end = h("div", { class: "round-end" },
      h("p", { class: "muted" }, roundEnds(state.round, toEnter, toFix.length > 0)),
      toFix.length ? h("ul", { class: "left" }, toFix.map(([number, text]) => h("li", {},
        h("button", { type: "button", class: "btn", onclick: () => onOpen(number) }, text)))) : null);
  } else {
    end = h("div", { class: "round-end" },
      closed ? h("p", { class: "notice" }, interpolate(
        gettext("The director closed round %(round)s: only the director changes its results now."),
        { round: state.round }, true)) : null,
      state.next && !last ? [h("h2", {}, gettext("After this round")), nextMoves(state)] : null,
      h("button", { type: "button", class: "btn primary wide", "data-action": "end-round",
        onclick: onEndRound }, last ? gettext("Finish the last round")
        : interpolate(gettext("End of round %(round)s"), { round: state.round }, true)));
  }
  return h("section", { class: "round-view" },
    !state.ns || !state.ew ? h("p", { class: "notice" },
      interpolate(gettext("This table sits out round %(round)s: nothing to enter."), { round: state.round }, true))
      : null,
    (state.calls || []).map((call) => h("p", { class: "notice called", "data-call": String(call.id) },
      callSaid(call))),
    state.switched ? h("p", { class: "notice switched" },
      interpolate(gettext("Arrow switch: this round the pairs sit the other way round — pair %(ns)s sits North–South, pair %(ew)s East–West."),
        { ns: state.ns.label, ew: state.ew.label }, true)) : null,
    h("div", { class: "pairs" }, pairBox("ns", state.ns), pairBox("ew", state.ew)),
    state.boards.length ? h("h2", {}, interpolate(gettext("Boards of round %(round)s"), { round: state.round }, true)) : null,
    h("ol", { class: "boards" }, state.boards.map((board) => h("li", {},
      boardButton(board, lineOf(board.number), onOpen)))),
    end,
    state.round === 1 && state.ns && state.ew ? playersForm(state, draft, onPlayers) : null);
}
