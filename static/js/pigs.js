// The pig game's replay (templates/game/pigs/replay.html): a slider, step buttons and an
// autoplay at a chosen speed move through the frames the page carries (json_script
// "pig-frames"), each the table after one event. The controls sit above everything that changes,
// so no button moves while the game plays. The result stays hidden until the last step, so the
// replay does not give it away.
(function () {
  var ALIVE = 1, KNOWN = 2, LIKE_REBEL = 4, CROSSBOW = 8;
  function json(id) { return JSON.parse(document.getElementById(id).textContent); }
  function start() {
    var data = document.getElementById("pig-frames");
    if (!data) { return; }
    var frames = JSON.parse(data.textContent);
    var roles = json("pig-roles");
    var words = json("pig-words");
    var slider = document.getElementById("pig-step");
    var number = document.getElementById("pig-step-number");
    var text = document.getElementById("pig-event");
    var result = document.getElementById("pig-result");
    var play = document.getElementById("pig-play");
    var speed = document.getElementById("pig-speed");
    var pigs = document.querySelectorAll("#pig-table [data-pig]");
    var last = frames.length - 1;
    var timer = null;
    function field(pig, name) { return pig.querySelector('[data-field="' + name + '"]'); }
    function card(letter) {
      var span = document.createElement("span");
      span.className = "pig-card";
      span.title = "Letter " + letter;
      span.textContent = words.cards[letter];
      return span;
    }
    function say(parts) {
      text.replaceChildren.apply(text, parts.map(function (part) {
        return typeof part === "string" ? document.createTextNode(part) : card(part[0]);
      }));
    }
    function side(i, flags) {
      var known = roles[i] === "MP" || flags & KNOWN || !(flags & ALIVE);
      return words.sides[known ? roles[i] : ""];
    }
    function show(step) {
      step = Math.max(0, Math.min(last, step));
      slider.value = step;
      number.textContent = step;
      say(frames[step].parts);
      frames[step].pigs.forEach(function (state, i) {
        var pig = pigs[i], hp = state[0], flags = state[1];
        var alive = flags & ALIVE;
        pig.classList.toggle("dead", !alive);
        field(pig, "role").textContent = side(i, flags);
        field(pig, "hp").textContent = alive ? hp + (hp === 1 ? " hit point" : " hit points") : "dead";
        field(pig, "hand").textContent = state[2] + (state[2] === 1 ? " card" : " cards") + " in hand";
        field(pig, "crossbow").hidden = !(flags & CROSSBOW);
        field(pig, "suspect").hidden = !(flags & LIKE_REBEL);
      });
      result.hidden = step !== last;
      if (step === last) { pause(); }
    }
    function pause() {
      if (timer !== null) { clearInterval(timer); timer = null; }
      play.textContent = "Play";
      text.setAttribute("aria-live", "polite");
    }
    function resume() {
      if (Number(slider.value) === last) { show(0); }
      // While it plays, the words change too fast to be read aloud one by one.
      text.setAttribute("aria-live", "off");
      play.textContent = "Pause";
      timer = setInterval(function () { show(Number(slider.value) + 1); }, Number(speed.value));
    }
    play.addEventListener("click", function () { if (timer === null) { resume(); } else { pause(); } });
    speed.addEventListener("change", function () { if (timer !== null) { pause(); resume(); } });
    slider.addEventListener("input", function () { pause(); show(Number(slider.value)); });
    document.querySelectorAll("[data-step]").forEach(function (button) {
      button.addEventListener("click", function () {
        var step = Number(slider.value);
        var to = { first: 0, back: step - 1, next: step + 1, last: last }[button.dataset.step];
        pause();
        show(to);
      });
    });
    show(0);
  }
  document.addEventListener("DOMContentLoaded", start);
})();
