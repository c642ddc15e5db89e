// « A Vendre ! »'s words around the board: above it, the status line (the game's mode, the round, whose turn it is and
// what they do, the log's last line); under it, the legend of the board's colours and marks, then the boxes: whose
// turn it is and the die, the charge card just read out (drawn as a card), the auction (its opening bid, each bid or
// drop-out in turn, the high bid, who is to bid), and the bank (its purse and its owner once bought). The auction's
// bids are read from the log.

import { h } from "/static/dom.js";
import { pipDie } from "/static/drawing.js";
import { capitalise, list, nameOf, num, plural } from "/static/words.js";
import { COLOURS, lastIndex, over, squareName, titleChip, titleLabel, token } from "./common.js";

// --- above the board: the status line; under it: the legend ----------------------------------------------------
export function status(frame, ctx, log) {
  const v = frame.view;
  const t = ctx.t;
  const box = h("div", { class: "av-status" });
  box.append(h("span", { class: "av-mode" }, t(v.double ? "web.double_game" : "web.simple_game")));
  if (v.round) {
    // the rounds limit only stops a game nobody can finish: said apart, not as the game's length
    // a game stopped by the limit has counted one round past it: the last one played is the limit's
    const round = v.rounds && v.round > v.rounds ? v.rounds : v.round;
    box.append(h("span", { class: "av-round" }, t("web.round", { round: num(ctx, round) }),
      v.rounds ? h("span", { class: "av-limit" }, ` ${t("web.round_limit", { rounds: num(ctx, v.rounds) })}`) : null));
  }
  const mine = frame.seat != null && v.to_move === frame.seat && !over(frame);
  let now = "";
  if (over(frame)) {
    const winners = frame.outcome ? frame.outcome.winners || [] : [];
    now = winners.length ? t("web.winner_is", { player: list(ctx, winners.map((w) => nameOf(ctx, w))) }) : t("web.over");
  } else if (v.step) {
    const step = t.has && !t.has(`step.${v.step}`) ? v.step : t(`step.${v.step}`);
    const who = v.step === "bid" && v.auction ? v.auction.bidder : v.debt ? v.debt.debtor : v.player;
    if (mine) now = t("web.mine_step", { step });
    else if (who != null && v.to_move !== "chance") now = t("web.now_step", { player: nameOf(ctx, who), step });
    else if (v.player != null) now = t("web.now_step", { player: nameOf(ctx, v.player), step });
    else now = capitalise(step);
  }
  if (now) box.append(h("span", { class: `av-now${mine ? " av-mine" : ""}` }, now));
  const last = log.length ? log[log.length - 1] : null;
  if (last && last.text) box.append(h("span", { class: "av-last" }, last.text));
  return box;
}

export function legend(ctx, v) {
  const t = ctx.t;
  const swatch = (colour) => h("span", { class: "av-swatch", style: `--c: ${COLOURS[colour]}`, "aria-hidden": "true" });
  const items = ["yellow", "green", "blue", "red"].map((c) => h("span", { dataset: { colour: c }, title: t(`web.help.${c}`) },
    swatch(c), " ", t(`web.legend.${c}`)));
  items.push(h("span", {}, h("span", { class: "av-legend-pill", "aria-hidden": "true" }, "12"), " ", t("web.legend_title")));
  items.push(h("span", {}, h("span", { class: "av-legend-jeton", "aria-hidden": "true" }), " ", t("web.legend_holder")));
  items.push(h("span", {}, h("span", { class: "av-legend-pawn", "aria-hidden": "true" }), " ", t("web.legend_pawn")));
  items.push(h("span", {}, h("span", { class: "av-legend-pawn av-legend-wait", "aria-hidden": "true" }), " ", t("web.legend_waiting")));
  if (v.double) items.push(h("span", {}, h("span", { class: "av-legend-pawn av-legend-trip", "aria-hidden": "true" }), " ", t("web.legend_trip")));
  const box = h("p", { class: "av-legend" });
  items.forEach((item, i) => (i ? box.append(" · ", item) : box.append(item)));
  return box;
}

// --- under the board: the turn and the die, the card, the auction, the bank -------------------------------------
export function turnBox(frame, ctx, idx) {
  const v = frame.view;
  const t = ctx.t;
  const box = h("section", { class: "av-box av-turnbox", "aria-label": t("web.turn") });
  box.append(h("h3", {}, t("web.turn")));
  if (v.player != null && !over(frame)) {
    const p = v.players[v.player];
    box.append(h("div", { class: "av-turn" }, token(v.player), " ", h("span", { class: "av-turn-name" }, nameOf(ctx, v.player))),
      h("div", { class: "av-dim" }, squareName(ctx, idx, p)));
  }
  box.append(h("div", { class: "av-die-row" }, die(v.die || 0),
    h("span", { class: v.die ? "" : "av-dim" }, v.die ? t("web.die_face", { face: v.die }) : t("web.no_die"))));
  return box;
}

