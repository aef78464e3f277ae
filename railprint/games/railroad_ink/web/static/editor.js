/* Railroad Ink's page for railprint serve: the 7 × 7 board, a face picker, turn, draw,
   undo/redo, the itemised score. Faces and their valid orientations come from the server
   (the dice file and rules.validate); the score from the Python scorer. */
(function () {
  "use strict";
  const WORDS = {
    en: {pick: "Tap a square, then a face.", turn: "Turn", draw: "Draw", erase: "Erase", undo: "Undo", redo: "Redo",
      own: "Draw your own", marker: "Centre", none: "nothing", highway: "highway", railway: "railway", lava: "lava",
      station: "station", overpass: "overpass", plain: "plain", sides: ["north", "east", "south", "west"],
      exits: "Exits", longest_highway: "Longest highway", longest_railway: "Longest railway", center: "Centre",
      errors: "Errors", meteor: "Meteor", lava_points: "Lava", total: "Total", violations: "Rule violations",
      no_valid: "No orientation fits the neighbours here; showing every orientation.", square: "Square",
      picture: "Scored sheet", dice: "Dice", specials: "Special routes", expansion: "Expansion"},
    pl: {pick: "Dotknij pola, potem wzoru.", turn: "Obróć", draw: "Narysuj", erase: "Wymaż", undo: "Cofnij", redo: "Ponów",
      own: "Własny wzór", marker: "Środek", none: "nic", highway: "autostrada", railway: "tor", lava: "lawa",
      station: "stacja", overpass: "wiadukt", plain: "zwykłe", sides: ["północ", "wschód", "południe", "zachód"],
      exits: "Wyjścia", longest_highway: "Najdłuższa autostrada", longest_railway: "Najdłuższy tor", center: "Środek",
      errors: "Błędy", meteor: "Meteoryt", lava_points: "Lawa", total: "Razem", violations: "Naruszenia zasad",
      no_valid: "Żadne ustawienie nie pasuje tu do sąsiadów; pokazuję wszystkie.", square: "Pole",
      picture: "Policzona plansza", dice: "Kostki", specials: "Trasy specjalne", expansion: "Dodatek"},
  };
  const ROWS = "ABCDEFG";
  const CELL = 40, EDGE = 20, SIZE = 7;
  const EXITS = [[0, 1, 0, "h"], [0, 3, 0, "r"], [0, 5, 0, "h"], [1, 6, 1, "r"], [3, 6, 1, "h"], [5, 6, 1, "r"],
    [6, 5, 2, "h"], [6, 3, 2, "r"], [6, 1, 2, "h"], [5, 0, 3, "r"], [3, 0, 3, "h"], [1, 0, 3, "r"]];
  const OUT = [[0, -1], [1, 0], [0, 1], [-1, 0]];
  let ctx = null, root = null, faces = null, selected = null, pick = null, own = null;
  const undo = [], redo = [];

  const w = (key) => ctx.t(key, WORDS);
  const h = (...args) => ctx.h(...args);
  const squareName = (i) => ROWS[Math.floor(i / SIZE)] + (i % SIZE + 1);
  const cellsOf = (player) => ctx.room.parts["player:" + player].cells;

  function parse(token) {
    if (token === "x") return {edges: "....", marker: "x"};
    if (token === ".") return {edges: "....", marker: ""};
    return {edges: token.slice(0, 4), marker: token.slice(4)};
  }

  function route(kind, x1, y1, x2, y2) {
    if (kind === "h") return [h("line", {x1, y1, x2, y2, stroke: "#1d1d1b", "stroke-width": 11}),
      h("line", {x1, y1, x2, y2, stroke: "#fff", "stroke-width": 7}),
      h("line", {x1, y1, x2, y2, stroke: "#1d1d1b", "stroke-width": 1.2, "stroke-dasharray": "3 3"})];
    if (kind === "r") return [h("line", {x1, y1, x2, y2, stroke: "#1d1d1b", "stroke-width": 8, "stroke-dasharray": "1.5 3.5"}),
      h("line", {x1, y1, x2, y2, stroke: "#1d1d1b", "stroke-width": 2.4})];
    return [h("line", {x1, y1, x2, y2, stroke: "#e8590c", "stroke-width": 12})];
  }

  // one space drawn in a CELL-sized box at (x, y)
  function space(token, x, y) {
    const g = h("g", {transform: `translate(${x} ${y})`});
    const {edges, marker} = parse(token);
    const c = CELL / 2;
    if (marker === "x") { g.append(h("circle", {cx: c, cy: c, r: 13, fill: "#bdbdbd", stroke: "#616161", "stroke-width": 2})); return g; }
    if (marker === "v") { g.append(h("rect", {x: 2, y: 2, width: CELL - 4, height: CELL - 4, fill: "#e8590c"}),
      h("polygon", {points: `${c},8 ${CELL - 9},${CELL - 9} 9,${CELL - 9}`, fill: "#5d4037"})); return g; }
    const order = marker === "o" ? [1, 3, 0, 2] : [0, 1, 2, 3];  // overpass: the N-S road over the E-W one
    for (const side of order) {
      const kind = edges[side];
      if (kind === ".") continue;
      const [dx, dy] = OUT[side];
      if (marker === "o" && (side === 0 || side === 2)) {
        g.append(h("line", {x1: c, y1: c, x2: c + dx * c, y2: c + dy * c, stroke: "#fff", "stroke-width": 16}));
      }
      g.append(...route(kind, c, c, c + dx * c, c + dy * c));
    }
    if (marker === "s") g.append(h("rect", {x: c - 6, y: c - 6, width: 12, height: 12, fill: "#1d1d1b"}));
    return g;
  }

  function faceIcon(token) {
    return h("svg", {viewBox: `0 0 ${CELL} ${CELL}`, width: 40, height: 40, "aria-hidden": "true"},
      h("rect", {x: 0.5, y: 0.5, width: CELL - 1, height: CELL - 1, fill: "#fff", stroke: "#999"}), space(token, 0, 0));
  }

  function board() {
    const cells = cellsOf(ctx.player);
    const total = CELL * SIZE + 2 * EDGE;
    const svg = h("svg", {viewBox: `0 0 ${total} ${total}`, class: "ri-board", role: "grid", "aria-label": ctx.player});
    svg.append(h("rect", {x: EDGE, y: EDGE, width: CELL * SIZE, height: CELL * SIZE, fill: "#fff", stroke: "#1d1d1b", "stroke-width": 2}));
    for (let r = 2; r < 5; r++) for (let col = 2; col < 5; col++) {
      svg.append(h("rect", {x: EDGE + col * CELL, y: EDGE + r * CELL, width: CELL, height: CELL, fill: "#fff3d6"}));
    }
    for (const [r, col, side, kind] of EXITS) {
      const [dx, dy] = OUT[side];
      const cx = EDGE + col * CELL + CELL / 2 + dx * CELL / 2, cy = EDGE + r * CELL + CELL / 2 + dy * CELL / 2;
      svg.append(...route(kind, cx, cy, cx + dx * (EDGE - 2), cy + dy * (EDGE - 2)));
    }
    cells.forEach((token, i) => {
      const r = Math.floor(i / SIZE), col = i % SIZE, x = EDGE + col * CELL, y = EDGE + r * CELL;
      const shown = selected === i && pick ? pick.list[pick.index] : token;
      const g = h("g", {class: "ri-cell", "data-square": squareName(i), "data-token": token, role: "gridcell",
        "aria-label": `${squareName(i)} ${token}`, "aria-selected": String(selected === i), tabindex: 0,
        onclick: () => select(i), onkeydown: (e) => { if (e.key === "Enter" || e.key === " ") select(i); }});
      g.append(h("rect", {x, y, width: CELL, height: CELL, fill: "transparent", stroke: "#bbb", "stroke-width": 0.6}));
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
    const list = answer.valid.length ? answer.valid : answer.all;
    pick = {token, list, index: 0};
    ctx.message(answer.valid.length ? "" : w("no_valid"));
    draw();
  }

  async function put(index, token) {
    const player = ctx.player;
    const cells = cellsOf(player).slice();
    const before = cells[index];
    if (before === token) return true;
    cells[index] = token;
    const ok = await ctx.change({["player:" + player]: {cells}});
    if (ok) { undo.push({player, index, before, after: token}); redo.length = 0; }
    return ok;
  }

  async function step(from, to, field) {
    const last = from.pop();
    if (!last) return;
    const cells = cellsOf(last.player).slice();
    cells[last.index] = last[field];
    if (await ctx.change({["player:" + last.player]: {cells}})) to.push(last);
    else from.push(last);
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
    for (const [group, label] of groups) {
      const mine = (faces || []).filter((f) => f.group === group);
      if (!mine.length) continue;
      box.append(h("div", {class: "row", role: "group", "aria-label": label}, mine.map((f) => h("button", {type: "button",
        class: pick && pick.token === f.token ? "on" : "", "data-face": f.token, title: f.name[ctx.lang] || f.name.en,
        "aria-label": f.name[ctx.lang] || f.name.en, onclick: () => { own = null; choose(f.token); }}, faceIcon(f.token)))));
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
      h("figure", {class: "picture"}, h("img", {alt: w("picture"),
        src: `/api/rooms/${ctx.room.id}/picture.svg?page=${index}&lang=${ctx.lang}&v=${ctx.room.version}`})));
  }

  function draw() {
    if (!ctx) return;
    root.replaceChildren(board(), controls(), picker(), scoreTable());
  }

  const style = document.createElement("style");
  style.textContent = ".ri-board{width:100%;max-width:30rem;display:block;margin:0 auto;touch-action:manipulation}" +
    ".ri-cell{cursor:pointer}.ri-faces button{padding:.1rem}.ri-score table{max-width:24rem}#ri-preview svg{vertical-align:middle}";
  document.head.append(style);

  Railprint.register({
    async mount(element, context) {
      root = element;
      ctx = context;
      const answer = await ctx.action("faces", {});
      faces = answer ? answer.faces : [];
      draw();
    },
    update(context) {
      if (ctx && context.player !== ctx.player) { selected = null; pick = null; own = null; }
      ctx = context;
      draw();
    },
  });
})();
