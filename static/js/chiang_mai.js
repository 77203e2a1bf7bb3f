// Chiang Mai timers (M7, M10): <span data-timer-ends="ISO datetime"> counts down to a moment the
// host started; <span data-timer-seconds="20"> counts down from when the page was shown (a
// night call). Both read m:ss and "Time!" at zero. One clock ticks every timer on the page, the
// ones a refresh brings in (the shared screen swaps its content every 10 seconds) as well.
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
  document.addEventListener("htmx:load", function (event) {
    arm(event.detail.elt);
    tick();
  });
})();