const die = (face) => pipDie("av", face, face ? "" : "av-die-none");


// A card's effect in words (the card's own words are French; in English the effect is said, the words kept below).
function effectText(ctx, idx, effect) {
  const t = ctx.t;
  if (!effect) return "";
  switch (effect.kind) {
    case "honorary": {
      const ti = idx.byTitle.get(effect.title);
      return t("web.card.honorary", { title: effect.title, name: ti ? ti.name : "" });
    }
    case "lottery":
      return t("web.card.lottery", { amount: num(ctx, effect.amount) });
    case "tax": {
      const sq = idx.bySquare.get(effect.square);
      const ti = sq && sq.title;
      return t("web.card.tax", { square: effect.square, name: ti ? ti.name : "", amount: num(ctx, ti ? ti.income : 0) });
    }
    case "move_to":
      return effect.amount ? t("web.card.move_to", { square: effect.square, amount: num(ctx, effect.amount) })
        : t("web.card.move_to_free", { square: effect.square });
    case "move":
      return plural(ctx, effect.steps < 0 ? "web.card.move_back" : "web.card.move_on", Math.abs(effect.steps));
    default:
      return effect.kind;
  }
}

export function cardBox(ctx, idx, v, log) {
  const t = ctx.t;
  const box = h("section", { class: "av-box av-cardbox", "aria-label": t("web.last_card") });
  box.append(h("h3", {}, t("web.last_card")));
  const card = v.last_card;
  if (!card) {
    box.append(h("div", { class: "av-card av-card-none" }, h("span", {}, t("web.no_card"))));
  } else {
    const drawn = lastIndex(log, (e) => e.kind === "card" && e.args && e.args.card === card.id);
    const by = drawn >= 0 ? log[drawn].args.seat : null;
    const kind = card.effect ? card.effect.kind : "";
    const said = capitalise(effectText(ctx, idx, card.effect));
    const words = card.text || "";
    const el = h("div", { class: `av-card av-card-${kind}`, dataset: { card: card.id, kind } },
      h("div", { class: "av-card-head" }, h("span", {}, t("web.charge_card")), h("span", { class: "av-card-id" }, card.id)),
      h("div", { class: "av-card-kind" }, t(`web.card_kind.${kind}`)));
    if (ctx.lang === "fr" && words) {
      el.append(h("p", { class: "av-card-text", lang: "fr" }, words));
    } else {
      el.append(h("p", { class: "av-card-text" }, said));
      if (words) el.append(h("p", { class: "av-card-words", lang: "fr" }, `« ${words} »`));
    }
    if (by != null) el.append(h("div", { class: "av-card-by" }, token(by), " ", h("span", {}, t("web.drawn_by", { player: nameOf(ctx, by) }))));
    box.append(el);
  }
  const deck = v.deck || {};
  if (deck.left != null) {
    box.append(h("p", { class: "av-dim av-small" }, plural(ctx, "web.pile", deck.left),
      deck.honours ? "" : ` · ${t("web.no_honours")}`));
  }
  return box;
}


// The auction running now, or the last one if it ended this turn: its opening bid, then each bid or drop-out.
function auctionFacts(frame, log) {
  const v = frame.view;
  const start = lastIndex(log, (e) => e.kind === "auction");
  if (start < 0) return v.auction ? { open: null, steps: [], end: null } : null;
  const steps = [];
  let end = null;
  for (let i = start + 1; i < log.length; i++) {
    const e = log[i];
    if (e.kind === "bid" || e.kind === "bid_pass") steps.push(e);
    else if (["sold", "sold_to_bank", "bank_sold", "bank_unsold"].includes(e.kind)) { end = e; break; }
  }
  if (!v.auction) {
    const turn = lastIndex(log, (e) => e.kind === "turn");
    if (!end || turn > start) return null; // an auction of an earlier turn: the log says it
  }
  return { open: log[start], steps, end };
}

