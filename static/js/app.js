// Page behaviour that makes the server's answers heard and keeps what a player typed.
(function () {
  "use strict";

  // A refused form comes back with the error summary and the submitted values
  // (<script type="application/json" id="refusal">). Put the values back into the form that
  // was posted, mark its fields invalid, tie each to its message, and focus the summary.
  function restoreRefusedForm() {
    var data = document.getElementById("refusal");
    if (!data) { return; }
    var refusal = JSON.parse(data.textContent);
    // Several forms may post to one address (one per player row): the posted one is the form
    // whose hidden fields hold the submitted values.
    var form = Array.prototype.find.call(document.forms, function (f) {
      return new URL(f.action, location.href).pathname === refusal.action &&
        Array.prototype.every.call(f.querySelectorAll("input[type=hidden][name]"), function (h) {
          var sent = refusal.values[h.name];
          return h.name === "csrfmiddlewaretoken" || !sent || sent.indexOf(h.value) !== -1;
        });
    });
    if (form) {
      Object.keys(refusal.values).forEach(function (name) { restoreValue(form, name, refusal.values[name]); });
      refusal.errors.forEach(function (error) { markInvalid(form, error); });
    }
    var summary = document.getElementById("error-summary");
    if (summary) { summary.focus(); }
  }

  function restoreValue(form, name, values) {
    Array.prototype.forEach.call(form.elements, function (field) {
      if (field.name !== name || field.dataset.kept) { return; }
      if (["hidden", "file", "password", "submit"].indexOf(field.type) !== -1) { return; }
      if (field.type === "checkbox" || field.type === "radio") {
        field.checked = values.indexOf(field.value || "on") !== -1;
      } else if (field.multiple) {
        Array.prototype.forEach.call(field.options, function (o) { o.selected = values.indexOf(o.value) !== -1; });
      } else {
        field.value = values[0];
      }
      field.dataset.kept = "1";
    });
  }

  function markInvalid(form, error) {
    var field = error.field && form.elements.namedItem(error.field);
    if (field && !field.tagName && field.length) { field = field[0]; }
    var link = document.querySelector("#error-summary a[data-field='" + CSS.escape(error.field) + "']");
    if (!field) {
      if (link) { link.href = "#" + ensureId(form.querySelector("input:not([type=hidden]), select, textarea, button") || form); }
      return;
    }
    if (link) { link.href = "#" + ensureId(field); }
    if (field.closest("details")) { field.closest("details").open = true; }
    if (field.getAttribute("aria-invalid") === "true") { return; }
    var message = document.createElement("span");
    message.className = "field-error";
    message.id = ensureId(field) + "-error";
    message.textContent = error.message;
    var anchor = field.closest("label") || field;
    anchor.insertAdjacentElement("afterend", message);
    field.setAttribute("aria-invalid", "true");
    var described = (field.getAttribute("aria-describedby") || "").split(" ").filter(Boolean);
    described.push(message.id);
    field.setAttribute("aria-describedby", described.join(" "));
  }

  var counter = 0;
  function ensureId(el) {
    if (!el.id) { counter += 1; el.id = "refused-field-" + counter; }
    return el.id;
  }

  // A message that is on the page when it loads is not announced by screen readers: say it
  // again in the (visually hidden) announcer once the page is ready; the visible one stays.
  function announceMessages() {
    var region = document.getElementById("messages");
    var announcer = document.getElementById("announcer");
    if (!region || !announcer || document.getElementById("error-summary")) { return; }
    var text = region.textContent.trim().replace(/\s+/g, " ");
    if (text) { setTimeout(function () { announcer.textContent = text; }, 250); }
  }

  // The bell's count is a live region: refresh it only when the count changed, so an
  // unchanged count is not announced every minute.
  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    if (target && target.id === "bell-count" && target.innerHTML.trim() === event.detail.serverResponse.trim()) {
      event.detail.shouldSwap = false;
    }
  });

  // Forms that act in place (the moderators' queue): a refusal (422) comes back as a whole
  // page like any refused form, and its <main> replaces this one too.
  document.addEventListener("htmx:beforeSwap", function (event) {
    if (event.detail.xhr.status === 422) {
      event.detail.shouldSwap = true;
      event.detail.isError = false;
    }
  });

  // After a form replaced <main>: the refused form, or the outcome said and focused, so that
  // the focus is not lost with the button that was pressed.
  document.addEventListener("htmx:afterSettle", function (event) {
    var config = event.detail.requestConfig;
    if (!config || config.verb !== "post") { return; }
    restoreRefusedForm();
    if (document.getElementById("error-summary")) { return; }
    announceMessages();
    var messages = document.getElementById("messages");
    var next = messages && messages.textContent.trim() ? messages : document.getElementById("main");
    next.setAttribute("tabindex", "-1");
    next.focus();
  });

  // Fields that only some rule sets use (<fieldset data-rulesets="a b">) are hidden while
  // another rule set is chosen; without script they stay visible under their legend.
  function showRuleSetFields() {
    document.querySelectorAll("fieldset[data-rulesets]").forEach(function (set) {
      var choice = set.form && set.form.elements.ruleset;
      if (!choice) { return; }
      var update = function () {
        set.hidden = set.dataset.rulesets.split(" ").indexOf(choice.value) === -1;
      };
      choice.addEventListener("change", update);
      update();
    });
  }

  document.addEventListener("focusin", function (event) {
    if (event.target.matches("textarea")) { event.target.scrollIntoView({ block: "nearest" }); }
  });

  document.addEventListener("DOMContentLoaded", function () {
    restoreRefusedForm();
    announceMessages();
    showRuleSetFields();
  });
})();
