// Live countdown to a moment: <span data-countdown="ISO datetime"></span>. With
// data-countdown-source (a game's API URL, or its phase_state) it re-reads the day's or the
// phase's end every minute, so an extension (R2) shows without a reload.
(function () {
  function start(el) {
    var end = new Date(el.dataset.countdown);
    function tick() {
      var s = Math.max(0, Math.floor((end - new Date()) / 1000));
      var h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
      el.textContent = s === 0 ? "now (being processed)" :
        "in " + h + "h " + String(m).padStart(2, "0") + "m " + String(sec).padStart(2, "0") + "s";
    }
    function refresh() {
      fetch(el.dataset.countdownSource, { credentials: "same-origin" })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (state) {
          var phase = state && (state.day || state);
          if (phase && phase.ends_at && !phase.ended_at && !phase.ended) { end = new Date(phase.ends_at); tick(); }
        })
        .catch(function () {});
    }
    tick(); setInterval(tick, 1000);
    if (el.dataset.countdownSource) { setInterval(refresh, 60000); }
  }
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[data-countdown]").forEach(start);
  });
})();
