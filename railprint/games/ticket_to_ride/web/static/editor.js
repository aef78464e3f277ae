/* Ticket to Ride's page for railprint serve: the map drawn from the printed board's layout,
   routes claimed by tapping them (on the map or in a city's list, parallels one by one),
   tickets ticked per player, the scorer's itemised result. No rule is computed here. */
(function () {
  "use strict";
  const WORDS = {
    en: {map: "Map", zoom_in: "Zoom in", zoom_out: "Zoom out", city: "Routes from", pick_city: "pick a city",
      claimed_by: "claimed by", claim: "Claim", routes: "Routes", tickets: "Tickets kept", filter: "Find a ticket",
      none: "none yet", route_points: "Routes", ticket_points: "Tickets", globetrotter: "Globetrotter",
      longest_path_bonus: "Longest path", region_bonus: "Regions", total: "Total", trains: "trains used",
      violations: "Rule violations", completed: "completed", failed: "not completed", taken: "already claimed by",
      remove: "Remove", picture: "Scored board"},
    pl: {map: "Mapa", zoom_in: "Powiększ", zoom_out: "Pomniejsz", city: "Trasy z", pick_city: "wybierz miasto",
      claimed_by: "zajęta przez", claim: "Zajmij", routes: "Trasy", tickets: "Zachowane bilety", filter: "Znajdź bilet",
      none: "jeszcze brak", route_points: "Trasy", ticket_points: "Bilety", globetrotter: "Obieżyświat",
      longest_path_bonus: "Najdłuższa trasa", region_bonus: "Regiony", total: "Razem", trains: "użytych wagonów",
      violations: "Naruszenia zasad", completed: "zrealizowany", failed: "niezrealizowany", taken: "już zajęta przez",
      remove: "Usuń", picture: "Policzona plansza"},
  };
  let ctx = null, root = null, map = null, zoom = 1, city = "", filter = "";
  // taps still on their way to the server: {player: {routes: {id: kept}, tickets: {id: kept}}}. They are
  // shown at once and survive any redraw meanwhile; each is applied to the latest state when sent.
  const pending = {};
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

  // a player's routes and tickets as this phone shows them: the saved ones and the taps on their way
  function part(player) {
    const mine = saved(player);
    return {routes: withPending(player, "routes", mine.routes), tickets: withPending(player, "tickets", mine.tickets)};
  }

  function owners() {
    const out = {};
    for (const p of players()) for (const r of part(p).routes) (out[r] = out[r] || []).push(p);
    return out;
  }

  const placeName = (id) => (map.places.find((p) => p.id === id) || {name: id}).name;
  const routeName = (r) => `${placeName(r.a)} – ${placeName(r.b)}`;

  async function tap(field, id, kept) {
    const player = ctx.player;
    const mine = (pending[player] = pending[player] || {routes: {}, tickets: {}});
    mine[field][id] = kept;
    draw();
    await ctx.change(() => {
      const now = saved(player);
      const ids = now[field].filter((x) => x !== id).concat(kept ? [id] : []);
      return {["player:" + player]: {routes: now.routes, tickets: now.tickets, [field]: ids}};
    });
    if (mine[field][id] === kept) delete mine[field][id];
    draw();
  }

  function toggleRoute(id) {
    const mine = part(ctx.player);
    const holders = (owners()[id] || []).filter((p) => p !== ctx.player);
    if (!mine.routes.includes(id) && holders.length) {
      ctx.message(`${w("taken")} ${holders.join(", ")}`);
      return;
    }
    return tap("routes", id, !mine.routes.includes(id));
  }

  function toggleTicket(id) {
    return tap("tickets", id, !part(ctx.player).tickets.includes(id));
  }

  function board() {
    const held = owners();
    const svg = h("svg", {viewBox: `0 0 ${map.width} ${map.height}`, class: "ttr-map", role: "img",
      "aria-label": map.title[ctx.lang] || map.title.en, style: `width:${100 * zoom}%`});
    svg.append(h("rect", {x: 0, y: 0, width: map.width, height: map.height, fill: "#f4efe1"}));
    for (const route of map.routes) {
      const who = held[route.id] || [];
      const index = who.length ? ctx.playerIndex(who[0]) : -1;
      const g = h("g", {class: "ttr-route", "data-route": route.id, "data-owner": who.join(","),
        onclick: () => toggleRoute(route.id)});
      for (const car of route.cars) {
        g.append(h("polygon", {points: car.map((p) => p.join(",")).join(" "),
          fill: index >= 0 ? ctx.colour(index) : route.hex, "fill-opacity": index >= 0 ? 1 : 0.55,
          stroke: index >= 0 ? "#1d1d1b" : route.hex, "stroke-width": map.car_width / 6}));
      }
      if (index >= 0 && route.cars.length) {  // the owner's letter: colour is never the only cue
        const mid = route.cars[Math.floor(route.cars.length / 2)];
        const cx = mid.reduce((s, p) => s + p[0], 0) / mid.length, cy = mid.reduce((s, p) => s + p[1], 0) / mid.length;
        g.append(h("text", {x: cx, y: cy + map.car_width * 0.45, "text-anchor": "middle", "font-size": map.car_width * 1.3,
          "font-weight": 700, fill: "#fff", stroke: "#1d1d1b", "stroke-width": map.car_width / 8}, who[0].charAt(0).toUpperCase()));
      }
      if (route.path.length) {  // a fat, invisible tap target along the route
        g.append(h("polyline", {points: route.path.map((p) => p.join(",")).join(" "), fill: "none", stroke: "transparent",
          "stroke-width": map.car_width * 1.6, "pointer-events": "stroke"}));
      }
      svg.append(g);
    }
    for (const place of map.places) {
      svg.append(h("circle", {cx: place.at[0], cy: place.at[1], r: map.car_width * 0.9, fill: "#fff", stroke: "#1d1d1b",
        "stroke-width": map.car_width / 5, class: "ttr-city", "data-city": place.id,
        onclick: () => { city = place.id; draw(); }}));
      if (place.label) svg.append(h("text", {x: place.label.x, y: place.label.y, "font-size": place.label.size,
        "text-anchor": "middle", fill: "#1d1d1b", "pointer-events": "none"}, place.name));
    }
    return h("div", {class: "ttr-scroll"}, svg);
  }

  function cityPanel() {
    const held = owners();
    const names = map.places.slice().sort((a, b) => a.name.localeCompare(b.name, ctx.lang));
    const select = h("select", {id: "ttr-city", "aria-label": w("city"), onchange: (e) => { city = e.target.value; draw(); }},
      h("option", {value: ""}, `— ${w("pick_city")} —`), names.map((p) => h("option", {value: p.id, selected: p.id === city}, p.name)));
    const list = city ? map.routes.filter((r) => r.a === city || r.b === city) : [];
    return h("div", {}, h("label", {}, w("city"), " ", select),
      h("div", {class: "ttr-routes"}, list.map((r) => {
        const who = held[r.id] || [];
        const mine = who.includes(ctx.player);
        return h("button", {type: "button", class: mine ? "on" : "", "data-route": r.id, "aria-pressed": String(mine),
          onclick: () => toggleRoute(r.id)},
          h("span", {class: "ttr-chip", style: `background:${r.hex}`}), `${routeName(r)} · ${r.length} · ${r.colour}`,
          who.length ? ` · ${w("claimed_by")} ${who.join(", ")}` : "");
      })));
  }

  function playerResult() {
    const score = ctx.score || {};
    if (!score.result) return null;
    return (score.result.players || []).find((p) => p.name === ctx.player) || null;
  }

  function summary() {
    const mine = playerResult();
    if (!mine) return h("p", {});
    const rows = [["route_points", mine.route_points], ["ticket_points", mine.ticket_points],
      ["globetrotter", mine.globetrotter], ["longest_path_bonus", mine.longest_path_bonus], ["region_bonus", mine.region_bonus]]
      .filter(([key, value]) => value || key === "route_points" || key === "ticket_points");
    return h("div", {class: "ttr-score"},
      h("table", {}, h("tbody", {}, rows.map(([key, value]) => h("tr", {"data-item": key}, h("td", {}, w(key)),
        h("td", {class: "num"}, value))), h("tr", {}, h("th", {}, w("total")),
        h("th", {class: "num", id: "total", "data-testid": "total"}, mine.total)))),
      h("p", {}, `${mine.trains_used} ${w("trains")}`),
      mine.violations.length ? h("div", {}, h("h3", {}, w("violations")),
        h("ul", {id: "violations"}, mine.violations.map((v) => h("li", {}, v)))) : null);
  }

  function tickets() {
    const mine = part(ctx.player);
    const result = playerResult();
    const status = {};
    if (result) for (const t of result.tickets) status[t.ticket] = t;
    return h("div", {},
      h("h3", {}, w("tickets")),
      h("input", {type: "search", id: "ttr-filter", placeholder: w("filter"), "aria-label": w("filter"), value: filter,
        oninput: (e) => { filter = e.target.value; const list = document.getElementById("ttr-tickets"); list.replaceWith(ticketList()); }}),
      ticketList());

    function ticketList() {
      const wantedNow = filter.trim().toLocaleLowerCase(ctx.lang);
      const rows = map.tickets.filter((t) => mine.tickets.includes(t.id) || !wantedNow || t.name.toLocaleLowerCase(ctx.lang).includes(wantedNow));
      return h("ul", {id: "ttr-tickets", class: "ttr-tickets"}, rows.map((t) => {
        const kept = mine.tickets.includes(t.id);
        const done = status[t.name];
        return h("li", {}, h("label", {}, h("input", {type: "checkbox", "data-ticket": t.id, checked: kept,
          onchange: () => toggleTicket(t.id)}), ` ${t.name} (${t.points})`,
          kept && done ? h("span", {class: done.completed ? "ok" : "ko", "data-completed": String(done.completed)},
            done.completed ? ` ✓ ${w("completed")}: ${done.path.join(" – ")}` : ` ✗ ${w("failed")}`) : null));
      }));
    }
  }

  function draw() {
    if (!ctx || !map) return;
    root.replaceChildren(
      h("div", {class: "row"}, h("button", {type: "button", id: "ttr-zoom-out", "aria-label": w("zoom_out"),
        onclick: () => { zoom = Math.max(1, zoom / 1.5); draw(); }}, "−"),
        h("button", {type: "button", id: "ttr-zoom-in", "aria-label": w("zoom_in"),
          onclick: () => { zoom = Math.min(6, zoom * 1.5); draw(); }}, "+"), h("strong", {}, map.title[ctx.lang] || map.title.en)),
      board(), cityPanel(), summary(), tickets(),
      h("figure", {class: "picture"}, ctx.picture({id: "ttr-picture", alt: w("picture"),
        src: `/api/rooms/${ctx.room.id}/picture.svg?page=0&lang=${ctx.lang}&v=${ctx.room.version}`})));
  }

  const style = document.createElement("style");
  style.textContent = ".ttr-scroll{overflow:auto;max-height:75vh;border:1px solid #ccc;background:#f4efe1}" +
    ".ttr-map{display:block;min-width:100%;touch-action:manipulation}.ttr-route{cursor:pointer}" +
    ".ttr-routes{display:flex;flex-direction:column;gap:.3rem;margin:.4rem 0}.ttr-routes button{text-align:left}" +
    ".ttr-chip{display:inline-block;width:1rem;height:1rem;border:1px solid #333;margin-right:.4rem;vertical-align:middle}" +
    ".ttr-tickets{list-style:none;padding:0;max-height:22rem;overflow:auto}.ttr-tickets li{min-height:2.2rem}" +
    ".ttr-tickets input{width:1.4rem;height:1.4rem;vertical-align:middle}.ok{color:#1b5e20}.ko{color:#a31515}";
  document.head.append(style);

  Railprint.register({
    async mount(element, context) {
      root = element;
      ctx = context;
      map = await ctx.action("map", {});
      draw();
    },
    update(context) {
      ctx = context;
      draw();
    },
  });
})();
