// The page of `puzzlekit play`: generic, it knows no puzzle. The server draws the board
// and turns every pointer and key event into the puzzle's moves.
"use strict";
(function () {
  const token = document.body.dataset.token;
  const $ = (id) => document.getElementById(id);
  const board = $("board");
  let view = null;
  let puzzles = [];
  let inFlight = false;
  let pendingMove = null;
  let clockBase = 0, clockSince = 0;
  let demoTimer = null;

  async function api(path, body, raw) {
    const options = { method: body === undefined ? "GET" : "POST",
                      headers: { "X-Puzzlekit-Token": token } };
    if (body !== undefined) {
      options.body = raw ? body : JSON.stringify(body);
      options.headers["Content-Type"] = raw ? "text/plain" : "application/json";
    }
    const response = await fetch(path, options);
    const type = response.headers.get("Content-Type") || "";
    const data = type.includes("json") ? await response.json() : await response.text();
    if (!response.ok) throw new Error(data.error || data);
    return data;
  }

  function say(text) { $("message").textContent = text || ""; }

  function animate(motions, size) {
    if (!size) return;
    for (const motion of motions) {
      if (!motion.to) continue;
      const dx = (motion.from[1] - motion.to[1]) * size;
      const dy = (motion.from[0] - motion.to[0]) * size;
      const cell = motion.to[0] + "," + motion.to[1];
      for (const element of board.querySelectorAll('[data-cell="' + cell + '"]')) {
        element.style.transform = "translate(" + dx + "px," + dy + "px)";
        element.getBoundingClientRect();  // start from the old place
        element.classList.add("moving");
        element.style.transform = "";
      }
    }
  }

  function show(next) {
    view = next;
    window.puzzlekitView = next;
    const draw = () => {
      board.innerHTML = next.svg;
      animate(next.motions || [], next.cell_size);
    };
    if (next.flash) {
      board.innerHTML = next.flash;
      setTimeout(draw, 250);
    } else {
      draw();
    }
    $("status").textContent = next.status;
    $("help").textContent = next.help;
    say(next.message);
    $("moves").textContent = next.moves;
    $("score").textContent = next.score === null ? "-" : next.score;
    $("hints").textContent = next.hints;
    $("undos").textContent = next.undos;
    clockBase = next.remaining === null ? next.elapsed : next.remaining;
    clockSince = next.running ? performance.now() : null;
    tick();
    const outcome = $("outcome");
    outcome.className = next.outcome ? next.outcome.reason.replace(" ", "-") : "";
    outcome.textContent = next.outcome
      ? (next.won ? "Won! " : "Game over: ") + next.outcome.reason + ": " + next.outcome.detail
      : "";
    $("undo").disabled = !next.can_undo;
    $("redo").disabled = !next.can_redo;
    $("hint").disabled = !!next.outcome;
    $("pause").textContent = next.running ? "Pause" : "Resume";
    const legal = $("legal");
    legal.innerHTML = "";
    for (const move of next.legal || []) {
      const button = document.createElement("button");
      button.textContent = move;
      button.addEventListener("click", () => act({ action: "move", move: move }));
      legal.appendChild(button);
    }
    if (next.outcome) loadScores();
  }

  function tick() {
    if (!view) return;
    let shown = clockBase;
    if (clockSince !== null) {
      const passed = (performance.now() - clockSince) / 1000;
      shown = view.remaining === null ? clockBase + passed : Math.max(0, clockBase - passed);
    }
    $("clock").textContent = shown.toFixed(1) + (view.remaining === null ? " s" : " s left");
  }
  setInterval(tick, 200);
  setInterval(() => {  // a countdown ends on the server: ask how it stands
    if (view && view.remaining !== null && !view.outcome && !inFlight) act({ action: "view" });
  }, 1000);

  async function act(request) {
    if (!view) return;
    request.game = view.game;
    inFlight = true;
    try { show(await api("api/action", request)); } catch (error) { say(error.message); }
    inFlight = false;
    if (pendingMove) { const next = pendingMove; pendingMove = null; act(next); }
  }

  function send(kind, event, extra) {
    const svg = board.querySelector("svg");
    if (!svg || !view) return;
    const payload = { kind: kind, data: {} };
    if (event && event.clientX !== undefined) {
      const point = svg.createSVGPoint();
      point.x = event.clientX; point.y = event.clientY;
      const inside = point.matrixTransform(svg.getScreenCTM().inverse());
      payload.x = inside.x; payload.y = inside.y;
      let target = document.elementFromPoint(event.clientX, event.clientY);
      target = target && target.closest ? target.closest("[data-cell],[data-move],[data-tray]") : null;
      if (target && svg.contains(target)) {
        for (const [key, value] of Object.entries(target.dataset)) payload.data[key] = value;
      }
      if (event.button !== undefined && kind === "down") payload.data.button = String(event.button);
    }
    Object.assign(payload, extra || {});
    const request = { action: "event", event: payload };
    if (kind === "move") {  // only the latest pointer position matters
      if (inFlight) { pendingMove = request; return; }
    }
    act(request);
  }

  board.addEventListener("pointerdown", (e) => { board.focus(); send("down", e); });
  board.addEventListener("pointermove", (e) => send("move", e));
  board.addEventListener("pointerup", (e) => send("up", e));
  board.addEventListener("click", (e) => send("click", e));
  board.addEventListener("pointerleave", () => send("leave", null));
  board.addEventListener("contextmenu", (e) => e.preventDefault());
  board.addEventListener("wheel", (e) => { e.preventDefault(); send("wheel", e, { delta: -Math.sign(e.deltaY) }); },
                         { passive: false });
  board.addEventListener("keydown", (e) => {
    if ((e.ctrlKey || e.metaKey) && e.key === "z") { act({ action: "undo" }); }
    else if ((e.ctrlKey || e.metaKey) && e.key === "y") { act({ action: "redo" }); }
    else if (e.key === "u") { act({ action: "undo" }); }
    else if (e.key === "U") { act({ action: "redo" }); }
    else if (e.key === "?") { act({ action: "hint" }); }
    else if (e.key === "p") { act({ action: view && view.running ? "pause" : "resume" }); }
    else if (e.key.length === 1 || e.key.startsWith("Arrow") || e.key === "Enter" || e.key === "Escape") {
      send("key", null, { key: e.key });
    } else { return; }
    e.preventDefault();
  });

  $("undo").addEventListener("click", () => act({ action: "undo" }));
  $("redo").addEventListener("click", () => act({ action: "redo" }));
  $("hint").addEventListener("click", () => act({ action: "hint" }));
  $("resign").addEventListener("click", () => act({ action: "resign" }));
  $("pause").addEventListener("click", () => act({ action: view && view.running ? "pause" : "resume" }));

  $("demo").addEventListener("click", async () => {
    if (!view) return;
    stopDemo();
    say("searching for a line to show...");
    try { show(await api("api/demonstration", { game: view.game })); } catch (error) { say(error.message); return; }
    const step = async () => {
      if (!view || !view.can_redo) { stopDemo(); return; }
      await act({ action: "redo" });
    };
    demoTimer = setInterval(step, Number($("speed").value));
  });
  function stopDemo() { if (demoTimer) { clearInterval(demoTimer); demoTimer = null; } }

  $("save").addEventListener("click", async () => {
    if (!view) return;
    try {
      const text = await api("api/record?game=" + encodeURIComponent(view.game));
      const link = document.createElement("a");
      link.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
      link.download = view.puzzle + "-game.txt";
      document.body.appendChild(link); link.click(); link.remove();
      window.puzzlekitSaved = text;
      say("record saved");
    } catch (error) { say(error.message); }
  });
  $("load").addEventListener("change", async (e) => {
    const file = e.target.files[0];
    if (!file) return;
    stopDemo();
    try {
      const next = await api("api/load", await file.text(), true);
      $("puzzle").value = next.puzzle; fillGrades();
      show(next);
      say("record loaded");
    } catch (error) { say("could not load the record: " + error.message); }
    e.target.value = "";
  });

  async function loadScores() {
    if (!view) return;
    try {
      const rows = await api("api/scores?puzzle=" + encodeURIComponent(view.puzzle));
      const body = $("scores").querySelector("tbody");
      body.innerHTML = "";
      for (const row of rows) {
        const tr = document.createElement("tr");
        for (const value of [row.grade, row.size, row.score === null ? "-" : row.score,
                             row.seconds.toFixed(1) + " s", row.hints, row.moves, row.date]) {
          const td = document.createElement("td"); td.textContent = value; tr.appendChild(td);
        }
        body.appendChild(tr);
      }
    } catch (error) { say(error.message); }
  }

  function fillGrades() {
    const puzzle = puzzles.find((p) => p.name === $("puzzle").value);
    const grade = $("grade");
    grade.innerHTML = "";
    for (const name of puzzle.grades) grade.add(new Option(name, name));
  }
  $("puzzle").addEventListener("change", fillGrades);
  $("new").addEventListener("submit", async (e) => {
    e.preventDefault();
    stopDemo();
    const request = { puzzle: $("puzzle").value, grade: $("grade").value };
    if ($("seed").value !== "") request.seed = Number($("seed").value);
    say("making a level...");
    try { show(await api("api/new", request)); loadScores(); board.focus(); }
    catch (error) { say(error.message); }
  });

  (async function start() {
    puzzles = await api("api/puzzles");
    for (const p of puzzles) $("puzzle").add(new Option(p.title, p.name));
    if (document.body.dataset.puzzle) $("puzzle").value = document.body.dataset.puzzle;
    fillGrades();
    document.body.dataset.ready = "yes";
  })();
})();
