// The live channel (live/): the page's stream says what changed, and the elements that wait
// for it (hx-trigger "sse:<kind>, livepoll") fetch their fragment with the viewer's own
// permissions. While the stream is not open they are asked every 10 seconds instead (the poll
// of old), and once after each reconnect or a `stale` answer, in case something was missed.
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

  // Whole parts of a page (forms being filled in) are fetched again on their events and after
  // a reconnect ("livesync"), never on the fallback's clock.
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
