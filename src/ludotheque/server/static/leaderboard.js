// #/leaderboard/GAME: a game's ratings (GET /api/leaderboard/GAME), the best cautious estimate first; anybody may
// look, guests and spectators included. The logged-in person's own line stands out.

import { clear, h } from "./dom.js";
import { loadTexts } from "./i18n.js";
import { me, round } from "./account.js";

export async function showLeaderboard(root, lang, game) {
  const t = await loadTexts(lang);
  const games = await (await fetch(`/api/games?lang=${lang}`)).json();
  const chosen = games.find((g) => g.name === game) || games[0];
  const [board, who] = await Promise.all([
    fetch(`/api/leaderboard/${encodeURIComponent(chosen.name)}?lang=${lang}`).then((r) => r.json()),
    me(),
  ]);
  const select = h("select", { id: "leaderboard-game", "aria-label": t("leaderboard.game") },
    games.map((g) => h("option", { value: g.name, selected: g.name === chosen.name }, g.title)));
  select.addEventListener("change", () => { location.hash = `#/leaderboard/${select.value}`; });
  const rows = board.ratings.map((r) => h("tr", { class: `${r.name === who.name ? "mine" : ""}${r.bot ? " bot" : ""}` },
    h("td", { class: "num" }, r.rank),
    h("td", {}, r.bot ? [h("span", { class: "badge" }, t("leaderboard.bot")), " ", r.kind || r.name.slice(4)] : r.name),
    h("td", { class: "num rating" }, t.number(round(r.ordinal))),
    h("td", { class: "num dim" }, `${t.number(round(r.mu))} ± ${t.number(round(r.sigma))}`),
    h("td", { class: "num" }, t.number(r.games))));
  clear(root).append(h("div", { class: "card leaderboard", id: "leaderboard" },
    h("div", { class: "leaderboard-head" }, h("h1", {}, t("leaderboard.of", { game: board.title })), select),
    rows.length ? h("div", { class: "scroll" }, h("table", { class: "ranking" },
      h("thead", {}, h("tr", {}, h("th", {}, t("leaderboard.rank")), h("th", {}, t("leaderboard.player")),
        h("th", {}, t("leaderboard.rating")), h("th", {}, t("leaderboard.skill")), h("th", {}, t("leaderboard.games")))),
      h("tbody", {}, rows))) : h("p", { class: "dim" }, t("leaderboard.none")),
    h("p", { class: "dim help" }, t("leaderboard.explain"))));
  return () => {};
}
