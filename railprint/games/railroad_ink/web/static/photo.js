/* Railroad Ink: "Take a photo" of a printed sheet (railprint sheet) fills in the shown player's board.
   The phone's camera (input capture=environment) gives a JPEG; it goes as the raw body of
   POST /api/rooms/<id>/photos/<player>?version=N (not JSON; the server's own size limit); the
   server reads it (photo/read.py) and stores the board; its answer (the room) is shown at once
   (Railprint.answered: a phone with ?poll=0 gets no push), the other phones get it by the push. Spaces read
   with doubt are outlined until the player settles each: a tap on one with no face picked keeps
   what was read, a face drawn there changes it. Needs the server's photo extra. */
(function () {
  "use strict";
  const WORDS = {
    en: {take: "Take a photo", reading: "Reading the photo…", done: "Board filled in from the photo.",
      check: (n) => `${n} ${n === 1 ? "space" : "spaces"} to check (outlined in orange): a tap keeps what was read; ` +
        "to change one, pick a face, then tap it.",
      checked: "Every space checked.",
      unsent: "The photo did not reach the server: check the Wi-Fi, then take it again.",
      not_json: "The server answered {status} without saying why: take the photo again."},
    pl: {take: "Zrób zdjęcie", reading: "Czytam zdjęcie…", done: "Plansza wypełniona ze zdjęcia.",
      check: (n) => `${n} ${polish(n, "pole", "pola", "pól")} do sprawdzenia (obwiedzione na pomarańczowo): ` +
        "dotknięcie zostawia odczyt; by zmienić, wybierz wzór i dotknij pola.",
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
  // square -> {guess, seen}: outlined while the cell shows the guess; once it has shown it (the
  // poll brings the board) and then shows something else, the player has settled it
  let doubtful = {};
  let note = null;

  let asked = 0;   // spaces the last photo left in doubt (0: no note about them)
  function outline() {
    for (const cell of document.querySelectorAll(".ri-cell[data-square]")) {
      const doubt = doubtful[cell.dataset.square];
      const on = doubt !== undefined && cell.dataset.token === doubt.guess;
      cell.classList.toggle("ri-doubt", on);
      if (on) doubt.seen = true;
      else if (doubt && doubt.seen) delete doubtful[cell.dataset.square];
    }
    if (!asked || !note) return;
    const left = Object.keys(doubtful).length, said = left ? w("check")(left) : w("checked");
    if (note.textContent !== said) note.textContent = said;
  }

  // a tap on an outlined space with no face (or die, or own drawing) picked: what was read is right
  function confirm(event) {
    const cell = event.target.closest && event.target.closest(".ri-cell.ri-doubt[data-square]");
    if (!cell) return;
    const picked = document.querySelector('.ri-faces button[aria-pressed="true"], .ri-die[aria-pressed="true"], #ri-own[aria-pressed="true"]');
    if (picked) return;   // the face picked is drawn there instead: the outline goes with the guess
    delete doubtful[cell.dataset.square];
    cell.classList.remove("ri-doubt");
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
    for (const u of (answer.photo && answer.photo.uncertain) || []) doubtful[u.square] = {guess: u.guess, seen: false};
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
    note = document.createElement("p");
    note.id = "ri-photo-note";
    note.className = "hint";
    note.setAttribute("role", "status");
    // the editor's own room for it (#ri-photo, in the tray), else a row of its own above the editor
    let row = document.getElementById("ri-photo");
    if (!row) { row = document.createElement("div"); row.id = "ri-photo"; row.className = "row"; editor.before(row); }
    row.classList.add("ri-photo");
    row.append(button, input, note);
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
