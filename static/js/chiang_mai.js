// Chiang Mai timers (M7, M10): <span data-timer-ends="ISO datetime"> counts down to a moment the
// host started; <span data-timer-seconds="20"> counts down from when the page was shown (a
// night call). Both read m:ss and "Time!" at zero. One clock ticks every timer on the page, the
// ones a refresh brings in (the shared screen swaps its content every 10 seconds) as well.
// The host's steppers of the show of hands, and an open page's refresh held while a form on it
// is being filled in.
(function () {
  function arm(root) {
    root.querySelectorAll("[data-timer-seconds]:not([data-timer-ends])").forEach(function (el) {
      el.dataset.timerEnds = new Date(Date.now() + 1000 * Number(el.dataset.timerSeconds)).toISOString();
    });
  }
  function tick() {
    document.querySelectorAll("[data-timer-ends]").forEach(function (el) {
      var s = Math.max(0, Math.ceil((new Date(el.dataset.timerEnds) - new Date()) / 1000));
      el.textContent = s === 0 ? "Time!" : Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
    });
  }
  document.addEventListener("DOMContentLoaded", function () {
    arm(document);
    tick();
    setInterval(tick, 250);
  });
  // The show of hands (M7): − and + step a candidate's count; the total counted so far shows.
  function counted(form) {
    var total = 0;
    form.querySelectorAll("input[name^=count-]").forEach(function (input) {
      total += Math.max(0, Number(input.value) || 0);
    });
    var out = form.querySelector("#hands-total");
    if (out) { out.textContent = String(total); }
  }
  document.addEventListener("click", function (event) {
    var step = event.target.closest("button.step");
    if (!step) { return; }
    var input = document.getElementById(step.getAttribute("aria-controls"));
    input.value = String(Math.max(0, (Number(input.value) || 0) + Number(step.dataset.step)));
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
  // A form being filled in holds the page's refresh, which would wipe what was entered.
  document.addEventListener("input", function (event) {
    var form = event.target.closest("form");
    if (!form) { return; }
    form.dataset.dirty = "1";
    if (form.id === "hands-form") { counted(form); }
  });
  document.addEventListener("change", function (event) {
    var form = event.target.closest("form");
    if (form) { form.dataset.dirty = "1"; }
  });
  document.addEventListener("htmx:confirm", function (event) {
    if (event.target.hasAttribute("data-table-refresh") && document.querySelector("main form[data-dirty]")) {
      event.preventDefault();
    }
  });
  document.addEventListener("htmx:load", function (event) {
    arm(event.detail.elt);
    tick();
  });
})();
