// The section form shows only the fields the chosen movement uses (each marks its movements
// in `data-movements`, "free" for a free-form section); the others are hidden and disabled,
// so they post nothing and a value typed for another movement does not follow the section.
// Without JavaScript every field is shown and the server checks them all.
(function () {
  "use strict";
  const select = document.getElementById("id_movement");
  if (!select) return;
  const inputs = Array.from(document.querySelectorAll("[data-movements]"));
  function show() {
    const kind = select.value || "free";
    inputs.forEach((input) => {
      const field = input.closest(".field");
      const used =
        input.dataset.movements.split(" ").includes(kind) ||
        field.classList.contains("has-error"); // a refused value stays in sight
      field.hidden = !used;
      input.disabled = !used;
    });
  }
  select.addEventListener("change", show);
  show();
})();