export function auctionBox(frame, ctx, idx, log) {
  const v = frame.view;
  const t = ctx.t;
  const facts = auctionFacts(frame, log);
  if (!facts) return null;
  const a = v.auction;
  const open = facts.open ? facts.open.args : {};
  const kind = a ? a.kind : open.what || "business";
  const title = a ? a.title : open.title;
  const seller = a ? a.seller : open.seat;
  const opening = a ? a.opening : open.amount;
  const box = h("section", { class: `av-box av-auction${a ? " av-live" : " av-closed"}`, "aria-label": t("web.auction"),
    dataset: { kind } });
  box.append(h("h3", {}, t(a ? "web.auction" : "web.auction_over")));
  if (kind === "bank") box.append(h("p", { class: "av-auction-what" }, t("web.auction_bank")));
  else {
    const ti = idx.byTitle.get(title);
    box.append(h("p", { class: "av-auction-what" },
      ti ? titleChip(ctx, idx, title) : null, " ", h("span", {}, titleLabel(ctx, idx, title)),
      seller != null ? h("span", { class: "av-dim" }, ` · ${t("web.sold_by", { player: nameOf(ctx, seller) })}`) : null));
  }
  const rows = h("ol", { class: "av-bids" });
  rows.append(h("li", { class: "av-bid-open" }, h("span", { class: "av-bid-who" }, t("web.opening")),
    h("span", { class: "av-bid-amount" }, num(ctx, opening)),
    h("span", { class: "av-dim av-bid-note" }, kind === "bank" ? t("web.opening_bank") : t("web.opening_note"))));
  const highAmount = a ? a.high : null;
  facts.steps.forEach((e) => {
    const seat = e.args.seat;
    const high = e.kind === "bid" && ((a && a.high_bidder === seat && e.args.amount === highAmount) ||
      (!a && facts.end && facts.end.args.amount === e.args.amount && (facts.end.args.buyer === seat || facts.end.args.seat === seat)));
    rows.append(h("li", { class: `av-bid-${e.kind === "bid" ? "bid" : "pass"}${high ? " av-bid-high" : ""}`, dataset: { seat } },
      h("span", { class: "av-bid-who" }, token(seat), " ", h("span", { class: "av-bid-name" }, nameOf(ctx, seat))),
      e.kind === "bid" ? h("span", { class: "av-bid-amount" }, num(ctx, e.args.amount))
        : h("span", { class: "av-bid-drop" }, t("web.drops_out"))));
  });
  box.append(rows);
  requestAnimationFrame(() => { rows.scrollTop = rows.scrollHeight; }); // the latest bids in sight
  if (a) {
    box.append(h("p", { class: "av-auction-high" }, a.high ? h("span", {}, t("web.high_bid", { amount: num(ctx, a.high),
      player: nameOf(ctx, a.high_bidder) })) : h("span", {}, t("web.no_bid_yet"))));
    if (a.bidder != null) {
      box.append(h("p", { class: "av-auction-next" }, token(a.bidder), " ",
        h("span", {}, t(a.bidder === frame.seat ? "web.you_to_bid" : "web.to_bid",
          { player: nameOf(ctx, a.bidder), amount: num(ctx, a.min_bid != null ? a.min_bid : opening) }))));
    }
    const still = (a.bidders || []).map((seat) => h("span", { class: `av-bidder${seat === a.bidder ? " av-bidder-now" : ""}`,
      dataset: { seat } }, token(seat), " ", h("span", {}, nameOf(ctx, seat))));
    if (still.length) box.append(h("div", { class: "av-bidders" }, h("span", { class: "av-label" }, t("web.still_in")), still));
  } else if (facts.end) {
    box.append(h("p", { class: "av-auction-result" }, facts.end.text || ""));
  }
  return box;
}

export function bankBox(frame, ctx) {
  const v = frame.view;
  const t = ctx.t;
  const bank = v.bank || {};
  const box = h("section", { class: "av-box av-bank", "aria-label": t("web.bank") });
  box.append(h("h3", {}, t("web.bank")));
  box.append(h("div", { class: "av-bank-cash" }, h("span", { class: "av-label" }, t("web.purse")), " ",
    h("span", { class: "av-amount" }, num(ctx, bank.cash || 0))));
  box.append(h("p", { class: "av-small" }, bank.owner != null
    ? h("span", {}, token(bank.owner), " ", t("web.bank_owner", { player: nameOf(ctx, bank.owner) }))
    : t("web.bank_unowned")));
  const rules = v.rules || {};
  if (rules.loan) box.append(h("p", { class: "av-small av-dim" }, t("web.loan_rule", { loan: num(ctx, rules.loan), due: num(ctx, rules.loan_due) })));
  if (v.double && rules.second_trip) {
    box.append(h("p", { class: "av-small av-dim" }, t("web.double_rule", { second: rules.second_trip, end: rules.end,
      bonus: num(ctx, rules.bonus) })));
  }
  return box;
}
