// The players' screen at /t/<code>/: signs the phone in as its table with the code in the
// address, shows the round, takes each board's result, has an opponent check it, shows the
// board's results so far, and moves the table on at the end of the round. Everything sent
// goes through the outbox (outbox.js), so nothing entered is lost when the Wi-Fi drops; the
// last state the server gave is kept too, so a reload with no network still shows the round.
/* global gettext, ngettext, pgettext, interpolate */ // from static/js/table/words.js (a classic script the page loads first)

import * as api from "./api.js";
import { boardForm } from "./board_form.js";
import { callView, REASON_WORDS } from "./call_view.js";
import { checkView } from "./check_view.js";
import { $, fill, h, newClientId } from "./dom.js";
import { closedNotice, drawStatus, Messages, sentence, signInForm } from "./frame.js";
import { Outbox } from "./outbox.js";
import { resultsView } from "./results_view.js";
import { roundView } from "./round_view.js";
import { nsScore } from "./score.js";
import { meta } from "./store.js";

const root = $("#app");
const code = root.dataset.code;
const viewBox = $("#view");
const app = { token: null, state: null, view: "round", board: null, ended: null, moved: null,
  names: { open: false, values: {} } };
const messages = new Messages($("#problems"));
const say = (text, kind) => messages.say(text, kind);

const outbox = new Outbox(code, {
  token: () => app.token,
  onLine: (line) => { mergeLine(line); if (app.view === "round") redraw(); },
  onState: (state) => {
    const before = app.state;
    if (before && (state.round !== before.round || (state.finished && !before.finished))) app.moved = before;
    setState(state);
  },
  onOther: () => refresh(), // a call: the round shows it until the director answers
  onRefused: (item, error) => refused(item, error),
  onChange: () => { drawStatus(outbox, app.state); if (app.view === "round") redraw(); },
});

// ---- the table's lines: the server's, with what still waits in the outbox laid over them

function mergeLine(line) {
  if (!app.state) return;
  const board = app.state.boards.find((b) => b.number === line.board);
  if (board) board.line = line;
  meta.set(`state:${code}`, app.state);
}

function lineOf(number) {
  const board = app.state.boards.find((b) => b.number === number);
  let line = board && board.line ? { ...board.line } : null;
  for (const item of outbox.items) {
    if (item.board !== number) continue;
    if (item.kind === "line" || item.kind === "correct") {
      const f = item.body;
      line = { ...(line || {}), ...f, waiting: true,
        score_ns: nsScore(f.level, f.strain, f.doubled, f.declarer, f.tricks, board.vulnerability),
        verification: app.state.settings.verification ? "pending" : "" };
    } else if (item.kind === "verify" && line) {
      line = { ...line, waiting: true, verification: item.body.accept ? "accepted" : "rejected" };
    }
  }
  return line;
}

// The outbox item to send next for board `number`, chained to what already waits for it.
function linked(number, item) {
  const board = app.state.boards.find((b) => b.number === number);
  const before = outbox.pendingFor(number);
  return { ...item, board: number, key: newClientId(), ref: before ? before.key : null,
    line_id: before ? null : board.line && board.line.id,
    version: before ? null : board.line && board.line.version };
}

// ---- what the players do

async function sendLine(number, fields) {
  const existing = lineOf(number);
  if (existing) {
    await outbox.add(linked(number, { kind: "correct", body: { client_id: newClientId(), ...fields } }));
  } else {
    const key = newClientId();
    await outbox.add({ kind: "line", board: number, key, ref: null,
      body: { client_id: key, board: number, ...fields } });
  }
  if (app.state.settings.verification) return show("check", number);
  afterBoard(number);
}

async function verify(number, accept) {
  const line = lineOf(number);
  await outbox.add(linked(number, { kind: "verify", body: { accept } }));
  if (!accept) return show("board", number, { line, again: true });
  afterBoard(number);
}

function afterBoard(number) {
  if (app.state.settings.shows !== "nothing") return show("results", number);
  show("round");
}

async function endRound() {
  app.ended = app.state.round;
  await outbox.add({ kind: "round-done", board: null, key: newClientId(), body: { round: app.state.round } });
  show("round");
}

async function sendPlayers(names) {
  await outbox.add({ kind: "players", board: null, key: newClientId(), body: names });
}

async function callDirector({ reason, text }) {
  const key = newClientId();
  await outbox.add({ kind: "call", board: null, key, body: { client_id: key, reason, text } });
  messages.say(interpolate(gettext("The director is called (%(reason)s)."), { reason: REASON_WORDS[reason] }, true),
    "ok", "call");
  show("round");
}

