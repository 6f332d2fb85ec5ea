// The ruling form shows only the fields of the kind of ruling chosen; without JavaScript all
// are shown and the server reads only those of the kind chosen.
/* global gettext */ // static/js/table/words.js
(function () {
  "use strict";
  const form = document.getElementById("adjust-form");
  if (!form) return;
  const groups = Array.from(form.querySelectorAll("[data-kinds]"));
  function show() {
    const chosen = form.querySelector("input[name=kind]:checked");
    const kind = chosen ? chosen.value : "";
    groups.forEach((group) => {
      group.hidden = !group.dataset.kinds.split(" ").includes(kind);
    });
    const result = form.querySelector("label[for=id_result]");
    if (result) result.textContent = kind === "split" ? gettext("NS's result:") : gettext("Result:");
  }
  form.addEventListener("change", (event) => {
    if (event.target.name === "kind") show();
  });
  show();
})();
