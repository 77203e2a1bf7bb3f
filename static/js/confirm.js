// Asks before a form with consequences is sent: <form data-confirm="Delete this post?">.
// (The Content-Security-Policy runs no inline onsubmit handler, so the question lives here.)
document.addEventListener("submit", function (event) {
  var form = event.target;
  var question = form.dataset ? form.dataset.confirm : null;
  if (question && !window.confirm(question)) {
    event.preventDefault();
  }
});
