/* railprint serve: the start page's rooms — every room reachable (searched, page by page),
   renamed, archived, deleted, exported as one JSON file and imported back (docs/serve.md).
   serve.js's index() calls RailprintRooms.draw({games, h, api, lang, message}). */
(function () {
  "use strict";
  const WORDS = {
    en: {search: "Find a game (title, players, game)", archived: "Archived", prev: "◀ Newer", next: "Older ▶",
      rename: "Rename", archive: "Archive", unarchive: "Restore", remove: "Delete", export: "Export",
      import: "Import a game (.json)", new_title: "New title:", confirm_delete: "Delete this game for good?",
      none: "No games.", imported: "Game imported", bad_file: "Not a room file:", shown: "{a}–{b} of {n}"},
    pl: {search: "Znajdź grę (tytuł, gracze, gra)", archived: "W archiwum", prev: "◀ Nowsze", next: "Starsze ▶",
      rename: "Zmień nazwę", archive: "Do archiwum", unarchive: "Przywróć", remove: "Usuń", export: "Eksport",
      import: "Wczytaj grę (.json)", new_title: "Nowa nazwa:", confirm_delete: "Usunąć tę grę na zawsze?",
      none: "Brak gier.", imported: "Gra wczytana", bad_file: "To nie jest plik gry:", shown: "{a}–{b} z {n}"},
  };
  const PAGE = 20;
  const view = {query: "", archived: false, offset: 0, wired: false, timer: null};
  let ctx = null;

  function w(key) { return (WORDS[ctx.lang] || WORDS.en)[key] || WORDS.en[key]; }

  function wire() {
    if (view.wired) return;
    view.wired = true;
    const search = document.getElementById("room-search");
    search.addEventListener("input", () => {
      clearTimeout(view.timer);
      view.timer = setTimeout(() => { view.query = search.value.trim(); view.offset = 0; list(); }, 250);
    });
    document.getElementById("room-archived").addEventListener("change", (event) => {
      view.archived = event.target.checked; view.offset = 0; list();
    });
    document.getElementById("room-prev").addEventListener("click", () => { view.offset = Math.max(0, view.offset - PAGE); list(); });
    document.getElementById("room-next").addEventListener("click", () => { view.offset += PAGE; list(); });
    document.getElementById("room-import").addEventListener("change", importFile);
  }

  async function importFile(event) {
    const file = event.target.files[0];
    event.target.value = "";
    if (!file) return;
    let data;
    // (the file named, not the browser's own JSON error, which is in the browser's language)
    try { data = JSON.parse(await file.text()); } catch (error) { ctx.message(`${w("bad_file")} ${file.name}`); return; }
    try {
      const answer = await ctx.api("POST", "/api/rooms/import", data);
      ctx.message(w("imported"), true);
      location.href = "/r/" + answer.room.id + window.Railprint.carriedLang();
    } catch (error) { ctx.message(error.message); }
  }

  async function act(method, room, body) {
    try { await ctx.api(method, "/api/rooms/" + room.id, body); list(); } catch (error) { ctx.message(error.message); }
  }

  function item(room) {
    const {h, games, lang} = ctx;
    const game = games.find((g) => g.id === room.game);
    const when = new Date(room.updated * 1000).toLocaleString(lang);
    return h("li", {"data-room": room.id},
      h("a", {href: "/r/" + room.id + window.Railprint.carriedLang()}, room.title), ` — ${game ? (game.title[lang] || game.title.en) : room.game}, ${when}`,
      h("div", {class: "hall-actions"},
        h("button", {type: "button", "data-act": "rename", onclick: () => {
          const title = prompt(w("new_title"), room.title);
          if (title !== null && title.trim()) act("PATCH", room, {title});
        }}, w("rename")),
        h("button", {type: "button", "data-act": "archive", onclick: () => act("PATCH", room, {archived: !room.archived})},
          room.archived ? w("unarchive") : w("archive")),
        h("button", {type: "button", "data-act": "delete", onclick: () => {
          if (confirm(w("confirm_delete"))) act("DELETE", room);
        }}, w("remove")),
        h("a", {href: `/api/rooms/${room.id}/room.json`, download: "", "data-act": "export"}, w("export"))));
  }

  async function list() {
    const {h} = ctx;
    const params = new URLSearchParams({q: view.query, offset: view.offset, limit: PAGE + 1});
    if (view.archived) params.set("archived", "1");
    let rooms;
    try { rooms = await ctx.api("GET", "/api/rooms?" + params); } catch (error) { ctx.message(error.message); return; }
    if (!rooms.length && view.offset > 0) { view.offset = Math.max(0, view.offset - PAGE); list(); return; }
    const more = rooms.length > PAGE;
    document.getElementById("rooms").replaceChildren(...(rooms.length ? rooms.slice(0, PAGE).map(item) : [h("li", {}, w("none"))]));
    document.getElementById("room-prev").hidden = view.offset === 0;
    document.getElementById("room-next").hidden = !more;
    document.getElementById("room-page").textContent = rooms.length && (view.offset || more)
      ? w("shown").replace("{a}", view.offset + 1).replace("{b}", view.offset + Math.min(rooms.length, PAGE)).replace("{n}", more ? "…" : view.offset + rooms.length)
      : "";
  }

  function labels() {
    document.getElementById("room-search").placeholder = w("search");
    document.getElementById("room-search").setAttribute("aria-label", w("search"));
    document.getElementById("room-archived-label").textContent = w("archived");
    document.getElementById("room-prev").textContent = w("prev");
    document.getElementById("room-next").textContent = w("next");
    document.getElementById("room-import-label").textContent = w("import");
  }

  // serve.js's start page hands over what it has: the games, its h() and api(), the language
  function draw(context) {
    ctx = context;
    wire();
    labels();
    return list();
  }

  window.RailprintRooms = {draw};
})();
