/* Jedzie pociąg z daleka's page for railprint serve: the scoring board's entry — per station the
   round each player arrived in (steppers; the other players' arrivals shown with their letters),
   the route track reading (39, 40+9) — or, in a frames room, each player's frame tile by tile
   (tap a square, pick a tile, turn it, place it). No rule is computed here: spaces, points, ties,
   the replay's arrivals and route points, and where a tile can go come from the Python scorer. */
(function () {
  "use strict";
  const WORDS = {
    en: {stations: "Stations: the round you arrived in", route: "Route track reading", route_hint: "e.g. 39 or 40+9",
      route_bad: "Type the number the track shows: 0 to 40, or 40+1 to 40+40 past the end.",
      not_arrived: "not arrived", round: "round", earlier: "one round earlier", later: "one round later",
      pick_round: "pick the round", pick_help: "Tap the round (– : not arrived).",
      space: "space", points: "pts", station_points: "Stations", route_points: "Route", total: "Total",
      save: "Save", mode: {stations: "Base game: stations", route: "Variant 1: route", "route+stations": "Variant 2: route and stations"},
      violations: "Rule violations", others: "others",
      frame: "Your frame: the tiles in the order placed", frame_help: "Tap a square (dashed: a tile there moves a locomotive), pick a tile, then tap it turned as it lies.",
      square: "Square", place_turned: "Place it turned so:", take_back: "Take back the last tile", depot: "depot", in_hand: "Tiles in hand",
      placed: "placed", arrivals: "Arrivals (from the replay)", station: "Station", round_h: "Round", space_h: "Space",
      locos: "Locomotives", tiles_entered: "tiles entered", state: {waiting: "waiting", arrived: "arrived", collided: "collided",
        removed: "removed (station taken)", depot: "in the depot"},
      colour: {blue: "blue", violet: "violet", black: "black", red: "red"}, picture: "The replayed frame", picture_open: "Tap the picture to open it whole.", none_yet: "none yet",
      over: "Every locomotive has stopped: the frame is finished.",
      not_playable: "A tile here would move no locomotive: pick a dashed square (+)."},
    pl: {stations: "Stacje: runda przyjazdu", route: "Odczyt z toru trasy", route_hint: "np. 39 albo 40+9",
      route_bad: "Wpisz liczbę z toru: od 0 do 40 albo od 40+1 do 40+40 za końcem.",
      not_arrived: "brak przyjazdu", round: "runda", earlier: "runda wcześniej", later: "runda później",
      pick_round: "wybierz rundę", pick_help: "Dotknij rundy (– : brak przyjazdu).",
      space: "miejsce", points: "pkt", station_points: "Stacje", route_points: "Trasa", total: "Razem",
      save: "Zapisz", mode: {stations: "Gra podstawowa: stacje", route: "Wariant 1: trasa", "route+stations": "Wariant 2: trasa i stacje"},
      violations: "Naruszenia zasad", others: "inni",
      frame: "Twoja ramka: kafelki w kolejności kładzenia", frame_help: "Dotknij pola (przerywane: kafelek tam ruszy lokomotywę), wybierz kafelek, potem dotknij go obróconego tak, jak leży.",
      square: "Pole", place_turned: "Połóż obrócony tak:", take_back: "Cofnij ostatni kafelek", depot: "parowozownia", in_hand: "Kafelki w ręce",
      placed: "położone", arrivals: "Przyjazdy (z odtworzenia)", station: "Stacja", round_h: "Runda", space_h: "Miejsce",
      locos: "Lokomotywy", tiles_entered: "wjechane kafelki", state: {waiting: "czeka", arrived: "dojechała", collided: "zderzenie",
        removed: "zdjęta (stacja zajęta)", depot: "w parowozowni"},
      colour: {blue: "niebieska", violet: "fioletowa", black: "czarna", red: "czerwona"}, picture: "Odtworzona ramka", picture_open: "Dotknij obrazka, by otworzyć go w całości.", none_yet: "jeszcze żadnych",
      over: "Wszystkie lokomotywy stanęły: ramka skończona.",
      not_playable: "Kafelek tutaj nie ruszy żadnej lokomotywy: wybierz pole przerywane (+)."},
  };
  let ctx = null, root = null, stations = null, typed = null, picking = null;
  const ROUNDS = 15;   // a frame holds 15 tiles: a game lasts at most 15 rounds
  let geometry = null, options = null, optionsFor = null, selected = null, pending = null;
  const S = 60, M = 26;
  const LOCO = {blue: "#2f6db5", violet: "#7e3fa0", black: "#2b2b2b", red: "#c62f2f"};
  const LETTER = {blue: "B", violet: "V", black: "K", red: "R"};  // beside the colour: never the only cue
  const words = () => WORDS[ctx.lang in WORDS ? ctx.lang : "en"];
  const w = (key) => ctx.t(key, WORDS);
  const h = (...args) => ctx.h(...args);
  const part = (player) => ctx.room.parts["player:" + player];
  const mode = () => ctx.room.parts.setup.mode;

  function result() {
    const score = (ctx.score || {}).result;
    return score ? (score.players || []).find((p) => p.name === ctx.player) || null : null;
  }

  // both made on the player's latest part when the change goes out, so quick taps never race
  function setPart(edit) {
    const player = ctx.player;
    return ctx.change(() => {
      const mine = JSON.parse(JSON.stringify(part(player)));
      edit(mine);
      return {["player:" + player]: mine};
    });
  }

  // one round earlier (-1) or later (+1) than the latest arrival there; before round 1: not arrived
  async function stepRound(number, delta) {
    await setPart((mine) => {
      const round = (mine.arrivals[number] || 0) + delta;
      mine.arrivals[number] = round >= 1 ? round : null;
    });
  }

  // any round in two taps: the value opens a row of rounds, one tap sets it (the steppers took
  // as many taps as the round: 14 for round 14)
  async function setRound(number, round) {
    picking = null;
    // the rounds close at once and the focus goes back to the station's round (it fell to the
    // page with the button tapped: a keyboard or a screen reader lost its place)
    draw();
    const pick = root.querySelector(`button.at-pick[data-pick='${number}']`);
    if (pick) pick.focus({preventScroll: true});
    await setPart((mine) => { mine.arrivals[number] = round; });
  }

  function roundPicker(n, round) {
    const choices = [null, ...Array.from({length: Math.max(ROUNDS, round || 0)}, (_, i) => i + 1)];
    return h("div", {class: "at-rounds", role: "group", "aria-label": w("pick_help"), id: `at-rounds-${n}`},
      choices.map((r) => h("button", {type: "button", class: "at-round", "data-set-round": r === null ? "none" : r,
        "data-station": n, "aria-pressed": String(r === round), onclick: () => setRound(n, r)}, r === null ? "–" : String(r))));
  }

  // a reading the track cannot show is said here, in the page's language, and the field keeps
  // the typing to correct (the server refuses it too, in English, naming the room's key)
  function readable(value) {
    const m = /^\s*(?:40\s*\+\s*(\d{1,2})|(\d{1,2}))\s*$/.exec(value);
    return !!m && (m[1] !== undefined ? 1 <= Number(m[1]) && Number(m[1]) <= 40 : Number(m[2]) <= 80);   // 49: the total 40+9, as a file may give it
  }

  async function setRoute(value) {
    if (!readable(value)) {
      ctx.message(w("route_bad"), false, "#at-route");
      const input = root.querySelector("#at-route");
      if (input) input.focus();
      return;
    }
    if (await setPart((mine) => { mine.route = value.trim(); })) typed = null;
  }

  function stationRow(station, me) {
    const n = String(station.number);
    const round = part(ctx.player).arrivals[n];
    const mine = me ? me.arrivals.find((a) => a.station === station.number) : null;
    const others = ctx.room.parts.setup.players.filter((p) => p !== ctx.player && part(p).arrivals[n] !== null);
    return h("div", {class: "at-station", "data-station": n},
      h("div", {class: "at-row"},
        h("span", {class: "at-chip", style: `background:${station.hex}`}, n),
        h("span", {class: "at-name"}, station.name),
        h("button", {type: "button", class: "at-step", "data-station": n, "data-delta": "-1", disabled: round === null,
          "aria-label": `${station.name}: ${w("earlier")}`, onclick: () => stepRound(n, -1)}, "−"),
        h("button", {type: "button", class: "at-pick", "data-pick": n, "aria-expanded": String(picking === n),
          "aria-controls": `at-rounds-${n}`, "aria-label": `${station.name}: ${round === null ? "–" : round}, ${w("pick_round")}`,
          onclick: () => { picking = picking === n ? null : n; draw(); if (picking === n) reveal(`#at-rounds-${n}`); }},
          h("output", {class: "at-value", "data-round": n}, round === null ? "–" : String(round))),
        h("button", {type: "button", class: "at-step", "data-station": n, "data-delta": "1",
          "aria-label": `${station.name}: ${w("later")}`, onclick: () => stepRound(n, 1)}, "+")),
      picking === n ? roundPicker(n, round) : null,
      h("div", {class: "at-detail"},
        round === null ? w("not_arrived") : `${w("round")} ${round}`,
        mine && mine.space ? h("span", {"data-points": n}, ` · ${w("space")} ${mine.space} · ${mine.points} ${w("points")}`) : null,
        others.length ? ` · ${w("others")}: ` : "",
        others.map((p) => h("span", {class: "at-other"}, ctx.swatch(ctx.playerIndex(p), p), `${p} @${part(p).arrivals[n]} `))));
  }

  function routeEntry(me) {
    const value = typed !== null ? typed : (me && me.route_reading) || String(part(ctx.player).route);
    const input = h("input", {id: "at-route", type: "text", inputmode: "text", autocomplete: "off", value,
      placeholder: w("route_hint"), "aria-label": w("route"), oninput: (e) => { typed = e.target.value; }});
    return h("form", {class: "at-route", onsubmit: (e) => { e.preventDefault(); setRoute(input.value); }},
      h("h3", {}, w("route")), h("div", {class: "at-row"}, input, h("button", {type: "submit", id: "at-route-save"}, w("save"))),
      h("small", {}, w("route_hint")));
  }

  // a violation naming a square of the frame: a link that shows that square, focused
  function goto(text) {
    const m = /\b([A-D][1-4])\b/.exec(text);
    if (!m || !framed()) return text;
    return h("a", {href: "#", "data-square": m[1], onclick: (event) => {
      event.preventDefault();
      const square = root.querySelector(`g.at-square[data-square='${m[1]}']`);
      if (square) { square.scrollIntoView({block: "center"}); square.focus({preventScroll: true}); }
    }}, text);
  }

  function summary(me) {
    if (!me) return h("p", {});
    const rows = [];
    if (mode() !== "route") rows.push(["station_points", me.station_points]);
    if (mode() !== "stations") rows.push(["route_points", me.route_points]);
    const violations = (ctx.score.result.violations || []).filter((v) => !v.player || v.player === ctx.player);
    return h("div", {class: "at-score"},
      h("table", {}, h("tbody", {}, rows.map(([key, value]) => h("tr", {"data-item": key}, h("td", {}, w(key)),
        h("td", {class: "num"}, value))), h("tr", {}, h("th", {}, w("total")),
        h("th", {class: "num", id: "total", "data-testid": "total"}, me.total)))),
      violations.length ? h("div", {}, h("h3", {}, w("violations")),
        h("ul", {id: "violations"}, violations.map((v) => h("li", {}, goto(v.message || String(v)))))) : null);
  }

  // --- frames: the 4 x 4 frame, columns A-D from the left, rows 1-4 from the bottom ----------

  const framed = () => ctx.room.parts.setup.entry === "frames";
  const placed = (player) => part(player).frame;
  const cellOf = (square) => ["ABCD".indexOf(square[0]), Number(square[1]) - 1];
  const origin = (square) => { const [x, y] = cellOf(square); return [M + x * S, M + (geometry.rows - 1 - y) * S]; };
  // ports clockwise from the top-left: N0 N1 E0 E1 S0 S1 W0 W1; their point and inward direction
  function port(name) {
    const third = {0: S / 3, 1: (2 * S) / 3}[name[1]];
    return {N: [[third, 0], [0, 1]], E: [[S, third], [-1, 0]], S: [[S - third, S], [0, -1]], W: [[0, S - third], [1, 0]]}[name[0]];
  }

  function tileArt(code, rotation) {
    const g = h("g", {});
    g.append(h("rect", {x: 0, y: 0, width: S, height: S, fill: "#f3efe2", stroke: "#9a9486", "stroke-width": 0.8}));
    for (const [a, b] of geometry.tiles[code][String(rotation)]) {
      const [[x1, y1], [dx1, dy1]] = port(a), [[x2, y2], [dx2, dy2]] = port(b);
      const k = S / 3;
      const d = `M${x1} ${y1} C${x1 + dx1 * k} ${y1 + dy1 * k} ${x2 + dx2 * k} ${y2 + dy2 * k} ${x2} ${y2}`;
      g.append(h("path", {d, fill: "none", stroke: "#f3efe2", "stroke-width": 7}),
        h("path", {d, fill: "none", stroke: "#5b544a", "stroke-width": 3.2}));
    }
    g.append(h("text", {x: 3, y: S - 3, "font-size": 9, fill: "#5b544a"}, code));
    return g;
  }

  function frameGrid() {
    const mine = placed(ctx.player);
    const at = Object.fromEntries(mine.map((t, i) => [t.square, {...t, round: i + 1}]));
    const playable = options ? options.playable : [];
    const width = geometry.cols * S + 2 * M, height = geometry.rows * S + 2 * M;
    const svg = h("svg", {viewBox: `0 0 ${width} ${height}`, class: "at-frame", role: "group", "aria-label": w("frame")});
    for (const edge of geometry.outer) {
      const [x0, y0] = origin(edge.square);
      const [a, b] = [port(edge.side + "0")[0], port(edge.side + "1")[0]];
      const out = {N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0]}[edge.side];
      const cx = x0 + (a[0] + b[0]) / 2 + out[0] * M * 0.5, cy = y0 + (a[1] + b[1]) / 2 + out[1] * M * 0.5;
      if (edge.station === null) {
        const k = M * 0.8;
        svg.append(h("path", {d: `M${x0 + a[0]} ${y0 + a[1]} C${x0 + a[0] + out[0] * k} ${y0 + a[1] + out[1] * k} ` +
          `${x0 + b[0] + out[0] * k} ${y0 + b[1] + out[1] * k} ${x0 + b[0]} ${y0 + b[1]}`, fill: "none", stroke: "#9a9486", "stroke-width": 3}));
      } else {
        const station = stations[edge.station - 1];
        svg.append(h("g", {class: "at-edge-station", "data-station": String(edge.station)},
          h("circle", {cx, cy, r: 10, fill: station.hex, stroke: "#222"}),
          h("text", {x: cx, y: cy + 4, "text-anchor": "middle", "font-size": 11, "font-weight": 700, fill: "#fff"}, String(edge.station))));
      }
    }
    let depot = null;  // drawn last: its start spaces sit on the edges it shares with its neighbours
    for (let y = geometry.rows - 1; y >= 0; y--) for (let x = 0; x < geometry.cols; x++) {
      const square = "ABCD"[x] + (y + 1);
      const [x0, y0] = origin(square);
      if (square === geometry.depot) {
        depot = h("g", {transform: `translate(${x0} ${y0})`, "data-square": square, class: "at-depot"},
          h("rect", {x: 0, y: 0, width: S, height: S, fill: "#ddd8c8", stroke: "#5b544a"}),
          h("text", {x: S / 2, y: S / 2 + 4, "text-anchor": "middle", "font-size": w("depot").length > 8 ? 6.5 : 9, fill: "#333"}, w("depot")));
        for (const [name, colour] of Object.entries(geometry.depot_ports)) {
          const [[px, py]] = port(name);
          depot.append(h("circle", {cx: px, cy: py, r: 6, fill: LOCO[colour], stroke: "#fff", "stroke-width": 1.5}),
            h("text", {x: px, y: py + 3, "text-anchor": "middle", "font-size": 7, "font-weight": 700, fill: "#fff"}, LETTER[colour]));
        }
        continue;
      }
      const tile = at[square];
      const chosen = selected === square;
      const shown = chosen && pending ? pending : tile;
      const open = !tile && playable.includes(square);
      const g = h("g", {class: "at-square", transform: `translate(${x0} ${y0})`, "data-square": square, role: "button", tabindex: 0,
        "data-tile": tile ? `${tile.tile} ${tile.rotation}` : "", "data-playable": String(open), "aria-pressed": String(chosen),
        "aria-label": `${square} ${tile ? tile.tile + " " + tile.rotation + "°" : ""}`,
        onclick: () => choose(square), onkeydown: (e) => { if (e.key === "Enter" || e.key === " ") choose(square); }});
      g.append(h("rect", {x: 0, y: 0, width: S, height: S, fill: "#fff", stroke: "#bbb", "stroke-width": 0.8}));
      if (shown) { const art = tileArt(shown.tile, shown.rotation); if (chosen && pending) art.setAttribute("opacity", "0.75"); g.append(art); }
      if (!shown) g.append(h("text", {x: 4, y: 11, "font-size": 9, fill: "#888"}, square));
      if (tile) g.append(h("text", {x: S - 3, y: 10, "text-anchor": "end", "font-size": 9, "font-weight": 700, fill: "#1d3557"}, `#${tile.round}`));
      if (open && !chosen) g.append(h("rect", {x: 3, y: 3, width: S - 6, height: S - 6, fill: "none", stroke: "#1565c0",
        "stroke-width": 1.5, "stroke-dasharray": "5 4"}), h("text", {x: S / 2, y: S / 2 + 6, "text-anchor": "middle",
        "font-size": 18, fill: "#1565c0"}, "+"));
      if (chosen) g.append(h("rect", {x: 1.5, y: 1.5, width: S - 3, height: S - 3, fill: "none", stroke: "#1565c0", "stroke-width": 3}));
      labelled(g);
      svg.append(g);
    }
    svg.append(depot);
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

  function choose(square) {
    if (placed(ctx.player).some((t) => t.square === square)) { selected = null; pending = null; draw(); return; }
    const current = options && options.key === `${ctx.player}@${ctx.room.version}`;
    if (current && !options.playable.includes(square)) {   // the replay would refuse any tile there: said at once
      ctx.message(w(options.playable.length ? "not_playable" : "over"));
      selected = null; pending = null; draw(); return;
    }
    ctx.message("");
    selected = square;
    pending = null;
    draw();
    reveal(".at-picker");
  }

  // what a tap just opened (a station's rounds, the hand under the frame, the picked tile's four turns) brought into
  // view if it is below the screen's edge: the next tap needs no scroll by hand
  function reveal(selector) {
    const node = root.querySelector(selector);
    const bottom = node ? node.getBoundingClientRect().bottom + 12 : 0;   // (and a finger's margin under it)
    if (bottom > window.innerHeight) window.scrollBy({top: bottom - window.innerHeight, behavior: "instant"});
  }

  async function setFrame(frame) {
    const square = selected;
    const ok = await ctx.change({["player:" + ctx.player]: {frame}});
    if (ok) {
      selected = null; pending = null; draw();
      // the turn tapped is gone with the hand: the focus goes to the square the tile was laid on
      // (it fell to the page, and a keyboard or a screen reader started again from the top)
      const laid = square && root.querySelector(`g.at-square[data-square='${square}']`);
      if (laid && (!document.activeElement || document.activeElement === document.body)) laid.focus({preventScroll: true});
    }
    return ok;
  }

  function tilePicker() {
    const mine = placed(ctx.player);
    if (!selected) return h("p", {class: "at-help"}, w("frame_help"));
    const hand = options ? options.in_hand : [];
    const rotation = pending ? pending.rotation : 0;
    return h("div", {class: "at-picker"},
      h("p", {id: "at-at"}, `${w("square")} ${selected}`, pending ? [" · ", h("strong", {id: "at-pending"},
        `${pending.tile} ${pending.rotation}°`)] : null),
      h("div", {class: "row", role: "group", "aria-label": w("in_hand")}, hand.map((code) => h("button", {type: "button",
        class: "at-tile" + (pending && pending.tile === code ? " on" : ""), "data-tile": code,
        "aria-pressed": String(!!pending && pending.tile === code), onclick: () => { pending = {tile: code, rotation}; draw(); reveal(".at-turns"); }},
        h("svg", {viewBox: `0 0 ${S} ${S}`, width: 40, height: 40, "aria-hidden": "true"}, tileArt(code, rotation)), code))),
      // the picked tile in its four turns: a tap places it so (one tap, where Turn ↻ … Place took 1-4)
      pending ? h("div", {class: "row at-turns", role: "group", "aria-label": w("place_turned")},
        h("span", {}, w("place_turned")),
        [0, 90, 180, 270].map((turned) => h("button", {type: "button", class: "at-turn", "data-rotation": turned,
          onclick: () => setFrame([...mine, {square: selected, tile: pending.tile, rotation: turned}])},
          h("svg", {viewBox: `0 0 ${S} ${S}`, width: 40, height: 40, "aria-hidden": "true"}, tileArt(pending.tile, turned)),
          `${turned}°`))) : null);
  }

  function replayed(me) {
    if (!me) return h("p", {});
    const names = words();
    return h("div", {class: "at-replay"},
      h("h3", {}, w("arrivals")),
      me.arrivals.length ? h("table", {id: "at-arrivals"}, h("thead", {}, h("tr", {}, h("th", {}, w("station")), h("th", {class: "num"}, w("round_h")),
        h("th", {class: "num"}, w("space_h")), h("th", {class: "num"}, w("points")))),
        h("tbody", {}, me.arrivals.map((a) => h("tr", {"data-station": String(a.station)},
          h("td", {}, h("span", {class: "at-chip", style: `background:${stations[a.station - 1].hex}`}, String(a.station)), " ", a.name),
          h("td", {class: "num"}, a.round), h("td", {class: "num"}, a.space === null || a.space === undefined ? "–" : a.space),
          h("td", {class: "num"}, a.points === null || a.points === undefined ? "–" : a.points)))))
        : h("p", {}, w("none_yet")),
      h("h3", {}, w("locos")),
      h("ul", {id: "at-locos"}, (me.locomotives || []).map((lo) => h("li", {"data-colour": lo.colour, "data-state": lo.state},
        h("span", {class: "at-chip", style: `background:${LOCO[lo.colour]}`}, LETTER[lo.colour]),
        ` ${names.colour[lo.colour]}: ${names.state[lo.state]}`,
        lo.station ? ` · ${lo.station} ${stations[lo.station - 1].name}` : "", lo.round ? ` · ${w("round")} ${lo.round}` : "",
        ` · ${w("tiles_entered")}: ${lo.tiles_entered}`))),
      h("figure", {class: "picture"}, ctx.picture({id: "at-picture", alt: w("picture"), loading: "lazy", open: true,
        src: `/api/rooms/${ctx.room.id}/picture.svg?page=${ctx.playerIndex(ctx.player)}&lang=${ctx.lang}&v=${ctx.room.version}`}),
        h("figcaption", {}, w("picture_open"))));
  }

  function frameEditor(me) {
    const mine = placed(ctx.player);
    const over = options && mine.length && !options.playable.length;
    return h("div", {class: "at-frames"},
      h("h3", {}, w("frame")), frameGrid(), tilePicker(),
      over ? h("p", {id: "at-over"}, w("over")) : null,
      h("div", {class: "row"}, h("button", {type: "button", id: "at-take-back", disabled: !mine.length,
        onclick: () => setFrame(mine.slice(0, -1))}, w("take_back")), h("span", {}, `${mine.length} ${w("placed")}`)));
  }

  // where the shown player's next tile can go: asked of the server after every change
  async function refreshOptions(force) {
    const key = `${ctx.player}@${ctx.room.version}`;
    if (!force && optionsFor === key) return;
    optionsFor = key;
    const answer = await ctx.action("frame", {player: ctx.player});
    if (answer && optionsFor === key) { options = answer; options.key = key; draw(); }
  }

  function draw() {
    if (!ctx || !stations) return;
    const me = result();
    if (framed()) {
      if (!geometry) return;
      // the frame and the hand first, the score under them: on a phone the frame's squares, the
      // tiles and their turns were below the score and "the game is not over" (a scroll a tile)
      root.replaceChildren(
        h("p", {class: "at-mode", id: "at-mode"}, words().mode[mode()]),
        frameEditor(me), summary(me), replayed(me));
      return;
    }
    root.replaceChildren(...[   // (replaceChildren writes a null as the text "null")
      h("p", {class: "at-mode", id: "at-mode"}, WORDS[ctx.lang in WORDS ? ctx.lang : "en"].mode[mode()]),
      summary(me),
      mode() !== "stations" ? routeEntry(me) : null,
      mode() !== "route" ? h("div", {}, h("h3", {}, w("stations")), stations.map((s) => stationRow(s, me))) : null,
    ].filter((node) => node !== null));
  }

  Railprint.style(document.currentScript);   // editor.css, beside this script

  Railprint.register({
    async mount(element, context) {
      root = element;
      ctx = context;
      stations = await ctx.action("stations", {});
      if (framed()) { geometry = await ctx.action("frame", {}); refreshOptions(true); }
      draw();
    },
    update(context) {
      if (ctx && context.player !== ctx.player) { selected = null; pending = null; }
      ctx = context;
      draw();
      if (geometry && framed()) refreshOptions(false);
    },
  });
})();
