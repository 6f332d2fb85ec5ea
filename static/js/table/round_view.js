// The table's round at a glance: the two pairs as they sit (an arrow-switched round says so
// in words: the pairs sit the other way round), the boards to play with each one's result so
// far, the optional names at round 1, and the end of the round with where everyone goes.

import { REASON_WORDS } from "./call_view.js";
import { contractText, h, tricksText } from "./dom.js";
import { signed } from "./score.js";


function pairBox(side, pair) {
  if (!pair) {
    return h("div", { class: "pair", "data-side": side },
      h("span", { class: "side" }, side === "ns" ? "North–South" : "East–West"),
      h("span", { class: "label" }, "Nobody"), h("span", { class: "names" }, "this seat sits out"));
  }
  return h("div", { class: "pair", "data-side": side },
    h("span", { class: "side" }, side === "ns" ? "North–South" : "East–West"),
    h("span", { class: "label" }, `Pair ${pair.label}`),
    h("span", { class: "names" }, pair.names || ""));
}

const VERIFICATION_TAGS = {
  pending: ["pending", "to check"],
  accepted: ["accepted", "checked ✓"],
  rejected: ["rejected", "rejected: enter again"],
};

// A director's ruling (an assigned, split, weighted or artificial score) has no one contract:
// its words say what it is ("Ave+ to NS, Ave- to EW").
function ruled(line) {
  return !line.passed_out && (line.level === null || line.level === undefined || line.level === 0);
}

function boardButton(board, line, onOpen) {
  const tags = [];
  if (line && line.waiting) tags.push(h("span", { class: "tag waiting" }, "waiting to send"));
  if (line && VERIFICATION_TAGS[line.verification]) {
    const [kind, text] = VERIFICATION_TAGS[line.verification];
    tags.push(h("span", { class: `tag ${kind}` }, text));
  }
  return h("button", { type: "button", class: `board-button ${line ? "done" : "todo"}`,
    "data-board": String(board.number), onclick: () => onOpen(board.number) },
  h("span", { class: "number" }, String(board.number)),
  h("span", { class: "result" }, !line ? "Enter the result" : ruled(line) ? line.text
    : [contractText(line), " ", tricksText(line)]),
  h("span", { class: "score" }, line ? signed(line.score_ns) : ""),
  h("span", { class: "facts" }, `Dealer ${board.dealer} · Vul ${board.vulnerability}`, tags));
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
      left.push([board.number, `Board ${board.number}: rejected, enter it again`]);
    } else if (state.settings.verification && line.verification === "pending") {
      left.push([board.number, `Board ${board.number}: an opponent has to check it`]);
    }
  }
  return left;
}

// Where the pairs and boards of `state`'s round go: "NS 3 → table 3 NS (stay)".
export function nextMoves(state) {
  const next = state.next;
  if (!next) return null;
  const seat = (to, now, direction) => (!to ? "sits out"
    : to.table === state.table && to.direction === direction ? `stays at table ${to.table} ${to.direction}`
      : `table ${to.table} ${to.direction}`);
  const boards = state.boards.map((b) => b.number);
  const range = boards.length > 1 ? `Boards ${boards[0]}–${boards.at(-1)}` : `Board ${boards[0] || ""}`;
  const rows = [];
  if (state.ns) rows.push([`Pair ${state.ns.label} (NS)`, seat(next.ns_to, state.table, "NS"), "ns"]);
  if (state.ew) rows.push([`Pair ${state.ew.label} (EW)`, seat(next.ew_to, state.table, "EW"), "ew"]);
  if (boards.length) rows.push([range, next.boards_to ? `table ${next.boards_to}` : "put aside", "boards"]);
  return h("dl", { class: "moves" }, rows.map(([who, where, key]) => h("div", { "data-move": key },
    h("dt", {}, who), h("dd", {}, where))));
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
  h("summary", {}, "Players' names (optional)"),
  h("form", { onsubmit: (event) => {
    event.preventDefault();
    draft.open = false;
    draft.values = {};
    onPlayers({ ns: inputs.ns.map((i) => i.value.trim()), ew: inputs.ew.map((i) => i.value.trim()) });
  } },
  h("p", { class: "muted" }, "Names or member numbers, as the club prefers."),
  ["ns", "ew"].map((side) => [0, 1].map((index) => h("label", { class: "field" },
    side === "ns" ? ["North", "South"][index] : ["East", "West"][index], inputs[side][index]))),
  h("button", { type: "submit", class: "btn wide" }, "Save the names")));
  return details;
}

