/* Railroad Ink's page for railprint serve: the 7 × 7 board, a face picker, turn, draw,
   undo/redo, a printed sheet's dice round by round, the itemised score. Faces, their valid
   orientations, the rolls of a seed and every picture (the CLI picture's pictograms) come from
   the server (the dice file, rules.validate, rollwrite, pictograms); the score from the Python scorer. */
(function () {
  "use strict";
  const WORDS = {
    en: {pick: "Tap a square, then a face.", turn: "Turn", draw: "Draw", erase: "Erase", undo: "Undo", redo: "Redo",
      own: "Draw your own", marker: "Centre", none: "nothing", highway: "highway", railway: "railway", lava: "lava",
      station: "station", overpass: "overpass", plain: "plain", sides: ["north", "east", "south", "west"],
      exits: "Exits", longest_highway: "Longest highway", longest_railway: "Longest railway", center: "Centre",
      errors: "Errors", meteor: "Meteor", lava_points: "Lava", total: "Total", violations: "Rule violations",
      no_valid: "No orientation fits the neighbours here; showing every orientation.", square: "Square",
      picture: "Scored sheet", dice: "Dice", specials: "Special routes", expansion: "Expansion",
      rolls: "Dice of a printed sheet", seed_field: "Seed on the sheet", show: "Show", seed: "Seed", round: "Round",
      prev: "Previous round", next: "Next round", rolled: "rolled",
      seed_help: "Playing a sheet from railprint sheet? Type its seed to see the dice of each round."},
    pl: {pick: "Dotknij pola, potem wzoru.", turn: "Obróć", draw: "Narysuj", erase: "Wymaż", undo: "Cofnij", redo: "Ponów",
      own: "Własny wzór", marker: "Środek", none: "nic", highway: "autostrada", railway: "tor", lava: "lawa",
      station: "stacja", overpass: "wiadukt", plain: "zwykłe", sides: ["północ", "wschód", "południe", "zachód"],
      exits: "Wyjścia", longest_highway: "Najdłuższa autostrada", longest_railway: "Najdłuższy tor", center: "Środek",
      errors: "Błędy", meteor: "Meteoryt", lava_points: "Lawa", total: "Razem", violations: "Naruszenia zasad",
      no_valid: "Żadne ustawienie nie pasuje tu do sąsiadów; pokazuję wszystkie.", square: "Pole",
      picture: "Policzona plansza", dice: "Kostki", specials: "Trasy specjalne", expansion: "Dodatek",
      rolls: "Kostki z wydrukowanej karty", seed_field: "Ziarno z karty", show: "Pokaż", seed: "Ziarno", round: "Runda",
      prev: "Poprzednia runda", next: "Następna runda", rolled: "wyrzucone",
      seed_help: "Gracie na karcie z railprint sheet? Wpisz jej ziarno, by zobaczyć kostki każdej rundy."},
  };
  const ROWS = "ABCDEFG";
  const CELL = 40, EDGE = 32, SIZE = 7;  // EDGE: the board picture's 16 mm margin, at 20 mm a square
  let ctx = null, root = null, faces = null, selected = null, pick = null, own = null, board0 = null;
  let rolls = null, round = 1, seedText = "";
  const undo = [], redo = [];
  // every picture is the CLI picture's own pictogram, drawn by the server: key (a space token,
  // or a meteor die's "arrow:N" / "distance:2") -> data: URL
  const pics = {}, asked = new Set();

  const w = (key) => ctx.t(key, WORDS);
  const h = (...args) => ctx.h(...args);
  const squareName = (i) => ROWS[Math.floor(i / SIZE)] + (i % SIZE + 1);
  const cellsOf = (player) => ctx.room.parts["player:" + player].cells;
  const dataUrl = (svg) => "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svg);
  const remember = (pictures) => { for (const [key, svg] of Object.entries(pictures || {})) pics[key] = dataUrl(svg); };
  const rollsKey = () => "railprint-rolls-" + ctx.room.id;

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
    return h("svg", {viewBox: `0 0 ${CELL} ${CELL}`, width: 40, height: 40, "aria-hidden": "true"},
      h("rect", {x: 0.5, y: 0.5, width: CELL - 1, height: CELL - 1, fill: "#fff", stroke: "#999"}), space(key, 0, 0));
  }

  function board() {
    const cells = cellsOf(ctx.player);
    const total = CELL * SIZE + 2 * EDGE;
    const svg = h("svg", {viewBox: `0 0 ${total} ${total}`, class: "ri-board", role: "grid", "aria-label": ctx.player});
    // the empty board of the scored picture (frame, labels, centre, exits), the spaces over it
    svg.append(h("rect", {x: 0, y: 0, width: total, height: total, fill: "#fff"}));
    if (board0) svg.append(h("image", {href: board0, x: 0, y: 0, width: total, height: total, class: "ri-frame"}));
    cells.forEach((token, i) => {
      const r = Math.floor(i / SIZE), col = i % SIZE, x = EDGE + col * CELL, y = EDGE + r * CELL;
      const shown = selected === i && pick ? pick.list[pick.index] : token;
      const g = h("g", {class: "ri-cell", "data-square": squareName(i), "data-token": token, role: "gridcell",
        "aria-label": `${squareName(i)} ${token}`, "aria-selected": String(selected === i), tabindex: 0,
        onclick: () => select(i), onkeydown: (e) => { if (e.key === "Enter" || e.key === " ") select(i); }});
      g.append(h("rect", {x, y, width: CELL, height: CELL, fill: "transparent"}));
      if (shown !== ".") {
        const drawn = space(shown, x, y);
        if (selected === i && pick) drawn.setAttribute("opacity", "0.7");
        g.append(drawn);
      }
      if (selected === i) g.append(h("rect", {x: x + 1.5, y: y + 1.5, width: CELL - 3, height: CELL - 3, fill: "none",
        stroke: "#1565c0", "stroke-width": 3}));
      svg.append(g);
    });
    return svg;
  }

  function select(i) {
    selected = i;
    pick = null;
    draw();
  }

  async function choose(token) {
    if (selected === null) { ctx.message(w("pick")); return; }
    const answer = await ctx.action("orientations", {player: ctx.player, square: squareName(selected), token});
    if (!answer) return;
    remember(answer.pictures);
    const list = answer.valid.length ? answer.valid : answer.all;
    pick = {token, list, index: 0};
    ctx.message(answer.valid.length ? "" : w("no_valid"));
    draw();
  }

  // a space drawn (or erased) on the player's latest board when the change goes out, so quick
  // draws on two squares both land; undo puts back what was there then
  async function put(index, token) {
    const player = ctx.player;
    let before = null;
    const ok = await ctx.change(() => {
      const cells = cellsOf(player).slice();
      before = cells[index];
      if (before === token) return null;
      cells[index] = token;
      return {["player:" + player]: {cells}};
    });
    if (ok) { undo.push({player, index, before, after: token}); redo.length = 0; }
    return ok || before === token;
  }

  async function step(from, to, field) {
    const last = from.pop();
    if (!last) return;
    const ok = await ctx.change(() => {
      const cells = cellsOf(last.player).slice();
      cells[last.index] = last[field];
      return {["player:" + last.player]: {cells}};
    });
    (ok ? to : from).push(last);
    draw();
  }

  function ownEditor() {
    const kinds = ctx.room.parts.setup.expansion === "lava" ? ".hrl" : ".hr";
    const names = {".": w("none"), h: w("highway"), r: w("railway"), l: w("lava")};
    const markers = ["", "s", "o"];
    const markerNames = {"": w("plain"), s: w("station"), o: w("overpass")};
    const token = () => own.edges.join("") + own.marker;
    const row = h("div", {class: "row ri-own", "data-token": token()});
    own.edges.forEach((kind, side) => row.append(h("button", {type: "button", "data-side": "NESW"[side],
      onclick: () => { own.edges[side] = kinds[(kinds.indexOf(own.edges[side]) + 1) % kinds.length]; choose(token()); }},
      `${w("sides")[side]}: ${names[kind]}`)));
    row.append(h("button", {type: "button", "data-side": "marker",
      onclick: () => { own.marker = markers[(markers.indexOf(own.marker) + 1) % markers.length]; choose(token()); }},
      `${w("marker")}: ${markerNames[own.marker]}`));
    return row;
  }

  function picker() {
    const box = h("div", {class: "ri-faces"});
    const groups = [["die", w("dice")], ["special", w("specials")], ["expansion", w("expansion")]];
    // the faces the shown round rolled come first, marked, with how many dice show them
    const rolled = {};
    for (const die of currentRound()) if (die.token) rolled[die.token] = (rolled[die.token] || 0) + 1;
    for (const [group, label] of groups) {
      const mine = (faces || []).filter((f) => f.group === group);
      if (!mine.length) continue;
      mine.sort((a, b) => Number(!rolled[a.token]) - Number(!rolled[b.token]));
      box.append(h("div", {class: "row", role: "group", "aria-label": label}, mine.map((f) => h("button", {type: "button",
        class: [pick && pick.token === f.token ? "on" : "", rolled[f.token] ? "rolled" : ""].join(" ").trim(),
        "data-face": f.token, "data-rolled": rolled[f.token] || null, title: f.name[ctx.lang] || f.name.en,
        "aria-label": (f.name[ctx.lang] || f.name.en) + (rolled[f.token] ? ` (${w("rolled")} ×${rolled[f.token]})` : ""),
        onclick: () => { own = null; choose(f.token); }}, faceIcon(f.token),
        rolled[f.token] > 1 ? h("span", {class: "times"}, `×${rolled[f.token]}`) : null))));
    }
    box.append(h("div", {class: "row"}, h("button", {type: "button", "data-face": "own", class: own ? "on" : "",
      onclick: () => { own = own ? null : {edges: [".", ".", ".", "."], marker: ""}; pick = null; draw(); }}, w("own"))));
    if (own) box.append(ownEditor());
    return box;
  }

  function controls() {
    const shown = pick ? pick.list[pick.index] : null;
    return h("div", {class: "row ri-controls"},
      h("span", {id: "ri-preview", "data-token": shown || ""}, selected === null ? w("pick") : `${w("square")} ${squareName(selected)}`,
        shown ? [" ", faceIcon(shown)] : null),
      h("button", {type: "button", id: "ri-turn", disabled: !pick || pick.list.length < 2,
        onclick: () => { pick.index = (pick.index + 1) % pick.list.length; draw(); }}, w("turn")),
      h("button", {type: "button", id: "ri-draw", disabled: !pick,
        onclick: async () => { const ok = await put(selected, shown); if (ok) { pick = null; own = null; } draw(); }}, w("draw")),
      h("button", {type: "button", id: "ri-erase", disabled: selected === null || cellsOf(ctx.player)[selected] === ".",
        onclick: async () => { await put(selected, "."); pick = null; draw(); }}, w("erase")),
      h("button", {type: "button", id: "ri-undo", disabled: !undo.length, onclick: () => step(undo, redo, "before")}, w("undo")),
      h("button", {type: "button", id: "ri-redo", disabled: !redo.length, onclick: () => step(redo, undo, "after")}, w("redo")));
  }

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
      h("table", {}, h("tbody", {}, rows.map(([key, value]) => h("tr", {"data-item": key}, h("td", {}, w(key)),
        h("td", {class: "num"}, value))), h("tr", {}, h("th", {}, w("total")),
        h("th", {class: "num", id: "total", "data-testid": "total"}, mine.total)))),
      mine.violations.length ? h("div", {}, h("h3", {}, w("violations")),
        h("ul", {id: "violations"}, mine.violations.map((v) => h("li", {}, v)))) : null,
      h("figure", {class: "picture"}, ctx.picture({id: "ri-picture", alt: w("picture"),
        src: `/api/rooms/${ctx.room.id}/picture.svg?page=${index}&lang=${ctx.lang}&v=${ctx.room.version}`})));
  }

  // --- the dice of a printed seeded sheet, round by round (the server rolls them) ------------

  const currentRound = () => (rolls && rolls.rounds[round - 1] ? rolls.rounds[round - 1].dice : []);
  const dieKey = (die) => die.token || `face:${die.die}:${die.face}`;

  async function loadRolls(seed, at) {
    const answer = await ctx.action("rolls", {seed});
    if (!answer) return;
    rolls = answer;
    for (const r of rolls.rounds) for (const die of r.dice) pics[dieKey(die)] = dataUrl(die.picture);
    round = Math.min(Math.max(1, at || 1), rolls.rounds.length);
    seedInput.value = String(rolls.seed);
    keepRolls();
    ctx.message("");
    draw();
  }

  function keepRolls() {
    if (rolls) localStorage.setItem(rollsKey(), JSON.stringify({seed: String(rolls.seed), round}));
  }

  function rollsView() {
    if (!rolls) return [h("p", {class: "hint"}, w("seed_help"))];
    const count = rolls.rounds.length;
    const go = (to) => { round = to; keepRolls(); draw(); };
    return [
      h("div", {class: "row"},
        h("button", {type: "button", id: "ri-prev", "aria-label": w("prev"), disabled: round <= 1, onclick: () => go(round - 1)}, "◀"),
        h("strong", {id: "ri-round", "data-round": round}, `${w("round")} ${round} / ${count}`),
        h("button", {type: "button", id: "ri-next", "aria-label": w("next"), disabled: round >= count, onclick: () => go(round + 1)}, "▶"),
        h("span", {}, `${w("seed")} ${rolls.seed}` + (rolls.expansion !== "none" ? ` · ${w("expansion")}: ${rolls.expansion}` : ""))),
      h("div", {class: "row ri-dice"}, currentRound().map((die) => h("figure", {class: "ri-die", "data-die": die.die,
        "data-copy": die.copy, "data-token": die.token || "", "data-face-id": die.face},
        faceIcon(dieKey(die)), h("figcaption", {}, h("span", {class: "ri-face-name"}, die.name[ctx.lang] || die.name.en),
          h("small", {class: "ri-die-name"}, die.die_name[ctx.lang] || die.die_name.en))))),
    ];
  }

  // the page's boxes are made once; the seed field is never redrawn, so typing in it survives polls
  let boxes = null, seedInput = null, seedLabel = null, seedButton = null, rollsTitle = null;
  function layout() {
    seedInput = h("input", {id: "ri-seed", inputmode: "numeric", autocomplete: "off", maxlength: 19, size: 12});
    seedLabel = h("span", {});
    seedButton = h("button", {type: "submit", id: "ri-seed-go"});
    rollsTitle = h("h3", {});
    const form = h("form", {id: "ri-seed-form", class: "row", onsubmit: (event) => {
      event.preventDefault();
      loadRolls(seedInput.value.trim(), 1);
    }}, h("label", {}, seedLabel, " ", seedInput), seedButton);
    boxes = {board: h("div", {}), controls: h("div", {}), rolls: h("div", {}), picker: h("div", {}), score: h("div", {})};
    root.replaceChildren(boxes.board, boxes.controls, h("section", {class: "ri-rolls"}, rollsTitle, form, boxes.rolls),
      boxes.picker, boxes.score);
  }

  function draw() {
    if (!ctx) return;
    if (!boxes) layout();
    seedLabel.textContent = w("seed_field");
    seedButton.textContent = w("show");
    rollsTitle.textContent = w("rolls");
    boxes.board.replaceChildren(board());
    boxes.controls.replaceChildren(controls());
    boxes.rolls.replaceChildren(...rollsView());
    boxes.picker.replaceChildren(picker());
    boxes.score.replaceChildren(scoreTable());
    fetchMissing(cellsOf(ctx.player));
  }

  const style = document.createElement("style");
  style.textContent = ".ri-board{width:100%;max-width:30rem;display:block;margin:0 auto;touch-action:manipulation}" +
    ".ri-cell{cursor:pointer}.ri-faces button{padding:.1rem}.ri-score table{max-width:24rem}#ri-preview svg{vertical-align:middle}" +
    ".ri-faces button.rolled{border:3px solid #1565c0}.ri-faces .times{font-weight:700;margin:0 .2rem}" +
    ".ri-die{margin:0;display:flex;flex-direction:column;align-items:center;width:4.6rem;text-align:center;font-size:.8rem}" +
    ".ri-die span,.ri-die small{display:block}.ri-die small{color:#555}.ri-rolls h3{margin:.6rem 0 .2rem;font-size:1rem}.hint{color:#555;margin:.2rem 0}";
  document.head.append(style);

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
      if (kept && kept.seed) await loadRolls(kept.seed, kept.round);
    },
    update(context) {
      if (ctx && context.player !== ctx.player) { selected = null; pick = null; own = null; }
      ctx = context;
      draw();
    },
  });
})();
