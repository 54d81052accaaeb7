// The page of `puzzlekit play`: generic, it knows no puzzle. The server draws the board
// and turns every pointer and key event into the puzzle's moves.
//
// Requests go one at a time, in the order the player made them (a queue), so a click
// never overtakes the pointer events before it. `window.puzzlekitPage` tells tests and
// scripts what is shown: `view` (the last answer), `shown` (answers shown so far),
// `drawn` (the answer whose board is on screen; the board's `data-version` too) and
// `pending` (requests queued or in flight; the body's `data-busy` too).
"use strict";
(function () {
  const token = document.body.dataset.token;
  const $ = (id) => document.getElementById(id);
  const board = $("board");
  const page = { view: null, shown: 0, drawn: 0, pending: 0 };
  window.puzzlekitPage = page;
  let puzzles = [];
  let queue = Promise.resolve();
  let queuedPointer = null;  // the pointer-move request still waiting in the queue
  let clockBase = 0, clockSince = null;
  let demoRunning = false;
  let flashTimer = null, finishFlash = null;

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

  function busy(delta) {
    page.pending += delta;
    document.body.dataset.busy = String(page.pending);
  }

  // Run *task* after every task asked before it; *coalesce* marks a pointer move.
  function run(task, coalesce) {
    if (!coalesce) queuedPointer = null;  // later moves go after this task
    busy(1);
    queue = queue.then(task).catch((error) => say(error.message)).finally(() => busy(-1));
    return queue;
  }

  function act(request) {
    return run(async () => {
      if (!page.view) return;
      request.game = page.view.game;
      show(await api("api/action", request));
    });
  }

  function actPointer(request) {  // only the latest position of a pointer move matters
    if (queuedPointer) { queuedPointer.request = request; return; }
    const slot = { request: request };
    queuedPointer = slot;
    run(async () => {
      if (queuedPointer === slot) queuedPointer = null;
      if (!page.view) return;
      slot.request.game = page.view.game;
      show(await api("api/action", slot.request));
    }, true);
  }

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

  let drawnSvg = null;
  function drawBoard(next, version) {
    clearTimeout(flashTimer);
    finishFlash = null;
    // The same picture keeps its elements (a clock poll changes nothing on the board).
    if (next.svg !== drawnSvg || (next.motions || []).length) board.innerHTML = next.svg;
    drawnSvg = next.svg;
    board.dataset.version = String(version);
    page.drawn = version;
    animate(next.motions || [], next.cell_size);
  }

  function show(next) {
    page.view = next;
    page.shown += 1;
    const version = page.shown;
    clearTimeout(flashTimer);
    if (next.flash) {  // the move's own picture (a link) for a moment, then the board
      board.innerHTML = next.flash;
      drawnSvg = null;
      finishFlash = () => drawBoard(next, version);
      flashTimer = setTimeout(finishFlash, 250);
    } else {
      drawBoard(next, version);
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
    const extra = $("extra");
    extra.innerHTML = "";
    for (const [name, label, key] of next.actions || []) {
      const button = document.createElement("button");
      button.textContent = label;
      button.title = label + " (" + key + ")";
      button.dataset.action = name;
      button.disabled = !!next.outcome;
      button.addEventListener("click", () => act({ action: "extra", name: name }));
      extra.appendChild(button);
    }
    const legal = $("legal");
    legal.innerHTML = "";
    for (const move of next.legal || []) {
      const button = document.createElement("button");
      button.textContent = move;
      button.dataset.move = move;
      button.addEventListener("click", () => act({ action: "move", move: move }));
      legal.appendChild(button);
    }
    if (next.outcome) loadScores();
  }

  function tick() {
    const view = page.view;
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
    const view = page.view;
    if (view && view.remaining !== null && view.running && !view.outcome && page.pending === 0) {
      act({ action: "view" });
    }
  }, 1000);

  function send(kind, event, extra) {
    const view = page.view;
    if (!view || !(view.events || []).includes(kind)) return;
    if (finishFlash && event) finishFlash();  // point at the board as it now is
    const svg = board.querySelector("svg");
    if (!svg) return;
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
    if (kind === "move") actPointer(request); else act(request);
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
    const view = page.view;
    if ((e.ctrlKey || e.metaKey) && e.key === "z") { act({ action: "undo" }); }
    else if ((e.ctrlKey || e.metaKey) && e.key === "y") { act({ action: "redo" }); }
    else if (e.key === "u") { act({ action: "undo" }); }
    else if (e.key === "U") { act({ action: "redo" }); }
    else if (e.key === "?") { act({ action: "hint" }); }
    else if (e.key === "p") { act({ action: view && view.running ? "pause" : "resume" }); }
    else if (view && (view.actions || []).some((a) => a[2] === e.key)) {
      act({ action: "extra", name: view.actions.find((a) => a[2] === e.key)[0] });
    }
    else if (e.key.length === 1 || e.key.startsWith("Arrow") || e.key === "Enter" || e.key === "Escape") {
      send("key", null, { key: e.key });
    } else { return; }
    e.preventDefault();
  });

  $("undo").addEventListener("click", () => act({ action: "undo" }));
  $("redo").addEventListener("click", () => act({ action: "redo" }));
  $("hint").addEventListener("click", () => act({ action: "hint" }));
  $("resign").addEventListener("click", () => act({ action: "resign" }));
  $("pause").addEventListener("click", () => {
    act({ action: page.view && page.view.running ? "pause" : "resume" });
  });

  $("demo").addEventListener("click", () => {
    if (!page.view) return;
    stopDemo();
    say("searching for a line to show...");
    run(async () => {
      show(await api("api/demonstration", { game: page.view.game }));
      demoRunning = true;
      const step = () => {
        if (!demoRunning) return;
        if (!page.view || !page.view.can_redo) { stopDemo(); return; }
        act({ action: "redo" }).then(() => setTimeout(step, Number($("speed").value)));
      };
      setTimeout(step, Number($("speed").value));
    });
  });
  function stopDemo() { demoRunning = false; }

  $("save").addEventListener("click", () => run(async () => {
    if (!page.view) return;
    const text = await api("api/record?game=" + encodeURIComponent(page.view.game));
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    link.download = page.view.puzzle + "-game.txt";
    document.body.appendChild(link); link.click(); link.remove();
    window.puzzlekitSaved = text;
    say("record saved");
  }));
  $("load").addEventListener("change", (e) => {
    const file = e.target.files[0];
    if (!file) return;
    stopDemo();
    run(async () => {
      try {
        const next = await api("api/load", await file.text(), true);
        $("puzzle").value = next.puzzle; fillChoices();
        show(next);
        say("record loaded");
      } catch (error) { say("could not load the record: " + error.message); }
      e.target.value = "";
    });
  });

  async function loadScores() {  // counted as pending, but not queued behind moves
    const view = page.view;
    if (!view) return;
    busy(1);
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
    } catch (error) { say(error.message); } finally { busy(-1); }
  }

  function fillChoices() {  // the grades, sizes and shipped starts of the puzzle chosen
    const puzzle = puzzles.find((p) => p.name === $("puzzle").value);
    const grade = $("grade"), size = $("size");
    grade.innerHTML = ""; size.innerHTML = "";
    for (const name of puzzle.grades) grade.add(new Option(name, name));
    for (const [name, params] of puzzle.presets) size.add(new Option(name + " (" + params + ")", name));
    $("shipped-box").hidden = !puzzle.shipped;
    $("shipped").max = String(puzzle.shipped || 1);
    $("shipped").placeholder = puzzle.shipped ? "1-" + puzzle.shipped : "none";
    $("shipped").value = "";
  }
  $("puzzle").addEventListener("change", fillChoices);
  $("new").addEventListener("submit", (e) => {
    e.preventDefault();
    stopDemo();
    const request = { puzzle: $("puzzle").value, grade: $("grade").value,
                      size: $("params").value.trim() || $("size").value };
    if ($("seed").value !== "") request.seed = Number($("seed").value);
    if ($("shipped").value !== "" && !$("shipped-box").hidden) request.shipped = Number($("shipped").value);
    say("making a level...");
    run(async () => {
      show(await api("api/new", request));
      loadScores();
      board.focus();
    });
  });

  (async function start() {
    puzzles = await api("api/puzzles");
    for (const p of puzzles) $("puzzle").add(new Option(p.title, p.name));
    if (document.body.dataset.puzzle) $("puzzle").value = document.body.dataset.puzzle;
    fillChoices();
    document.body.dataset.ready = "yes";
  })();
})();
