// Registers the service worker (/sw.js: the site can then be added to the home screen and shows
// pushed notifications) and, on the notifications page, turns push on or off for this browser.
// Without a service worker, push support or permission, nothing changes: the bell and email
// still tell everything.
(function () {
  if (!("serviceWorker" in navigator)) {
    return;
  }
  var ready = navigator.serviceWorker.register("/sw.js", { scope: "/" });

  // Logging out ends this browser's pushes: the server drops the session's subscriptions, and
  // the browser forgets its own, so that a shared phone shows nobody's messages afterwards.
  Array.prototype.forEach.call(document.querySelectorAll("form[data-logout]"), function (form) {
    form.addEventListener("submit", function (event) {
      if (form.dataset.pushForgotten || !("PushManager" in window)) {
        return;
      }
      event.preventDefault();
      form.dataset.pushForgotten = "1";
      var forgotten = ready
        .then(function (registration) {
          return registration.pushManager.getSubscription();
        })
        .then(function (subscription) {
          return subscription ? subscription.unsubscribe() : null;
        });
      var patience = new Promise(function (resolve) {
        window.setTimeout(resolve, 2000);
      });
      Promise.race([forgotten, patience])
        .catch(function () {
          return null;
        })
        .then(function () {
          form.submit();
        });
    });
  });
  var panel = document.getElementById("push-panel");
  if (!panel) {
    return;
  }
  var button = document.getElementById("push-toggle");
  var status = document.getElementById("push-status");

  function say(text) {
    status.textContent = text;
  }

  function applicationServerKey(base64url) {
    var padded = (base64url + "===".slice((base64url.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/");
    var raw = window.atob(padded);
    var bytes = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) {
      bytes[i] = raw.charCodeAt(i);
    }
    return bytes;
  }

  function csrfToken() {
    try {
      return JSON.parse(document.body.getAttribute("hx-headers"))["X-CSRFToken"];
    } catch (error) {
      return "";
    }
  }

  function send(url, body) {
    return fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken() },
      body: JSON.stringify(body),
    }).then(function (response) {
      if (!response.ok) {
        return response.json().then(function (answer) {
          throw new Error(answer.detail || "The server refused the subscription.");
        });
      }
      return response;
    });
  }

  function show(subscribed) {
    button.setAttribute("aria-pressed", subscribed ? "true" : "false");
    button.textContent = subscribed ? "Turn off push notifications" : "Turn on push notifications";
    button.hidden = false;
  }

  if (!("PushManager" in window) || !("Notification" in window)) {
    say("This browser cannot receive push notifications.");
    return;
  }

  ready
    .then(function (registration) {
      return registration.pushManager.getSubscription();
    })
    .then(function (subscription) {
      show(Boolean(subscription));
    })
    .catch(function () {
      say("Push notifications are not available in this browser.");
    });

  button.addEventListener("click", function () {
    button.disabled = true;
    ready
      .then(function (registration) {
        return registration.pushManager.getSubscription().then(function (current) {
          if (current) {
            return current.unsubscribe().then(function () {
              return send(panel.dataset.unsubscribeUrl, { endpoint: current.endpoint });
            }).then(function () {
              show(false);
              say("Push notifications are off for this browser.");
            });
          }
          return Notification.requestPermission().then(function (permission) {
            if (permission !== "granted") {
              say("Your browser does not allow notifications from this site; you can allow them in its site settings.");
              return null;
            }
            return registration.pushManager
              .subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(panel.dataset.vapidKey) })
              .then(function (subscription) {
                return send(panel.dataset.subscribeUrl, subscription.toJSON());
              })
              .then(function () {
                show(true);
                say("Push notifications are on for this browser.");
              });
          });
        });
      })
      .catch(function (error) {
        say(error.message || "Push notifications could not be turned on.");
      })
      .then(function () {
        button.disabled = false;
      });
  });
})();
