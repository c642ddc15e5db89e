// The page: a lobby (#/), a table (#/table/ID) and a replay (#/replay/ID), in French or English.

import { currentLang, loadTexts, setLang, translatePage } from "./i18n.js";
import { showLobby } from "./lobby.js";
import { showTable } from "./table.js";
import { showReplay } from "./replay.js";

const app = document.getElementById("app");
let leave = null;

async function route() {
  if (leave) {
    leave();
    leave = null;
  }
  const lang = currentLang();
  document.documentElement.lang = lang;
  const t = await loadTexts(lang);
  translatePage(document, t);
  const [, page, id] = (location.hash || "#/").slice(1).split("/");
  if (page === "table" && id) leave = await showTable(app, id, lang);
  else if (page === "replay" && id) leave = await showReplay(app, id, lang);
  else leave = await showLobby(app, lang);
}

document.getElementById("lang-switch").addEventListener("click", () => {
  setLang(currentLang() === "fr" ? "en" : "fr");
  route();
});
window.addEventListener("hashchange", route);
route();
