// Asks before a form with consequences is sent: <form data-confirm="Delete this post?">.
// (The Content-Security-Policy runs no inline onsubmit handler, so the question lives here.)
// "{name}" in the question is what the form's field `name` holds as the user reads it: the
// chosen option's text, or the value typed ("Frame {suspect} for the death of {victim}?").
function confirmQuestion(form, question) {
  return question.replace(/\{(\w+)\}/g, function (whole, name) {
    var field = form.elements.namedItem(name);
    if (!field) { return whole; }
    if (field.tagName === "SELECT") {
      return field.selectedIndex >= 0 ? field.options[field.selectedIndex].text : "";
    }
    return field.value;
  });
}

document.addEventListener("submit", function (event) {
  var form = event.target;
  var question = form.dataset && form.dataset.confirm ? confirmQuestion(form, form.dataset.confirm) : null;
  if (question && !window.confirm(question)) {
    event.preventDefault();
  }
});
