// Live countdown to a moment: <span data-countdown="ISO datetime"></span>. The server renders the
// end (including extensions, R2); a reload picks up a new one.
(function () {
  function start(el) {
    var end = new Date(el.dataset.countdown);
    function tick() {
      var s = Math.max(0, Math.floor((end - new Date()) / 1000));
      var h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
      el.textContent = s === 0 ? "(day end is being processed)" :
        "(in " + h + "h " + String(m).padStart(2, "0") + "m " + String(sec).padStart(2, "0") + "s)";
    }
    tick(); setInterval(tick, 1000);
  }
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[data-countdown]").forEach(start);
  });
})();
