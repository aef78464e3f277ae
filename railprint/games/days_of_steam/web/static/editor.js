/* Days of Steam's page for railprint serve: per player the goods delivered by colour, the
   circuit counters and the final steam on steppers, how the game ended, and the scorer's
   itemised result. No rule is computed here: every number shown comes from the Python scorer. */
(function () {
  "use strict";
  const WORDS = {
    en: {goods: "Goods delivered", R: "red", G: "green", Y: "yellow", B: "blue", circuits: "Circuit counters", counters: "Circuits and steam",
      steam: "Final steam", end: "How the game ended", tiles: "the last track tile was drawn",
      instant: "a player reached 13 VP", less: "one less", more: "one more", goods_vp: "Goods",
      colours: "colours", colour_bonus: "Colour bonus", circuit_vp: "Circuits", total: "Total",
      tie: "Tie-breaks: circuits, then steam", winner: "Winner", violations: "Rule violations"},
    pl: {goods: "Dostarczone towary", R: "czerwone", G: "zielone", Y: "żółte", B: "niebieskie",
      circuits: "Żetony obwodów", counters: "Obwody i para", steam: "Para na koniec", end: "Jak skończyła się gra",
      tiles: "dobrano ostatni kafel torów", instant: "gracz zdobył 13 PZ", less: "o jeden mniej",
      more: "o jeden więcej", goods_vp: "Towary", colours: "kolory", colour_bonus: "Premia za kolory",
      circuit_vp: "Obwody", total: "Razem", tie: "Remisy: obwody, potem para", winner: "Zwycięzca",
      violations: "Naruszenia zasad"},
  };
  const COLOURS = {R: "#c62828", G: "#2e7d32", Y: "#f9a825", B: "#1565c0"};
  const LIMITS = {goods: 7, circuits: 7, steam: 6};
  let ctx = null, root = null;
  const w = (key) => ctx.t(key, WORDS);
  const h = (...args) => ctx.h(...args);
  const mine = () => ctx.room.parts["player:" + ctx.player];

  async function step(field, colour, delta) {
    const part = JSON.parse(JSON.stringify(mine()));
    if (colour) part.goods[colour] += delta; else part[field] += delta;
    await ctx.change({["player:" + ctx.player]: part});
  }

  function stepper(id, label, value, high, field, colour, chip) {
    return h("div", {class: "dos-row"},
      h("span", {class: "dos-label", id: `dos-label-${id}`}, chip, label),
      h("button", {type: "button", class: "dos-step", "data-step": id, "data-delta": "-1", disabled: value <= 0,
        "aria-label": `${label}: ${w("less")}`, onclick: () => step(field, colour, -1)}, "−"),
      h("output", {class: "dos-value", "data-value": id, "aria-labelledby": `dos-label-${id}`}, String(value)),
      h("button", {type: "button", class: "dos-step", "data-step": id, "data-delta": "1", disabled: value >= high,
        "aria-label": `${label}: ${w("more")}`, onclick: () => step(field, colour, 1)}, "+"));
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
    const rows = [["goods_vp", me.goods], ["colour_bonus", me.colour_bonus, ` (${me.colours} ${w("colours")})`],
      ["circuit_vp", me.circuits]];
    return h("div", {class: "dos-score"},
      h("table", {}, h("tbody", {}, rows.map(([key, value, note]) => h("tr", {"data-item": key},
        h("td", {}, w(key), note || ""), h("td", {class: "num"}, value))),
        h("tr", {}, h("th", {}, w("total")), h("th", {class: "num", id: "total", "data-testid": "total"}, me.total)))),
      h("p", {}, `${w("winner")}: `, h("strong", {id: "dos-winner"}, result.winner.join(", ")), ` · ${w("tie")}`),
      result.violations.length ? h("div", {}, h("h3", {}, w("violations")),
        h("ul", {id: "violations"}, result.violations.map((v) => h("li", {}, v)))) : null);
  }

  function draw() {
    if (!ctx) return;
    root.replaceChildren(entry(), summary(), ending());
  }

  const style = document.createElement("style");
  style.textContent = ".dos-row{display:flex;align-items:center;gap:.4rem;margin:.3rem 0}" +
    ".dos-label{flex:1;min-width:0}.dos-step{min-width:2.8rem;min-height:2.8rem;font-size:1.3rem}" +
    ".dos-value{min-width:2rem;text-align:center;font-size:1.3rem;font-weight:700}" +
    ".dos-chip{display:inline-block;min-width:1.5rem;padding:.1rem .2rem;margin-right:.4rem;border:1px solid #333;" +
    "color:#fff;font-weight:700;text-align:center;text-shadow:0 0 2px #000}" +
    ".dos-end label{display:flex;align-items:center;min-height:2.75rem}.dos-end input{width:1.3rem;height:1.3rem;min-height:0;min-width:0;margin:0 .3rem 0 0;vertical-align:middle}";
  document.head.append(style);

  Railprint.register({
    mount(element, context) { root = element; ctx = context; draw(); },
    update(context) { ctx = context; draw(); },
  });
})();
