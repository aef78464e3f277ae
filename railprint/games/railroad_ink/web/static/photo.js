/* Railroad Ink: "Take a photo" of a printed sheet (railprint sheet) fills in the shown player's board.
   The phone's camera (input capture=environment) gives a JPEG; it goes as the raw body of
   POST /api/rooms/<id>/photos/<player>?version=N (not JSON; the server's own size limit); the
   server reads it (photo/read.py) and stores the board; its answer (the room) is shown at once
   (Railprint.answered: a phone with ?poll=0 gets no push), the other phones get it by the push. Spaces read
   with doubt are outlined until the player settles each: a tap on one with no face picked keeps
   what was read, a face drawn there changes it, and "Keep N" keeps every one left in one tap. The likeliest wrong (the server's order) are outlined in red and numbered; the sides in
   doubt are marked on the cell's edge. Needs the server's photo extra. */
(function () {
  "use strict";
  const WORDS = {
    en: {take: "Take a photo", reading: "Reading the photo…", done: "Board filled in from the photo.",
      check: (n) => `${n} ${n === 1 ? "space" : "spaces"} to check: a tap keeps what was read, a face picked first changes it.`,
      first: (list) => ` Red first: ${list}.`,
      keep: (n) => `Keep ${n}`,
      keep_all: (n) => `Keep ${n} ${n === 1 ? "space" : "spaces"} left as read`,
      doubt: (order) => `to check${order ? `, number ${order}` : ""}`,
      checked: "Every space checked.",
      unsent: "The photo did not reach the server: check the Wi-Fi, then take it again.",
      not_json: "The server answered {status} without saying why: take the photo again."},
    pl: {take: "Zrób zdjęcie", reading: "Czytam zdjęcie…", done: "Plansza wypełniona ze zdjęcia.",
      check: (n) => `${n} ${polish(n, "pole", "pola", "pól")} do sprawdzenia: dotknięcie zostawia odczyt, ` +
        "wybrany wcześniej wzór go zmienia.",
      first: (list) => ` Najpierw czerwone: ${list}.`,
      keep: (n) => `Zostaw ${n}`,
      keep_all: (n) => `Zostaw ${n} ${polish(n, "pozostałe pole", "pozostałe pola", "pozostałych pól")} bez zmian`,
      doubt: (order) => `do sprawdzenia${order ? `, numer ${order}` : ""}`,
      checked: "Wszystkie pola sprawdzone.",
      unsent: "Zdjęcie nie dotarło do serwera: sprawdź Wi-Fi i zrób je jeszcze raz.",
      not_json: "Serwer odpowiedział {status}, nie mówiąc dlaczego: zrób zdjęcie jeszcze raz."},
  };
  function polish(n, one, few, many) {
    if (n === 1) return one;
    return n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14) ? few : many;
  }
  const lang = () => ((window.Railprint && window.Railprint.lang) === "pl" ? "pl" : "en");
  const w = (key) => WORDS[lang()][key];
  // square -> {guess, seen, likely, sides, reason, order}: outlined while the cell shows the guess;
  // once it has shown it (the poll brings the board) and then shows something else, the player has
  // settled it. The server ranks them, likeliest wrong first (photo/check_order.py): those are
  // outlined in red and numbered, the sides in doubt marked on the cell's edge, the reason in its name
  let doubtful = {};
  let note = null, keep = null;
  const SVG = "http://www.w3.org/2000/svg";
  const CELL = 40;   // editor.js's square in the board's picture
  const NAMED = 6;   // the red spaces the note names (the board numbers every one)

  function svg(tag, attrs) {
    const node = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    return node;
  }

  // the marks on a cell in doubt (added once: editor.js draws the cells afresh on each change)
  function mark(cell, doubt) {
    if (cell.querySelector(".ri-doubt-mark")) return;
    const box = cell.querySelector("rect");
    const x = Number(box.getAttribute("x")), y = Number(box.getAttribute("y"));
    const g = svg("g", {class: "ri-doubt-mark", "aria-hidden": "true"});
    // the outline inside the cell: a neighbour's outline drawn after it does not cover it
    g.append(svg("rect", {x: x + 1.5, y: y + 1.5, width: CELL - 3, height: CELL - 3, class: "ri-doubt-box"}));
    const ends = {N: [x + 10, y + 5, x + CELL - 10, y + 5], E: [x + CELL - 5, y + 10, x + CELL - 5, y + CELL - 10],
      S: [x + 10, y + CELL - 5, x + CELL - 10, y + CELL - 5], W: [x + 5, y + 10, x + 5, y + CELL - 10]};
    for (const side of doubt.sides) {
      const [x1, y1, x2, y2] = ends[side];
      g.append(svg("line", {x1, y1, x2, y2, class: "ri-doubt-side"}));
    }
    if (doubt.likely) {
      g.append(svg("circle", {cx: x + 7, cy: y + 7, r: 6.5, class: "ri-doubt-badge"}));
      const number = svg("text", {x: x + 7, y: y + 10, "text-anchor": "middle", class: "ri-doubt-number"});
      number.textContent = String(doubt.order);
      g.append(number);
    }
    // (no <title> with the reason: its text would join the badge's number in the cell's visible
    // text, which its name must hold) the cell's name says it is in doubt, its number (the badge's text) and why
    g.dataset.label = cell.getAttribute("aria-label") || "";
    cell.setAttribute("aria-label", `${g.dataset.label}, ${w("doubt")(doubt.order)}: ${doubt.reason[lang()]}`);
    cell.append(g);
  }

  let asked = 0;   // spaces the last photo left in doubt (0: no note about them)
  function outline() {
    for (const cell of document.querySelectorAll(".ri-cell[data-square]")) {
      const doubt = doubtful[cell.dataset.square];
      const on = doubt !== undefined && cell.dataset.token === doubt.guess;
      cell.classList.toggle("ri-doubt", on);
      cell.classList.toggle("ri-likely", on && doubt.likely);
      if (on) { doubt.seen = true; mark(cell, doubt); } else {
        const old = cell.querySelector(".ri-doubt-mark");
        if (old) { cell.setAttribute("aria-label", old.dataset.label); old.remove(); }
        if (doubt && doubt.seen) delete doubtful[cell.dataset.square];
      }
    }
    const left = Object.keys(doubtful).length;
    if (keep) {
      keep.hidden = !left;
      const label = left ? w("keep")(left) : "", said = left ? w("keep_all")(left) : "";
      if (keep.textContent !== label) keep.textContent = label;
      if (keep.title !== said) { keep.title = said; keep.setAttribute("aria-label", said); }
    }
    if (!asked || !note) return;
    const first = Object.entries(doubtful).filter(([, d]) => d.likely).sort((a, b) => a[1].order - b[1].order)
      .map(([square]) => square);
    const named = first.slice(0, NAMED).join(", ") + (first.length > NAMED ? ` (+${first.length - NAMED})` : "");
    const said = left ? w("check")(left) + (first.length ? w("first")(named) : "") : w("checked");
    if (note.textContent !== said) note.textContent = said;
  }

  // a tap on an outlined space with no face (or die, or own drawing) picked: what was read is right
  function confirm(event) {
    const cell = event.target.closest && event.target.closest(".ri-cell.ri-doubt[data-square]");
    if (!cell) return;
    const picked = document.querySelector('.ri-faces button[aria-pressed="true"], .ri-die[aria-pressed="true"], #ri-own[aria-pressed="true"]');
    if (picked) return;   // the face picked is drawn there instead: the outline goes with the guess
    delete doubtful[cell.dataset.square];
    outline();
  }

  // every space still in doubt kept as read, in one tap (its full label begins with what it shows:
  // a voice user says what is seen) (the player has looked at the board and
  // corrected the ones that were wrong)
  function keepAll() {
    doubtful = {};
    outline();
  }

  function player() {
    const pressed = document.querySelector('#players button[aria-pressed="true"]');
    return pressed ? pressed.dataset.player : null;
  }

  async function send(file) {
    const room = decodeURIComponent(location.pathname.split("/").pop());
    const who = player();
    if (!who) return;
    asked = 0;   // the note says this photo's reading now, not the last one's spaces
    note.textContent = w("reading");
    const url = `/api/rooms/${encodeURIComponent(room)}/photos/${encodeURIComponent(who)}?version=${document.body.dataset.version}`;
    let answer = null, response = null;
    // (a photo that never reached the server, or an answer that is not its JSON, is said in the
    // page's language with what to do: it showed "TypeError: Failed to fetch")
    try {
      response = await fetch(url, {method: "POST", body: file, headers: {"Content-Type": file.type || "image/jpeg"}});
    } catch (error) { note.textContent = w("unsent"); return; }
    try { answer = await response.json(); } catch (error) { answer = {error: w("not_json").replace("{status}", response.status)}; }
    if (!response.ok) {
      // a conflict (409) brings the room as it is now: shown, with the reason next to the button
      if (answer.room) window.Railprint.answered(answer);
      note.textContent = (lang() === "pl" && answer.error_pl) || answer.error || response.statusText;
      return;
    }
    doubtful = {};
    let order = 0;
    const spaces = ((answer.photo && answer.photo.uncertain) || []).slice().sort((a, b) => (a.rank || 0) - (b.rank || 0));
    for (const u of spaces) {
      const likely = !!u.likely;
      doubtful[u.square] = {guess: u.guess, seen: false, likely, order: likely ? ++order : 0,
        sides: (u.sides || "").split("").filter((side) => "NESW".includes(side)),
        reason: {en: u.reason || "", pl: u.reason_pl || u.reason || ""}};
    }
    const n = Object.keys(doubtful).length;
    asked = n;
    note.textContent = n ? w("check")(n) : w("done");
    window.Railprint.answered(answer);   // this phone's own board, at once (not left to a push)
    outline();
  }

  function mount() {
    const editor = document.getElementById("editor");
    if (!editor || document.getElementById("ri-photo-file")) return;
    const input = document.createElement("input");
    // HEIC/HEIF and AVIF named too: desktop Chrome's picker greys out an iPhone's .heic under image/*
    // alone (and sends it with no type: the server reads the bytes, not the type)
    Object.assign(input, {type: "file", accept: "image/*,.heic,.heif,.avif", hidden: true, id: "ri-photo-file"});
    input.setAttribute("capture", "environment");
    input.addEventListener("change", () => { const file = input.files[0]; input.value = ""; if (file) send(file); });
    const button = document.createElement("button");
    Object.assign(button, {type: "button", id: "ri-photo-button", textContent: w("take")});
    button.addEventListener("click", () => input.click());
    keep = document.createElement("button");
    Object.assign(keep, {type: "button", id: "ri-photo-keep", hidden: true});
    keep.addEventListener("click", keepAll);
    note = document.createElement("p");
    note.id = "ri-photo-note";
    note.className = "hint";
    note.setAttribute("role", "status");
    // the editor's own room for it (#ri-photo, in the tray), else a row of its own above the editor
    let row = document.getElementById("ri-photo");
    if (!row) { row = document.createElement("div"); row.id = "ri-photo"; row.className = "row"; editor.before(row); }
    row.classList.add("ri-photo");
    row.append(button, keep, input, note);
    editor.addEventListener("click", confirm, true);
    editor.addEventListener("keydown", (event) => { if (event.key === "Enter" || event.key === " ") confirm(event); }, true);
    // the button sits inside the editor: write its label only when the language changed it, or the
    // observer would see its own write and run again forever
    new MutationObserver(() => {
      if (button.textContent !== w("take")) button.textContent = w("take");
      outline();
    }).observe(editor, {childList: true, subtree: true});
    const style = document.createElement("link");
    Object.assign(style, {rel: "stylesheet", href: "/games/railroad-ink/photo.css"});
    document.head.append(style);
  }

  mount();
})();
