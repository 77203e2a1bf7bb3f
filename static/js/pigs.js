// The pig game's replay (templates/game/pigs/replay.html): a slider and step buttons move
// through the frames the page carries (json_script "pig-frames"), each the table after one
// event. The result stays hidden until the last step, so the replay does not give it away.
(function () {
  var ALIVE = 1, KNOWN = 2, LIKE_REBEL = 4, CROSSBOW = 8;
  function start() {
    var data = document.getElementById("pig-frames");
    if (!data) { return; }
    var frames = JSON.parse(data.textContent);
    var roles = JSON.parse(document.getElementById("pig-roles").textContent);
    var slider = document.getElementById("pig-step");
    var number = document.getElementById("pig-step-number");
    var text = document.getElementById("pig-event");
    var result = document.getElementById("pig-result");
    var pigs = document.querySelectorAll("#pig-table [data-pig]");
    var last = frames.length - 1;
    function field(pig, name) { return pig.querySelector('[data-field="' + name + '"]'); }
    function show(step) {
      step = Math.max(0, Math.min(last, step));
      slider.value = step;
      number.textContent = step;
      text.textContent = frames[step].text;
      frames[step].pigs.forEach(function (state, i) {
        var pig = pigs[i], hp = state[0], flags = state[1];
        var alive = flags & ALIVE;
        var role = roles[i] === "MP" || flags & KNOWN || !alive ? roles[i] : "?";
        pig.classList.toggle("dead", !alive);
        field(pig, "role").textContent = role;
        field(pig, "hp").textContent = alive ? hp + " HP" : "dead";
        field(pig, "hand").textContent = state[2] + " cards";
        field(pig, "crossbow").hidden = !(flags & CROSSBOW);
        field(pig, "suspect").hidden = !(flags & LIKE_REBEL);
      });
      result.hidden = step !== last;
    }
    slider.addEventListener("input", function () { show(Number(slider.value)); });
    document.querySelectorAll("[data-step]").forEach(function (button) {
      button.addEventListener("click", function () {
        var step = Number(slider.value);
        var to = { first: 0, back: step - 1, next: step + 1, last: last }[button.dataset.step];
        show(to);
      });
    });
    show(0);
  }
  document.addEventListener("DOMContentLoaded", start);
})();
