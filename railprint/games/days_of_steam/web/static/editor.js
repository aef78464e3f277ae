/* Days of Steam's page for railprint serve: per player the goods delivered by colour, the
   circuit counters and the final steam on steppers, how the game ended, the scorer's itemised
   result, and the table's final map tile by tile (tap a square, pick the tile, turn it, set its
   flag, place it). No rule is computed here: every number shown, the circuits found on the map
   and its check come from the Python scorer; the tiles and their turned tracks from the server. */
(function () {
  "use strict";
  const WORDS = {
    en: {goods: "Goods delivered", R: "red", G: "green", Y: "yellow", B: "blue", circuits: "Circuit counters", counters: "Circuits and steam",
      steam: "Final steam", end: "How the game ended", tiles: "the last track tile was drawn",
      instant: "a player reached 13 VP", less: "one less", more: "one more", goods_vp: "Goods",
      pick: "pick the number", pick_help: "Tap the number.",
      all_goods: "All {n} goods of this colour are delivered already", all_circuits: "All {n} circuit counters are held already",
      colours: "colours", colour_bonus: "Colour bonus", circuit_vp: "Circuits", total: "Total",
      tie: "Tie-breaks: circuits, then steam", winner: "Winner", winners: "Winners (a tie)", violations: "Rule violations",
      map: "Final map (the whole table's)", map_help: "Tap a square (the dashed ones around the map add a row or column), then its city, or its tile (and mark) and the tile turned as it lies.",
      square: "Square", outside: "beside the map", place_turned: "Place it turned so:", erase: "Erase",
      flag: "Mark", plain: "none", h: "hill", w: "water tower", o: "overlay (on existing track)", city: "city",
      st: "straight", cu: "curve", sw: "switch", wy: "wye", br: "bridge", dc: "double curve", sd: "siding",
      circuits_found: "Circuits found on the map", allowed: "circuit counters the map allows: at most",
      unchecked: "overlay tiles on the map: counters not checked against it", incomplete: "search stopped: at least this many",
      picture: "The scored map with its circuits", picture_open: "Tap the picture to open it whole.", no_map: "No map entered: circuits are taken as typed."},
    pl: {goods: "Dostarczone towary", R: "czerwone", G: "zielone", Y: "żółte", B: "niebieskie",
      circuits: "Liczniki objazdów", counters: "Objazdy i para", steam: "Para na koniec", end: "Jak skończyła się gra",
      tiles: "dobrano ostatni żeton toru", instant: "gracz zdobył 13 PZ", less: "o jeden mniej",
      more: "o jeden więcej", goods_vp: "Towary",
      pick: "wybierz liczbę", pick_help: "Dotknij liczby.",
      all_goods: "Dostarczono już wszystkie {n} towarów tego koloru", all_circuits: "Rozdano już wszystkie {n} liczników objazdów", colours: "kolory", colour_bonus: "Premia za kolory",
      circuit_vp: "Objazdy", total: "Razem", tie: "Remisy: objazdy, potem para", winner: "Zwycięzca", winners: "Zwycięzcy (remis)",
      violations: "Naruszenia zasad",
      map: "Mapa na koniec gry (wspólna)", map_help: "Dotknij pola (przerywane wokół mapy dodają wiersz lub kolumnę), potem jego miasta albo żetonu (i oznaczenia) i żetonu obróconego tak, jak leży.",
      square: "Pole", outside: "obok mapy", place_turned: "Połóż obrócony tak:", erase: "Wymaż",
      flag: "Oznaczenie", plain: "brak", h: "wzgórze", w: "wieża ciśnień", o: "na istniejący tor", city: "miasto",
      st: "prosty", cu: "łuk", sw: "zwrotnica", wy: "trójkąt", br: "most", dc: "podwójny łuk", sd: "bocznica",
      circuits_found: "Objazdy znalezione na mapie", allowed: "liczniki objazdów możliwe na tej mapie: najwyżej",
      unchecked: "żetony na istniejącym torze: liczników nie porównano z mapą", incomplete: "przeszukiwanie przerwane: co najmniej tyle",
      picture: "Policzona mapa z objazdami", picture_open: "Dotknij obrazka, by otworzyć go w całości.", no_map: "Bez mapy: objazdy przyjęte tak, jak je wpisano."},
  };
  const COLOURS = {R: "#c62828", G: "#2e7d32", Y: "#f9a825", B: "#1565c0"};
  const LIMITS = {goods: 7, circuits: 7, steam: 6};
  const CITY_FILL = {R: "#c0392b", G: "#2e8b57", Y: "#e8b606", B: "#2f6db5"};
  const S = 40, GROUND = "#e9e4c6";
  const PORT = {N: [S / 2, 0], E: [S, S / 2], S: [S / 2, S], W: [0, S / 2]};
  let ctx = null, root = null, tiles = null, at = null, pending = null, picking = null;
  const w = (key) => ctx.t(key, WORDS);
  const h = (...args) => ctx.h(...args);
  const mine = () => ctx.room.parts["player:" + ctx.player];

  // made on the player's latest counts when the change goes out, so two quick taps on + both count
  async function step(field, colour, delta) { await setCount(field, colour, (now) => now + delta); }

  // the count set to what ``next`` makes of the player's latest one (a step, or a number picked)
  async function setCount(field, colour, next) {
    const player = ctx.player;
    await ctx.change(() => {
      const part = JSON.parse(JSON.stringify(ctx.room.parts["player:" + player]));
      const now = colour ? part.goods[colour] : part[field];
      const value = next(now);
      if (value < 0 || value > LIMITS[field] || value === now) return null;
      if (value > now && field !== "steam") {   // the game's 7 of a colour (7 counters) shared by the table: said here
        const held = Object.entries(ctx.room.parts).filter(([key]) => key.startsWith("player:"))
          .map(([key, p]) => [key.slice(7), colour ? p.goods[colour] : p[field]]).filter(([, n]) => n > 0);
        if (held.reduce((sum, [, n]) => sum + n, 0) - now + value > LIMITS[field]) {
          ctx.message(`${w(colour ? "all_goods" : "all_circuits").replace("{n}", LIMITS[field])} `
            + `(${held.map(([name, n]) => `${name} ${n}`).join(", ")}).`);
          return null;
        }
      }
      if (colour) part.goods[colour] = value; else part[field] = value;
      return {["player:" + player]: part};
    });
  }

  // the numbers close once one is tapped: the focus goes back to the count (it fell to the page,
  // and a keyboard or a screen reader lost its place)
  function refocus(id) {
    const pick = document.querySelector(`button.dos-pick[data-pick='${id}']`);
    if (pick) pick.focus({preventScroll: true});
  }

  // − and + step a count; a tap on the count opens its numbers (0 to the most) and a tap sets one:
  // any count in two taps (6 steam took 6 taps of +)
  function stepper(id, label, value, high, field, colour, chip) {
    return h("div", {}, h("div", {class: "dos-row"},
      h("span", {class: "dos-label", id: `dos-label-${id}`}, chip, label),
      h("button", {type: "button", class: "dos-step", "data-step": id, "data-delta": "-1", disabled: value <= 0,
        "aria-label": `${label}: ${w("less")}`, onclick: () => step(field, colour, -1)}, "−"),
      h("button", {type: "button", class: "dos-pick", "data-pick": id, "aria-expanded": String(picking === id),
        "aria-controls": `dos-values-${id}`, "aria-label": `${label}: ${value}, ${w("pick")}`,   // (its shown number in its name)
        onclick: () => { picking = picking === id ? null : id; draw(); }},
        h("output", {class: "dos-value", "data-value": id, "aria-labelledby": `dos-label-${id}`}, String(value))),
      h("button", {type: "button", class: "dos-step", "data-step": id, "data-delta": "1", disabled: value >= high,
        "aria-label": `${label}: ${w("more")}`, onclick: () => step(field, colour, 1)}, "+")),
      picking === id ? h("div", {class: "dos-values", role: "group", "aria-label": w("pick_help"), id: `dos-values-${id}`},
        Array.from({length: high + 1}, (_, n) => h("button", {type: "button", class: "dos-number", "data-set-value": n,
          "data-pick": id, "aria-pressed": String(n === value),
          onclick: () => { picking = null; draw(); refocus(id); setCount(field, colour, () => n); }}, String(n)))) : null);
  }

  function entry() {
    const part = mine();
    return h("div", {},
      h("h3", {}, w("goods")),
      Object.keys(COLOURS).map((c) => stepper("goods-" + c, w(c), part.goods[c], LIMITS.goods, "goods", c,
        h("span", {class: "dos-chip", style: `background:${COLOURS[c]}`}, c))),
      h("h3", {}, w("counters")),
      stepper("circuits", w("circuits"), part.circuits, LIMITS.circuits, "circuits", null, null),
      stepper("steam", w("steam"), part.steam, LIMITS.steam, "steam", null, null));
  }

  function ending() {
    const end = ctx.room.parts.game.end;
    return h("fieldset", {class: "dos-end"}, h("legend", {}, w("end")),
      ["tiles", "instant"].map((value) => h("label", {}, h("input", {type: "radio", name: "dos-end", value,
        "data-end": value, checked: end === value,
        onchange: () => ctx.change({game: {end: value}})}), " ", w(value))));
  }

  function summary() {
    const result = (ctx.score || {}).result;
    const me = result ? (result.players || []).find((p) => p.name === ctx.player) : null;
    if (!me) return h("p", {});
    const rows = [["goods_vp", me.goods], ["colour_bonus", me.colour_bonus, ` (${w("colours")}: ${me.colours})`],
      ["circuit_vp", me.circuits]];
    return h("div", {class: "dos-score"},
      h("table", {}, h("tbody", {}, rows.map(([key, value, note]) => h("tr", {"data-item": key},
        h("td", {}, w(key), note || ""), h("td", {class: "num"}, value))),
        h("tr", {}, h("th", {}, w("total")), h("th", {class: "num", id: "total", "data-testid": "total"}, me.total)))),
      h("p", {}, `${w(result.winner.length > 1 ? "winners" : "winner")}: `, h("strong", {id: "dos-winner"}, result.winner.join(", ")), ` · ${w("tie")}`),
      result.violations.length ? h("div", {}, h("h3", {}, w("violations")),
        h("ul", {id: "violations"}, result.violations.map((v) => h("li", {}, goto(unplaced(v), "g.dos-square"))))) : null);
  }

  // --- the final map: a grid of the file's tokens, one ring of empty squares around it ----------

  const rows = () => (ctx.room.parts.map || {rows: []}).rows;
  const label = (r, c) => {
    let letters = "", n = c;
    for (;;) { letters = String.fromCharCode(65 + (n % 26)) + letters; n = Math.floor(n / 26) - 1; if (n < 0) break; }
    return letters + (r + 1);
  };
  const kindOf = (code) => (tiles ? tiles.kinds.find((k) => k.code === code) : null);

  function parseToken(token) {
    if (!token || token === ".") return null;
    if (CITY_FILL[token]) return {city: token};
    return {code: token.slice(0, 2), rotation: Number(token[2]), flag: token.slice(3)};
  }
  const tokenOf = (p) => (p.city ? p.city : `${p.code}${p.rotation}${p.flag}`);

  // one square's drawing in an S-sized box; the tracks are the server's turned segments
  function tileArt(token) {
    const g = h("g", {});
    const p = parseToken(token);
    if (!p) return g;
    g.append(h("rect", {x: 0, y: 0, width: S, height: S, fill: GROUND, stroke: "#b9ad8c", "stroke-width": 0.6}));
    if (p.city) {
      g.append(h("line", {x1: S / 2, y1: 0, x2: S / 2, y2: S, stroke: "#3b3b3b", "stroke-width": 4}),
        h("line", {x1: 0, y1: S / 2, x2: S, y2: S / 2, stroke: "#3b3b3b", "stroke-width": 4}),
        h("rect", {x: S / 4, y: S / 4, width: S / 2, height: S / 2, rx: 2, fill: CITY_FILL[p.city], stroke: "#222"}),
        h("text", {x: S / 2, y: S / 2 + 5, "text-anchor": "middle", "font-size": 14, "font-weight": 700, fill: "#fff"}, p.city));
      return g;
    }
    const kind = kindOf(p.code);
    if (!kind) return g;
    if (p.flag === "h") g.append(h("circle", {cx: S / 2, cy: S / 2, r: S * 0.44, fill: "#d8cd9a"}));
    kind.rotations[p.rotation].forEach(([a, b], i) => {
      const [x1, y1] = PORT[a];
      let d;
      if (b === "end") {
        const [cx, cy] = [S / 2 + (x1 - S / 2) * 0.3, S / 2 + (y1 - S / 2) * 0.3];
        d = `M${x1} ${y1} L${cx} ${cy}`;
        g.append(h("path", {d, stroke: "#3b3b3b", "stroke-width": 4, fill: "none"}),
          h("circle", {cx, cy, r: 3.5, fill: "#8a3b2e"}));
        return;
      }
      const [x2, y2] = PORT[b];
      const straight = x1 === x2 || y1 === y2;
      d = straight ? `M${x1} ${y1} L${x2} ${y2}` : `M${x1} ${y1} Q${S / 2} ${S / 2} ${x2} ${y2}`;
      if (p.code === "br" && i === 1) g.append(h("path", {d, stroke: GROUND, "stroke-width": 9, fill: "none"}));
      g.append(h("path", {d, stroke: "#3b3b3b", "stroke-width": 4, fill: "none"}));
    });
    if (p.flag) g.append(h("rect", {x: 1, y: 1, width: 11, height: 11, fill: "#fbf8ee", stroke: "#8a3b2e", "stroke-width": 0.8}),
      h("text", {x: 6.5, y: 10, "text-anchor": "middle", "font-size": 10, "font-weight": 700, fill: "#8a3b2e"}, p.flag));
    return g;
  }

  // the scorer's violation without the game file's place (`game.yaml:4:12: `): the player typed no file
  function unplaced(text) { return text.replace(/^[^\s:]+:\d+(?::\d+)?: /, ""); }

  // a violation naming a square of the map: a link that shows that square, focused
  function goto(text, selector) {
    const m = /\b([A-Z]{1,2}[0-9]{1,2})\b/.exec(text);
    if (!m) return text;
    return h("a", {href: "#", "data-square": m[1], onclick: (event) => {
      event.preventDefault();
      const square = root.querySelector(`${selector}[data-square='${m[1]}']`);
      if (square) { square.scrollIntoView({block: "center"}); square.focus({preventScroll: true}); }
    }}, text);
  }

  function mapGrid() {
    const grid = rows();
    const height = Math.max(grid.length, 1), width = Math.max(grid.length ? grid[0].length : 0, 1);
    const E = 14;
    const svg = h("svg", {viewBox: `0 0 ${(width + 2) * S + E} ${(height + 2) * S + E}`, class: "dos-map", role: "group",
      "aria-label": w("map")});
    for (let c = 0; c < width && grid.length; c++) svg.append(h("text", {x: E + (c + 1.5) * S, y: E - 3, "text-anchor": "middle",
      "font-size": 10, fill: "#555"}, label(0, c).replace(/\d+$/, "")));
    for (let r = 0; r < height && grid.length; r++) svg.append(h("text", {x: E - 3, y: E + (r + 1.5) * S + 3, "text-anchor": "end",
      "font-size": 10, fill: "#555"}, String(r + 1)));
    // the circuits the scorer found: each square on one carries the circuit's number (as on the
    // scored picture below, where each is traced in its own colour)
    const check = ((ctx.score || {}).result || {}).map;
    const on = {};
    (check ? check.circuits : []).forEach((squares, n) => squares.forEach((sq) => {
      on[sq] = on[sq] || [];
      if (!on[sq].includes(n + 1)) on[sq].push(n + 1);
    }));
    for (let r = -1; r <= height; r++) for (let c = -1; c <= width; c++) {
      const inside = grid.length && r >= 0 && c >= 0 && r < height && c < width;
      const token = inside ? grid[r][c] : ".";
      const chosen = at && at[0] === r && at[1] === c;
      const shown = chosen && pending ? tokenOf(pending) : token;
      const x = E + (c + 1) * S, y = E + (r + 1) * S;
      const name = inside ? label(r, c) : w("outside");
      const g = h("g", {class: "dos-square", "data-at": `${r},${c}`, "data-square": inside ? label(r, c) : null,
        "data-token": token, role: "button", tabindex: 0, "aria-label": `${name} ${token}`, "aria-pressed": String(!!chosen),
        transform: `translate(${x} ${y})`, onclick: () => choose(r, c),
        onkeydown: (e) => { if (e.key === "Enter" || e.key === " ") choose(r, c); }});
      g.append(h("rect", {x: 0, y: 0, width: S, height: S, fill: inside ? "#fff" : "#f4f4ef", stroke: "#aaa",
        "stroke-width": 0.6, "stroke-dasharray": inside ? null : "3 3"}));
      const art = tileArt(shown);
      if (chosen && pending) art.setAttribute("opacity", "0.75");
      g.append(art);
      const loops = inside && !(chosen && pending) ? on[label(r, c)] || [] : [];
      if (loops.length) {
        g.setAttribute("data-circuits", loops.join(" "));
        const text = loops.length > 2 ? `${loops[0]}…` : loops.join(",");
        g.append(h("rect", {x: S - 4 - 6 * text.length, y: 1, width: 3 + 6 * text.length, height: 11, rx: 5, fill: tiles ? tiles.trace[(loops[0] - 1) % tiles.trace.length] : "#333"}),
          h("text", {x: S - 2.5, y: 10, "text-anchor": "end", "font-size": 9, "font-weight": 700, fill: "#fff"}, text));
      }
      if (chosen) g.append(h("rect", {x: 1.5, y: 1.5, width: S - 3, height: S - 3, fill: "none", stroke: "#1565c0", "stroke-width": 3}));
      labelled(g);
      svg.append(g);
    }
    return svg;
  }

  // a square's name holds the letters drawn on it as they read (a voice user says what they see:
  // WCAG's label in name), each drawn text ending in a space so that they read as words ("R 1")
  function labelled(g) {
    const texts = [...g.querySelectorAll("text")].map((t) => { t.textContent = `${t.textContent.trim()} `; return t.textContent.trim(); })
      .filter(Boolean);
    const seen = texts.join(" "), name = g.getAttribute("aria-label").trim();
    if (seen && !` ${name.toLowerCase()} `.includes(` ${seen.toLowerCase()} `)) g.setAttribute("aria-label", `${name} · ${seen}`);
  }

  function choose(r, c) {
    at = [r, c];
    const grid = rows();
    const inside = grid.length && r >= 0 && c >= 0 && r < grid.length && c < grid[0].length;
    pending = inside ? parseToken(grid[r][c]) : null;
    draw();
  }

  // the grid with the chosen square set to ``token``, grown by the ring row or column it is in
  // (the server trims empty border rows and columns again)
  function withToken(token) {
    const grid = rows().map((row) => row.slice());
    let [r, c] = at;
    const width = grid.length ? grid[0].length : 0;
    if (!grid.length) { grid.push(["."]); r = 0; c = 0; }
    else {
      if (r < 0) { grid.unshift(Array(width).fill(".")); r = 0; }
      if (r >= grid.length) grid.push(Array(width).fill("."));
      if (c < 0) { grid.forEach((row) => row.unshift(".")); c = 0; }
      if (c >= grid[0].length) grid.forEach((row) => row.push("."));
    }
    grid[r][c] = token;
    return grid;
  }

  async function put(token) {
    if (await ctx.change({map: {rows: withToken(token)}})) { at = null; pending = null; }
    draw();
  }

  function icon(token) {
    return h("svg", {viewBox: `0 0 ${S} ${S}`, width: 34, height: 34, "aria-hidden": "true"}, tileArt(token));
  }

  function mapPicker() {
    if (!at || !tiles) return h("p", {class: "dos-help"}, w("map_help"));
    const grid = rows();
    const [r, c] = at;
    const inside = grid.length && r >= 0 && c >= 0 && r < grid.length && c < grid[0].length;
    const kinds = tiles.kinds.map((k) => {
      const token = `${k.code}${pending && pending.code ? pending.rotation : 0}`;
      return h("button", {type: "button", class: "dos-kind" + (pending && pending.code === k.code ? " on" : ""),
        "data-kind": k.code, "aria-pressed": String(!!pending && pending.code === k.code),
        onclick: () => { pending = {code: k.code, rotation: pending && pending.code ? pending.rotation : 0, flag: ""}; draw(); }},
        icon(token), w(k.code));
    });
    const cities = Object.keys(CITY_FILL).map((letter) => h("button", {type: "button", class: "dos-kind" + (pending && pending.city === letter ? " on" : ""),
      "data-kind": letter, "aria-pressed": String(!!pending && pending.city === letter),
      onclick: () => { pending = {city: letter}; put(letter); }}, icon(letter), `${w(letter)} ${w("city")}`));   // a city: placed at once
    const kind = pending && pending.code ? kindOf(pending.code) : null;
    const flags = kind ? h("fieldset", {class: "dos-flags"}, h("legend", {}, w("flag")),
      Object.keys(kind.flags).map((flag) => h("label", {}, h("input", {type: "radio", name: "dos-flag", value: flag,
        "data-flag": flag || "none", checked: pending.flag === flag, onchange: () => { pending.flag = flag; draw(); }}),
        " ", flag ? `${flag}: ${w(flag)}` : w("plain")))) : null;
    return h("div", {class: "dos-picker"},
      h("p", {id: "dos-at"}, `${w("square")} ${inside ? label(r, c) : w("outside")}`,
        pending ? [" · ", h("strong", {id: "dos-pending"}, pending.code ? w(pending.code) : tokenOf(pending))] : null),
      h("div", {class: "row", role: "group", "aria-label": w("map")}, kinds, cities),
      flags,
      // the picked tile in its four turns (with the mark chosen): a tap places it so — one tap where
      // Turn ↻ … Place took 1-4
      kind ? h("div", {class: "row dos-turns", role: "group", "aria-label": w("place_turned")},
        h("span", {}, w("place_turned")),
        [0, 1, 2, 3].map((turned) => h("button", {type: "button", class: "dos-turn", "data-rotation": turned,
          onclick: () => put(tokenOf({...pending, rotation: turned}))},
          icon(`${pending.code}${turned}`), `${90 * turned}°`))) : null,
      h("div", {class: "row"},
        h("button", {type: "button", id: "dos-erase", disabled: !inside || grid[r][c] === ".", onclick: () => put(".")}, w("erase"))));
  }

  function mapCheck() {
    const result = (ctx.score || {}).result;
    if (!result) return h("p", {});  // not scorable yet: the page says why beside the ranking
    const check = result.map;
    if (!check) return h("p", {id: "dos-no-map"}, w("no_map"));
    const notes = [];
    if (check.circuits_allowed !== null) notes.push(`${w("allowed")} ${check.circuits_allowed}`);
    else if (check.overlay_tiles) notes.push(w("unchecked"));
    if (!check.search_complete) notes.push(w("incomplete"));
    return h("div", {class: "dos-check"},
      h("p", {}, `${w("circuits_found")}: `, h("strong", {id: "dos-circuits"}, String(check.circuits_found)),
        notes.length ? ` · ${notes.join(" · ")}` : ""),
      h("ol", {id: "dos-circuit-list"}, check.circuits.slice(0, 12).map((squares) => h("li", {}, squares.join(" → ")))),
      h("figure", {class: "picture"}, ctx.picture({id: "dos-picture", alt: w("picture"), loading: "lazy", open: true,
        src: `/api/rooms/${ctx.room.id}/picture.svg?page=0&lang=${ctx.lang}&v=${ctx.room.version}`}),
        h("figcaption", {}, w("picture_open"))));
  }

  function mapSection() {
    if (!ctx.room.parts.map) return null;  // a room made before the page kept a map
    return h("section", {class: "dos-map-section"}, h("h3", {}, w("map")), mapGrid(), mapPicker(), mapCheck());
  }

  function draw() {
    if (!ctx) return;
    root.replaceChildren(...[entry(), summary(), ending(), mapSection()].filter((node) => node !== null));
  }

  Railprint.style(document.currentScript);   // editor.css, beside this script

  Railprint.register({
    async mount(element, context) {
      root = element;
      ctx = context;
      draw();
      tiles = await ctx.action("tiles", {});
      draw();
    },
    update(context) {
      if (ctx && context.player !== ctx.player) picking = null;
      ctx = context;
      draw();
    },
  });
})();
