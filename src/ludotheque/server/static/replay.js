// Replaying a finished game: step through it as a spectator saw it (the game's own view, the public log).

import { clear, h } from "./dom.js";
import { loadTexts } from "./i18n.js";
import { detail } from "./lobby.js";

export async function showReplay(root, id, lang) {
  const info = await fetch(`/api/tables/${id}?lang=${lang}`);
  const table = await info.json();
  if (!info.ok) {
    const home = (await loadTexts(lang))("site.home");
    clear(root).append(h("div", { class: "card" }, h("p", {}, detail(table)), h("a", { href: "#/", class: "button" }, home)));
    return () => {};
  }
  const t = await loadTexts(lang, table.game);
  if (table.status !== "over") { // nothing to step through yet: say so, and where the game is being played
    clear(root).append(h("div", { class: "card" }, h("p", {}, t("replay.playing")),
      h("a", { href: `#/table/${id}`, class: "button" }, t("replay.watch"))));
    return () => {};
  }
  let view = null;
  try { view = await import(`/games/${table.game}/view.js`); } catch { view = null; }
  const board = h("div", { class: "board", id: "board" });
  const log = h("ol", { class: "log" });
  const where = h("span", { class: "step" });
  const slider = h("input", { type: "range", min: 0, value: 0, "aria-label": t("replay.title") });
  let at = 0;
  let count = 0;
  const show = async (n) => {
    const answer = await fetch(`/api/tables/${id}/replay?at=${n}&lang=${lang}`);
    const frame = await answer.json();
    if (!answer.ok) { clear(board).append(h("p", {}, detail(frame))); return; }
    at = frame.at;
    count = frame.count;
    slider.max = count;
    slider.value = at;
    where.textContent = t("replay.step", { n: at, count });
    clear(board);
    const names = frame.seats.map((s) => s.name);
    const extra = async (name) => {
      const reply = await fetch(`/api/tables/${id}/extra/${encodeURIComponent(name)}?at=${frame.at}`);
      return reply.ok ? reply.json() : null;
    };
    if (view && view.render) view.render(board, frame, { t, lang, seat: null, names, legal: [], act: () => {}, log: frame.events, extra });
    else board.append(h("pre", {}, JSON.stringify(frame.view, null, 1)));
    clear(log).append(...frame.events.map((e) => h("li", { class: `event ${e.kind}` }, e.text)));
    log.scrollTop = log.scrollHeight;
  };
  const button = (key, target) => {
    const b = h("button", { class: "button small", type: "button" }, t(key));
    b.addEventListener("click", () => show(target()));
    return b;
  };
  slider.addEventListener("change", () => show(Number(slider.value)));
  const onKey = (e) => {
    if (e.key === "ArrowRight") show(Math.min(count, at + 1));
    if (e.key === "ArrowLeft") show(Math.max(0, at - 1));
  };
  document.addEventListener("keydown", onKey);
  clear(root).append(h("div", { class: "table-page replay" },
    h("div", { class: "table-head" }, h("h1", {}, `${t("replay.title")} — ${table.title}`)),
    h("div", { class: "replay-bar" }, button("replay.first", () => 0), button("replay.previous", () => Math.max(0, at - 1)),
      button("replay.next", () => Math.min(count, at + 1)), button("replay.last", () => count), slider, where),
    h("div", { class: "table-main" }, h("section", { class: "play" }, board),
      h("aside", { class: "side" }, h("h2", {}, t("table.log")), log))));
  await show(0);
  return () => document.removeEventListener("keydown", onKey);
}
