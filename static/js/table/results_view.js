// A board's results so far, after the table's own result is in (as much as the club shows:
// `table_shows` = results, or results and the pair's percentage on the board). Read from the
// server each time: nothing here is computed on the phone, so it is never different from the
// director's traveller.
/* global gettext, get_format, interpolate */ // from static/js/table/words.js (a classic script the page loads first)

import * as api from "./api.js";
import { fill, h, sideText } from "./dom.js";
import { signed } from "./score.js";

// A percentage as the pages write it, two decimals with the language's mark: 56.27 ->
// "56,27%" in French (the server rounds it: toFixed(2) only writes it out).
function percent(value) {
  if (value === null || value === undefined || value === "") return "";
  return `${Number(value).toFixed(2).replace(".", get_format("DECIMAL_SEPARATOR"))}%`;
}

// The traveller so far: one row a table, this table's own row marked.
function table(answer) {
  const showPercent = answer.shows === "results_and_percent";
  return h("table", { class: "results" },
    h("thead", {}, h("tr", {},
      h("th", {}, sideText("NS")), h("th", {}, sideText("EW")), h("th", { class: "num" }, gettext("NS score")),
      showPercent ? [h("th", { class: "num" }, `${sideText("NS")} %`), h("th", { class: "num" }, `${sideText("EW")} %`)] : null)),
    h("tbody", {}, answer.results.map((line) => h("tr", { class: line.yours ? "ours" : null },
      h("td", {}, line.ns), h("td", {}, line.ew),
      h("td", { class: "num", title: line.text }, line.score_ns === null ? line.text : signed(line.score_ns)),
      showPercent ? [h("td", { class: "num" }, percent(line.ns_percent)),
        h("td", { class: "num" }, percent(line.ew_percent))] : null))));
}

// "Pair 3 (NS): 75.00% · pair 10 (EW): 25.00%" on this board.
function ours(answer, state) {
  if (answer.shows !== "results_and_percent" || !state.ns || !state.ew) return null;
  return h("dl", { class: "moves", "data-percent": "1" },
    h("div", {}, h("dt", {}, interpolate(gettext("Pair %(pair)s (NS)"), { pair: state.ns.label }, true)), h("dd", {}, percent(answer.ns_percent))),
    h("div", {}, h("dt", {}, interpolate(gettext("Pair %(pair)s (EW)"), { pair: state.ew.label }, true)), h("dd", {}, percent(answer.ew_percent))));
}

// `load()`: the board's results from the server, or Offline while the table's own result is
// still in the outbox or the network is down (the server shows a board's results only to a
// table that has entered its own). Offline, the view says so and asks again every few seconds
// while it is on the screen, so the results appear by themselves when the network is back.
const RETRY_MS = 3000;

export function resultsView({ board, state, load, onBack }) {
  const body = h("div", { class: "board-results" }, h("p", { class: "muted" }, gettext("Loading the board's results…")));
  const root = h("section", { class: "results-view" },
    h("h2", {}, interpolate(gettext("Board %(number)s so far"), { number: board.number }, true)), body,
    h("button", { type: "button", class: "btn primary wide", "data-action": "back", onclick: onBack },
      gettext("Back to the round")));
  const attempt = () => load().then((answer) => {
    fill(body, ours(answer, state), table(answer));
  }).catch((error) => {
    if (!(error instanceof api.Offline)) return fill(body, h("p", { class: "muted" }, error.message));
    fill(body, h("p", { class: "muted offline-results" },
      gettext("The board's results show when the phone is back on the network.")));
    setTimeout(() => { if (root.isConnected) attempt(); }, RETRY_MS);
  });
  attempt();
  return root;
}