// Between rounds: where each pair and the boards go, then the next round on a tap.
function movesView(before, state, onStartRound) {
  const finished = before.round >= before.rounds;
  return h("section", { class: "round-view moves-view" },
    h("h2", {}, `Round ${before.round} is over`),
    nextMoves(before),
    finished ? h("p", { class: "notice ok" }, "That was the last round. Thank you!")
      : h("button", { type: "button", class: "btn primary wide", "data-action": "start-round",
        onclick: onStartRound }, `Start round ${state.round}`));
}

export function roundView({ state, lineOf, roundEnded, moved, draft, onOpen, onEndRound, onPlayers, onStartRound }) {
  if (moved) return movesView(moved, state, onStartRound);
  if (state.finished) {
    return h("section", { class: "round-view" },
      h("p", { class: "notice ok" }, "Every round is played. Thank you!"),
      h("p", {}, "The director publishes the results when the session is over."));
  }
  const closed = state.closed_round >= state.round; // the director closed it: move on anyway
  const left = closed ? [] : missing(state, lineOf);
  const last = state.round >= state.rounds;
  let end;
  if (roundEnded) {
    end = h("div", { class: "notice" }, `Round ${state.round} is over. `,
      "Where to go next shows as soon as the phone reaches the server.");
  } else if (left.length) {
    const toEnter = left.filter(([, text]) => !text).length;
    const toFix = left.filter(([, text]) => text);
    end = h("div", { class: "round-end" },
      h("p", { class: "muted" }, `Round ${state.round} ends when every board is in`,
        toEnter ? ` (${toEnter} to enter)` : "", toFix.length ? ":" : "."),
      toFix.length ? h("ul", { class: "left" }, toFix.map(([number, text]) => h("li", {},
        h("button", { type: "button", class: "btn", onclick: () => onOpen(number) }, text)))) : null);
  } else {
    end = h("div", { class: "round-end" },
      closed ? h("p", { class: "notice" }, `The director closed round ${state.round}: `,
        "only the director changes its results now.") : null,
      state.next && !last ? [h("h2", {}, "After this round"), nextMoves(state)] : null,
      h("button", { type: "button", class: "btn primary wide", "data-action": "end-round",
        onclick: onEndRound }, last ? "Finish the last round" : `End of round ${state.round}`));
  }
  return h("section", { class: "round-view" },
    !state.ns || !state.ew ? h("p", { class: "notice" },
      `This table sits out round ${state.round}: nothing to enter.`) : null,
    (state.calls || []).map((call) => h("p", { class: "notice called", "data-call": String(call.id) },
      `You called the director at ${clock(call.created_at)} (${REASON_WORDS[call.reason] || call.reason}`,
      call.text ? `: ${call.text}` : "", "). The director is on the way.")),
    state.switched ? h("p", { class: "notice switched" },
      "Arrow switch: this round the pairs sit the other way round — ",
      `pair ${state.ns.label} sits North–South, pair ${state.ew.label} East–West.`) : null,
    h("div", { class: "pairs" }, pairBox("ns", state.ns), pairBox("ew", state.ew)),
    state.boards.length ? h("h2", {}, `Boards of round ${state.round}`) : null,
    h("ol", { class: "boards" }, state.boards.map((board) => h("li", {},
      boardButton(board, lineOf(board.number), onOpen)))),
    end,
    state.round === 1 && state.ns && state.ew ? playersForm(state, draft, onPlayers) : null);
}