function refused(item, error) {
  if (error.status === 401) return signIn(true);
  if (error.line) mergeLine(error.line); // a 409: the line as it now is
  let said = null;
  if (item.kind === "line" || item.kind === "correct") said = describe(item.body);
  else if (item.kind === "call" && item.body.text) said = item.body.text;
  const values = { board: item.board, reason: sentence(error.message), said };
  const kept = said === null ? "" : ` ${interpolate(gettext("It said: %(said)s."), values, true)}`;
  say(interpolate(refusal(item.kind, item.board), values, true) + kept, "problem");
  if (item.kind === "round-done") app.ended = null;
  // The screen showed what was refused: show the round, with the line as it now is.
  if (item.board && app.board === item.board && app.view !== "round") show("round");
  refresh();
}

// "Board 3: your correction was not accepted: %(reason)s", a whole sentence for each kind.
function refusal(kind, board) {
  if (board) {
    const onBoard = {
      line: gettext("Board %(board)s: your result was not accepted: %(reason)s"),
      correct: gettext("Board %(board)s: your correction was not accepted: %(reason)s"),
      verify: gettext("Board %(board)s: your check was not accepted: %(reason)s"),
    }[kind];
    if (onBoard) return onBoard;
  }
  return {
    line: gettext("Your result was not accepted: %(reason)s"),
    correct: gettext("Your correction was not accepted: %(reason)s"),
    verify: gettext("Your check was not accepted: %(reason)s"),
    call: gettext("Your call was not accepted: %(reason)s"),
    players: gettext("Your names were not accepted: %(reason)s"),
    "round-done": gettext("Your end of round was not accepted: %(reason)s"),
  }[kind] || gettext("This was not accepted: %(reason)s");
}

function describe(f) {
  if (f.passed_out) return gettext("passed out");
  // Translators: a result as sent, "2NT by N, 8 tricks" (the contract as written, not translated).
  return interpolate(ngettext("%(contract)s by %(declarer)s, %(tricks)s trick", "%(contract)s by %(declarer)s, %(tricks)s tricks", f.tricks),
    { contract: `${f.level}${f.strain}${"X".repeat(f.doubled)}`, declarer: f.declarer, tricks: f.tricks }, true);
}

// ---- drawing

function show(view, board = null, options = {}) {
  app.view = view;
  app.board = board;
  app.options = options;
  redraw();
  window.scrollTo(0, 0);
}

function redraw() {
  const state = app.state;
  if (!state) return;
  const board = app.board && state.boards.find((b) => b.number === app.board);
  $("#title").textContent = state.section
    ? interpolate(gettext("Table %(table)s · section %(section)s"), state, true)
    : interpolate(pgettext("bridge table", "Table %(table)s"), state, true);
  $("#where").textContent = interpolate(gettext("%(session)s · round %(round)s of %(rounds)s"),
    { session: state.session.name, round: state.round, rounds: state.rounds }, true);
  $("#call-director").hidden = app.view === "call";
  if (app.view === "board" && board) {
    const line = app.options.line || lineOf(board.number);
    if (line && line.editable === false && !line.waiting) {
      return fill(viewBox, h("section", {},
        h("h2", {}, interpolate(pgettext("bridge board (deal)", "Board %(number)s"), board, true)),
        h("p", { class: "notice" }, gettext("This result can no longer be changed at the table: call the director.")),
        h("button", { type: "button", class: "btn wide", onclick: () => show("round") }, gettext("Back"))));
    }
    const title = app.options.again ? interpolate(gettext("Board %(number)s: enter it again"), board, true)
      : line ? interpolate(gettext("Board %(number)s: correct"), board, true) : null;
    return fill(viewBox, boardForm({ board, line, title,
      sendLabel: line ? gettext("Send the correction") : gettext("Send"),
      onSend: (fields) => sendLine(board.number, fields), onCancel: () => show("round") }));
  }
  if (app.view === "check" && board && lineOf(board.number)) {
    return fill(viewBox, checkView({ board, line: lineOf(board.number), ew: state.ew,
      onAccept: () => verify(board.number, true), onReject: () => verify(board.number, false),
      onBack: () => show("round") }));
  }
  if (app.view === "results" && board) {
    return fill(viewBox, resultsView({ board, state, load: () => boardResults(board.number),
      onBack: () => show("round") }));
  }
  if (app.view === "call") {
    return fill(viewBox, callView({ onSend: callDirector, onBack: () => show("round") }));
  }
  app.view = "round";
  const typing = document.activeElement;
  if (typing && viewBox.contains(typing) && typing.matches("input, select")) {
    // Someone is typing names: redraw when they leave the field, not under their thumb.
    typing.addEventListener("blur", () => setTimeout(redraw), { once: true });
    return;
  }
  fill(viewBox, roundView({ state, lineOf, roundEnded: app.ended === state.round, moved: app.moved, draft: app.names,
    onOpen: openBoard, onEndRound: endRound, onPlayers: sendPlayers,
    onStartRound: () => { app.moved = null; redraw(); } }));
}

