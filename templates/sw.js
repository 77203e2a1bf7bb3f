// The service worker: shows what the server pushes (a title, a text and the address of the
// page it is about) and opens that page when the notification is tapped. It caches nothing,
// so the pages are always the server's.
self.addEventListener("push", function (event) {
  var message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch (error) {
    message = { body: event.data ? event.data.text() : "" };
  }
  event.waitUntil(
    self.registration.showNotification(message.title || "mafia-mod", {
      body: message.body || "Something is waiting for you.",
      tag: message.tag,
      icon: "{% load static %}{% static 'img/icon-192.png' %}",
      data: { url: message.url || "/" },
    })
  );
});

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  var target = new URL(event.notification.data.url, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (windows) {
      for (var i = 0; i < windows.length; i++) {
        if (windows[i].url === target && "focus" in windows[i]) {
          return windows[i].focus();
        }
      }
      return self.clients.openWindow(target);
    })
  );
});
