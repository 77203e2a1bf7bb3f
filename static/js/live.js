// The live channel: README, "Live updates".
(function () {
  "use strict";
  var POLL_MS = 10000;
  // After `stale` (a reconnect that may have missed something, or the channel back after an
  // outage) every page fetches its parts once: spread over this long, so that thousands of
  // pages told at once do not all ask at once.
  var SPREAD_MS = 3000;
  var open = false;
  var openedBefore = false;
  var closed = false;

  // The page says whether it is live (tests and styles may read it).
  function mark(state) { document.body.setAttribute("data-live", state); }

  function ask(eventName) {
    document.querySelectorAll('[hx-trigger*="' + eventName + '"]').forEach(function (el) {
      htmx.trigger(el, eventName);
    });
  }

  function refreshAll() {
    ask("livepoll");
    ask("livesync");
  }

  function refreshSoon() {
    open = true;
    mark("open");
    window.setTimeout(refreshAll, Math.random() * SPREAD_MS);
  }

  document.addEventListener("htmx:sseOpen", function (event) {
    var source = event.detail.source;
    if (openedBefore) { refreshSoon(); }
    open = true;
    openedBefore = true;
    mark("open");
    source.addEventListener("stale", refreshSoon);
    // The channel is away: the page polls until it is back (then `stale`).
    source.addEventListener("down", function () { open = false; mark("polling"); });
    // This account opened newer live pages: this one polls from now on (a reload makes it live).
    source.addEventListener("closed", function () {
      closed = true;
      open = false;
      mark("closed");
      source.close();
    });
  });
  // A part fetched on an event that failed (the server busy a moment) is fetched once more.
  function retryOnce(event) {
    var el = event.detail.elt;
    var trigger = (el && el.getAttribute("hx-trigger")) || "";
    if (trigger.indexOf("livesync") < 0 || el.hasAttribute("data-live-retried")) { return; }
    el.setAttribute("data-live-retried", "");
    window.setTimeout(function () {
      el.removeAttribute("data-live-retried");
      htmx.trigger(el, "livesync");
    }, 300 + Math.random() * 400);
  }
  document.addEventListener("htmx:responseError", retryOnce);
  document.addEventListener("htmx:sendError", retryOnce);

  // A part whose fetch replaces it (hx-swap="outerHTML": the queue's counter, a thread's new
  // posts; or a target that holds it: the page's main part) would lose an event heard while its
  // fetch is in flight: htmx queues the second fetch on the element the first one removes, where
  // it is never made, and the page keeps what the first fetch read. The element that takes its
  // place fetches instead, once the first fetch is done and htmx has set the new element up
  // (until then, `htmx-added` on it or its new holder, it would ignore the event).
  var fetchAfter = {};
  function fetchWhenFree(id) {
    var el = document.getElementById(id);
    if (el && el.closest(".htmx-request, .htmx-added")) {
      window.setTimeout(fetchWhenFree, 100, id);
      return;
    }
    var eventName = fetchAfter[id];
    delete fetchAfter[id];
    if (el) { htmx.trigger(el, eventName); }
  }
  function replacedByItsFetch(el) {
    if (el.getAttribute("hx-swap") !== "outerHTML") { return false; }
    var target = el.getAttribute("hx-target") || "this";
    var holder = target === "this" ? el : document.querySelector(target);
    return !!holder && holder.contains(el);
  }
  document.addEventListener("htmx:confirm", function (event) {
    var el = event.detail.elt;
    if (!el.id || !el.classList.contains("htmx-request") || !replacedByItsFetch(el)) { return; }
    var trigger = el.getAttribute("hx-trigger") || "";
    var eventName = trigger.indexOf("livepoll") >= 0 ? "livepoll" : "livesync";
    if (trigger.indexOf(eventName) < 0) { return; }
    event.preventDefault();
    if (!fetchAfter[el.id]) {
      fetchAfter[el.id] = eventName;
      window.setTimeout(fetchWhenFree, 100, el.id);
    }
  });

  document.addEventListener("htmx:sseError", function () { open = false; mark("polling"); });
  window.setInterval(function () {
    if ((closed || !open) && document.body.hasAttribute("sse-connect")) { ask("livepoll"); }
  }, POLL_MS);
})();
