// A moderator's player field (<input list="player-options">) searches the game's players as one
// types: the page's one list, #player-options (its data-search the address), is filled with the
// first players whose name holds what was typed (mod_player_search), so that no form carries the
// whole list of players. data-alive on a field offers the living only.
(function () {
  if (window.playerPickerReady) {
    return;
  }
  window.playerPickerReady = true;
  var asked = 0;
  var timer = null;

  function search(field) {
    var list = document.getElementById("player-options");
    if (!list || !list.dataset.search || field.getAttribute("list") !== "player-options") {
      return;
    }
    var params = new URLSearchParams({ q: field.value });
    if (field.hasAttribute("data-alive")) {
      params.set("alive", "1");
    }
    var mine = ++asked;
    fetch(list.dataset.search + "?" + params.toString(), { credentials: "same-origin" })
      .then(function (response) {
        return response.ok ? response.text() : "";
      })
      .then(function (html) {
        // Only the answer to the latest question fills the list.
        if (mine !== asked || !html) {
          return;
        }
        var parsed = document.createElement("template");
        parsed.innerHTML = html;
        var fresh = parsed.content.querySelector("datalist");
        if (fresh) {
          list.replaceChildren.apply(list, Array.prototype.slice.call(fresh.children));
        }
      })
      .catch(function () {});
  }

  document.addEventListener("focusin", function (event) {
    search(event.target);
  });
  document.addEventListener("input", function (event) {
    var field = event.target;
    clearTimeout(timer);
    timer = setTimeout(function () {
      search(field);
    }, 200);
  });
})();
