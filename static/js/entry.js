// Traveller entry from the keyboard: type a result, press Enter, and the next line is ready at
// once, whatever the server is doing. Each line entered joins a queue that is sent in order,
// one request at a time; its row says "saving…" until the answer comes, then shows its score
// and the board's new matchpoints, or keeps the text with the reason it was refused. Keys
// typed while a line is being saved go into the next line: the server's answer never writes
// over what the director is typing, and nothing typed is ever thrown away.
/* global gettext, ngettext, interpolate */ // from static/js/table/words.js
(function () {
  "use strict";
  const form = document.getElementById("entry-form");
  if (!form) return;
  const rows = Array.from(form.querySelectorAll("tr[data-row]"));
  const csrf = form.querySelector("input[name=csrfmiddlewaretoken]").value;
  const nextButton = document.getElementById("next-board");
  const stateBox = document.getElementById("entry-state");
  const queue = []; // {row, data, text}: lines entered and not yet answered, oldest first
  let sending = false;
  let idleWaiters = [];
  let previewTimer = null;

  const field = (row, name) => row.querySelector(`[name="r${row.dataset.row}-${name}"]`);
  const entryOf = (row) => row.querySelector(".entry-input");
  const message = (row, text, kind) => {
    const msg = row.querySelector(".msg");
    msg.textContent = text || "";
    row.classList.toggle("has-error", kind === "error");
    row.classList.toggle("has-warning", kind === "warning");
  };
  const isSaved = (row) => field(row, "result_id").value !== "";
  const isPending = (row) => queue.some((job) => job.row === row);
  const isScheduled = (row) => !row.classList.contains("free");
  // A line is taken care of once it is saved or on its way to the server.
  const isDone = (row) => isSaved(row) || isPending(row);
  // The text a row's next Enter is compared with: the last one sent, else the saved one.
  const lastText = (row) => {
    const jobs = queue.filter((job) => job.row === row);
    return (jobs.length ? jobs[jobs.length - 1].text : field(row, "saved").value).trim();
  };
  const refusedRows = () =>
    rows.filter((row) => !isPending(row) && (row.classList.contains("has-error") || row.classList.contains("has-warning")));

  function focusRow(row) {
    const input = entryOf(row);
    input.focus();
    input.select();
  }

  function moveOn(row) {
    const index = rows.indexOf(row);
    const later = rows.slice(index + 1);
    const scheduledLeft = rows.some((r) => isScheduled(r) && !isDone(r));
    const next = later.find(isScheduled);
    if (next) return focusRow(next);
    if (!scheduledLeft && nextButton) return nextButton.focus();
    const waiting = rows.find((r) => isScheduled(r) && !isDone(r));
    if (waiting) return focusRow(waiting);
    if (later.length) return focusRow(later[0]);
    if (nextButton) nextButton.focus();
  }

  function showState() {
    if (!stateBox) return;
    const refused = refusedRows().length;
    if (queue.length) {
      stateBox.textContent = interpolate(
        ngettext("Saving %(n)s line…", "Saving %(n)s lines…", queue.length), { n: queue.length }, true);
    } else if (refused) {
      stateBox.textContent = interpolate(ngettext(
        "%(n)s line not saved: it is marked below with the reason.",
        "%(n)s lines not saved: they are marked below with the reason.", refused), { n: refused }, true);
    } else {
      stateBox.textContent = "";
    }
    stateBox.classList.toggle("has-error", !queue.length && refused > 0);
  }

  // The row's fields as typed when Enter was pressed; its id and version are read when the
  // request goes, since a line saved earlier in the queue may have given them.
  function rowData(row) {
    const data = new FormData();
    const prefix = `r${row.dataset.row}-`;
    row.querySelectorAll("input[name]").forEach((input) => {
      if (input.name.startsWith(prefix)) data.append(input.name.slice(prefix.length), input.value);
    });
    data.append("csrfmiddlewaretoken", csrf);
    return data;
  }

  async function post(url, data) {
    const response = await fetch(url, {
      method: "POST", body: data, headers: { Accept: "application/json" }, credentials: "same-origin",
    });
    if (!response.ok) {
      throw new Error(interpolate(gettext("the server answered %(status)s"), { status: response.status }, true));
    }
    return response.json();
  }

  function enter(row) {
    const text = entryOf(row).value;
    queue.push({ row, data: rowData(row), text: text.trim() });
    field(row, "confirmed").value = "";
    row.classList.add("pending");
    message(row, gettext("saving…"));
    showState();
    moveOn(row);
    sendQueue();
  }

  async function sendQueue() {
    if (sending) return;
    sending = true;
    while (queue.length) {
      const job = queue[0];
      await send(job);
      queue.shift();
      if (!isPending(job.row)) job.row.classList.remove("pending");
      showState();
    }
    sending = false;
    refreshRanking();
    idleWaiters.forEach((resolve) => resolve());
    idleWaiters = [];
  }

  const whenIdle = () => (sending || queue.length ? new Promise((resolve) => idleWaiters.push(resolve)) : Promise.resolve());

  async function send(job) {
    const { row, data, text } = job;
    data.set("result_id", field(row, "result_id").value);
    data.set("version", field(row, "version").value);
    const laterForRow = () => queue.some((other) => other !== job && other.row === row);
    try {
      const answer = await post(form.dataset.saveUrl, data);
      const untouched = entryOf(row).value.trim() === text && !laterForRow();
      if (answer.ok) {
        field(row, "result_id").value = answer.result_id;
        field(row, "version").value = answer.version;
        field(row, "saved").value = answer.text;
        if (untouched) entryOf(row).value = answer.text;
        row.querySelector(".score").textContent = answer.score;
        showRuling(row, answer.describe);
        row.classList.add("saved");
        showAcceptedHere(row);
        showMatchpoints(answer.lines);
        showLineActions(row, answer.result_id, answer.version);
        if (untouched || laterForRow()) message(row, laterForRow() ? gettext("saving…") : "");
        else {
          message(row, interpolate(gettext("Saved as %(text)s; press Enter to save what you typed since."),
            { text: answer.text }, true), "warning");
        }
      } else {
        if (answer.stale && answer.version) field(row, "version").value = answer.version;
        if (answer.warning && untouched) field(row, "confirmed").value = "1";
        message(row, answer.error, answer.warning ? "warning" : "error");
      }
    } catch (error) {
      // Translators: %(reason)s is why, e.g. "the server answered 500".
      message(row, interpolate(gettext("Not saved: %(reason)s. Your text is kept; press Enter to try again."),
        { reason: error.message }, true), "error");
    }
  }

  // Every line of the board changes when one is saved: show the figures the server sent.
  function showMatchpoints(lines) {
    rows.forEach((other) => {
      const figures = lines[field(other, "result_id").value];
      if (!figures) return;
      other.querySelector(".mp-ns").textContent = figures.mp_ns;
      other.querySelector(".mp-ew").textContent = figures.mp_ew;
    });
  }

  function showRuling(row, words) {
    const note = row.querySelector(".ruling-note");
    row.classList.toggle("ruling", Boolean(words));
    if (!note) return;
    note.hidden = !words;
    note.querySelector(".words").textContent = words || "";
  }

  // A line the director saves needs no acceptance at the table any more: its marks go.
  function showAcceptedHere(row) {
    row.classList.remove("table-rejected", "table-pending");
    row.querySelectorAll(".verification").forEach((mark) => mark.remove());
  }

  // A saved line gets its Delete button and its Adjust link points at the saved line, laid
  // out as the page draws them for a line saved before.
  function showLineActions(row, resultId, version) {
    const cell = row.querySelector(".row-actions");
    let button = cell.querySelector("button.delete");
    if (!button) {
      button = document.createElement("button");
      button.type = "button";
      button.className = "delete link";
      button.title = gettext("Delete this line");
      // Translators: %(ns)s and %(ew)s are the pairs' numbers ("Delete the line 3 v 5, board 7").
      button.setAttribute("aria-label", interpolate(gettext("Delete the line %(ns)s v %(ew)s, board %(board)s"),
        { ns: field(row, "ns").value, ew: field(row, "ew").value, board: row.dataset.board }, true));
      button.textContent = gettext("Delete");
      cell.prepend(button, " ");
    }
    button.dataset.result = resultId;
    button.dataset.version = version;
    const adjust = cell.querySelector("a");
    if (adjust) adjust.setAttribute("href", `${adjust.getAttribute("href").split("?")[0]}?result=${resultId}`);
  }

  async function remove(row, button) {
    const ns = field(row, "ns").value, ew = field(row, "ew").value;
    const question = interpolate(gettext("Delete the line %(ns)s v %(ew)s on board %(board)s?"),
      { ns, ew, board: row.dataset.board }, true);
    if (!window.confirm(question)) return;
    await whenIdle();
    const data = new FormData();
    data.append("result_id", button.dataset.result);
    data.append("version", field(row, "version").value || button.dataset.version);
    data.append("csrfmiddlewaretoken", csrf);
    const answer = await post(form.dataset.deleteUrl, data);
    if (!answer.ok) return message(row, answer.error, "error");
    ["result_id", "version", "saved"].forEach((name) => (field(row, name).value = ""));
    row.querySelectorAll(".score, .mp-ns, .mp-ew").forEach((cell) => (cell.textContent = ""));
    row.classList.remove("saved");
    showRuling(row, "");
    if (answer.lines) showMatchpoints(answer.lines);
    button.remove();
    focusRow(row); // the button had the focus: back to the line's result, from the keyboard too
    message(row, gettext("Deleted. It can be restored from the changes page."));
    refreshRanking();
  }

  function preview(row) {
    clearTimeout(previewTimer);
    previewTimer = setTimeout(async () => {
      const text = entryOf(row).value;
      const url = `${form.dataset.previewUrl}?board=${row.dataset.board}&text=${encodeURIComponent(text)}`;
      try {
        const answer = await (await fetch(url, { credentials: "same-origin" })).json();
        // Typed on, or entered meanwhile: the row's own state says more than a preview.
        if (entryOf(row).value !== text || isPending(row) || text.trim() === lastText(row)) return;
        row.querySelector(".score").textContent = answer.ok ? answer.score : "";
        message(row, answer.ok ? answer.summary : answer.error, answer.ok ? "" : "error");
      } catch {
        /* the preview is a convenience; saving reports real problems */
      }
    }, 120);
  }

  async function refreshRanking() {
    const panel = document.getElementById("running");
    if (!panel || !panel.open) return;
    const response = await fetch(form.dataset.rankingUrl, { credentials: "same-origin" });
    panel.querySelector(".ranking-body").innerHTML = await response.text();
  }

  // Leaving for the next board or slip waits for the lines still being saved, and stays
  // with the first refused line if there is one.
  async function leave(go) {
    showState();
    await whenIdle();
    const refused = refusedRows();
    if (refused.length) {
      showState();
      return focusRow(refused[0]);
    }
    go();
  }

  rows.forEach((row) => {
    row.addEventListener("keydown", (event) => {
      if (event.target.tagName !== "INPUT") return;
      const index = rows.indexOf(row);
      if (event.key === "Enter") {
        event.preventDefault();
        clearTimeout(previewTimer); // saving shows the score anyway
        const text = entryOf(row).value.trim();
        const stored = isSaved(row) || isPending(row);
        const unchanged = stored && text === lastText(row);
        if ((!text && !stored) || (unchanged && !field(row, "confirmed").value)) return moveOn(row);
        if (!text) return message(row, gettext("Empty: use Delete to remove the line."), "error");
        enter(row);
      } else if (event.key === "Escape") {
        entryOf(row).value = field(row, "saved").value;
        field(row, "confirmed").value = "";
        message(row, isPending(row) ? gettext("saving…") : "");
        showState();
      } else if (event.key === "ArrowDown" && rows[index + 1]) {
        event.preventDefault();
        focusRow(rows[index + 1]);
      } else if (event.key === "ArrowUp" && rows[index - 1]) {
        event.preventDefault();
        focusRow(rows[index - 1]);
      }
    });
    entryOf(row).addEventListener("input", () => {
      field(row, "confirmed").value = "";
      preview(row);
    });
    row.addEventListener("click", (event) => {
      if (event.target.matches("button.delete")) remove(row, event.target);
    });
  });

  // form.submit() sends no submitter: the button pressed is carried by a hidden field.
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const submitter = event.submitter;
    leave(() => {
      if (submitter && submitter.name) {
        const pressed = document.createElement("input");
        Object.assign(pressed, { type: "hidden", name: submitter.name, value: submitter.value });
        form.appendChild(pressed);
      }
      form.submit();
    });
  });
  document.addEventListener("click", (event) => {
    const link = event.target.closest("a[href]");
    if (!link || event.defaultPrevented || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (link === nextButton) {
      event.preventDefault();
      return leave(() => (window.location.href = link.href));
    }
    if (!sending && !queue.length) return;
    event.preventDefault();
    whenIdle().then(() => (window.location.href = link.href));
  });
  window.addEventListener("beforeunload", (event) => {
    if (sending || queue.length) event.preventDefault();
  });

  const panel = document.getElementById("running");
  if (panel) panel.addEventListener("toggle", refreshRanking);

  // The line a link marked (the results to check) has the focus, else the first to enter.
  const marked = form.querySelector(".entry-input[autofocus]");
  const first = rows.find((r) => isScheduled(r) && !isSaved(r));
  if (marked) focusRow(marked.closest("tr[data-row]"));
  else if (first) focusRow(first);
  else if (nextButton) nextButton.focus();
  else if (rows.length) focusRow(rows[0]);
})();
