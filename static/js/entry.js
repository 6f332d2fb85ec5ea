// Traveller entry from the keyboard: type a result, press Enter; the line is saved at once
// (one request), its score and matchpoints appear, and the next line is ready. Nothing typed
// is ever thrown away: a refused line keeps its text and shows why.
(function () {
  "use strict";
  const form = document.getElementById("entry-form");
  if (!form) return;
  const rows = Array.from(form.querySelectorAll("tr[data-row]"));
  const csrf = form.querySelector("input[name=csrfmiddlewaretoken]").value;
  const nextButton = document.getElementById("next-board");
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

  function focusRow(row) {
    const input = entryOf(row);
    input.focus();
    input.select();
  }

  function moveOn(row) {
    const index = rows.indexOf(row);
    const later = rows.slice(index + 1);
    const scheduledLeft = rows.some((r) => !r.classList.contains("free") && !isSaved(r));
    const next = later.find((r) => !r.classList.contains("free"));
    if (next) return focusRow(next);
    if (!scheduledLeft && nextButton) return nextButton.focus();
    const unsaved = rows.find((r) => !r.classList.contains("free") && !isSaved(r));
    if (unsaved) return focusRow(unsaved);
    if (later.length) return focusRow(later[0]);
    if (nextButton) nextButton.focus();
  }

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
    if (!response.ok) throw new Error(`the server answered ${response.status}`);
    return response.json();
  }

  async function save(row) {
    if (row.dataset.busy) return;
    row.dataset.busy = "1";
    message(row, "saving…");
    try {
      const answer = await post(form.dataset.saveUrl, rowData(row));
      if (answer.ok) {
        field(row, "result_id").value = answer.result_id;
        field(row, "version").value = answer.version;
        field(row, "saved").value = answer.text;
        field(row, "confirmed").value = "";
        entryOf(row).value = answer.text;
        row.querySelector(".score").textContent = answer.score;
        showRuling(row, answer.describe);
        row.classList.add("saved");
        showMatchpoints(answer.lines);
        addDeleteButton(row, answer.result_id, answer.version);
        message(row, "");
        refreshRanking();
        moveOn(row);
      } else {
        if (answer.warning) field(row, "confirmed").value = "1";
        if (answer.stale && answer.version) field(row, "version").value = answer.version;
        message(row, answer.error, answer.warning ? "warning" : "error");
      }
    } catch (error) {
      message(row, `Not saved: ${error.message}. Your text is kept; press Enter to try again.`, "error");
    } finally {
      delete row.dataset.busy;
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

  function addDeleteButton(row, resultId, version) {
    let button = row.querySelector("button.delete");
    if (!button) {
      button = document.createElement("button");
      button.type = "button";
      button.className = "delete link";
      button.tabIndex = -1;
      button.textContent = "Delete";
      row.lastElementChild.appendChild(button);
    }
    button.dataset.result = resultId;
    button.dataset.version = version;
  }

  async function remove(row, button) {
    const ns = field(row, "ns").value, ew = field(row, "ew").value;
    if (!window.confirm(`Delete the line ${ns} v ${ew} on board ${row.dataset.board}?`)) return;
    const data = new FormData();
    data.append("result_id", button.dataset.result);
    data.append("version", button.dataset.version);
    data.append("csrfmiddlewaretoken", csrf);
    const answer = await post(form.dataset.deleteUrl, data);
    if (!answer.ok) return message(row, answer.error, "error");
    ["result_id", "version", "saved"].forEach((name) => (field(row, name).value = ""));
    row.querySelectorAll(".score, .mp-ns, .mp-ew").forEach((cell) => (cell.textContent = ""));
    row.classList.remove("saved");
    showRuling(row, "");
    if (answer.lines) showMatchpoints(answer.lines);
    button.remove();
    message(row, "Deleted. It can be restored from the changes page.");
    refreshRanking();
  }

  function preview(row) {
    clearTimeout(previewTimer);
    previewTimer = setTimeout(async () => {
      const text = entryOf(row).value;
      const url = `${form.dataset.previewUrl}?board=${row.dataset.board}&text=${encodeURIComponent(text)}`;
      try {
        const answer = await (await fetch(url, { credentials: "same-origin" })).json();
        if (entryOf(row).value !== text) return; // typed on meanwhile
        row.querySelector(".score").textContent = answer.ok ? answer.score : "";
        message(row, answer.ok ? answer.summary : answer.error, answer.ok ? "" : "error");
      } catch (error) {
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

  rows.forEach((row) => {
    row.addEventListener("keydown", (event) => {
      if (event.target.tagName !== "INPUT") return;
      const index = rows.indexOf(row);
      if (event.key === "Enter") {
        event.preventDefault();
        clearTimeout(previewTimer); // saving shows the score anyway
        const text = entryOf(row).value.trim();
        const unchanged = isSaved(row) && text === field(row, "saved").value.trim();
        if ((!text && !isSaved(row)) || (unchanged && !field(row, "confirmed").value)) return moveOn(row);
        if (!text && isSaved(row)) return message(row, "Empty: use Delete to remove the line.", "error");
        save(row);
      } else if (event.key === "Escape") {
        entryOf(row).value = field(row, "saved").value;
        field(row, "confirmed").value = "";
        message(row, "");
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

  const panel = document.getElementById("running");
  if (panel) panel.addEventListener("toggle", refreshRanking);

  const first = rows.find((r) => !r.classList.contains("free") && !isSaved(r));
  if (first) focusRow(first);
  else if (nextButton) nextButton.focus();
  else if (rows.length) focusRow(rows[0]);
})();
