// The table's JSON API (docs/table-scoring.md): every request carries the table's token as
// `Authorization: Bearer ...`. A request that never reached the server (no network) raises
// Offline; an answer with an error raises Refused with the server's message and status, so
// the caller can tell "try again later" from "this was not accepted".
/* global gettext, interpolate */ // from static/js/table/words.js (a classic script the page loads first)

export class Offline extends Error {}

export class Refused extends Error {
  constructor(status, body) {
    super(body && body.error ? body.error
      : interpolate(gettext("the server answered %(status)s"), { status }, true));
    this.status = status;
    this.field = body ? body.field : null;
    this.line = body ? body.line : null; // a 409 carries the line as it now is
  }
}

const BASE = "/api/table/";

export async function call(token, path, body) {
  const headers = { Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  const options = { method: body === undefined ? "GET" : "POST", headers, cache: "no-store" };
  if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  // The browser knows it has no network: the request would fail, so it is not made (and a
  // test's emulated offline, Playwright's set_offline, does not stop a request that the
  // service worker passes on to the network).
  if (navigator.onLine === false) throw new Offline("the phone is offline");
  let response;
  try {
    response = await fetch(BASE + path, options);
  } catch (error) {
    throw new Offline(String(error));
  }
  let answer = null;
  try {
    answer = await response.json();
  } catch {
    // A proxy's or a captive portal's page, not our API: treat it as no network.
    if (response.ok || response.status >= 500) throw new Offline(`no JSON (${response.status})`);
  }
  if (response.status >= 500) {
    throw new Offline(interpolate(gettext("the server answered %(status)s"), { status: response.status }, true));
  }
  if (!response.ok) throw new Refused(response.status, answer);
  return answer;
}

export const signIn = (code) => call(null, "sign-in", { code });
export const state = (token) => call(token, "state");
export const board = (token, number) => call(token, `boards/${number}`);
