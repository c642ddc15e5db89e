// « A Vendre ! »'s players, each on a card: their token and name, badges (to move, their turn, waiting, out, banker,
// winner), cash, fortune, loans, trip, their titles as chips, and where their pawn stands.

import { h } from "/static/dom.js";
import { playerHead } from "/static/drawing.js";
import { nameOf, num, plural } from "/static/words.js";
import { over, squareName, titleChip, token } from "./common.js";

// --- the players -----------------------------------------------------------------------------------------------
export function players(frame, ctx, idx) {
  const v = frame.view;
  const t = ctx.t;
  const done = over(frame);
  const winners = frame.outcome ? frame.outcome.winners || [] : [];
  const rules = v.rules || {};
  const box = h("section", { class: "av-players", "aria-label": t("web.players") }, h("h2", {}, t("web.players")));
  const cards = h("div", { class: "av-player-list" });
  box.append(cards);
  for (const p of v.players || []) {
    const me = p.seat === frame.seat;
    const turn = !done && v.player === p.seat;
    const toMove = !done && v.to_move === p.seat;
    const classes = ["av-player", me ? "av-me" : "", turn ? "av-turn-now" : "", toMove ? "av-to-move" : "",
      p.out ? "av-out" : "", winners.includes(p.seat) ? "av-won" : ""].filter(Boolean).join(" ");
    const badges = [
      toMove ? h("span", { class: "av-badge av-badge-move" }, t("web.to_move")) : turn ? h("span", { class: "av-badge av-badge-turn" }, t("web.their_turn")) : null,
      p.waiting ? h("span", { class: "av-badge av-badge-wait" }, t("web.waiting")) : null,
      p.out ? h("span", { class: "av-badge av-badge-out" }, t("web.out")) : null,
      v.bank && v.bank.owner === p.seat ? h("span", { class: "av-badge av-badge-bank" }, t("web.banker")) : null,
      winners.includes(p.seat) ? h("span", { class: "av-badge av-badge-won" }, "★ ", t("web.winner")) : null].filter(Boolean);
    const head = playerHead("av", token(p.seat), nameOf(ctx, p.seat), me ? t("web.you") : null, badges);
    const facts = h("div", { class: "av-p-facts" },
      h("span", { class: "av-cash", title: t("web.cash") }, h("span", { class: "av-label" }, t("web.cash")), " ", num(ctx, p.cash)),
      h("span", { class: "av-fortune", title: t("web.fortune_help") }, h("span", { class: "av-label" }, t("web.fortune")), " ", num(ctx, p.fortune)),
      p.loans ? h("span", { class: "av-loans" }, plural(ctx, "web.loans", p.loans, { due: num(ctx, p.loans * (rules.loan_due || 1100)) })) : null,
      v.double ? h("span", { class: "av-trip" }, t("web.trip_of", { trip: p.trip })) : null);
    const titles = h("div", { class: "av-p-titles av-chips" },
      h("span", { class: "av-label" }, plural(ctx, "web.titles", p.titles.length)),
      p.titles.map((n) => titleChip(ctx, idx, n)));
    let where = p.out ? t("web.out") : squareName(ctx, idx, p);
    if (p.waiting) {
      const need = p.trip >= 2 ? rules.end : rules.second_trip;
      where = t("web.waiting_for", { need: need || "?", titles: plural(ctx, "web.titles", p.titles.length) });
    }
    const foot = h("div", { class: "av-p-where" }, h("span", { class: "av-label" }, t("web.pawn")), " ", where);
    cards.append(h("article", { class: classes, dataset: { seat: p.seat } }, head, facts, titles, foot));
  }
  return box;
}
