// The director's live console: polls the JSON feed (table_scoring/views/console.py) every 1.5 s and redraws
// the console's body when what it shows has changed (the feed answers {"same": true} for the
// stamp the page already has). Buttons post with fetch and poll at once; without JavaScript
// they post the form and the page comes back with a message.
/* global gettext, interpolate */ // from static/js/table/words.js
(function () {
  "use strict";
  var root = document.getElementById("console");
  if (!root) return;
  var live = document.getElementById("console-live");
  var notice = document.getElementById("console-message");
  var feedUrl = root.dataset.feedUrl;
  var period = parseInt(root.dataset.pollMs, 10) || 1500;
  var stamp = root.dataset.stamp;
  var timer = null;
  var TIME_OF_DAY = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" };
  var busy = false;

  function say(text, stale) {
    live.textContent = text;
    live.classList.toggle("stale", !!stale);
  }

  function poll() {
    if (busy) return;
    if (document.hidden) { schedule(); return; }  // a tab in the background asks nothing
    busy = true;
    fetch(feedUrl + "?since=" + encodeURIComponent(stamp), {
      headers: { Accept: "application/json" },
      credentials: "same-origin",
      cache: "no-store",
    })
      .then(function (response) {
        if (!response.ok) throw new Error("HTTP " + response.status);
        return response.json();
      })
      .then(function (feed) {
        if (!feed.same) {
          // Keep open what the director opened (the lines waiting, by id).
          var open = Array.prototype.map.call(
            root.querySelectorAll("details[open][id]"), function (d) { return d.id; });
          root.innerHTML = feed.html;
          open.forEach(function (id) {
            var details = document.getElementById(id);
            if (details) details.open = true;
          });
          stamp = feed.stamp;
          root.dataset.stamp = stamp;
        }
        // The time of day as every time is written (sessions_app/core/moments.py): 24-hour, "21:05".
        // Translators: the console is up to date; %(time)s is the time of day, "21:05".
        say(interpolate(gettext("live · %(time)s"),
          { time: new Date().toLocaleTimeString([], TIME_OF_DAY) }, true), false);
      })
      .catch(function () {
        say(gettext("not updating: no answer from the server, trying again"), true);
      })
      .finally(function () {
        busy = false;
        schedule();
      });
  }

  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(poll, period);
  }

  root.addEventListener("submit", function (event) {
    var form = event.target;
    var data = new FormData(form);
    if (event.submitter && event.submitter.name) {
      data.append(event.submitter.name, event.submitter.value);
    }
    event.preventDefault();
    fetch(form.action, {
      method: "POST",
      body: data,
      headers: { Accept: "application/json" },
      credentials: "same-origin",
    })
      .then(function (response) { return response.json(); })
      .then(function (answer) {
        notice.textContent = answer.ok ? answer.message : answer.error;
        notice.className = answer.ok ? "success" : "error";
      })
      .catch(function () {
        notice.textContent = gettext("Not sent: no answer from the server. Try again.");
        notice.className = "error";
      })
      .finally(function () { clearTimeout(timer); busy = false; poll(); });
  });

  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) { clearTimeout(timer); poll(); }
  });

  schedule();
})();
