// "Larger text" at the foot of every page: the players' setting, kept in this browser
// (localStorage) and applied before the page is drawn (this script loads in the head), so
// every page after the first opens in the size chosen. Without JavaScript the button stays
// hidden and the browser's own zoom does the same (the pages reflow at 200 %).
//
// Example: tap "Larger text" on the ranking -> the text is 125 % at once; the next board's
// page opens at 125 %; tap again -> back to normal, on this page and the next.
(function () {
  "use strict";
  const KEY = "clubscorer-text";
  const root = document.documentElement;
  let large = false;
  try {
    large = localStorage.getItem(KEY) === "large";
  } catch {
    // Storage refused (some private windows): the setting lasts for this page only.
  }
  if (large) root.dataset.text = "large";

  document.addEventListener("DOMContentLoaded", function () {
    const button = document.getElementById("text-size");
    if (!button) return;
    button.hidden = false;
    button.setAttribute("aria-pressed", String(root.dataset.text === "large"));
    button.addEventListener("click", function () {
      const on = root.dataset.text !== "large";
      if (on) root.dataset.text = "large";
      else delete root.dataset.text;
      button.setAttribute("aria-pressed", String(on));
      try {
        if (on) localStorage.setItem(KEY, "large");
        else localStorage.removeItem(KEY);
      } catch {
        // kept for this page only
      }
    });
  });
})();
