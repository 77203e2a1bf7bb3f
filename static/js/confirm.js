// Asks before a form with consequences is sent: <form data-confirm="Delete this post?">.
// (The Content-Security-Policy runs no inline onsubmit handler, so the question lives here.)
// A question may name the chosen target: data-confirm="Poison {target}?" with
// data-confirm-target="victim" puts the label of the form's "victim" choice in its place.
document.addEventListener("submit", function (event) {
  var form = event.target;
  var question = form.dataset ? form.dataset.confirm : null;
  if (!question) {
    return;
  }
  var targetField = form.dataset.confirmTarget ? form.elements[form.dataset.confirmTarget] : null;
  if (targetField && targetField.selectedIndex >= 0) {
    var label = targetField.options[targetField.selectedIndex].text;
    question = question.split("{target}").join(label);
  }
  if (!window.confirm(question)) {
    event.preventDefault();
  }
});
