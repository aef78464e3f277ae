/* railprint serve: the page shell shared by every game. Plain JavaScript, no build step.
   It knows no game: it loads /games/<id>/editor.js, which calls Railprint.register(editor).
   Every score comes from the server (the Python scorers); nothing here knows a rule. */
(function () {
  "use strict";
  const WORDS = {
    en: {app: "railprint — score at the table", new_game: "New game", game: "Game", players: "Players",
      player_n: "Player", create: "Start", games: "Games", home: "Games", ranking: "Ranking", player: "Player",
      points: "Points", files: "Files", files_help: "The files railprint score reads; upload one back to replace that part.",
      upload: "Upload a file", export_json: "Score as JSON", export_svg: "Picture (SVG)", export_pdf: "Picture (PDF)",
      saved: "Saved", conflict: "Changed on another screen meanwhile — here is the current game; redo your change.",
      uploaded: "File read", no_rooms: "No games yet.", cannot_score: "Cannot score yet:", offline: "No connection — retrying…", bgstats: "Log this play in BG Stats"},
    pl: {app: "railprint — liczenie punktów przy stole", new_game: "Nowa gra", game: "Gra", players: "Gracze",
      player_n: "Gracz", create: "Zaczynamy", games: "Gry", home: "Gry", ranking: "Ranking", player: "Gracz",
      points: "Punkty", files: "Pliki", files_help: "Pliki, które czyta railprint score; wgraj plik z powrotem, by zastąpić tę część.",
      upload: "Wgraj plik", export_json: "Wynik jako JSON", export_svg: "Obrazek (SVG)", export_pdf: "Obrazek (PDF)",
      saved: "Zapisano", conflict: "Ktoś zmienił to w międzyczasie na innym ekranie — oto aktualna gra; powtórz swoją zmianę.",
      uploaded: "Plik wczytany", no_rooms: "Jeszcze żadnej gry.", cannot_score: "Nie da się jeszcze policzyć:",
      offline: "Brak połączenia — ponawiam…", bgstats: "Zapisz tę rozgrywkę w BG Stats"},
  };
  const COLOURS = ["#c62828", "#1565c0", "#2e7d32", "#ef6c00", "#6a1b9a", "#00838f", "#5d4037", "#37474f"];
  let lang = localStorage.getItem("railprint-lang") === "pl" ? "pl" : "en";
  const timings = [];

  function t(key, words) {
    const table = words || WORDS;
    return (table[lang] && table[lang][key]) || (table.en && table.en[key]) || key;
  }

  function h(tag, attrs, ...children) {
    const svg = ["svg", "g", "path", "rect", "circle", "line", "polygon", "polyline", "text", "image"].includes(tag);
    const node = svg ? document.createElementNS("http://www.w3.org/2000/svg", tag) : document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value === true ? "" : value);
    }
    for (const child of children.flat()) {
      if (child !== null && child !== undefined) node.append(child instanceof Node ? child : String(child));
    }
    return node;
  }

  function message(text, info) {
    const box = document.getElementById("message");
    if (!box) return;
    box.textContent = text || "";
    box.className = info ? "info" : "";
  }

  async function api(method, url, body, raw) {
    const options = {method, headers: {}, credentials: "same-origin"};
    if (body !== undefined) {
      if (raw) options.body = body;
      else { options.body = JSON.stringify(body); options.headers["Content-Type"] = "application/json"; }
    }
    const response = await fetch(url + (url.includes("?") ? "&" : "?") + "lang=" + lang, options);
    let data;
    try { data = await response.json(); } catch (e) { data = {error: response.status + " " + response.statusText}; }
    if (!response.ok) {
      const error = new Error(data.error || response.statusText);
      error.status = response.status;
      error.data = data;
      throw error;
    }
    return data;
  }

  function translate() {
    document.documentElement.lang = lang;
    document.querySelectorAll("[data-t]").forEach((node) => { node.textContent = t(node.dataset.t); });
    const button = document.getElementById("lang");
    if (button) button.textContent = lang === "en" ? "PL" : "EN";
  }

  function langButton(after) {
    document.getElementById("lang").addEventListener("click", () => {
      lang = lang === "en" ? "pl" : "en";
      localStorage.setItem("railprint-lang", lang);
      translate();
      if (after) after();
    });
    translate();
  }

  function swatch(index, name) {
    return h("span", {class: "swatch", style: `background:${COLOURS[index % COLOURS.length]}`, "aria-hidden": "true"},
      (name || "?").trim().charAt(0).toUpperCase());
  }

  // --- the list of games and the form that starts one -----------------------------------------

  async function index() {
    const games = await api("GET", "/api/games");
    const select = document.getElementById("game");
    const fields = document.getElementById("fields");
    const players = document.getElementById("players");
    function drawFields() {
      const game = games.find((g) => g.id === select.value);
      fields.replaceChildren(...(game ? game.fields : []).map((field) => h("label", {},
        h("span", {}, field.label[lang] || field.label.en), " ",
        h("select", {name: field.key, "data-field": field.key}, field.choices.map((c) => h("option", {value: c},
          field.names && field.names[c] ? field.names[c][lang] || field.names[c].en : c))))));
    }
    function drawOptions() {
      const chosen = select.value;
      select.replaceChildren(...games.map((g) => h("option", {value: g.id}, g.title[lang] || g.title.en)));
      if (chosen) select.value = chosen;
    }
    drawOptions();
    select.addEventListener("change", drawFields);
    drawFields();
    const legend = players.querySelector("legend");
    players.replaceChildren(legend, ...[1, 2, 3, 4].map((n) =>
      h("input", {name: "player", "aria-label": `${t("player_n")} ${n}`, placeholder: `${t("player_n")} ${n}`, maxlength: 40})));
    langButton(() => { drawOptions(); drawFields(); listRooms(); });
    document.getElementById("create").addEventListener("submit", async (event) => {
      event.preventDefault();
      const names = [...players.querySelectorAll("input")].map((i) => i.value.trim()).filter(Boolean);
      const setup = {};
      fields.querySelectorAll("[data-field]").forEach((s) => { setup[s.dataset.field] = s.value; });
      try {
        const data = await api("POST", "/api/rooms", {game: select.value, players: names, setup});
        location.href = "/r/" + data.room.id;
      } catch (error) { message(error.message); }
    });
    // the rooms list (search, pages, rename, archive, delete, export, import) is rooms.js's
    function listRooms() { return window.RailprintRooms.draw({games, h, api, lang, message}); }
    listRooms();
  }

  // --- one room: players, the game's editor, the ranking, files -----------------------------

  const state = {room: null, score: null, player: null, editor: null, busy: 0};

  // A game's scored picture: one <img> per id for the page's life, put back into every redraw. A
  // new src empties the box until the server has drawn it, so the box keeps the shape of the
  // picture it last showed (an A4 page before the first: serve.css): the page below it does not
  // jump, and a tap on a link there never lands on whatever moved under the finger. The other
  // attributes are those of the first call: a redraw updates only src and alt. A picture whose
  // request failed (a flaky phone connection, a 5xx) is asked for again at the next redraw.
  const pictures = new Map();
  function picture(attrs) {
    const {src, alt, ...fixed} = attrs;
    if (!fixed.id) throw new Error("picture() needs an id: the <img> is kept under it");
    if (!pictures.has(fixed.id)) {
      const img = h("img", fixed);
      img.addEventListener("load", () => { img.style.aspectRatio = `auto ${img.naturalWidth} / ${img.naturalHeight}`; });
      pictures.set(fixed.id, img);
    }
    const img = pictures.get(fixed.id);
    const failed = img.complete && img.naturalWidth === 0 && img.hasAttribute("src");
    if (failed || img.getAttribute("src") !== src) img.setAttribute("src", src);
    img.alt = alt;
    return img;
  }

  function context() {
    return {room: state.room, score: state.score, player: state.player, lang, t, h, api, message,
      change, action, picture, colour: (i) => COLOURS[i % COLOURS.length], swatch,
      playerIndex: (name) => state.room.parts.setup.players.indexOf(name)};
  }

  function apply(data) {
    state.room = data.room;
    state.score = data.score;
    const players = state.room.parts.setup.players;
    if (!players.includes(state.player)) {
      const saved = localStorage.getItem("railprint-player-" + state.room.id);
      state.player = players.includes(saved) ? saved : players[0];
    }
    draw();
  }

  // Local changes go out one at a time, in order: a change waits for the one before it. ``parts``
  // may be a function, called when the change goes out and made on the version the change
  // before it brought back, so a tap is applied to the latest state (two quick taps never race
  // each other). Plain parts were worked out on the version shown when the tap happened and are
  // sent with it: the server merges them, or refuses them (409) if that part changed since.
  let queue = Promise.resolve();
  let started = 0;  // local changes begun: a poll answer asked for before one of them is stale
  function change(parts) {
    started += 1;
    state.busy += 1;
    const seen = state.room.version;
    const run = queue.then(() => (typeof parts === "function" ? send(parts(), state.room.version) : send(parts, seen)))
      .finally(() => { state.busy -= 1; });
    queue = run.catch(() => false);
    return run;
  }

  async function send(parts, version) {
    if (!parts) return false;
    const begun = performance.now();
    try {
      apply(await api("POST", `/api/rooms/${state.room.id}/changes`, {version, parts}));
      timings.push(performance.now() - begun);
      message("");
      return true;
    } catch (error) {
      if (error.status === 409 && error.data.room) {
        apply({room: error.data.room, score: error.data.score});
        message(t("conflict"));
      } else message(error.message);
      return false;
    }
  }

  async function action(name, payload) {
    try { return await api("POST", `/api/rooms/${state.room.id}/actions/${name}`, payload); }
    catch (error) { message(error.message); return null; }
  }

  function drawPlayers() {
    const nav = document.getElementById("players");
    const players = state.room.parts.setup.players;
    nav.replaceChildren(...players.map((name, i) => h("button", {type: "button", "aria-pressed": String(name === state.player),
      "data-player": name, onclick: () => {
        state.player = name;
        localStorage.setItem("railprint-player-" + state.room.id, name);
        draw();
      }}, swatch(i, name), name)));
  }

  function drawRanking() {
    const body = document.querySelector("#ranking tbody");
    const score = state.score || {};
    const players = state.room.parts.setup.players;
    body.replaceChildren(...(score.ranking || []).map((row) => h("tr", {"data-player": row.player},
      h("td", {class: "place"}, row.place), h("td", {}, swatch(players.indexOf(row.player), row.player), row.player),
      h("td", {class: "num points"}, row.points))));
    document.getElementById("score-error").textContent = score.error ? `${t("cannot_score")} ${score.error}` : "";
    const log = document.getElementById("bgstats");  // BG Stats' own import link, filled in by the server
    log.hidden = !score.bgstats;
    if (score.bgstats) log.href = score.bgstats;
  }

  function drawFiles() {
    const id = state.room.id;
    api("GET", `/api/rooms/${id}/files`).then((files) => {
      const list = document.getElementById("downloads"), names = JSON.stringify(files.map((f) => f.name));
      if (list.dataset.names === names) return;  // the same links stay: a tap on one is never lost to a redraw
      list.dataset.names = names;
      list.replaceChildren(...files.map((f) =>
        h("li", {}, h("a", {href: `/api/rooms/${id}/files/${encodeURIComponent(f.name)}`, download: f.name}, f.name))));
    }).catch((error) => message(error.message));
    document.getElementById("export-json").href = `/api/rooms/${id}/export.json`;
    document.getElementById("export-svg").href = `/api/rooms/${id}/picture.svg?download=1&lang=${lang}`;
    document.getElementById("export-pdf").href = `/api/rooms/${id}/picture.pdf?download=1&lang=${lang}`;
  }

  let drawnVersion = null;
  function draw() {
    document.getElementById("title").textContent = state.room.title;
    document.title = state.room.title + " — railprint";
    drawPlayers();
    drawRanking();
    if (drawnVersion !== state.room.version) { drawnVersion = state.room.version; drawFiles(); }
    if (state.editor) state.editor.update(context());
    document.body.dataset.version = state.room.version;
  }

  function register(editor) {
    state.editor = editor;
    editor.mount(document.getElementById("editor"), context());
    if (state.room) draw();
  }

  async function room() {
    const id = decodeURIComponent(location.pathname.split("/").pop());
    langButton(() => { drawnVersion = null; refresh(true); });
    try { apply(await api("GET", `/api/rooms/${id}`)); }
    catch (error) { message(error.message); return; }
    const script = h("script", {src: `/games/${state.room.game}/editor.js`});
    document.body.append(script);
    document.getElementById("upload").addEventListener("change", async (event) => {
      const file = event.target.files[0];
      if (!file) return;
      try {
        const text = await file.text();
        apply(await api("PUT", `/api/rooms/${state.room.id}/files/${encodeURIComponent(file.name)}?version=${state.room.version}`, text, true));
        message(t("uploaded"), true);
      } catch (error) {
        if (error.status === 409 && error.data.room) { apply({room: error.data.room, score: error.data.score}); message(t("conflict")); }
        else message(error.message);
      }
      event.target.value = "";
    });
    // other screens' changes arrive by push (a long poll: watch()); ?poll=MS polls every MS
    // instead, ?poll=0 stops both
    const poll = new URLSearchParams(location.search).get("poll");
    if (poll === null) watch();
    else if (Number(poll) > 0) setInterval(() => refresh(false), Math.max(Number(poll), 250));
  }

  // The push channel: GET /api/rooms/<id>?after=V is answered when the room passes version V
  // (or after 25 s unchanged), then asked again. An answer asked for before a local change began
  // is dropped, as a poll's is: that change's own answer is newer.
  async function watch() {
    for (;;) {
      const asked = started, shown = state.room.version;
      try {
        const data = await api("GET", `/api/rooms/${state.room.id}?after=${shown}`);
        if (!state.busy && asked === started && data.room.version > state.room.version) apply(data);
        else if (data.room.version > state.room.version) await pause(100);  // a change of ours is on its way
      } catch (error) {
        if (!error.status) message(t("offline"));
        await pause(2000);
      }
    }
  }

  function pause(ms) { return new Promise((done) => setTimeout(done, ms)); }

  async function refresh(force) {
    if (!state.room || state.busy) return;
    const asked = started;
    try {
      const data = await api("GET", `/api/rooms/${state.room.id}`);
      if (state.busy || asked !== started) return;  // a local change began meanwhile: its answer is newer
      if (force || data.room.version > state.room.version) apply(data);
    } catch (error) { if (!error.status) message(t("offline")); }
  }

  window.Railprint = {index, room, register, timings, get lang() { return lang; }};
})();
