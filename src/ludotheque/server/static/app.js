// The page: a lobby (#/), a table (#/table/ID), a replay (#/replay/ID), the leaderboards (#/leaderboard/GAME),
// logging in (#/login) and the profile (#/me), in French or English.

import { drawAccount, me, showLogin, showProfile } from "./account.js";
import { currentLang, loadTexts, setLang, translatePage } from "./i18n.js";
import { showLeaderboard } from "./leaderboard.js";
import { showLobby } from "./lobby.js";
import { showTable } from "./table.js";
import { showReplay } from "./replay.js";

const app = document.getElementById("app");
let leave = null;
let current = 0; // which route is the latest: a page that finishes loading after a newer one started leaves at once
let previous = "#/"; // the page before this one (where logging in goes back to)
let here = location.hash || "#/";

async function route() {
  const mine = ++current;
  if (leave) {
    leave();
    leave = null;
  }
  // The page being left stays on screen until the next one is drawn, but can no longer be used: a form filled in
  // there (a lobby that was about to be drawn again) would be lost with it.
  app.inert = true;
  app.setAttribute("aria-busy", "true");
  try {
    await draw(mine);
  } finally {
    if (mine === current) {
      app.inert = false;
      app.removeAttribute("aria-busy");
    }
  }
}

async function draw(mine) {
  const lang = currentLang();
  document.documentElement.lang = lang;
  const t = await loadTexts(lang);
  translatePage(document, t);
  me(true); // asked again at each page: logged in or out in another tab, or the session ran out
  drawAccount(document.getElementById("account"), t);
  if ((location.hash || "#/") !== here) {
    previous = here;
    here = location.hash || "#/";
  }
  const [, page, id] = (location.hash || "#/").slice(1).split("/");
  // Each page is drawn in its own box, shown only if no newer page was asked for meanwhile: a lobby still
  // loading when a table's link is followed never draws over the table.
  const box = document.createElement("div");
  let done;
  if (page === "table" && id) done = await showTable(box, id, lang);
  else if (page === "replay" && id) done = await showReplay(box, id, lang);
  else if (page === "leaderboard") done = await showLeaderboard(box, lang, id);
  else if (page === "login") done = await showLogin(box, lang, previous);
  else if (page === "me") done = await showProfile(box, lang);
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
window.addEventListener("ludo:account", route); // logged in or out: the header and the page are drawn again
route();
