// The live channel: README, "Live updates".
(function () {
  "use strict";
  var POLL_MS = 10000;
  var open = false;
  var openedBefore = false;

  function ask(eventName) {
    document.querySelectorAll('[hx-trigger*="' + eventName + '"]').forEach(function (el) {
      htmx.trigger(el, eventName);
    });
  }

  function refreshAll() {
    ask("livepoll");
    ask("livesync");
  }

  document.addEventListener("htmx:sseOpen", function (event) {
    if (openedBefore) { refreshAll(); }
    open = true;
    openedBefore = true;
    event.detail.source.addEventListener("stale", refreshAll);
  });
  document.addEventListener("htmx:sseError", function () { open = false; });
  window.setInterval(function () {
    if (!open && document.body.hasAttribute("sse-connect")) { ask("livepoll"); }
  }, POLL_MS);
})();
