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
  let done;
  if (page === "table" && id) done = await showTable(app, id, lang);
  else if (page === "replay" && id) done = await showReplay(app, id, lang);
  else done = await showLobby(app, lang);
  if (mine === current) leave = done;
  else done();
}

document.getElementById("lang-switch").addEventListener("click", () => {
  setLang(currentLang() === "fr" ? "en" : "fr");
  route();
});
window.addEventListener("hashchange", route);
route();
