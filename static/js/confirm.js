// Asks before a form with consequences is sent: <form data-confirm="Delete this post?">; not
// when it is sent by a button that only looks something up (<button data-no-confirm>).
// A question may name what the form's own fields hold: "{candidate}" becomes the label of the
// option chosen in the field named candidate (or the field's value), so the question names the
// target.
// (The Content-Security-Policy runs no inline onsubmit handler, so the question lives here.)
function confirmQuestion(form, question) {
  return question.replace(/\{([a-z_]+)\}/g, function (whole, name) {
    // data-confirm-target="victim" lets "{target}" name the field called victim.
    var fieldName = name === "target" && form.dataset.confirmTarget ? form.dataset.confirmTarget : name;
    var field = form.elements.namedItem(fieldName);
    if (!field) {
      return whole;
    }
    if (field.tagName === "SELECT") {
      return Array.prototype.map.call(field.selectedOptions, function (option) {
        return option.textContent.trim();
      }).join(", ") || "nobody";
    }
    // A player field left empty (a mayor of nobody, an item to nobody) names nobody.
    return field.value || (field.list ? "nobody" : "");
  });
}

document.addEventListener("submit", function (event) {
  var form = event.target;
  var question = form.dataset ? form.dataset.confirm : null;
  if (event.submitter && event.submitter.hasAttribute("data-no-confirm")) {
    return;
  }
  if (question && !window.confirm(confirmQuestion(form, question))) {
    event.preventDefault();
  }
});
