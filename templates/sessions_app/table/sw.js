// clubscorer: the players' screen's service worker (sessions_app/table_scoring/views/worker.py).
// Network first, the stored copy when there is no network: a phone online always gets the
// newest screen, a phone offline still opens it. The table's API (/api/table/) is left alone:
// the screen's outbox in IndexedDB keeps what could not be sent and sends it later.
// The page carries the scripts' texts in its language (the JSON that static/js/table/words.js
// reads, sessions_app/core/js_words.py), so the stored page is still in that language offline.
{% autoescape off %}
const ASSETS = {{ assets }};
const CACHE = "clubscorer-table-" + {{ version }};
{% endautoescape %}
self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE)
    .then((cache) => Promise.all(ASSETS.map((url) => cache.add(url).catch(() => null))))
    .then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names
      .filter((name) => name.startsWith("clubscorer-table-") && name !== CACHE)
      .map((name) => caches.delete(name))))
    .then(() => self.clients.claim()));
});

// The screen asks for its own page to be kept: {cache: ["/t/K7QM/"]}.
self.addEventListener("message", (event) => {
  const urls = (event.data && event.data.cache) || [];
  event.waitUntil(caches.open(CACHE).then((cache) => Promise.all(
    urls.filter((url) => url.startsWith("/t/")).map((url) => cache.add(url).catch(() => null)))));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  const screen = request.mode === "navigate" && url.pathname.startsWith("/t/");
  if (!screen && !ASSETS.includes(url.pathname)) return;
  event.respondWith(fetch(request)
    .then((response) => {
      if (response.ok) {
        const copy = response.clone();
        caches.open(CACHE).then((cache) => cache.put(request, copy));
      }
      return response;
    })
    .catch(() => caches.match(request, { ignoreSearch: true })
      .then((kept) => kept || new Response("Offline, and this page was never opened here.",
        { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" } }))));
});
