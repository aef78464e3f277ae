/* Railroad Ink: "Take a photo" of a printed sheet (railprint sheet) fills in the shown player's board.
   The phone's camera (input capture=environment) gives a JPEG; it goes as the raw body of
   POST /api/rooms/<id>/photos/<player>?version=N (not JSON; the server's own size limit); the
   server reads it (photo/read.py) and stores the board; the page's poll shows it. Spaces read
   with doubt are outlined until the player changes them. Needs the server's photo extra. */
(function () {
  "use strict";
  const WORDS = {
    en: {take: "Take a photo", reading: "Reading the photo…", done: "Board filled in from the photo.",
      check: (n) => `${n} space(s) to check (outlined): tap each, then draw or confirm it.`},
    pl: {take: "Zrób zdjęcie", reading: "Czytam zdjęcie…", done: "Plansza wypełniona ze zdjęcia.",
      check: (n) => `${n} pól do sprawdzenia (obrysowane): dotknij każdego i popraw lub zostaw.`},
  };
  const lang = () => ((window.Railprint && window.Railprint.lang) === "pl" ? "pl" : "en");
  const w = (key) => WORDS[lang()][key];
  // square -> {guess, seen}: outlined while the cell shows the guess; once it has shown it (the
  // poll brings the board) and then shows something else, the player has settled it
  let doubtful = {};
  let note = null;

  function outline() {
    for (const cell of document.querySelectorAll(".ri-cell[data-square]")) {
      const doubt = doubtful[cell.dataset.square];
      const on = doubt !== undefined && cell.dataset.token === doubt.guess;
      cell.classList.toggle("ri-doubt", on);
      if (on) doubt.seen = true;
      else if (doubt && doubt.seen) delete doubtful[cell.dataset.square];
    }
  }

  function player() {
    const pressed = document.querySelector('#players button[aria-pressed="true"]');
    return pressed ? pressed.dataset.player : null;
  }

  async function send(file) {
    const room = decodeURIComponent(location.pathname.split("/").pop());
    const who = player();
    if (!who) return;
    note.textContent = w("reading");
    const url = `/api/rooms/${encodeURIComponent(room)}/photos/${encodeURIComponent(who)}?version=${document.body.dataset.version}`;
    let answer = null;
    try {
      const response = await fetch(url, {method: "POST", body: file, headers: {"Content-Type": file.type || "image/jpeg"}});
      answer = await response.json();
      if (!response.ok) { note.textContent = answer.error || response.statusText; return; }
    } catch (error) { note.textContent = String(error); return; }
    doubtful = {};
    for (const u of (answer.photo && answer.photo.uncertain) || []) doubtful[u.square] = {guess: u.guess, seen: false};
    const n = Object.keys(doubtful).length;
    note.textContent = n ? w("check")(n) : w("done");
    outline();
  }

  function mount() {
    const editor = document.getElementById("editor");
    if (!editor || document.getElementById("ri-photo-file")) return;
    const input = document.createElement("input");
    Object.assign(input, {type: "file", accept: "image/*", hidden: true, id: "ri-photo-file"});
    input.setAttribute("capture", "environment");
    input.addEventListener("change", () => { const file = input.files[0]; input.value = ""; if (file) send(file); });
    const button = document.createElement("button");
    Object.assign(button, {type: "button", id: "ri-photo-button", textContent: w("take")});
    button.addEventListener("click", () => input.click());
    note = document.createElement("p");
    note.id = "ri-photo-note";
    note.className = "hint";
    note.setAttribute("role", "status");
    // the editor's own room for it (#ri-photo), else a row of its own above the editor
    let row = document.getElementById("ri-photo");
    if (!row) { row = document.createElement("div"); row.id = "ri-photo"; editor.before(row); }
    row.className = "row ri-photo";
    row.append(button, input, note);
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
