// railprint watch --serve: the cards of every watched set, replaced when their images change.
// The server sends the whole state on connecting, then one event per rebuilt set (its cards'
// digests, or its problem). An image is fetched only when a card's digest changes: the others
// keep theirs. A set that no longer builds keeps its last good cards and shows the problem.
"use strict";

const sections = new Map();   // "game/id" -> {section, error, cards}

function sectionFor(set) {
  const key = set.game + "/" + set.id;
  let entry = sections.get(key);
  if (!entry) {
    const section = document.createElement("section");
    section.dataset.set = set.id;
    const heading = document.createElement("h2");
    const error = document.createElement("pre");
    error.className = "error";
    error.hidden = true;
    const cards = document.createElement("div");
    cards.className = "cards";
    section.append(heading, error, cards);
    document.getElementById("sets").append(section);
    entry = {section, heading, error, cards};
    sections.set(key, entry);
  }
  return entry;
}

function showSet(set) {
  const entry = sectionFor(set);
  entry.heading.textContent = set.title + " ";
  const small = document.createElement("small");
  small.textContent = set.id + " · " + set.cards.length + " faces";
  entry.heading.append(small);
  entry.section.dataset.version = String(set.version);
  entry.error.hidden = !set.error;
  entry.error.textContent = set.error || "";
  if (set.error) {
    return;   // the last good cards stay
  }
  const figures = entry.cards.children;
  set.cards.forEach((card, index) => {
    let figure = figures[index];
    if (!figure) {
      figure = document.createElement("figure");
      const img = document.createElement("img");
      img.alt = card.label;
      img.dataset.index = String(index);
      const caption = document.createElement("figcaption");
      figure.append(img, caption);
      entry.cards.append(figure);
    }
    const img = figure.firstChild;
    figure.dataset.side = card.label.endsWith("-back") ? "back" : "front";
    figure.lastChild.textContent = card.label + (card.name ? " · " + card.name : "");
    img.width = Math.round(card.width);
    img.height = Math.round(card.height);
    if (img.dataset.digest !== card.digest) {
      const fresh = img.dataset.digest !== undefined;
      img.dataset.digest = card.digest;
      img.src = "/cards/" + card.digest + ".png";
      img.alt = card.label;
      img.classList.toggle("fresh", fresh);
    }
  });
  while (figures.length > set.cards.length) {
    figures[figures.length - 1].remove();
  }
}

function showProblem(problem) {
  const shown = document.getElementById("problem");
  shown.hidden = !problem;
  shown.textContent = problem || "";
}

function connect() {
  const status = document.getElementById("status");
  const events = new EventSource("/events");
  events.onopen = () => {
    status.textContent = "watching: save a file and its cards change here";
    status.classList.remove("lost");
  };
  events.onmessage = (message) => {
    const data = JSON.parse(message.data);
    if ("problem" in data) {
      showProblem(data.problem);
    }
    if (data.sets) {
      data.sets.forEach(showSet);
      if (!data.sets.length) {
        status.textContent = "building…";
      }
    } else if (data.set) {
      showSet(data.set);
      status.textContent = "updated " + new Date().toLocaleTimeString();
    }
  };
  events.onerror = () => {
    status.textContent = "lost the watch (stopped?) — trying again…";
    status.classList.add("lost");
  };
}

function backs() {   // a deck's backs shown or not (remembered by the browser)
  const box = document.getElementById("backs");
  box.checked = localStorage.getItem("railprint-preview-backs") === "yes";
  const apply = () => {
    document.body.classList.toggle("no-backs", !box.checked);
    localStorage.setItem("railprint-preview-backs", box.checked ? "yes" : "no");
  };
  box.addEventListener("change", apply);
  apply();
}

backs();
connect();
