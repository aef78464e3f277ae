/* Ticket to Ride's page for railprint serve: the map drawn from the printed board's layout,
   panned and zoomed with two fingers; routes claimed by tapping them (a thumb-sized target; a
   small chooser names the routes when several are near) or in a city's list; stations placed in
   cities with the borrowed route named or left to the scorer; tickets ticked per player; the
   scorer's itemised result. No rule is computed here: the server decides who holds what.

   The page is built once and then updated in place: the map keeps the view the player left it
   at, the ticket list its scroll, "Find a ticket" its focus and keystrokes, whatever redraws
   it (this phone's tap or another phone's change arriving by poll). */
(function () {
  "use strict";
  const WORDS = {
    en: {map: "Map", zoom_in: "Zoom in", zoom_out: "Zoom out", fit: "Whole map", city: "Routes from", pick_city: "pick a city",
      claimed_by: "claimed by", claim: "Claim", routes: "Routes", tickets: "Tickets kept", filter: "Find a ticket",
      none: "none yet", route_points: "Routes", ticket_points: "Tickets", globetrotter: "Globetrotter",
      longest_path_bonus: "Longest path", region_bonus: "Regions", station_points: "Unused stations", total: "Total",
      trains: "Trains used", violations: "Rule violations", completed: "completed", failed: "not completed",
      taken: "already claimed by", remove: "Remove", picture: "Scored board", picture_open: "Tap the picture to open it whole.", which: "Which one?", cancel: "Cancel",
      city_item: "routes and station", city_routes: "its routes", stations: "Stations", place_station: "Place my station here",
      remove_station: "Take my station back", station_of: "station of", borrows: "borrows", scorer_chooses: "the scorer chooses",
      chose: "the scorer's choice", borrows_nothing: "borrows nothing", placed: "placed", of: "of", each: "each unused",
      no_station_left: "all your stations are placed", map_help: "Two fingers pan and zoom the map; tap a route to claim it.",
      show_on_map: "show on the map", shown: "Shown on the map"},
    pl: {map: "Mapa", zoom_in: "Powiększ", zoom_out: "Pomniejsz", fit: "Cała mapa", city: "Trasy z", pick_city: "wybierz miasto",
      claimed_by: "zajęta przez", claim: "Zajmij", routes: "Trasy", tickets: "Zachowane bilety", filter: "Znajdź bilet",
      none: "jeszcze brak", route_points: "Trasy", ticket_points: "Bilety", globetrotter: "Globtroter",
      longest_path_bonus: "Najdłuższa trasa", region_bonus: "Regiony", station_points: "Niewykorzystane stacje", total: "Razem",
      trains: "Użyte wagony", violations: "Naruszenia zasad", completed: "zrealizowany", failed: "niezrealizowany",
      taken: "już zajęta przez", remove: "Usuń", picture: "Policzona plansza", picture_open: "Dotknij obrazka, by otworzyć go w całości.", which: "Która?", cancel: "Anuluj",
      city_item: "trasy i stacja", city_routes: "jego trasy", stations: "Stacje", place_station: "Postaw tu moją stację",
      remove_station: "Zabierz moją stację", station_of: "stacja gracza", borrows: "pożycza", scorer_chooses: "wybiera liczący",
      chose: "wybór liczącego", borrows_nothing: "nic nie pożycza", placed: "postawione", of: "z", each: "za każdą niewykorzystaną",
      no_station_left: "wszystkie twoje stacje stoją", map_help: "Dwa palce przesuwają i powiększają mapę; dotknij trasy, by ją zająć.",
      show_on_map: "pokaż na mapie", shown: "Pokazane na mapie"},
  };
  const TARGET = 22;       // CSS px around the finger: a 44 px thumb-sized target
  const MAX_ZOOM = 8;
  let ctx = null, root = null, map = null, city = "", filter = "";
  let view = null;         // {zoom, x, y}: the map's top-left corner in map units, kept across every redraw
  const el = {};           // the page's parts, built once
  const routeNodes = {};   // route id -> {g, polygons, letter}
  const labels = [];       // [city name <text>, its size on the printed board]: never smaller than LABEL_PX on screen
  const LABEL_PX = 10;
  const built = {};        // section -> the signature it was last built for (rebuilt only when it changes)
  const ticketRows = {};   // ticket id -> {li, box, status}
  // taps still on their way to the server: {player: {routes: {id: kept}, tickets: {id: kept}}}. They are
  // shown at once and survive any redraw meanwhile; each is applied to the latest state when sent.
  const pending = {};
  let flagged = null;      // {routes: [ids], cities: [ids]}: what a tapped violation or ticket shows on the map
  const w = (key) => ctx.t(key, WORDS);
  const h = (...args) => ctx.h(...args);
  const saved = (player) => ctx.room.parts["player:" + player];
  const players = () => ctx.room.parts.setup.players;

  function withPending(player, field, ids) {
    const wanted = ((pending[player] || {})[field]) || {};
    const out = ids.filter((id) => wanted[id] !== false);
    for (const [id, kept] of Object.entries(wanted)) if (kept && !out.includes(id)) out.push(id);
    return out;
  }

  // a player's routes, tickets and stations as this phone shows them: the saved ones and the taps on their way
  function part(player) {
    const mine = saved(player);
    return {routes: withPending(player, "routes", mine.routes), tickets: withPending(player, "tickets", mine.tickets),
      stations: mine.stations || []};
  }

  function owners() {
    const out = {};
    for (const p of players()) for (const r of part(p).routes) (out[r] = out[r] || []).push(p);
    return out;
  }

  function stationHolders() {
    const out = {};
    for (const p of players()) for (const s of part(p).stations) (out[s.city] = out[s.city] || []).push(p);
    return out;
  }

  const placeOf = (id) => map.places.find((p) => p.id === id) || {name: id, id};
  const routeOf = (id) => map.routes.find((r) => r.id === id);
  const nameOf = (r) => (r.names && r.names[ctx.lang]) || r.name;   // colours in the page's language

  // refusals and conflicts: shown next to what made the change (routes: right under the map;
  // stations, tickets: their own lists), announced to screen readers
  const NOTES = {routes: "note", tickets: "ticketNote", stations: "stationNote"};
  function note(text, where) {
    el[NOTES[where || "routes"]].textContent = text || "";
  }

  async function send(build, where) {
    return ctx.change(build, (text) => note(text, where));
  }

  async function tap(field, id, kept) {
    const player = ctx.player;
    const mine = (pending[player] = pending[player] || {routes: {}, tickets: {}});
    mine[field][id] = kept;
    draw();
    await send(() => {
      const now = saved(player);
      const ids = now[field].filter((x) => x !== id).concat(kept ? [id] : []);
      return {["player:" + player]: {routes: now.routes, tickets: now.tickets, stations: now.stations || [], [field]: ids}};
    }, field);
    if (mine[field][id] === kept) delete mine[field][id];
    draw();
  }

  function toggleRoute(id) {
    const mine = part(ctx.player);
    const holders = (owners()[id] || []).filter((p) => p !== ctx.player);
    if (!mine.routes.includes(id) && holders.length) {
      note(`${nameOf(routeOf(id))}: ${w("taken")} ${holders.join(", ")}`);
      return;
    }
    note("");
    return tap("routes", id, !mine.routes.includes(id));
  }

  function toggleTicket(id) {
    return tap("tickets", id, !part(ctx.player).tickets.includes(id));
  }

  // a station placed (route: null, the scorer chooses), re-pointed (route: id) or taken back (remove)
  function setStation(cityId, route, remove) {
    const player = ctx.player;
    note("", "stations");
    return send(() => {
      const now = saved(player);
      let stations = (now.stations || []).filter((s) => s.city !== cityId);
      if (!remove) {
        const at = (now.stations || []).findIndex((s) => s.city === cityId);
        const item = {city: cityId, route: route || null};
        stations = at >= 0 ? (now.stations || []).map((s) => (s.city === cityId ? item : s)) : stations.concat([item]);
      }
      return {["player:" + player]: {routes: now.routes, tickets: now.tickets, stations}};
    }, "stations").then(draw);
  }

  // --- the map: built once; pan and zoom change only its viewBox -----------------------------

  function box() {
    return {w: el.stage.clientWidth || 360, h: el.stage.clientHeight || 400};
  }

  function base() {  // CSS px per map unit at zoom 1: the whole map fits
    const b = box();
    return Math.min(b.w / map.width, b.h / map.height);
  }

  const ppu = () => base() * view.zoom;

  function clampView() {
    view.zoom = Math.min(MAX_ZOOM, Math.max(1, view.zoom));
    const b = box(), scale = ppu(), vw = b.w / scale, vh = b.h / scale;
    view.x = vw >= map.width ? (map.width - vw) / 2 : Math.min(map.width - vw, Math.max(0, view.x));
    view.y = vh >= map.height ? (map.height - vh) / 2 : Math.min(map.height - vh, Math.max(0, view.y));
  }

  function applyView() {
    clampView();
    const b = box(), scale = ppu();
    el.svg.setAttribute("viewBox", `${view.x} ${view.y} ${b.w / scale} ${b.h / scale}`);
    el.stage.dataset.zoom = view.zoom.toFixed(3);
    const least = LABEL_PX / scale;   // the printed board's names are ~2 px on a phone at 1×: readable at any zoom
    for (const [text, size] of labels) {
      const px = Math.max(size, least);
      text.setAttribute("font-size", px.toFixed(2));
      text.setAttribute("stroke-width", (px / 5).toFixed(2));
    }
    el.stage.dataset.view = `${view.x.toFixed(1)},${view.y.toFixed(1)}`;
  }

  // zoom by ``factor`` keeping the map point under the client point (cx, cy) where it is
  function zoomAt(factor, cx, cy) {
    const rect = el.stage.getBoundingClientRect(), before = ppu();
    const mx = view.x + (cx - rect.left) / before, my = view.y + (cy - rect.top) / before;
    view.zoom = Math.min(MAX_ZOOM, Math.max(1, view.zoom * factor));
    const after = ppu();
    view.x = mx - (cx - rect.left) / after;
    view.y = my - (cy - rect.top) / after;
    applyView();
  }

  function zoomCentre(factor) {
    const rect = el.stage.getBoundingClientRect();
    zoomAt(factor, rect.left + rect.width / 2, rect.top + rect.height / 2);
  }

  function sizeStage() {
    const width = el.stage.clientWidth || 360;
    el.stage.style.height = `${Math.round(Math.min(window.innerHeight * 0.7, width * map.height / map.width))}px`;
    applyView();
  }

  function toMap(cx, cy) {
    const rect = el.stage.getBoundingClientRect(), scale = ppu();
    return [view.x + (cx - rect.left) / scale, view.y + (cy - rect.top) / scale];
  }

  function segmentDistance(p, a, b) {
    const dx = b[0] - a[0], dy = b[1] - a[1], len = dx * dx + dy * dy;
    const t = len ? Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len)) : 0;
    return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
  }

  function routeDistance(p, route) {
    let best = Infinity;
    for (let i = 0; i + 1 < route.path.length; i += 1) best = Math.min(best, segmentDistance(p, route.path[i], route.path[i + 1]));
    return best;
  }

  // what lies under the finger: routes within the thumb's reach of their axis, cities within it
  function under(cx, cy) {
    const p = toMap(cx, cy), reach = Math.max(TARGET / ppu(), map.car_width / 2);
    const routes = map.routes.map((r) => [routeDistance(p, r), r]).filter(([d]) => d <= reach)
      .sort((a, b) => a[0] - b[0]).map(([, r]) => r);
    const cities = map.places.map((c) => [Math.hypot(p[0] - c.at[0], p[1] - c.at[1]), c]).filter(([d]) => d <= reach)
      .sort((a, b) => a[0] - b[0]).map(([, c]) => c);
    return {routes, cities};
  }

  function tapAt(cx, cy) {
    if (flagged) { flagged = null; drawFlags(); }
    const found = under(cx, cy);
    const rect = el.stage.getBoundingClientRect();
    el.chooser.classList.toggle("top", cy > rect.top + rect.height / 2);  // away from the finger
    if (found.routes.length === 1 && !found.cities.length) { closeChooser(); toggleRoute(found.routes[0].id); return; }
    if (!found.routes.length && found.cities.length === 1) { closeChooser(); pickCity(found.cities[0].id); return; }
    if (!found.routes.length && !found.cities.length) { closeChooser(); return; }
    openChooser(found);
  }

  function pickCity(id) {
    city = id;
    draw();
    el.cityPanel.scrollIntoView({block: "nearest"});
  }

  // several routes (or a city) near the finger: a small list that names them, each a big button
  function openChooser(found) {
    const held = owners();
    el.chooser.replaceChildren(...[h("p", {class: "ttr-which"}, w("which")),
      found.routes.map((r) => {
        const who = held[r.id] || [];
        return h("button", {type: "button", "data-route": r.id, class: who.includes(ctx.player) ? "on" : "",
          onclick: () => { closeChooser(); toggleRoute(r.id); }},
          h("span", {class: "ttr-chip", style: `background:${r.hex}`}), nameOf(r), who.length ? ` · ${who.join(", ")}` : "");
      }),
      found.cities.map((c) => h("button", {type: "button", "data-city": c.id, onclick: () => { closeChooser(); pickCity(c.id); }},
        `${c.name} — ${w(map.stations && c.city ? "city_item" : "city_routes")}`)),
      h("button", {type: "button", class: "ttr-cancel", onclick: closeChooser}, w("cancel"))].flat());
    el.chooser.hidden = false;
  }

  function closeChooser() {
    el.chooser.hidden = true;
    el.chooser.replaceChildren();
  }

  // two fingers pan and zoom, one finger pans; a touch that did not move is a tap
  function gestures() {
    const pointers = new Map();
    let gesture = null;
    const start = () => {
      const pts = [...pointers.values()];
      if (pts.length === 1) gesture = {kind: "pan", x: pts[0].x, y: pts[0].y, view: {...view}, moved: gesture !== null};
      else if (pts.length === 2) {
        gesture = {kind: "pinch", view: {...view}, moved: true,
          dist: Math.hypot(pts[0].x - pts[1].x, pts[0].y - pts[1].y) || 1,
          mid: [(pts[0].x + pts[1].x) / 2, (pts[0].y + pts[1].y) / 2]};
      }
    };
    el.stage.addEventListener("pointerdown", (e) => {
      if (e.target.closest(".ttr-chooser")) return;
      el.stage.setPointerCapture(e.pointerId);
      const fresh = pointers.size === 0;
      pointers.set(e.pointerId, {x: e.clientX, y: e.clientY});
      if (fresh) gesture = null;
      start();
    });
    el.stage.addEventListener("pointermove", (e) => {
      if (!pointers.has(e.pointerId) || !gesture) return;
      pointers.set(e.pointerId, {x: e.clientX, y: e.clientY});
      const pts = [...pointers.values()];
      const rect = el.stage.getBoundingClientRect();
      if (gesture.kind === "pan" && pts.length === 1) {
        const dx = pts[0].x - gesture.x, dy = pts[0].y - gesture.y;
        if (!gesture.moved && Math.hypot(dx, dy) < 8) return;
        gesture.moved = true;
        const scale = base() * gesture.view.zoom;
        view.x = gesture.view.x - dx / scale;
        view.y = gesture.view.y - dy / scale;
        applyView();
      } else if (gesture.kind === "pinch" && pts.length === 2) {
        const dist = Math.hypot(pts[0].x - pts[1].x, pts[0].y - pts[1].y) || 1;
        const mid = [(pts[0].x + pts[1].x) / 2, (pts[0].y + pts[1].y) / 2];
        const before = base() * gesture.view.zoom;
        const mx = gesture.view.x + (gesture.mid[0] - rect.left) / before;
        const my = gesture.view.y + (gesture.mid[1] - rect.top) / before;
        view.zoom = Math.min(MAX_ZOOM, Math.max(1, gesture.view.zoom * dist / gesture.dist));
        const after = ppu();
        view.x = mx - (mid[0] - rect.left) / after;
        view.y = my - (mid[1] - rect.top) / after;
        applyView();
      }
    });
    const end = (e) => {
      if (!pointers.has(e.pointerId)) return;
      const wasTap = e.type === "pointerup" && gesture && gesture.kind === "pan" && !gesture.moved && pointers.size === 1;
      pointers.delete(e.pointerId);
      if (wasTap) { gesture = null; tapAt(e.clientX, e.clientY); return; }
      if (pointers.size) { start(); gesture.moved = true; } else gesture = null;
    };
    el.stage.addEventListener("pointerup", end);
    el.stage.addEventListener("pointercancel", end);
    // a touch on the map is handled here: no click is synthesised after it (it would land on the
    // chooser that the tap just opened under the finger)
    el.stage.addEventListener("touchend", (e) => { if (!e.target.closest(".ttr-chooser")) e.preventDefault(); },
      {passive: false});
    el.stage.addEventListener("wheel", (e) => { e.preventDefault(); zoomAt(e.deltaY < 0 ? 1.25 : 0.8, e.clientX, e.clientY); },
      {passive: false});
  }

  function buildMap() {
    labels.length = 0;
    const svg = h("svg", {class: "ttr-map", role: "img", "aria-label": map.title[ctx.lang] || map.title.en,
      preserveAspectRatio: "xMinYMin meet"});
    svg.append(h("rect", {x: -map.width, y: -map.height, width: 3 * map.width, height: 3 * map.height, fill: "#f4efe1"}));
    for (const route of map.routes) {
      const g = h("g", {class: "ttr-route", "data-route": route.id, "data-owner": ""});
      const polygons = route.cars.map((car) => h("polygon", {points: car.map((p) => p.join(",")).join(" "),
        "stroke-width": map.car_width / 6}));
      g.append(...polygons);
      let letter = null;
      if (route.cars.length) {  // the owner's letter: colour is never the only cue
        const mid = route.cars[Math.floor(route.cars.length / 2)];
        const cx = mid.reduce((s, p) => s + p[0], 0) / mid.length, cy = mid.reduce((s, p) => s + p[1], 0) / mid.length;
        letter = h("text", {x: cx, y: cy + map.car_width * 0.45, "text-anchor": "middle", "font-size": map.car_width * 1.3,
          "font-weight": 700, fill: "#fff", stroke: "#1d1d1b", "stroke-width": map.car_width / 8});
        g.append(letter);
      }
      routeNodes[route.id] = {g, polygons, letter};
      svg.append(g);
    }
    for (const place of map.places) {
      svg.append(h("circle", {cx: place.at[0], cy: place.at[1], r: map.car_width * 0.9, fill: "#fff", stroke: "#1d1d1b",
        "stroke-width": map.car_width / 5, class: "ttr-city", "data-city": place.id}));
      if (place.label) {
        const text = h("text", {x: place.label.x, y: place.label.y, "font-size": place.label.size, class: "ttr-label",
          "text-anchor": "middle", fill: "#1d1d1b", stroke: "#f4efe1", "paint-order": "stroke", "stroke-linejoin": "round"},
          place.name);
        labels.push([text, place.label.size]);
        svg.append(text);
      }
    }
    el.stationLayer = h("g", {class: "ttr-stations"});
    el.flagLayer = h("g", {class: "ttr-flags"});
    svg.append(el.stationLayer, el.flagLayer);
    el.svg = svg;
    el.chooser = h("div", {class: "ttr-chooser", id: "ttr-chooser", hidden: true});
    el.stage = h("div", {class: "ttr-stage", id: "ttr-stage", "aria-describedby": "ttr-help"}, svg, el.chooser);
    return el.stage;
  }

  function drawMap() {
    const held = owners();
    for (const route of map.routes) {
      const node = routeNodes[route.id], who = held[route.id] || [];
      const index = who.length ? ctx.playerIndex(who[0]) : -1;
      node.g.setAttribute("data-owner", who.join(","));
      for (const poly of node.polygons) {
        poly.setAttribute("fill", index >= 0 ? ctx.colour(index) : route.hex);
        poly.setAttribute("fill-opacity", index >= 0 ? 1 : 0.55);
        poly.setAttribute("stroke", index >= 0 ? "#1d1d1b" : route.hex);
      }
      if (node.letter) node.letter.textContent = index >= 0 ? who[0].charAt(0).toUpperCase() : "";
    }
    const marks = [];
    for (const p of players()) {
      const index = ctx.playerIndex(p);
      for (const s of part(p).stations) {
        const at = placeOf(s.city).at, r = map.car_width * 1.1;
        marks.push(h("g", {class: "ttr-station", "data-station": s.city, "data-owner": p},
          h("rect", {x: at[0] - r, y: at[1] - r * 2.4, width: 2 * r, height: 1.6 * r, fill: ctx.colour(index), stroke: "#1d1d1b",
            "stroke-width": map.car_width / 6}),
          h("text", {x: at[0], y: at[1] - r * 1.15, "text-anchor": "middle", "font-size": r * 1.3, "font-weight": 700,
            fill: "#fff"}, p.charAt(0).toUpperCase())));
      }
    }
    el.stationLayer.replaceChildren(...marks);
  }

  // --- a violation (or a ticket) shown on the map: the view fitted to its routes and cities,
  // which are ringed in red; the map scrolled into view and the message announced -------------

  function drawFlags() {
    const marks = [];
    if (flagged) {
      const wide = map.car_width * 1.9;
      for (const id of flagged.routes) {
        const r = routeOf(id);
        if (!r || r.path.length < 2) continue;
        // a dark band with white dashes over the route: told apart from every player's colour
        const points = r.path.map((p) => p.join(",")).join(" ");
        marks.push(h("polyline", {class: "ttr-flag", "data-flag-route": id, points, fill: "none", stroke: "#000",
          "stroke-width": wide, "stroke-opacity": 0.45, "stroke-linecap": "round", "stroke-linejoin": "round"}),
        h("polyline", {points, fill: "none", stroke: "#fff", "stroke-width": map.car_width * 0.35,
          "stroke-dasharray": `${map.car_width} ${map.car_width * 0.6}`, "stroke-linecap": "round"}));
      }
      for (const id of flagged.cities) {
        const c = map.places.find((p) => p.id === id);
        if (c) marks.push(h("circle", {class: "ttr-flag", "data-flag-city": id, cx: c.at[0], cy: c.at[1], r: map.car_width * 2.2,
          fill: "none", stroke: "#000", "stroke-opacity": 0.6, "stroke-width": map.car_width * 0.9}),
        h("circle", {cx: c.at[0], cy: c.at[1], r: map.car_width * 2.2, fill: "none", stroke: "#fff",
          "stroke-width": map.car_width * 0.35, "stroke-dasharray": `${map.car_width} ${map.car_width * 0.6}`}));
      }
    }
    el.flagLayer.replaceChildren(...marks);
    el.stage.dataset.flagged = flagged ? [...flagged.routes, ...flagged.cities].join(",") : "";
  }

  function showOnMap(target, text) {
    const points = [];
    for (const id of target.routes) { const r = routeOf(id); if (r) points.push(...r.path); }
    for (const id of target.cities) { const c = map.places.find((p) => p.id === id); if (c) points.push(c.at); }
    if (!points.length) return;
    flagged = {routes: target.routes.slice(), cities: target.cities.slice()};
    const margin = map.car_width * 4;
    const xs = points.map((p) => p[0]), ys = points.map((p) => p[1]);
    const x0 = Math.min(...xs) - margin, x1 = Math.max(...xs) + margin;
    const y0 = Math.min(...ys) - margin, y1 = Math.max(...ys) + margin;
    const b = box();
    view.zoom = Math.min(MAX_ZOOM, Math.max(1, Math.min(b.w / (x1 - x0), b.h / (y1 - y0)) / base()));
    const scale = ppu();
    view.x = (x0 + x1) / 2 - b.w / scale / 2;
    view.y = (y0 + y1) / 2 - b.h / scale / 2;
    applyView();
    drawFlags();
    closeChooser();
    el.stage.scrollIntoView({block: "start"});
    note(`${w("shown")}: ${text}`);
  }

  // a link that shows ``target`` on the map (nothing to link: the plain text)
  function mapLink(text, target, attrs) {
    if (!target || !(target.routes.length || target.cities.length)) return text;
    return h("a", {href: "#ttr-stage", class: "ttr-goto", "data-routes": target.routes.join(","),
      "data-cities": target.cities.join(","), "aria-label": `${text} — ${w("show_on_map")}`, ...attrs,
      onclick: (e) => { e.preventDefault(); showOnMap(target, text); }}, text);
  }

  // --- the panels below the map: rebuilt only when what they show changes -------------------

  function section(name, signature, make) {
    const key = JSON.stringify(signature);
    if (built[name] === key) return;
    built[name] = key;
    el[name].replaceChildren(...[make()].flat(Infinity).filter(Boolean));
  }

  function routeLine(r, who) {
    return [h("span", {class: "ttr-chip", style: `background:${r.hex}`}), nameOf(r),
      who.length ? ` · ${w("claimed_by")} ${who.join(", ")}` : ""];
  }

  function drawCity() {
    el.citySelect.value = city;
    const held = owners(), stations = stationHolders();
    const list = city ? map.routes.filter((r) => r.a === city || r.b === city) : [];
    const place = city ? placeOf(city) : null;
    const mine = part(ctx.player).stations;
    const signature = [ctx.lang, ctx.player, city, list.map((r) => held[r.id] || []), stations[city] || [], mine.length];
    section("cityList", signature, () => {
      const buttons = list.map((r) => {
        const who = held[r.id] || [];
        const on = who.includes(ctx.player);
        return h("button", {type: "button", class: on ? "on" : "", "data-route": r.id, "aria-pressed": String(on),
          onclick: () => toggleRoute(r.id)}, routeLine(r, who));
      });
      if (map.stations && place && place.city) {
        const here = stations[city] || [];
        if (here.includes(ctx.player)) {
          buttons.push(h("button", {type: "button", class: "ttr-station-button on", "data-station-button": city,
            onclick: () => setStation(city, null, true)}, `⌂ ${w("remove_station")}`));
        } else if (here.length) {
          buttons.push(h("p", {class: "ttr-station-held"}, `⌂ ${w("station_of")} ${here.join(", ")}`));
        } else {
          const full = mine.length >= map.stations.per_player;
          buttons.push(h("button", {type: "button", class: "ttr-station-button", "data-station-button": city, disabled: full,
            onclick: () => setStation(city, null, false)}, `⌂ ${w("place_station")}`, full ? ` (${w("no_station_left")})` : ""));
        }
      }
      return buttons;
    });
  }

  function drawStations() {
    if (!map.stations) return;
    const held = owners();
    const mine = part(ctx.player).stations;
    const result = playerResult();
    const chosen = {};
    if (result) for (const s of result.stations || []) chosen[s.city] = s;
    const signature = [ctx.lang, ctx.player, mine, held, chosen];
    section("stations", signature, () => [
      h("h3", {}, `${w("stations")}: ${mine.length} ${w("of")} ${map.stations.per_player} ${w("placed")}`,
        ` (${map.stations.points_unused} ${w("each")})`),
      h("ul", {class: "ttr-station-list", id: "ttr-station-list"}, mine.map((s) => {
        const place = placeOf(s.city);
        const foreign = map.routes.filter((r) => (r.a === s.city || r.b === s.city)
          && (held[r.id] || []).some((p) => p !== ctx.player));
        const options = foreign.some((r) => r.id === s.route) || !s.route ? foreign : foreign.concat([routeOf(s.route)]);
        const scored = chosen[place.name];
        return h("li", {"data-station": s.city},
          h("strong", {}, `⌂ ${place.name}`), " ",
          h("label", {}, `${w("borrows")} `, h("select", {"data-borrow": s.city, "aria-label": `${place.name}: ${w("borrows")}`,
            onchange: (e) => setStation(s.city, e.target.value || null, false)},
            h("option", {value: "", selected: !s.route}, w("scorer_chooses")),
            options.map((r) => h("option", {value: r.id, selected: r.id === s.route},
              `${nameOf(r)} · ${(held[r.id] || []).join(", ")}`)))),
          scored ? h("span", {class: "ttr-borrowed", "data-borrowed": scored.route_id || ""},
            scored.borrows ? ` → ${scored.borrows} (${scored.from.join(", ")})${scored.chosen_by === "scorer" ? ` · ${w("chose")}` : ""}`
              : ` → ${w("borrows_nothing")}`) : null,
          h("button", {type: "button", class: "ttr-remove", "data-remove-station": s.city,
            onclick: () => setStation(s.city, null, true)}, w("remove")));
      })),
    ]);
  }

  function playerResult() {
    const score = ctx.score || {};
    if (!score.result) return null;
    return (score.result.players || []).find((p) => p.name === ctx.player) || null;
  }

  // the scorer's items; every one that is not zero is shown, so the rows always add up to the total
  const ITEMS = ["route_points", "ticket_points", "globetrotter", "longest_path_bonus", "region_bonus", "station_points"];

  // this player's violations, each with where it is on the map (the server reads the game file's line)
  function myViolations() {
    const score = ctx.score || {};
    const all = (score.result && score.result.violations) || [];
    const targets = score.targets || [];
    return all.map((v, i) => ({text: v.message, player: v.player,
      target: targets[i] || null})).filter((v) => v.player === ctx.player || v.player === null);
  }

  function drawSummary() {
    const mine = playerResult();
    const flaws = myViolations();
    section("summary", [ctx.lang, mine, flaws], () => {
      if (!mine) return h("p", {});
      const rows = ITEMS.map((key) => [key, mine[key] || 0])
        .filter(([key, value]) => value || key === "route_points" || key === "ticket_points");
      return [h("table", {}, h("tbody", {}, rows.map(([key, value]) => h("tr", {"data-item": key}, h("td", {}, w(key),
        key === "station_points" ? ` (${(map.stations || {}).per_player - mine.stations_used} × ${(map.stations || {}).points_unused})` : ""),
        h("td", {class: "num"}, value))), h("tr", {}, h("th", {}, w("total")),
        h("th", {class: "num", id: "total", "data-testid": "total"}, mine.total)))),
      h("p", {id: "ttr-trains"}, `${w("trains")}: ${mine.trains_used}` + (map.trains ? ` ${w("of")} ${map.trains}` : "")),
      flaws.length ? h("div", {}, h("h3", {}, w("violations")),
        h("ul", {id: "violations"}, flaws.map((v, n) => h("li", {"data-violation": n}, mapLink(v.text, v.target))))) : null];
    });
  }

  // the tickets: one row per ticket for the page's life, updated in place (the list keeps its scroll)
  // a name as the game file matches it (errors.name_key): no case, accents or punctuation, so a
  // phone's plain keyboard finds them: "tromso" Tromsø, "goteborg" Göteborg, "lodz" Łódź
  const FOLD = {"ø": "o", "æ": "ae", "œ": "oe", "ł": "l", "ß": "ss", "đ": "d", "ð": "d", "þ": "th"};
  const folded = (text) => text.toLocaleLowerCase().replace(/[øæœłßđðþ]/g, (c) => FOLD[c])
    .normalize("NFKD").replace(/[^\p{L}\p{N}]/gu, "");
  const keys = {};
  const ticketKey = (t) => keys[t.id] || (keys[t.id] = folded(t.name));

  function drawTickets() {
    const mine = part(ctx.player);
    const result = playerResult();
    const status = {};
    if (result) for (const t of result.tickets) status[t.ticket] = t;
    const wanted = folded(filter);
    for (const t of map.tickets) {
      const row = ticketRows[t.id];
      const kept = mine.tickets.includes(t.id);
      row.li.hidden = !(kept || !wanted || ticketKey(t).includes(wanted));
      row.box.checked = kept;
      const done = kept ? status[t.name] : null;
      const text = done ? (done.completed ? ` ✓ ${w("completed")}: ${done.path.join(" – ")}` : ` ✗ ${w("failed")}`) : "";
      if (row.status.textContent !== text) row.status.textContent = text;
      row.show.hidden = !(done && !done.completed);   // a ticket not completed: its two cities shown on the map
      row.status.className = done ? (done.completed ? "ok" : "ko") : "";
      if (done) row.status.dataset.completed = String(done.completed);
      else delete row.status.dataset.completed;
    }
  }

  function build() {
    const noteBox = (id) => h("p", {class: "ttr-note", id, role: "status", "aria-live": "polite"});
    el.note = noteBox("ttr-note");
    el.stationNote = noteBox("ttr-station-note");
    el.ticketNote = noteBox("ttr-ticket-note");
    el.citySelect = h("select", {id: "ttr-city", "aria-label": w("city"), onchange: (e) => { city = e.target.value; draw(); }},
      h("option", {value: ""}, `— ${w("pick_city")} —`),
      map.places.slice().sort((a, b) => a.name.localeCompare(b.name, ctx.lang)).map((p) => h("option", {value: p.id}, p.name)));
    el.cityList = h("div", {class: "ttr-routes"});
    el.cityPanel = h("div", {class: "ttr-city-panel"}, h("label", {}, w("city"), " ", el.citySelect), el.cityList);
    el.stations = h("div", {class: "ttr-station-panel", id: "ttr-stations"});
    el.summary = h("div", {class: "ttr-score"});
    el.filter = h("input", {type: "search", id: "ttr-filter", placeholder: w("filter"), "aria-label": w("filter"),
      oninput: (e) => { filter = e.target.value; drawTickets(); }});
    el.tickets = h("ul", {id: "ttr-tickets", class: "ttr-tickets"}, map.tickets.map((t) => {
      const box = h("input", {type: "checkbox", "data-ticket": t.id, onchange: () => toggleTicket(t.id)});
      const status = h("span", {});
      const show = h("button", {type: "button", class: "ttr-show", "data-show-ticket": t.id, hidden: true,
        "aria-label": `${t.name}: ${w("show_on_map")}`,
        onclick: () => showOnMap({routes: [], cities: t.places}, `${t.name} ✗ ${w("failed")}`)}, w("show_on_map"));
      const li = h("li", {"data-ticket-row": t.id}, h("label", {}, box, ` ${t.name} (${t.points})`, status), show);
      ticketRows[t.id] = {li, box, status, show};
      return li;
    }));
    root.replaceChildren(
      h("div", {class: "row"},
        h("button", {type: "button", id: "ttr-zoom-out", "aria-label": w("zoom_out"), onclick: () => zoomCentre(1 / 1.5)}, "−"),
        h("button", {type: "button", id: "ttr-zoom-in", "aria-label": w("zoom_in"), onclick: () => zoomCentre(1.5)}, "+"),
        h("button", {type: "button", id: "ttr-fit", "aria-label": w("fit"), onclick: () => { view = {zoom: 1, x: 0, y: 0}; applyView(); }}, "⤢"),
        h("strong", {}, map.title[ctx.lang] || map.title.en)),
      buildMap(), el.note, h("p", {class: "ttr-help", id: "ttr-help"}, w("map_help")),
      el.cityPanel, el.stationNote, el.stations, el.summary,
      h("div", {}, h("h3", {}, w("tickets")), el.filter, el.ticketNote, el.tickets),
      el.figure = h("figure", {class: "picture"}, h("figcaption", {}, w("picture_open"))));
    view = view || {zoom: 1, x: 0, y: 0};
    gestures();
    sizeStage();
  }

  function draw() {
    if (!ctx || !map) return;
    drawMap();
    drawCity();
    drawStations();
    drawSummary();
    drawTickets();
    const img = ctx.picture({id: "ttr-picture", alt: w("picture"), loading: "lazy", open: true,   // a tap opens it whole
      src: `/api/rooms/${ctx.room.id}/picture.svg?page=0&lang=${ctx.lang}&v=${ctx.room.version}`});
    if (img.parentNode !== el.figure) el.figure.prepend(img);  // the same <img>, never taken out and put back
  }

  const style = document.createElement("style");
  style.textContent = ".ttr-stage{position:relative;overflow:hidden;border:1px solid #ccc;background:#f4efe1;touch-action:none;" +
    "user-select:none;-webkit-user-select:none}" +
    ".ttr-map{display:block;width:100%;height:100%}.ttr-map *{pointer-events:none}" +
    ".ttr-chooser{position:absolute;left:.3rem;right:.3rem;bottom:.3rem;max-height:70%;overflow:auto;background:#fff;" +
    "border:1px solid #555;border-radius:.4rem;padding:.3rem;display:flex;flex-direction:column;gap:.3rem;box-shadow:0 2px 8px #0005}" +
    ".ttr-chooser.top{top:.3rem;bottom:auto}.ttr-chooser[hidden]{display:none}.ttr-chooser button{text-align:left}" +
    // its choices keep their height (the box scrolls): squeezed by the column, a name on two lines ran out of its button
    ".ttr-chooser>*{flex-shrink:0}.ttr-which{margin:0;font-weight:600}" +
    ".ttr-note{min-height:1.4em;color:#a31515;font-weight:600;margin:.3rem 0}#ttr-station-note:empty,#ttr-ticket-note:empty{min-height:0;margin:0}.ttr-help{font-size:.85rem;color:#555;margin:0 0 .3rem}" +
    ".ttr-routes{display:flex;flex-direction:column;gap:.3rem;margin:.4rem 0}.ttr-routes button{text-align:left}" +
    ".ttr-chip{display:inline-block;width:1rem;height:1rem;border:1px solid #333;margin-right:.4rem;vertical-align:middle}" +
    ".ttr-station-list{list-style:none;padding:0}.ttr-station-list li{margin:.3rem 0;display:flex;flex-wrap:wrap;align-items:center;gap:.3rem .5rem}.ttr-station-list select{max-width:100%}" +
    ".ttr-tickets{list-style:none;padding:0;max-height:22rem;overflow:auto}.ttr-tickets li{min-height:2.2rem}" +
    ".ttr-tickets li[hidden]{display:none}" +
    ".ttr-tickets label{display:inline-flex;align-items:center;gap:.3rem;min-height:2.75rem}" +
    ".ttr-tickets input{width:1.4rem;height:1.4rem;vertical-align:middle}.ok{color:#1b5e20}.ko{color:#a31515}" +
    ".ttr-show{margin-left:.4rem}.ttr-show[hidden]{display:none}.ttr-goto{display:block;padding:.55rem 0}";
  document.head.append(style);

  Railprint.register({
    async mount(element, context) {
      root = element;
      ctx = context;
      map = await ctx.action("map", {});
      if (!map) return;
      build();
      window.addEventListener("resize", sizeStage);
      draw();
    },
    update(context) {
      const relabel = ctx && context.lang !== ctx.lang;
      ctx = context;
      if (relabel && map) { Object.keys(built).forEach((k) => delete built[k]); build(); }
      draw();
    },
  });
})();
