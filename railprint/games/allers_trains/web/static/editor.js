/* Jedzie pociąg z daleka's page for railprint serve: the scoring board's entry. Per station the
   round each player arrived in (steppers; the other players' arrivals shown with their letters),
   the route track reading (39, 40+9), and the scorer's spaces, points and ranking. No rule is
   computed here: spaces, points and ties come from the Python scorer. */
(function () {
  "use strict";
  const WORDS = {
    en: {stations: "Stations: the round you arrived in", route: "Route track reading", route_hint: "e.g. 39 or 40+9",
      not_arrived: "not arrived", round: "round", earlier: "one round earlier", later: "one round later",
      space: "space", points: "pts", station_points: "Stations", route_points: "Route", total: "Total",
      save: "Save", mode: {stations: "Base game: stations", route: "Variant 1: route", "route+stations": "Variant 2: route and stations"},
      violations: "Rule violations", others: "others"},
    pl: {stations: "Stacje: runda, w której dojechałeś", route: "Odczyt z toru trasy", route_hint: "np. 39 albo 40+9",
      not_arrived: "nie dojechał", round: "runda", earlier: "runda wcześniej", later: "runda później",
      space: "miejsce", points: "pkt", station_points: "Stacje", route_points: "Trasa", total: "Razem",
      save: "Zapisz", mode: {stations: "Gra podstawowa: stacje", route: "Wariant 1: trasa", "route+stations": "Wariant 2: trasa i stacje"},
      violations: "Naruszenia zasad", others: "inni"},
  };
  let ctx = null, root = null, stations = null, typed = null;
  const w = (key) => ctx.t(key, WORDS);
  const h = (...args) => ctx.h(...args);
  const part = (player) => ctx.room.parts["player:" + player];
  const mode = () => ctx.room.parts.setup.mode;

  function result() {
    const score = (ctx.score || {}).result;
    return score ? (score.players || []).find((p) => p.name === ctx.player) || null : null;
  }

  async function setRound(number, value) {
    const mine = JSON.parse(JSON.stringify(part(ctx.player)));
    mine.arrivals[number] = value;
    await ctx.change({["player:" + ctx.player]: mine});
  }

  async function setRoute(value) {
    const mine = JSON.parse(JSON.stringify(part(ctx.player)));
    mine.route = value.trim();
    if (await ctx.change({["player:" + ctx.player]: mine})) typed = null;
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
          "aria-label": `${station.name}: ${w("earlier")}`, onclick: () => setRound(n, round > 1 ? round - 1 : null)}, "−"),
        h("output", {class: "at-value", "data-round": n}, round === null ? "–" : String(round)),
        h("button", {type: "button", class: "at-step", "data-station": n, "data-delta": "1",
          "aria-label": `${station.name}: ${w("later")}`, onclick: () => setRound(n, (round || 0) + 1)}, "+")),
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
        h("ul", {id: "violations"}, violations.map((v) => h("li", {}, v.message || String(v))))) : null);
  }

  function draw() {
    if (!ctx || !stations) return;
    const me = result();
    root.replaceChildren(
      h("p", {class: "at-mode", id: "at-mode"}, WORDS[ctx.lang in WORDS ? ctx.lang : "en"].mode[mode()]),
      summary(me),
      mode() !== "stations" ? routeEntry(me) : null,
      mode() !== "route" ? h("div", {}, h("h3", {}, w("stations")), stations.map((s) => stationRow(s, me))) : null);
  }

  const style = document.createElement("style");
  style.textContent = ".at-row{display:flex;align-items:center;gap:.4rem}.at-station{margin:.35rem 0;padding-bottom:.2rem;" +
    "border-bottom:1px solid #ddd}.at-name{flex:1;min-width:0}.at-step{min-width:2.8rem;min-height:2.8rem;font-size:1.3rem}" +
    ".at-value{min-width:2rem;text-align:center;font-size:1.3rem;font-weight:700}" +
    ".at-chip{display:inline-block;min-width:1.5rem;padding:.1rem .2rem;border:1px solid #333;color:#fff;font-weight:700;" +
    "text-align:center;text-shadow:0 0 2px #000}.at-detail{font-size:.9rem;color:#444}.at-route input{flex:1;min-width:0}" +
    ".at-mode{font-weight:700;margin:.8rem 0 .3rem}";
  document.head.append(style);

  Railprint.register({
    async mount(element, context) {
      root = element;
      ctx = context;
      stations = await ctx.action("stations", {});
      draw();
    },
    update(context) { ctx = context; draw(); },
  });
})();
