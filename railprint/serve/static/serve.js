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
      uploaded: "File read", no_rooms: "No games yet.", cannot_score: "Cannot score yet:", offline: "No connection — retrying…", bgstats: "Log this play in BG Stats",
      add_player: "Add a player", remove_player: "Remove", same_name: "Two players have the same name:",
      too_few: "Type the players' names: {min} to {max} for this game.",
      players_range: "{min} to {max}", kept_offline: "No connection: kept on this phone, sent when it returns.",
      refused_offline: "{n} change(s) made without a connection were refused: the game changed on another screen meanwhile — here is the current game; redo them.",
      language: "Language", sheet: "Your part of the game",
      who: "Who are you?", who_help: "Tap your name: this phone opens on your part from now on.",
      watching: "Just watching", not_listed: "Not on the list? Type your name and join the game.",
      new_player: "I'm new: my name", join: "Join",
      not_json: "The server answered {status} without saying why; try again, and if it stays, restart railprint serve."},
    pl: {app: "railprint — liczenie punktów przy stole", new_game: "Nowa gra", game: "Gra", players: "Gracze",
      player_n: "Gracz", create: "Zaczynamy", games: "Gry", home: "Gry", ranking: "Ranking", player: "Gracz",
      points: "Punkty", files: "Pliki", files_help: "Pliki, które czyta railprint score; wgraj plik z powrotem, by zastąpić tę część.",
      upload: "Wgraj plik", export_json: "Wynik jako JSON", export_svg: "Obrazek (SVG)", export_pdf: "Obrazek (PDF)",
      saved: "Zapisano", conflict: "Ktoś zmienił to w międzyczasie na innym ekranie — oto aktualna gra; powtórz swoją zmianę.",
      uploaded: "Plik wczytany", no_rooms: "Jeszcze żadnej gry.", cannot_score: "Nie da się jeszcze policzyć:",
      offline: "Brak połączenia — ponawiam…", bgstats: "Zapisz tę rozgrywkę w BG Stats",
      add_player: "Dodaj gracza", remove_player: "Usuń", same_name: "Dwóch graczy ma to samo imię:",
      too_few: "Wpisz imiona graczy: od {min} do {max} w tej grze.",
      players_range: "od {min} do {max}", kept_offline: "Brak połączenia: zapisane na tym telefonie, wyślę po powrocie.",
      refused_offline: "Odrzucono zmiany zrobione bez połączenia ({n}): w międzyczasie ktoś zmienił grę na innym ekranie — oto aktualna gra; powtórz je.",
      language: "Język", sheet: "Twoja część gry",
      who: "Kim jesteś?", who_help: "Dotknij swojego imienia: od teraz ten telefon otworzy się na Twojej części gry.",
      watching: "Tylko patrzę", not_listed: "Nie ma Cię na liście? Wpisz swoje imię i dołącz do gry.",
      new_player: "Dołączam: moje imię", join: "Dołącz",
      not_json: "Serwer odpowiedział {status}, nie mówiąc dlaczego; spróbuj jeszcze raz, a jeśli to się powtórzy, uruchom railprint serve od nowa."},
  };
  const COLOURS = ["#c62828", "#1565c0", "#2e7d32", "#ef6c00", "#6a1b9a", "#00838f", "#5d4037", "#37474f"];
  // each player's mark: a shape of their own (by seat) as well as a colour, so two players with
  // the same initial (Ala, Anna) and colour-blind eyes still tell them apart
  const SHAPES = ["circle", "square", "triangle", "diamond", "hexagon", "down", "pentagon", "star"];
  const timings = [];

  // the page's language: ?lang=, else the one picked with the button on this phone, else the
  // phone's own languages, else English
  function firstLang() {
    const asked = (new URLSearchParams(location.search).get("lang") || "").toLowerCase();
    if (asked in WORDS) return asked;
    const saved = localStorage.getItem("railprint-lang");
    if (saved in WORDS) return saved;
    for (const tag of navigator.languages || [navigator.language || ""]) {
      const primary = String(tag).toLowerCase().split("-")[0];
      if (primary in WORDS) return primary;
    }
    return "en";
  }
  let lang = firstLang();
  // a language asked for in the address (?lang=pl) goes on to the rooms this page opens
  const carriedLang = () => (new URLSearchParams(location.search).has("lang") ? `?lang=${lang}` : "");

  function t(key, words) {
    const table = words || WORDS;
    return (table[lang] && table[lang][key]) || (table.en && table.en[key]) || key;
  }

  // DOM only (no HTML strings): a `style` value goes through the CSSOM, which a Content Security
  // Policy without 'unsafe-inline' allows, where a style attribute would be blocked
  function h(tag, attrs, ...children) {
    const svg = ["svg", "g", "path", "rect", "circle", "line", "polygon", "polyline", "text", "image", "title"].includes(tag);
    const node = svg ? document.createElementNS("http://www.w3.org/2000/svg", tag) : document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else if (key === "style") node.style.cssText = value;
      else node.setAttribute(key, value === true ? "" : value);
    }
    for (const child of children.flat()) {
      if (child !== null && child !== undefined) node.append(child instanceof Node ? child : String(child));
    }
    return node;
  }

  // --- nothing jumps, nothing is lost ------------------------------------------------------
  // A control's name that survives a redraw (the editors rebuild their nodes): its id, else its
  // first data-* attribute, else its name.
  function keyOf(node) {
    if (!node || node.nodeType !== 1) return null;
    const tag = node.localName;
    if (node.id) return "#" + CSS.escape(node.id);
    for (const attr of node.attributes) {
      if (attr.name.startsWith("data-") && !["data-version", "data-names", "data-kept"].includes(attr.name)) {
        return `${tag}[${attr.name}="${CSS.escape(attr.value)}"]`;
      }
    }
    if (node.getAttribute("name")) return `${tag}[name="${CSS.escape(node.getAttribute("name"))}"]`;
    return null;
  }
  const find = (key) => { try { return key ? document.querySelector("main " + key) : null; } catch (e) { return null; } };
  const CONTROL = "button, input, select, textarea, a[href], [tabindex], [role='button']";
  const TYPED = new Set(["text", "search", "number", "tel", "url", "email", ""]);

  // Kept across every redraw, the page's own or an editor's: the focused control (and where
  // the caret is), text typed but not yet sent, and how far boxes are scrolled. A redraw that
  // replaces them is noticed (a MutationObserver, before the next keystroke is handled) and the
  // new node of the same name gets them back.
  const kept = {focus: null, typed: new Map(), scrolled: new Map()};
  function caret(node) {
    try { return [node.selectionStart, node.selectionEnd]; } catch (e) { return null; }
  }
  function watchRedraws() {
    document.addEventListener("focusin", (event) => {
      const node = event.target;
      kept.focus = {node, key: keyOf(node), caret: caret(node)};
    });
    document.addEventListener("focusout", (event) => {
      const node = event.target;
      setTimeout(() => {  // left for good (not removed by a redraw): forget it
        if (kept.focus && kept.focus.node === node && node.isConnected && document.activeElement !== node) kept.focus = null;
      });
    });
    for (const type of ["input", "keyup", "mouseup", "select"]) {
      document.addEventListener(type, (event) => {
        const node = event.target;
        if (kept.focus && kept.focus.node === node) kept.focus.caret = caret(node);
        if (type === "input" && (node.localName === "textarea" || (node.localName === "input" && TYPED.has(node.type)))) {
          const key = keyOf(node);
          if (key) kept.typed.set(key, {node, value: node.value});
        }
      }, true);
    }
    document.addEventListener("submit", (event) => {  // sent: the page's value is the truth again
      event.target.querySelectorAll("input, textarea").forEach((f) => { const key = keyOf(f); if (key) kept.typed.delete(key); });
    }, true);
    document.addEventListener("scroll", (event) => {
      const node = event.target;
      if (node.nodeType === 1) { const key = keyOf(node); if (key) kept.scrolled.set(key, {node, top: node.scrollTop, left: node.scrollLeft}); }
    }, true);
    document.addEventListener("click", (event) => noteControl(event.target), true);
    document.addEventListener("input", (event) => noteControl(event.target), true);
    const main = document.querySelector("main");
    if (main) new MutationObserver(restore).observe(main, {childList: true, subtree: true});
  }

  // a redraw meant to change what fields hold (the start form's players after a removal): the
  // text typed in the old ones is not put back
  function forgetTyped(container) {
    for (const [key, entry] of kept.typed) if (container.contains(entry.node)) kept.typed.delete(key);
  }

  function restore() {
    for (const [key, entry] of kept.typed) {
      if (entry.node.isConnected) continue;
      const now = find(key);
      if (!now) continue;
      if (now.value !== entry.value) now.value = entry.value;
      kept.typed.set(key, {node: now, value: entry.value});
    }
    for (const [key, entry] of kept.scrolled) {
      if (entry.node.isConnected) continue;
      const now = find(key);
      if (!now) continue;
      now.scrollTop = entry.top;
      now.scrollLeft = entry.left;
      kept.scrolled.set(key, {node: now, top: entry.top, left: entry.left});
    }
    const focus = kept.focus;
    if (focus && !focus.node.isConnected && (!document.activeElement || document.activeElement === document.body)) {
      const now = find(focus.key);
      if (now) {
        now.focus({preventScroll: true});
        if (focus.caret && focus.caret[0] !== null) { try { now.setSelectionRange(focus.caret[0], focus.caret[1]); } catch (e) { /* no caret */ } }
        kept.focus = {node: now, key: focus.key, caret: focus.caret};
      }
    }
    placeMessage();
  }

  // A message stands next to the control that caused it (the last one tapped or typed in when
  // the change or question went out) and is announced to screen readers by a live region.
  let lastControl = null;
  function noteControl(target) {
    const control = target && target.closest ? target.closest(CONTROL) : null;
    if (control && control.closest("main") && keyOf(control)) lastControl = keyOf(control);
  }
  const said = {text: "", key: null, node: null};
  let messageBox = null, announcer = null, messageHome = null;
  function boxes() {
    if (!messageBox) {
      messageBox = document.getElementById("message");
      if (messageBox) {
        messageBox.removeAttribute("role");
        messageHome = document.createComment("message");
        messageBox.before(messageHome);
      }
      announcer = h("div", {id: "announce", class: "sr-only", role: "status", "aria-live": "assertive", "aria-atomic": "true"});
      document.body.append(announcer);
    }
    return messageBox;
  }

  function message(text, info, near) {
    const box = boxes();
    if (!box) return;
    said.text = text || "";
    said.key = text ? (near === undefined ? lastControl : near) : null;
    said.node = null;
    box.textContent = said.text;
    box.className = info ? "info" : "";
    announcer.textContent = said.text;
    placeMessage();
  }

  function placeMessage() {
    const box = messageBox;
    if (!box) return;
    let anchor = said.text && said.key ? (said.node && said.node.isConnected ? said.node : find(said.key)) : null;
    if (anchor && anchor.closest("#message")) anchor = null;
    if (!anchor) {
      said.node = null;
      if (messageHome && (box.previousSibling !== messageHome)) messageHome.after(box);
      return;
    }
    said.node = anchor;
    const block = anchor.closest("li, .row, form, fieldset, table, svg, figure, label, p, nav") || anchor;
    if (block.localName === "li") { if (box.parentNode !== block || box.nextSibling) block.append(box); }
    else if (block.nextSibling !== box) block.after(box);
  }

  let reached = true;   // did the last request reach the server?
  function setOffline(off) {
    let banner = document.getElementById("offline");
    if (!banner && off) {
      banner = h("div", {id: "offline", role: "status"});
      document.body.append(banner);
    }
    if (!banner) return;
    banner.textContent = off ? t("offline") + (pending.length ? ` (${pending.length})` : "") : "";
    banner.hidden = !off;
  }

  async function api(method, url, body, raw) {
    const options = {method, headers: {}, credentials: "same-origin"};
    if (body !== undefined) {
      if (raw) options.body = body;
      else { options.body = JSON.stringify(body); options.headers["Content-Type"] = "application/json"; }
    }
    let response;
    try { response = await fetch(url + (url.includes("?") ? "&" : "?") + "lang=" + lang, options); }
    catch (error) { reached = false; setOffline(true); throw error; }   // no status: the server was not reached
    reached = true;
    setOffline(false);   // it answered (whatever it said): the banner goes
    let data;
    // an answer that is not the server's JSON (a proxy's or the HTTP parser's own page): said in the
    // page's language with what to do, not as "502 Bad Gateway"
    try { data = await response.json(); } catch (e) { data = {error: t("not_json").replace("{status}", response.status)}; }
    if (!response.ok) {
      // the server says every refusal in English (the API's word) and in Polish (error_pl)
      const error = new Error((lang === "pl" && data.error_pl) || data.error || response.statusText);
      error.status = response.status;
      error.data = data;
      throw error;
    }
    return data;
  }

  function translate() {
    document.documentElement.lang = lang;
    document.querySelectorAll("[data-t]").forEach((node) => { node.textContent = t(node.dataset.t); });
    // names read out but not shown (the players' row): translated too (it stayed "players")
    document.querySelectorAll("[data-t-label]").forEach((node) => { node.setAttribute("aria-label", t(node.dataset.tLabel)); });
    // the way back to the games keeps a ?lang= the page was opened with: a Polish phone left its
    // room for an English start page
    const home = document.querySelector("header a[data-t='home']");
    if (home) home.setAttribute("href", "/" + carriedLang());
    const button = document.getElementById("lang");
    if (button) {
      const other = lang === "en" ? "pl" : "en";
      button.textContent = other.toUpperCase();
      button.setAttribute("aria-label", `${other.toUpperCase()} — ${other === "pl" ? "polski" : "English"}`);
      button.setAttribute("lang", other);
    }
  }

  function langButton(after) {
    document.getElementById("lang").addEventListener("click", () => {
      lang = lang === "en" ? "pl" : "en";
      localStorage.setItem("railprint-lang", lang);
      const url = new URL(location.href);
      if (url.searchParams.has("lang")) { url.searchParams.set("lang", lang); history.replaceState(null, "", url); }
      translate();
      if (after) after();
    });
    translate();
  }

  function shape(kind) {
    const c = 14, r = 12.5;
    const ring = (n, turn, inner) => Array.from({length: n * (inner ? 2 : 1)}, (_, i) => {
      const a = turn + (i * Math.PI * 2) / (n * (inner ? 2 : 1)), rr = inner && i % 2 ? inner : r;
      return `${(c + rr * Math.sin(a)).toFixed(2)},${(c - rr * Math.cos(a)).toFixed(2)}`;
    }).join(" ");
    switch (kind) {
      case "circle": return h("circle", {cx: c, cy: c, r: 12});
      case "square": return h("rect", {x: 3, y: 3, width: 22, height: 22});
      case "triangle": return h("polygon", {points: ring(3, 0)});
      case "diamond": return h("polygon", {points: ring(4, 0)});
      case "hexagon": return h("polygon", {points: ring(6, Math.PI / 6)});
      case "down": return h("polygon", {points: ring(3, Math.PI)});
      case "pentagon": return h("polygon", {points: ring(5, 0)});
      default: return h("polygon", {points: ring(5, 0, 6.5)});
    }
  }

  // two letters at most telling each name from the others: the first letter alone when no
  // other name starts with it, else the first and the first letter where it differs from them
  // (Ala, Anna: AL, AN; Bartek, Basia: BR, BS), else the first and the seat's number
  function initials(names) {
    const letters = names.map((name) => [...name.trim().toLocaleUpperCase()]);
    return letters.map((mine, i) => {
      const rivals = letters.filter((o, j) => j !== i && o[0] === mine[0]);
      if (!rivals.length) return mine[0] || "?";
      for (let k = 1; k < mine.length; k++) {
        if (rivals.every((o) => o[k] !== mine[k])) return mine[0] + mine[k];
      }
      return (mine[0] || "?") + (i + 1);
    });
  }

  // a player's mark: their colour, their seat's shape and the start of their name
  function swatch(index, name) {
    const players = state.room ? state.room.parts.setup.players : [name];
    const i = Math.max(0, index);
    const letters = players.includes(name) ? initials(players)[players.indexOf(name)] : (name || "?").trim().charAt(0).toUpperCase();
    const outline = shape(SHAPES[i % SHAPES.length]);
    outline.setAttribute("fill", COLOURS[i % COLOURS.length]);
    outline.setAttribute("stroke", "#1d1d1b");
    outline.setAttribute("stroke-width", "1.5");
    return h("svg", {class: "swatch", viewBox: "0 0 28 28", width: 28, height: 28, "aria-hidden": "true",
      "data-shape": SHAPES[i % SHAPES.length], "data-mark": letters}, outline,
      h("text", {x: 14, y: 18.5, "text-anchor": "middle", "font-size": letters.length > 1 ? 10 : 12, "font-weight": 700,
        fill: "#fff", stroke: "#1d1d1b", "stroke-width": 0.6, "paint-order": "stroke"}, letters));
  }

  // names the same for a person: Unicode NFKC, then case-folded (JavaScript has no casefold;
  // lower-casing after NFKC, and ß as ss, is the same for the names people type)
  const sameName = (name) => name.trim().normalize("NFKC").toLowerCase().replace(/ß/g, "ss").replace(/ς/g, "σ");

  // --- the list of games and the form that starts one -----------------------------------------

  async function index() {
    watchRedraws();
    const games = await api("GET", "/api/games");
    const select = document.getElementById("game");
    const fields = document.getElementById("fields");
    const players = document.getElementById("players");
    // how many play: the game's (its PLAYERS), or the chosen setup's where a choice says (a Ticket
    // to Ride map: Nordic 2 to 3, Italy 2 to 5)
    const limits = () => {
      const game = games.find((g) => g.id === select.value) || {};
      let [min, max] = game.players || [1, 8];
      for (const field of game.fields || []) {
        const chosen = fields.querySelector(`[data-field='${field.key}']`);
        const range = field.players && chosen && field.players[chosen.value];
        if (range) [min, max] = range;
      }
      return {min, max};
    };
    function drawFields() {
      const game = games.find((g) => g.id === select.value);
      // the choices made stay when the words are redrawn (a language switch set the map back to the first)
      const kept = Object.fromEntries([...fields.querySelectorAll("[data-field]")].map((s) => [s.dataset.field, s.value]));
      fields.replaceChildren(...(game ? game.fields : []).map((field) => h("label", {},
        h("span", {}, field.label[lang] || field.label.en), " ",
        h("select", {name: field.key, "data-field": field.key}, field.choices.map((c) => h("option", {value: c,
          selected: kept[field.key] === c}, field.names && field.names[c] ? field.names[c][lang] || field.names[c].en : c))))));
    }
    function drawOptions() {
      const chosen = select.value;
      select.replaceChildren(...games.map((g) => h("option", {value: g.id}, g.title[lang] || g.title.en)));
      if (chosen) select.value = chosen;
    }
    // the players' fields: as many as the game allows, added and removed one by one
    const names = () => [...players.querySelectorAll("input[name='player']")].map((i) => i.value);
    function drawPlayers(values, removed) {
      const {min, max} = limits();
      const list = values.slice(0, max);
      // four fields to start with (fewer if the game allows fewer); after a removal, the game's least
      while (list.length < Math.max(min, 1, removed ? 0 : Math.min(4, max)) && list.length < max) list.push("");
      const legend = h("legend", {}, t("players"), " ", h("small", {id: "players-range"},
        `(${t("players_range").replace("{min}", min).replace("{max}", max)})`));
      const rows = list.map((value, i) => h("div", {class: "row player-row"},
        h("input", {name: "player", id: `player-${i + 1}`, "aria-label": `${t("player_n")} ${i + 1}`,
          placeholder: `${t("player_n")} ${i + 1}`, maxlength: 40, autocomplete: "off", value}),
        h("button", {type: "button", class: "remove-player", "data-remove": i + 1, disabled: list.length <= min,
          "aria-label": `${t("remove_player")}: ${t("player_n")} ${i + 1}`, onclick: () => {
            const now = names();
            now.splice(i, 1);
            drawPlayers(now, true);
            const next = document.getElementById(`player-${Math.min(i + 1, now.length)}`);
            if (next) next.focus();
          }}, "−")));
      const add = h("button", {type: "button", id: "add-player", disabled: list.length >= max, onclick: () => {
        drawPlayers([...names(), ""]);
        const fresh = document.getElementById(`player-${names().length}`);
        if (fresh) fresh.focus();
      }}, "+ " + t("add_player"));
      forgetTyped(players);
      players.replaceChildren(legend, ...rows, add);
    }
    drawOptions();
    select.addEventListener("change", () => { drawFields(); drawPlayers(names()); });
    fields.addEventListener("change", () => drawPlayers(names()));   // a map of its own players
    drawFields();
    drawPlayers([]);
    langButton(() => { drawOptions(); drawFields(); drawPlayers(names(), true); listRooms(); });
    document.getElementById("create").addEventListener("submit", async (event) => {
      event.preventDefault();
      const typed = names().map((v) => v.trim());
      const chosen = typed.filter(Boolean);
      const seen = new Map();
      for (const [i, name] of typed.entries()) {
        if (!name) continue;
        const key = sameName(name);
        if (seen.has(key)) {
          message(`${t("same_name")} ${typed[seen.get(key)]} = ${name}`, false, `#player-${i + 1}`);
          document.getElementById(`player-${i + 1}`).focus();
          return;
        }
        seen.set(key, i);
      }
      const {min, max} = limits();
      if (chosen.length < min) {   // said here, in the page's language, at the first empty name
        const empty = typed.findIndex((name) => !name);
        message(t("too_few").replace("{min}", min).replace("{max}", max), false, `#player-${empty + 1}`);
        document.getElementById(`player-${empty + 1}`).focus();
        return;
      }
      const setup = {};
      fields.querySelectorAll("[data-field]").forEach((s) => { setup[s.dataset.field] = s.value; });
      try {
        const data = await api("POST", "/api/rooms", {game: select.value, players: chosen, setup});
        // a room of one player started on this phone: that player holds it (not asked who they
        // are; another phone opening the room is, and can join as a new player)
        if (chosen.length === 1) localStorage.setItem("railprint-player-" + data.room.id, chosen[0]);
        location.href = "/r/" + data.room.id + carriedLang();
      } catch (error) { message(error.message, false, "#create button[type='submit']"); }
    });
    // the rooms list (search, pages, rename, archive, delete, export, import) is rooms.js's
    function listRooms() { return window.RailprintRooms.draw({games, h, api, lang, message}); }
    listRooms();
  }

  // --- one room: players, the game's editor, the ranking, files -----------------------------

  const state = {room: null, score: null, player: null, editor: null, busy: 0, asking: false};

  // A game's scored picture: one <img> per id for the page's life, put back into every redraw. A
  // new src empties the box until the server has drawn it, so the box keeps the shape of the
  // picture it last showed (an A4 page before the first: serve.css): the page below it does not
  // jump, and a tap on a link there never lands on whatever moved under the finger. The other
  // attributes are those of the first call: a redraw updates only src and alt. A picture whose
  // request failed (a flaky phone connection, a 5xx) is asked for again at the next redraw.
  // `open: true` wraps it in a link to the picture itself: a tap opens it whole.
  // `loading: "lazy"`: the picture is asked for only while some of it is on the screen (the
  // browser's own lazy loading starts 1250 px ahead: on a phone, the picture under the board was
  // fetched — and drawn by the server — for every version while the player tapped the board);
  // scrolled to, it asks for the version shown then.
  const pictures = new Map();
  const onScreen = new WeakSet();
  const screen = typeof IntersectionObserver === "function" ? new IntersectionObserver((entries) => {
    for (const entry of entries) {
      const img = entry.target;
      if (!entry.isIntersecting) { onScreen.delete(img); continue; }
      onScreen.add(img);
      if (img.dataset.src && img.getAttribute("src") !== img.dataset.src) img.setAttribute("src", img.dataset.src);
    }
  }) : null;
  function picture(attrs) {
    const {src, alt, open, ...fixed} = attrs;
    if (!fixed.id) throw new Error("picture() needs an id: the <img> is kept under it");
    const lazy = fixed.loading === "lazy" && screen !== null;
    if (!pictures.has(fixed.id)) {
      const img = h("img", fixed);
      img.addEventListener("load", () => { img.style.aspectRatio = `auto ${img.naturalWidth} / ${img.naturalHeight}`; });
      pictures.set(fixed.id, img);
      if (lazy) screen.observe(img);
    }
    const img = pictures.get(fixed.id);
    const failed = img.complete && img.naturalWidth === 0 && img.hasAttribute("src");
    if (lazy) img.dataset.src = src;
    if ((failed || img.getAttribute("src") !== src) && (!lazy || onScreen.has(img))) img.setAttribute("src", src);
    img.alt = alt;
    if (!open) return img;
    let link = img.parentNode && img.parentNode.localName === "a" ? img.parentNode : null;
    if (!link) { link = h("a", {class: "picture-open", target: "_blank", rel: "noopener"}); link.append(img); }
    link.href = src;
    return link;
  }

  function context() {
    return {room: state.room, score: state.score, player: state.player, lang, t, h, api, message,
      change, action, picture, colour: (i) => COLOURS[i % COLOURS.length], swatch,
      playerIndex: (name) => state.room.parts.setup.players.indexOf(name), reachable: () => reached};
  }

  function apply(data) {
    state.room = data.room;
    // the server sends the scorer's violations in Polish too (result_pl) when there are any
    state.score = data.score && lang === "pl" && data.score.result_pl ? {...data.score, result: data.score.result_pl} : data.score;
    // and why a room cannot be scored yet (the Days of Steam end with nobody at 13 VP), error_pl
    // (error_said: the English page's, in players' words where the scorer's names a file's keys)
    if (state.score && lang === "pl" && state.score.error_pl) state.score = {...state.score, error: state.score.error_pl};
    else if (state.score && state.score.error_said) state.score = {...state.score, error: state.score.error_said};
    const players = state.room.parts.setup.players;
    if (!players.includes(state.player)) {
      // this phone's player: ?player=NAME (a link made for one player), else the one this phone
      // picked before, else the question "who are you?" (a phone that answered "just watching" is
      // not asked again). A room of one player asks too — a second person at the table joins from
      // it — but not on the phone that started it (the start page remembers its player).
      const id = state.room.id, linked = new URLSearchParams(location.search).get("player");
      if (players.includes(linked)) localStorage.setItem("railprint-player-" + id, linked);
      const saved = localStorage.getItem("railprint-player-" + id);
      state.player = players.includes(saved) ? saved : players[0];
      state.asking = !players.includes(saved) && localStorage.getItem("railprint-watching-" + id) === null;
    }
    draw();
  }

  // the first time a phone opens a room it asks who holds it (one tap on a
  // name), instead of opening on the first player's part; the answer is kept on the phone
  function pick(name) {
    if (name === null) localStorage.setItem("railprint-watching-" + state.room.id, "1");
    else {
      state.player = name;
      localStorage.setItem("railprint-player-" + state.room.id, name);
    }
    state.asking = false;
    loadEditor();
    draw();
  }

  // a player not on the room's list joins it (POST /api/rooms/<id>/players: their empty part and
  // their name, as one change on the version shown) and this phone opens on their part
  async function join(event) {
    event.preventDefault();
    const name = document.getElementById("new-name").value.trim();
    if (!name) return;
    try {
      apply(await api("POST", `/api/rooms/${state.room.id}/players?phone=${phone}`, {version: state.room.version, name}));
      message("");
      pick(state.room.parts.setup.players.find((p) => sameName(p) === sameName(name)) || name);
    } catch (error) {
      if (error.status === 409 && error.data.room) apply({room: error.data.room, score: error.data.score});
      message(error.status ? (error.status === 409 && !error.data.refused ? t("conflict") : error.message) : t("offline"),
        false, "#new-name");
    }
  }

  // the game's editor is loaded once this phone knows whose part it shows (an editor laid out
  // while hidden would measure nothing: the Ticket to Ride map fitted a 0 px box)
  let editorLoaded = false;
  function loadEditor() {
    if (editorLoaded || state.asking || !state.room) return;
    editorLoaded = true;
    document.body.append(h("script", {src: `/games/${state.room.game}/editor.js`}));
  }

  // Local changes go out one at a time, in order: a change waits for the one before it. ``parts``
  // may be a function, called when the change goes out and made on the version the change
  // before it brought back, so a tap is applied to the latest state (two quick taps never race
  // each other). Plain parts were worked out on the version shown when the tap happened and are
  // sent with it: the server merges them, or refuses them (409) if that part changed since.
  let queue = Promise.resolve();
  let started = 0;  // local changes begun: a poll answer asked for before one of them is stale
  // this page among the room's screens: the server does not answer its push with the version its
  // own change made (the change's answer brings that one; a push asked for before it is dropped)
  const phone = Array.from(crypto.getRandomValues(new Uint8Array(9)), (b) => b.toString(16).padStart(2, "0")).join("");
  // ``note(text)``, when given, shows a refusal or conflict next to the control that made the
  // change instead of at the top of the page.
  function change(parts, note) {
    started += 1;
    state.busy += 1;
    const seen = state.room.version, chained = pending.length > 0, near = lastControl;
    const run = queue.then(() => (typeof parts === "function"
      ? send(parts(), state.room.version, pending.length > 0, near, note) : send(parts, seen, chained, near, note)))
      .finally(() => { state.busy -= 1; });
    queue = run.catch(() => false);
    return run;
  }

  async function send(parts, version, chained, near, note) {
    if (!parts) return false;
    if (pending.length) { keepOffline({parts, version, chained}); return true; }  // behind the ones waiting
    const begun = performance.now();
    const say = note || ((text) => message(text, false, near));
    try {
      apply(await api("POST", `/api/rooms/${state.room.id}/changes?phone=${phone}`, {version, parts}));
      timings.push(performance.now() - begun);
      say("");
      return true;
    } catch (error) {
      if (!error.status) { keepOffline({parts, version, chained: false}); message(t("kept_offline"), true, near); return true; }
      if (error.status === 409 && error.data.room) {
        apply({room: error.data.room, score: error.data.score});
        say(error.data.refused ? error.message : t("conflict"));  // refused by the game: its reason
      } else say(error.message);
      return false;
    }
  }

  // --- changes made without a connection -------------------------------------------------------
  // Kept on the phone (localStorage, so a reload keeps them too) and shown at once; sent in order
  // when the server answers again, each as a change on the version it was made on — or, made on
  // top of an earlier kept change, on the version that one brought back. A refused one (someone
  // changed the same part meanwhile) is said on the page with the current game; the changes
  // made on top of it are refused with it: nothing is dropped without a word.
  let pending = [], flushing = false, retry = null;
  const pendingKey = () => "railprint-pending-" + state.room.id;
  function savePending() {
    if (pending.length) localStorage.setItem(pendingKey(), JSON.stringify(pending));
    else localStorage.removeItem(pendingKey());
  }
  function showPending() {
    for (const entry of pending) Object.assign(state.room.parts, entry.parts);
  }
  function keepOffline(entry) {
    pending.push(entry);
    savePending();
    Object.assign(state.room.parts, entry.parts);
    draw();
    setOffline(true);
    if (!retry) retry = setTimeout(flush, 1500);
  }
  async function flush() {
    retry = null;
    if (flushing || !pending.length) return;
    flushing = true;
    let last = null, refused = 0;
    try {
      while (pending.length) {
        const entry = pending[0];
        if (entry.chained) { pending.shift(); refused += 1; savePending(); continue; }  // made on a refused change
        try {
          last = await api("POST", `/api/rooms/${state.room.id}/changes?phone=${phone}`, {version: entry.version, parts: entry.parts});
          pending.shift();
          if (pending[0] && pending[0].chained) Object.assign(pending[0], {version: last.room.version, chained: false});
        } catch (error) {
          if (!error.status) { retry = setTimeout(flush, 2000); return; }  // still unreachable: all kept
          pending.shift();
          refused += 1;
          if (error.data && error.data.room) last = {room: error.data.room, score: error.data.score};
        }
        savePending();
      }
    } finally { flushing = false; }
    if (!last) last = await api("GET", `/api/rooms/${state.room.id}`).catch(() => null);
    if (last) apply(last);
    if (refused) message(t("refused_offline").replace("{n}", refused));
    else message("");
  }

  async function action(name, payload) {
    const near = lastControl;
    try { return await api("POST", `/api/rooms/${state.room.id}/actions/${name}`, payload); }
    catch (error) { message(error.status ? error.message : t("offline"), false, near); return null; }
  }

  function drawPlayers() {
    const nav = document.getElementById("players");
    const players = state.room.parts.setup.players;
    document.body.toggleAttribute("data-asking", Boolean(state.asking));
    if (state.asking) {
      nav.replaceChildren(h("h2", {id: "who"}, t("who")), h("p", {class: "who-help"}, t("who_help")),
        ...players.map((name, i) => h("button", {type: "button", class: "who", "aria-pressed": "false", "data-player": name,
          onclick: () => pick(name)}, swatch(i, name), name)),
        h("button", {type: "button", class: "who watching", id: "watching", onclick: () => pick(null)}, t("watching")),
        h("p", {class: "who-help"}, t("not_listed")),
        h("form", {id: "join", class: "row", onsubmit: join},
          h("label", {for: "new-name"}, t("new_player")),
          h("input", {id: "new-name", name: "new-name", maxlength: 40, autocomplete: "off", required: true}),
          h("button", {type: "submit", id: "join-button"}, t("join"))));
      return;
    }
    nav.replaceChildren(...players.map((name, i) => h("button", {type: "button", "aria-pressed": String(name === state.player),
      "data-player": name, onclick: () => pick(name)}, swatch(i, name), name)));
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
    }).catch((error) => { if (error.status) message(error.message); });
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
    if (drawnVersion !== state.room.version && !pending.length) { drawnVersion = state.room.version; drawFiles(); }
    if (state.editor) state.editor.update(context());
    document.body.dataset.version = state.room.version;
    document.body.dataset.pending = pending.length;
  }

  // a game's styles: editor.css beside its editor.js (no inline <style>: the page may run under a
  // strict Content Security Policy); the editor stays hidden until they have come, so nothing
  // jumps when they do
  function style(script) {
    const sheet = h("link", {rel: "stylesheet", href: script.src.replace(/editor\.js(\?.*)?$/, "editor.css")});
    const shown = document.getElementById("editor");
    if (shown) {
      shown.hidden = true;
      const styled = () => { shown.hidden = false; };
      sheet.addEventListener("load", styled);
      sheet.addEventListener("error", styled);
    }
    document.head.append(sheet);
  }

  function register(editor) {
    state.editor = editor;
    editor.mount(document.getElementById("editor"), context());
    if (state.room) draw();
  }

  async function room() {
    watchRedraws();
    boxes();
    const id = decodeURIComponent(location.pathname.split("/").pop());
    langButton(() => { drawnVersion = null; refresh(true); });
    try {
      const data = await api("GET", `/api/rooms/${id}`);
      try { pending = JSON.parse(localStorage.getItem("railprint-pending-" + id) || "[]"); } catch (e) { pending = []; }
      if (!Array.isArray(pending)) pending = [];
      state.room = data.room;
      showPending();
      apply({room: state.room, score: data.score});
    } catch (error) { message(error.status ? error.message : t("offline")); return; }
    loadEditor();
    if (pending.length) flush();
    document.getElementById("upload").addEventListener("change", async (event) => {
      const file = event.target.files[0];
      if (!file) return;
      try {
        const text = await file.text();
        apply(await api("PUT", `/api/rooms/${state.room.id}/files/${encodeURIComponent(file.name)}?version=${state.room.version}`, text, true));
        message(t("uploaded"), true);
      } catch (error) {
        if (error.status === 409 && error.data.room) {
          apply({room: error.data.room, score: error.data.score});
          message(error.data.refused ? error.message : t("conflict"));
        }
        else message(error.status ? error.message : t("offline"));
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
        const data = await api("GET", `/api/rooms/${state.room.id}?after=${shown}&phone=${phone}`);
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
    if (pending.length) { flush(); return; }  // kept changes go first; their answers bring the game
    const asked = started;
    try {
      const data = await api("GET", `/api/rooms/${state.room.id}`);
      if (state.busy || asked !== started || pending.length) return;  // a local change began meanwhile: its answer is newer
      if (force || data.room.version > state.room.version) apply(data);
    } catch (error) { /* unreachable: the banner says so (api) */ }
  }

  // an answer of the server's that brings the room (a photo it read: the game's photo.js) is shown
  // at once, as a change's own answer is: left to the push, a phone opened with ?poll=0 (no push)
  // never showed the board its own photo filled in; an older version than the one shown is not
  function answered(data) {
    if (data && data.room && state.room && data.room.id === state.room.id && data.room.version > state.room.version) {
      apply({room: data.room, score: data.score});
    }
  }

  window.Railprint = {index, room, register, style, timings, carriedLang, answered, get lang() { return lang; }};
})();
