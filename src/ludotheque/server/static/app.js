// The page: a lobby (#/), a table (#/table/ID) and a replay (#/replay/ID), in French or English.

import { currentLang, loadTexts, setLang, translatePage } from "./i18n.js";
import { showLobby } from "./lobby.js";
import { showTable } from "./table.js";
import { showReplay } from "./replay.js";

const app = document.getElementById("app");
let leave = null;
let current = 0; // which route is the latest: a page that finishes loading after a newer one started leaves at once

async function route() {
  const mine = ++current;
  if (leave) {
    leave();
    leave = null;
  }
  const lang = currentLang();
  document.documentElement.lang = lang;
  const t = await loadTexts(lang);
  translatePage(document, t);
  const [, page, id] = (location.hash || "#/").slice(1).split("/");
  // Each page is drawn in its own box, shown only if no newer page was asked for meanwhile: a lobby still
  // loading when a table's link is followed never draws over the table.
  const box = document.createElement("div");
  let done;
  if (page === "table" && id) done = await showTable(box, id, lang);
  else if (page === "replay" && id) done = await showReplay(box, id, lang);
  else done = await showLobby(box, lang);
  if (mine === current) {
    leave = done;
    app.replaceChildren(box);
  } else done();
}

document.getElementById("lang-switch").addEventListener("click", () => {
  setLang(currentLang() === "fr" ? "en" : "fr");
  route();
});
window.addEventListener("hashchange", route);
route();