// A board's results, once this table's own result has left the outbox (Offline until then).
async function boardResults(number) {
  await outbox.flush();
  if (outbox.pendingFor(number)) throw new api.Offline("this table's result is not sent yet");
  return api.board(app.token, number);
}

function openBoard(number) {
  const line = lineOf(number);
  if (line && line.verification === "pending" && app.state.settings.verification) return show("check", number);
  show("board", number);
}

// ---- signing in and keeping up with the server

function setState(state) {
  app.state = state;
  // Every call answered (none left on the server, none waiting to be sent): "the director is
  // called" has done its work.
  if (!(state.calls || []).length && !outbox.items.some((item) => item.kind === "call")) {
    messages.drop("call");
  }
  outbox.adopt(`${state.session.id}/${state.section}/${state.table}`);
  if (app.ended !== null && state.round !== app.ended) app.ended = null;
  meta.set(`state:${code}`, state);
  if (app.view === "closed") app.view = "round"; // the session is in play (again)
  if (app.view === "round") redraw();
  drawStatus(outbox, app.state);
}

// A request for the table's state, made now. Its answer is shown only if it is `current()`:
// it may be older than the screen when a write went or came back while it was on its way
// (the end of round 3 answered with round 4, then this answer, read before it, would take
// the table back to round 3; a result answered, then this answer without it) or when a
// later request's answer was shown first. The write's own answer has drawn what it changed.
const requests = { started: 0, shown: 0 };

function stateRequest() {
  const mine = ++requests.started;
  const writes = outbox.writes;
  return {
    current() {
      if (outbox.writes !== writes || mine < requests.shown) return false;
      requests.shown = mine;
      return true;
    },
  };
}

async function signIn(again = false) {
  if (again) await meta.remove(`token:${code}`);
  app.token = null;
  const asking = stateRequest();
  try {
    const answer = await api.signIn(code);
    app.token = answer.token;
    await meta.set(`token:${code}`, answer.token);
    if (asking.current()) setState(answer.table);
    outbox.flush();
  } catch (error) {
    if (error instanceof api.Offline) return outbox.setOnline(false);
    if (error.status === 403 || error.status === 429) { // not in play, or too many tries
      app.view = "closed";
      return fill(viewBox, closedNotice(error.message, () => signIn()));
    }
    if (app.view === "sign-in") return; // already asking: keep what is being typed
    app.view = "sign-in"; // no more polling with a code that does not work
    fill(viewBox, signInForm(code, error.message));
  }
}

async function refresh() {
  if (app.view === "sign-in") return; // the code in the address was refused: wait for a new one
  if (!app.token) return signIn();
  const asking = stateRequest();
  try {
    const state = await api.state(app.token);
    outbox.setOnline(true);
    if (asking.current()) setState(state);
  } catch (error) {
    if (error instanceof api.Offline) return outbox.setOnline(false);
    if (error.status === 401) return signIn(true);
    say(error.message, "problem");
  }
}

async function boot() {
  $("#call-director").addEventListener("click", () => show("call"));
  app.token = (await meta.get(`token:${code}`)) || null;
  const kept = await meta.get(`state:${code}`);
  await outbox.load();
  if (kept) setState(kept);
  await refresh();
  await outbox.flush();
  // The table's state is asked for every 10 s, every 3 s while a call waits for the director
  // (so the round stops saying "the director is on the way" soon after the call is answered).
  let asked = Date.now();
  setInterval(() => {
    const every = app.state && (app.state.calls || []).length ? 3000 : 10000;
    if (Date.now() - asked < every) return;
    if (!outbox.items.length && ["round", "closed"].includes(app.view)) {
      asked = Date.now();
      refresh();
    }
  }, 1000);
  window.addEventListener("online", refresh);
  document.addEventListener("visibilitychange", () => { if (!document.hidden) refresh(); });
  if ("serviceWorker" in navigator && root.dataset.worker) {
    navigator.serviceWorker.register(root.dataset.worker, { scope: "/t/" })
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => registration.active.postMessage({ cache: [location.pathname] }))
      .catch(() => {}); // no service worker (plain http on a LAN): the outbox still works
  }
}

boot().catch((error) => {
  // IndexedDB refused (some private-browsing modes): without it nothing could be kept.
  fill(viewBox, h("p", { class: "problem" }, interpolate(gettext("This browser cannot keep the table's results (%(reason)s): open this page in a normal (not private) window, or ask the director to enter the results."),
    { reason: error && error.message ? error.message : error }, true)));
});
