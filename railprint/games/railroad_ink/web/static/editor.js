/* Railroad Ink's page for railprint serve: the 7 × 7 board and, in a tray that stays in view
   under it, the faces (the dice, the special routes, three-way stations, the expansion's), a
   printed sheet's dice of the round, Turn, Erase, Undo and Redo. A face is placed by tapping it,
   then the square; a tap on that square again turns it. Faces, their valid orientations (the
   likeliest first), the rolls of a seed and every picture (the CLI picture's pictograms) come
   from the server (the dice file, rules.validate, rollwrite, pictograms); the score from the
   Python scorer. Styles: editor.css (no inline style: the page runs under a strict CSP). */
(function () {
  "use strict";
  const WORDS = {
    en: {pick: "Tap a face, then a square; tap again to turn it.", turn: "Turn", erase: "Erase",
      undo: "Undo", redo: "Redo", own: "Draw your own", marker: "Centre", none: "nothing", highway: "highway",
      railway: "railway", lava: "lava", station: "station", overpass: "overpass", plain: "plain",
      sides: ["north", "east", "south", "west"], exits: "Exits", longest_highway: "Longest highway",
      longest_railway: "Longest railway", center: "Centre", errors: "Errors", meteor: "Meteor", lava_points: "Lava",
      total: "Total", violations: "Rule violations", no_valid: "No orientation fits the neighbours here; showing every orientation.",
      square: "Square", picture: "Scored sheet", picture_open: "Tap the picture to open it whole.", faces: "Faces",
      rolls: "Dice of a printed sheet", seed_field: "Seed on the sheet", show: "Show", seed: "Seed", round: "Round",
      prev: "Previous round", next: "Next round", rolled: "rolled", used: "placed", score: "Score", board: "Board of",
      empty: "empty", tray: "Faces and tools", show_square: "show on the board",
      seed_help: "Playing a sheet from railprint sheet? Type its seed to see the dice of each round.",
      seed_bad: "A seed is the whole number printed on the sheet, after “seed”: digits only."},
    pl: {pick: "Dotknij wzoru, potem pola; znowu, by je obrócić.", turn: "Obróć", erase: "Wymaż",
      undo: "Cofnij", redo: "Ponów", own: "Własny wzór", marker: "Środek", none: "nic", highway: "autostrada",
      railway: "tor", lava: "lawa", station: "stacja", overpass: "wiadukt", plain: "zwykłe",
      sides: ["północ", "wschód", "południe", "zachód"], exits: "Wyjścia", longest_highway: "Najdłuższa autostrada",
      longest_railway: "Najdłuższy tor", center: "Środek", errors: "Błędy", meteor: "Meteoryt", lava_points: "Lawa",
      total: "Razem", violations: "Naruszenia zasad", no_valid: "Żadne ustawienie nie pasuje tu do sąsiadów; pokazuję wszystkie.",
      square: "Pole", picture: "Policzona plansza", picture_open: "Dotknij obrazka, by otworzyć go w całości.", faces: "Wzory",
      rolls: "Kostki z wydrukowanej karty", seed_field: "Ziarno z karty", show: "Pokaż", seed: "Ziarno", round: "Runda",
      prev: "Poprzednia runda", next: "Następna runda", rolled: "wyrzucone", used: "narysowana", score: "Wynik",
      board: "Plansza gracza", empty: "puste", tray: "Wzory i narzędzia", show_square: "pokaż na planszy",
      seed_help: "Gracie na karcie z railprint sheet? Wpisz jej ziarno, by zobaczyć kostki każdej rundy.",
      seed_bad: "Ziarno to liczba wydrukowana na karcie po słowie „ziarno”: same cyfry."},
  };
  const ROWS = "ABCDEFG";
  const CELL = 40, EDGE = 32, SIZE = 7;  // EDGE: the board picture's 16 mm margin, at 20 mm a square
  let ctx = null, root = null, faces = null, board0 = null;
  // armed: the face a tap on a square draws; selected: a square tapped with no face armed
  // (Erase, Turn act on it); last: the square drawn last, which a tap turns (its orientations)
  let armed = null, selected = null, last = null, own = null;
  let rolls = null, round = 1, used = {};
  const history = {};   // player -> {undo, redo}: Undo and Redo belong to the player shown
  const latest = {};    // square -> the tap that owns it: an older answer never overwrites a newer tap
  let taps = 0;
  // every picture is the CLI picture's own pictogram, drawn by the server: key (a space token,
  // or a meteor die's "arrow:N" / "distance:2") -> data: URL
  const pics = {}, asked = new Set();

  const w = (key) => ctx.t(key, WORDS);
  const h = (...args) => ctx.h(...args);
  const squareName = (i) => ROWS[Math.floor(i / SIZE)] + (i % SIZE + 1);
  const squareIndex = (name) => ROWS.indexOf(name[0]) * SIZE + Number(name.slice(1)) - 1;
  const cellsOf = (player) => ctx.room.parts["player:" + player].cells;
  const dataUrl = (svg) => "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svg);
  const remember = (pictures) => { for (const [key, svg] of Object.entries(pictures || {})) pics[key] = dataUrl(svg); };
  const rollsKey = () => "railprint-rolls-" + ctx.room.id;
  const stacks = (player) => (history[player] = history[player] || {undo: [], redo: []});
  const faceName = (token) => {
    const face = (faces || []).find((f) => f.token === token);
    return face ? face.name[ctx.lang] || face.name.en : token;
  };

  // pictures of spaces this phone has not seen yet (drawn on another phone, uploaded): asked once
  async function fetchMissing(tokens) {
    const missing = [...new Set(tokens)].filter((t) => t !== "." && !pics[t] && !asked.has(t)).slice(0, 100);
    if (!missing.length) return;
    missing.forEach((t) => asked.add(t));
    const answer = await ctx.action("pictures", {tokens: missing});
    if (answer) { remember(answer.pictures); draw(); }
  }

  // one space in a CELL-sized box at (x, y): the server's pictogram of its token
  function space(token, x, y) {
    if (!pics[token]) return h("text", {x: x + CELL / 2, y: y + CELL / 2 + 4, "text-anchor": "middle", "font-size": 9,
      fill: "#555", "data-picture": ""}, token);
    return h("image", {href: pics[token], x, y, width: CELL, height: CELL, "data-picture": token});
  }

  function faceIcon(key) {
    return h("svg", {viewBox: `0 0 ${CELL} ${CELL}`, width: 40, height: 40, "aria-hidden": "true", focusable: "false"},
      h("rect", {x: 0.5, y: 0.5, width: CELL - 1, height: CELL - 1, fill: "#fff", stroke: "#999"}), space(key, 0, 0));
  }

  // the board: a 7 × 7 grid of buttons over the scored picture's empty board
  function board() {
    const cells = cellsOf(ctx.player);
    const total = CELL * SIZE + 2 * EDGE;
    const svg = h("svg", {viewBox: `0 0 ${total} ${total}`, class: "ri-board", role: "group",
      "aria-label": `${w("board")} ${ctx.player}`});
    svg.append(h("rect", {x: 0, y: 0, width: total, height: total, fill: "#fff"}));
    if (board0) svg.append(h("image", {href: board0, x: 0, y: 0, width: total, height: total, class: "ri-frame"}));
    cells.forEach((token, i) => {
      const r = Math.floor(i / SIZE), col = i % SIZE, x = EDGE + col * CELL, y = EDGE + r * CELL;
      const name = squareName(i);
      const g = h("g", {class: "ri-cell", "data-square": name, "data-token": token, role: "button", tabindex: 0,
        "aria-pressed": String(selected === i), "aria-label": `${name}: ${token === "." ? w("empty") : faceName(token)}`,
        onclick: () => tapSquare(i), onkeydown: (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); tapSquare(i); } }});
      g.append(h("rect", {x, y, width: CELL, height: CELL, fill: "transparent"}));
      if (token !== ".") g.append(space(token, x, y));
      if (selected === i || (last && last.index === i && last.player === ctx.player)) {
        g.append(h("rect", {x: x + 1.5, y: y + 1.5, width: CELL - 3, height: CELL - 3, fill: "none",
          stroke: selected === i ? "#1565c0" : "#ef6c00", "stroke-width": 3, "stroke-dasharray": selected === i ? null : "5 3"}));
      }
      svg.append(g);
    });
    return svg;
  }

  // --- taps --------------------------------------------------------------------------------

  function arm(token, die) {
    own = die === "own" ? own : null;
    armed = {token, die: die === "own" ? null : die || null, exact: die === "own"};
    if (selected !== null) { const at = selected; selected = null; place(at, armed); }
    else draw();
  }

  function tapSquare(i) {
    if (armed && last && last.index === i && last.player === ctx.player && last.token === armed.token) { turn(); return; }
    if (armed) { place(i, armed); return; }
    selected = selected === i ? null : i;
    last = null;
    draw();
  }

  // the armed face drawn on square i, in its likeliest orientation (the server's first valid one)
  async function place(i, face) {
    const tap = ++taps, player = ctx.player;
    latest[i] = tap;
    let answer = await ctx.action("orientations", {player, square: squareName(i), token: face.token});
    if (!answer && !ctx.reachable()) answer = {valid: [], all: turns(face.token)};  // no server: the face as it is, kept on the phone
    if (!answer || latest[i] !== tap) return;   // a later tap on this square won
    remember(answer.pictures);
    // Turn steps through the valid orientations first, then the others (a sheet may break a rule);
    // a face drawn side by side ("Draw your own") is drawn as it was built
    let list = [...answer.valid, ...answer.all.filter((t) => !answer.valid.includes(t))];
    if (face.exact) list = [face.token, ...list.filter((t) => t !== face.token)];
    else if (!answer.valid.length && ctx.reachable()) ctx.message(w("no_valid"));
    const ok = await put(player, i, list[0]);
    if (!ok || latest[i] !== tap) { draw(); return; }
    if (taps === tap || !last || last.index !== i) last = {player, index: i, token: face.token, list, at: 0};
    if (face.die) useDie(face.die);
    draw();
  }

  // a face's turns and mirror images, drawn as they are (without the server there is no
  // telling which fit: the phone keeps the tap and the server scores it when it is back)
  function turns(token) {
    const m = /^([.hrl]{4})([a-z]?)$/.exec(token);
    if (!m) return [token];
    const out = [];
    for (let edges of [m[1], m[1][0] + m[1][3] + m[1][2] + m[1][1]]) {
      for (let k = 0; k < 4; k++) {
        if (!out.includes(edges + m[2])) out.push(edges + m[2]);
        edges = edges[3] + edges.slice(0, 3);
      }
    }
    return out;
  }

  // the last square drawn, turned to its next orientation
  async function turn() {
    const target = last && last.player === ctx.player ? last : null;
    if (!target) {
      if (selected === null) return;
      const token = cellsOf(ctx.player)[selected];
      if (token === ".") return;
      const tap = ++taps, at = selected;
      latest[at] = tap;
      const answer = await ctx.action("orientations", {player: ctx.player, square: squareName(at), token});
      if (!answer || latest[at] !== tap) return;
      remember(answer.pictures);
      const list = answer.all, now = Math.max(0, list.indexOf(token));
      last = {player: ctx.player, index: at, token, list, at: now};
      selected = null;
      return turn();
    }
    if (target.list.length < 2) return;
    target.at = (target.at + 1) % target.list.length;
    latest[target.index] = ++taps;
    await put(target.player, target.index, target.list[target.at], true);
    draw();
  }

  // a space drawn (or erased) on the player's latest board when the change goes out, so quick
  // draws on two squares both land; Undo puts back what was there then. A turn of the space just
  // drawn is the same step for Undo.
  async function put(player, index, token, turning) {
    let before = null;
    const ok = await ctx.change(() => {
      const cells = cellsOf(player).slice();
      before = cells[index];
      if (before === token) return null;
      cells[index] = token;
      return {["player:" + player]: {cells}};
    });
    if (ok) {
      const mine = stacks(player), top = mine.undo[mine.undo.length - 1];
      if (turning && top && top.index === index) top.after = token;
      else mine.undo.push({index, before, after: token});
      mine.redo.length = 0;
    }
    return ok || before === token;
  }

  async function step(undoing) {
    const player = ctx.player, mine = stacks(player);
    const from = undoing ? mine.undo : mine.redo, to = undoing ? mine.redo : mine.undo;
    const entry = from.pop();
    if (!entry) return;
    last = null;
    const value = undoing ? entry.before : entry.after;
    latest[entry.index] = ++taps;
    const ok = await ctx.change(() => {
      const cells = cellsOf(player).slice();
      cells[entry.index] = value;
      return {["player:" + player]: {cells}};
    });
    (ok ? to : from).push(entry);
    draw();
  }

  async function erase() {
    const at = selected !== null ? selected : last && last.player === ctx.player ? last.index : null;
    if (at === null) return;
    latest[at] = ++taps;
    await put(ctx.player, at, ".");
    selected = null;
    last = null;
    draw();
  }

  // --- the tray ----------------------------------------------------------------------------

  function ownEditor() {
    const kinds = ctx.room.parts.setup.expansion === "lava" ? ".hrl" : ".hr";
    const names = {".": w("none"), h: w("highway"), r: w("railway"), l: w("lava")};
    const markers = ["", "s", "o"];
    const markerNames = {"": w("plain"), s: w("station"), o: w("overpass")};
    const token = () => own.edges.join("") + own.marker;
    const row = h("div", {class: "row ri-own", "data-token": token()});
    own.edges.forEach((kind, side) => row.append(h("button", {type: "button", "data-side": "NESW"[side],
      onclick: () => { own.edges[side] = kinds[(kinds.indexOf(own.edges[side]) + 1) % kinds.length]; arm(token(), "own"); }},
      `${w("sides")[side]}: ${names[kind]}`)));
    row.append(h("button", {type: "button", "data-side": "marker",
      onclick: () => { own.marker = markers[(markers.indexOf(own.marker) + 1) % markers.length]; arm(token(), "own"); }},
      `${w("marker")}: ${markerNames[own.marker]}`));
    return row;
  }

  function faceButton(f, rolled) {
    const name = f.name[ctx.lang] || f.name.en;
    return h("button", {type: "button", class: ["ri-face", rolled ? "rolled" : ""].join(" ").trim(),
      "data-face": f.token, "data-rolled": rolled || null, "aria-pressed": String(!!armed && armed.token === f.token && !armed.die),
      title: name, "aria-label": name + (rolled ? ` (${w("rolled")} ×${rolled})` : ""), onclick: () => arm(f.token)},
    faceIcon(f.token), rolled > 1 ? h("span", {class: "times", "aria-hidden": "true"}, `×${rolled}`) : null);
  }

  function picker() {
    const rolled = {};
    for (const die of currentRound()) if (die.token) rolled[die.token] = (rolled[die.token] || 0) + 1;
    const all = (faces || []).slice().sort((a, b) => Number(!rolled[a.token]) - Number(!rolled[b.token]));
    return h("div", {class: "ri-faces", role: "group", "aria-label": w("faces")}, all.map((f) => faceButton(f, rolled[f.token])));
  }

  // the round's dice of a printed sheet: a tap arms the die's face; a die placed is ticked, and
  // when every route die of the round is placed the next round is shown
  function diceRow() {
    if (!rolls) return null;
    const count = rolls.rounds.length, done = used[round] || [];
    const go = (to) => { round = to; keepRolls(); draw(); };
    return h("div", {class: "row ri-round"},
      h("button", {type: "button", id: "ri-prev", "aria-label": w("prev"), disabled: round <= 1, onclick: () => go(round - 1)}, "◀"),
      h("strong", {id: "ri-round", "data-round": round, "aria-label": `${w("round")} ${round} / ${count}`}, `${round}/${count}`),
      h("button", {type: "button", id: "ri-next", "aria-label": w("next"), disabled: round >= count, onclick: () => go(round + 1)}, "▶"),
      currentRound().map((die, n) => {
        const key = `${die.die}:${die.copy}`, placed = done.includes(key);
        const label = `${die.name[ctx.lang] || die.name.en} (${die.die_name[ctx.lang] || die.die_name.en})` + (placed ? ` — ${w("used")}` : "");
        return h("button", {type: "button", class: "ri-die" + (placed ? " used" : ""), "data-die": die.die, "data-copy": die.copy,
          "data-token": die.token || "", "data-face-id": die.face, "data-n": n, disabled: !die.token,
          "aria-pressed": String(!!armed && armed.die === key), "aria-label": label, title: label,
          onclick: () => arm(die.token, key)},
        faceIcon(dieKey(die)), h("span", {class: "ri-face-name sr-only"}, die.name[ctx.lang] || die.name.en),
        h("span", {class: "ri-die-name sr-only"}, die.die_name[ctx.lang] || die.die_name.en));
      }));
  }

  function useDie(key) {
    const done = used[round] = used[round] || [];
    if (!done.includes(key)) done.push(key);
    const routes = currentRound().filter((d) => d.token).map((d) => `${d.die}:${d.copy}`);
    if (routes.every((k) => done.includes(k)) && round < rolls.rounds.length) { round += 1; armed = null; last = null; }
    keepRolls();
  }

  function controls() {
    const mine = stacks(ctx.player);
    const canTurn = (last && last.player === ctx.player && last.list.length > 1) ||
      (selected !== null && cellsOf(ctx.player)[selected] !== ".");
    const canErase = selected !== null ? cellsOf(ctx.player)[selected] !== "." : !!(last && last.player === ctx.player);
    return h("div", {class: "row ri-controls"},
      h("button", {type: "button", id: "ri-turn", disabled: !canTurn, onclick: () => turn()}, "↻ " + w("turn")),
      h("button", {type: "button", id: "ri-erase", disabled: !canErase, onclick: () => erase()}, w("erase")),
      h("button", {type: "button", id: "ri-undo", disabled: !mine.undo.length, onclick: () => step(true)}, w("undo")),
      h("button", {type: "button", id: "ri-redo", disabled: !mine.redo.length, onclick: () => step(false)}, w("redo")),
      h("button", {type: "button", id: "ri-own", "data-face": "own", "aria-pressed": String(!!own), onclick: () => {
        own = own ? null : {edges: [".", ".", ".", "."], marker: ""};
        if (!own && armed && !faces.some((f) => f.token === armed.token)) armed = null;
        draw();
      }}, w("own")),
      boxes.photo);   // "Take a photo" (photo.js) beside Draw your own: in view with the board, not under the score
  }

  function hint() {
    const where = selected !== null ? `${w("square")} ${squareName(selected)} · ` : "";
    const face = armed ? faceName(armed.token) : w("pick");
    return h("p", {id: "ri-preview", class: "ri-hint", "data-token": armed ? armed.token : ""}, where, face);
  }

  // --- the score: itemised, the violations linked to their squares, the scored picture ------

  function scoreTable() {
    const score = ctx.score || {};
    if (!score.result) return h("p", {});
    const sheets = Array.isArray(score.result) ? score.result : [score.result];
    const mine = sheets.find((s) => s.player === ctx.player);
    if (!mine) return h("p", {});
    const rows = [["exits", mine.exits], ["longest_highway", mine.longest_highway], ["longest_railway", mine.longest_railway],
      ["center", mine.center], ["errors", -mine.errors]];
    if (mine.expansion === "meteor") rows.push(["meteor", mine.meteor]);
    if (mine.expansion === "lava") rows.push(["lava_points", mine.lava]);
    const index = ctx.playerIndex(ctx.player);
    return h("div", {class: "ri-score"},
      h("h2", {}, `${w("score")}: ${ctx.player}`),
      h("table", {}, h("tbody", {}, rows.map(([key, value]) => h("tr", {"data-item": key}, h("th", {scope: "row"}, w(key)),
        h("td", {class: "num"}, value))), h("tr", {class: "total"}, h("th", {scope: "row"}, w("total")),
        h("td", {class: "num", id: "total", "data-testid": "total"}, mine.total)))),
      mine.violations.length ? h("div", {}, h("h3", {}, w("violations")),
        h("ul", {id: "violations"}, mine.violations.map((v, n) => {
          const at = /\b([A-G][1-7])\b/.exec(v);
          return h("li", {"data-violation": n}, at ? h("a", {href: "#ri-board-box", "data-square": at[1], class: "ri-goto",
            "aria-label": `${v} — ${w("show_square")} ${at[1]}`, onclick: (e) => { e.preventDefault(); showSquare(at[1]); }}, v) : v);
        }))) : null,
      h("figure", {class: "picture"}, ctx.picture({id: "ri-picture", alt: w("picture"), loading: "lazy", open: true,
        src: `/api/rooms/${ctx.room.id}/picture.svg?page=${index}&lang=${ctx.lang}&v=${ctx.room.version}`}),
      h("figcaption", {}, w("picture_open"))));
  }

  function showSquare(name) {
    selected = squareIndex(name);
    last = null;
    armed = null;
    draw();
    const cell = root.querySelector(`g.ri-cell[data-square='${name}']`);
    boxes.board.scrollIntoView({block: "start"});
    if (cell) cell.focus({preventScroll: true});
  }

  // --- the dice of a printed seeded sheet, round by round (the server rolls them) ------------

  const currentRound = () => (rolls && rolls.rounds[round - 1] ? rolls.rounds[round - 1].dice : []);
  const dieKey = (die) => die.token || `face:${die.die}:${die.face}`;

  async function loadRolls(seed, at, done) {
    const answer = await ctx.action("rolls", {seed});
    if (!answer) return;
    if (!rolls || String(rolls.seed) !== String(answer.seed)) used = done || {};
    rolls = answer;
    for (const r of rolls.rounds) for (const die of r.dice) pics[dieKey(die)] = dataUrl(die.picture);
    round = Math.min(Math.max(1, at || 1), rolls.rounds.length);
    seedInput.value = String(rolls.seed);
    keepRolls();
    ctx.message("");
    draw();
  }

  function keepRolls() {
    if (rolls) localStorage.setItem(rollsKey(), JSON.stringify({seed: String(rolls.seed), round, used}));
  }

  // the page's boxes are made once; the seed field is never redrawn, so typing in it survives
  let boxes = null, seedInput = null, seedLabel = null, seedButton = null, rollsTitle = null, seedHelp = null;
  function layout() {
    seedInput = h("input", {id: "ri-seed", inputmode: "numeric", autocomplete: "off", maxlength: 19, size: 12});
    seedLabel = h("span", {});
    seedButton = h("button", {type: "submit", id: "ri-seed-go"});
    rollsTitle = h("h2", {});
    seedHelp = h("p", {class: "hint"});
    const form = h("form", {id: "ri-seed-form", class: "row", onsubmit: (event) => {
      event.preventDefault();
      if (!/^\d{1,19}$/.test(seedInput.value.trim())) {   // said here, in the page's language; the field keeps the typing
        ctx.message(w("seed_bad"), false, "#ri-seed");
        seedInput.focus();
        return;
      }
      loadRolls(seedInput.value.trim(), 1);
    }}, h("label", {}, seedLabel, " ", seedInput), seedButton);
    boxes = {board: h("div", {id: "ri-board-box", class: "ri-board-box"}), tray: h("div", {class: "ri-tray", role: "region"}),
      score: h("div", {}), photo: h("span", {id: "ri-photo", class: "ri-photo"})};
    // #ri-photo: room for the "Take a photo" button of its own script, in the tray's last row (it
    // was under the score, the dice and the picture: 2,400 px down on a phone)
    root.replaceChildren(boxes.board, boxes.tray, boxes.score, h("section", {class: "ri-rolls"}, rollsTitle, seedHelp, form));
    window.addEventListener("resize", fit);
  }

  // the board as large as the screen leaves it beside the tray: both in view, no scroll
  function fit() {
    if (!boxes) return;
    const top = boxes.board.getBoundingClientRect().top + window.scrollY;
    const room = window.innerHeight - boxes.tray.offsetHeight - top - 4;
    boxes.board.style.maxWidth = `${Math.max(220, Math.floor(room))}px`;
  }

  function draw() {
    if (!ctx) return;
    if (!boxes) layout();
    seedLabel.textContent = w("seed_field");
    seedButton.textContent = w("show");
    rollsTitle.textContent = w("rolls");
    seedHelp.textContent = w("seed_help");
    boxes.tray.setAttribute("aria-label", w("tray"));
    boxes.board.replaceChildren(board());
    boxes.tray.replaceChildren(...[diceRow(), picker(), own ? ownEditor() : null, controls(), hint()].filter(Boolean));
    boxes.score.replaceChildren(scoreTable());
    fit();
    fetchMissing(cellsOf(ctx.player));
  }

  Railprint.style(document.currentScript);   // editor.css, beside this script

  Railprint.register({
    async mount(element, context) {
      root = element;
      ctx = context;
      const answer = await ctx.action("faces", {});
      faces = answer ? answer.faces : [];
      if (answer) { board0 = dataUrl(answer.board); for (const f of faces) pics[f.token] = dataUrl(f.picture); }
      draw();
      document.body.append(h("script", {src: "/games/railroad-ink/photo.js"}));  // "Take a photo" (photo.js)
      let kept = null;
      try { kept = JSON.parse(localStorage.getItem(rollsKey()) || "null"); } catch (e) { kept = null; }
      if (kept && kept.seed) await loadRolls(kept.seed, kept.round, kept.used);
    },
    update(context) {
      if (ctx && context.player !== ctx.player) { selected = null; last = null; armed = null; own = null; }
      ctx = context;
      draw();
    },
  });
})();
