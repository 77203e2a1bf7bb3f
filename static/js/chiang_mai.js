// Chiang Mai timers (M7, M10): <span data-timer-ends="ISO datetime"> counts down to a moment the
// host started; <span data-timer-seconds="20"> counts down from when the page was shown (a
// night call). Both read m:ss and "Time!" at zero.
(function () {
  function show(el, end) {
    function tick() {
      var s = Math.max(0, Math.ceil((end - new Date()) / 1000));
      el.textContent = s === 0 ? "Time!" : Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
    }
    tick(); setInterval(tick, 250);
  }
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[data-timer-ends]").forEach(function (el) {
      show(el, new Date(el.dataset.timerEnds));
    });
    document.querySelectorAll("[data-timer-seconds]").forEach(function (el) {
      show(el, new Date(Date.now() + 1000 * Number(el.dataset.timerSeconds)));
    });
  });
})();
