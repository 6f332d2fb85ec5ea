// The outbox: everything the players send (results, corrections, checks, calls, names, end
// of round) goes first into IndexedDB, then to the server in the order it was entered. On
// club Wi-Fi the network comes and goes: an item that could not be sent stays and is sent
// again when the network returns; each result carries an id made on the phone (client_id),
// so a retry whose first try did reach the server is stored once (the server answers with
// the line it has).
//
// Example: offline, the table enters boards 7 and 8 -> two items, the screen says "2 results
// waiting to send"; the network returns -> POST /api/table/lines twice, the items go, the
// lines show their server scores, "waiting to send" goes.
//
// An item that depends on an earlier one (the opponent's check of a result still waiting)
// names it (`ref`); it is sent with the line id and version that the earlier one got.
/* global gettext */ // from static/js/table/words.js (a classic script the page loads first)

import { call, Offline, Refused } from "./api.js";
import { meta, outbox as box } from "./store.js";

const RESULT_KINDS = new Set(["line", "correct"]);
const LINE_KINDS = new Set(["line", "correct", "verify"]);
const STATE_KINDS = new Set(["round-done", "players"]); // answered with the table's state

export class Outbox {
  constructor(code, { token, onLine, onState, onOther, onRefused, onChange }) {
    this.code = code;
    this.token = token; // a function: the current token
    this.onLine = onLine;
    this.onState = onState;
    this.onOther = onOther;
    this.onRefused = onRefused;
    this.onChange = onChange;
    this.items = [];
    this.sending = null;
    // Counts each write sent and each answered: a state asked for before a write's answer
    // came back may be older than that answer (see main.js, refresh).
    this.writes = 0;
    this.online = navigator.onLine;
    window.addEventListener("online", () => this.flush());
    setInterval(() => { if (this.items.length) this.flush(); }, 4000);
  }

  async load() {
    this.items = await box.all(this.code);
    this.sent = (await meta.get(`sent:${this.code}`)) || {};
    this.onChange();
  }

  // How many boards have a result (new, or corrected) waiting to be sent.
  get waitingResults() {
    return new Set(this.items.filter((item) => RESULT_KINDS.has(item.kind))
      .map((item) => item.board)).size;
  }

  // Whether anything else waits (a check, a call, names, the end of a round).
  get waitingOther() {
    return this.items.some((item) => !RESULT_KINDS.has(item.kind));
  }

  // The newest item still waiting that gives board `number` a line (a result or a check).
  pendingFor(number) {
    return this.items.filter((item) => item.board === number && LINE_KINDS.has(item.kind)).pop();
  }

  // The table this phone is signed in as ("7/A/3": session 7, section A, table 3). What
  // waits under another code of the same table (the director re-issued the code, the
  // players opened the new one) is this table's too: it is sent with the new code.
  async adopt(table) {
    if (this.table === table) return;
    this.table = table;
    const strays = (await box.everything()).filter((i) => i.table === table && i.code !== this.code);
    for (const code of new Set(strays.map((item) => item.code))) {
      Object.assign(this.sent, (await meta.get(`sent:${code}`)) || {});
    }
    for (const item of strays) {
      item.code = this.code;
      await box.put(item);
    }
    if (strays.length) {
      await meta.set(`sent:${this.code}`, this.sent);
      this.items = await box.all(this.code);
      this.onChange();
      this.flush();
    }
  }

  // Queue `item`. A queued write is never changed, even a result not yet answered: its first
  // try may have been stored already, and a retry would then get the old line back. A
  // correction of it is queued after it, and sent with the id its answer gives.
  async add(item) {
    item.code = this.code;
    item.table = this.table;
    item.seq = await box.add(item);
    this.items.push(item);
    this.onChange();
    this.flush();
  }

  // Send what waits, oldest first; stop at the first item the network does not carry.
  flush() {
    if (!this.sending) {
      this.sending = this.send().finally(() => { this.sending = null; });
    }
    return this.sending;
  }

  async send() {
    while (this.items.length && this.token()) { // signed out: wait for the new code
      const item = this.items[0];
      try {
        this.writes += 1;
        const answer = await call(this.token(), ...this.request(item));
        this.writes += 1;
        this.setOnline(true);
        // What the item got is known (and on the screen) before the item leaves the outbox,
        // so a check queued meanwhile finds the line's id either here or in the state.
        if (LINE_KINDS.has(item.kind)) {
          this.sent[item.key] = { id: answer.id, version: answer.version };
          await meta.set(`sent:${this.code}`, this.sent);
          this.onLine(answer);
        } else if (STATE_KINDS.has(item.kind)) {
          this.onState(answer);
        } else {
          this.onOther(item, answer);
        }
        await this.done(item);
      } catch (error) {
        this.writes += 1;
        if (error instanceof Offline) return this.setOnline(false);
        if (!(error instanceof Refused)) throw error;
        this.setOnline(true);
        if (error.status === 401) return this.onRefused(item, error); // signed out: keep it
        await this.done(item);
        this.onRefused(item, error);
      }
    }
  }

  // The path and body for `item`, with the line id and version an earlier item got.
  request(item) {
    const before = item.ref ? this.sent[item.ref] : null;
    if (item.ref && !before && item.line_id == null) {
      throw new Refused(0, { error: gettext("the result it goes with was not accepted") });
    }
    const id = item.line_id ?? (before && before.id);
    const version = before ? before.version : item.version;
    switch (item.kind) {
      case "line":
        return ["lines", item.body];
      case "correct":
        return [`lines/${id}`, { ...item.body, version }];
      case "verify":
        return [`lines/${id}/verify`, { ...item.body, version }];
      case "call":
        return ["calls", item.body];
      case "players":
        return ["players", item.body];
      case "round-done":
        return ["round-done", item.body];
      default:
        throw new Error(`unknown outbox item ${item.kind}`);
    }
  }

  async done(item) {
    await box.remove(item.seq);
    this.items = this.items.filter((other) => other.seq !== item.seq);
    this.onChange();
  }

  setOnline(online) {
    if (this.online !== online) {
      this.online = online;
      this.onChange();
    }
  }
}
