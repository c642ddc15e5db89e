// « A Vendre ! »'s decisions, one panel per step (view.js's renderChoices picks it): buy or pay the tax, take a card
// or not, which business to auction, a bid (the listed amounts as buttons and any amount in steps of 10), borrow or
// leave; hovering a choice lights up its squares on the board. The amount a player is short is read from the log.

import { choiceButton, choiceHead, choiceList, light } from "/static/choices.js";
import { h } from "/static/dom.js";
import { nameOf, num, plural } from "/static/words.js";
import { halfUp, lastIndex, memo, titleChip, titleLabel } from "./common.js";

// A choice's button (choices.js); hovering it lights up its squares on the board.
function choice(ctx, index, action, squares, main, note, extra = "") {
  const lit = squares && squares.length
    ? (on) => light(memo.board && memo.board[0], squares.map((n) => `.av-sq[data-square="${Number(n)}"]`), "av-hl", on) : null;
  return choiceButton(ctx, "av", index, action, main, note, { extra, lit });
}

function myCash(frame) {
  const p = (frame.view.players || [])[frame.seat];
  return p ? p.cash : 0;
}

function standingTitle(v, idx) {
  const p = (v.players || [])[v.player];
  const sq = p ? idx.bySquare.get(p.square) : null;
  return sq && sq.title ? { ...sq.title, square: sq.number, colour: sq.colour } : null;
}

// What the debtor owes: the view's debt (amount and creditor), else the log's last « short » for them.
function shortfall(frame, log) {
  const v = frame.view;
  if (v.debt && v.debt.amount != null) return { amount: v.debt.amount, to: v.debt.creditor };
  const debtor = v.debt ? v.debt.debtor : frame.seat;
  const i = lastIndex(log, (e) => e.kind === "short" && e.args && e.args.seat === debtor);
  return i >= 0 ? log[i].args : null;
}

export function buyPanel(box, frame, ctx, idx, legal) {
  const v = frame.view;
  const t = ctx.t;
  const ti = standingTitle(v, idx);
  const cash = myCash(frame);
  choiceHead(box, "av", ti ? t("web.buy_title", { title: ti.number, name: ti.name, square: ti.square }) : t("step.buy"),
    ti ? t("web.buy_help", { price: num(ctx, ti.price), income: num(ctx, ti.income) }) : null);
  const squares = ti ? [ti.square] : [];
  box.append(choiceList(ctx, "av", legal, (a, i) => {
    if (a.text === "buy" && ti) {
      return choice(ctx, i, a, squares, t("web.buy", { amount: num(ctx, ti.price) }),
        t("web.cash_after", { amount: num(ctx, cash - ti.price) }), "av-primary");
    }
    if (a.text === "tax" && ti) {
      return choice(ctx, i, a, squares, t("web.tax", { amount: num(ctx, ti.income) }),
        t("web.cash_after", { amount: num(ctx, cash - ti.income) }));
    }
    return null;
  }));
}

export function yellowPanel(box, frame, ctx, idx, legal) {
  const v = frame.view;
  const t = ctx.t;
  const p = (v.players || [])[v.player];
  choiceHead(box, "av", t("web.yellow_title", { square: p ? p.square : "" }), t("web.yellow_help"));
  box.append(choiceList(ctx, "av", legal, (a, i) => {
    if (a.text === "card") return choice(ctx, i, a, [], t("web.take_card"), v.deck ? plural(ctx, "web.pile", v.deck.left) : null, "av-primary");
    if (a.text === "pass") return choice(ctx, i, a, [], t("web.no_card_choice"), t("web.no_card_note"));
    return null;
  }));
}

function owedTitle(ctx, frame, log, loan = false) {
  const t = ctx.t;
  const short = shortfall(frame, log);
  const fields = { amount: short ? num(ctx, short.amount) : "", cash: num(ctx, myCash(frame)) };
  if (loan) return t(short ? "web.loan_title" : "web.loan_title_plain", fields);
  return t(short ? "web.short_title" : "web.short_title_plain", fields);
}

export function auctionChoicePanel(box, frame, ctx, idx, legal, log) {
  const t = ctx.t;
  choiceHead(box, "av", owedTitle(ctx, frame, log), t("web.choose_auction_help"));
  box.append(choiceList(ctx, "av", legal, (a, i) => {
    const [verb, arg] = a.text.split(/\s+/);
    const ti = verb === "auction" ? idx.byTitle.get(Number(arg)) : null;
    return ti ? choice(ctx, i, a, [ti.square], h("span", {}, titleChip(ctx, idx, ti.number), " ", ti.name),
      t("web.opening_for", { amount: num(ctx, halfUp(ti.price)), price: num(ctx, ti.price) })) : null;
  }));
}

export function bidPanel(box, frame, ctx, idx, legal) {
  const v = frame.view;
  const t = ctx.t;
  const a = v.auction || {};
  const cash = myCash(frame);
  const what = a.kind === "bank" ? t("web.auction_bank") : titleLabel(ctx, idx, a.title);
  const low = a.min_bid != null ? a.min_bid : (a.high ? a.high + 10 : a.opening + (a.kind === "bank" ? 0 : 10));
  choiceHead(box, "av", t("web.bid_title", { what }),
    a.high ? t("web.bid_help_high", { amount: num(ctx, a.high), player: nameOf(ctx, a.high_bidder), low: num(ctx, low), cash: num(ctx, cash) })
      : t("web.bid_help_open", { opening: num(ctx, a.opening), low: num(ctx, low), cash: num(ctx, cash) }));
  const squares = a.kind === "business" && idx.byTitle.get(a.title) ? [idx.byTitle.get(a.title).square] : [];
  box.append(choiceList(ctx, "av", legal, (act, i) => {
    const [verb, arg] = act.text.split(/\s+/);
    if (verb === "bid") {
      const amount = Number(arg);
      return choice(ctx, i, act, squares, t("web.bid", { amount: num(ctx, amount) }),
        t("web.cash_after", { amount: num(ctx, cash - amount) }), amount === low ? "av-primary" : "");
    }
    if (verb === "pass") return choice(ctx, i, act, [], t("web.drop_out"), t("web.drop_out_note"));
    return null;
  }));
  if (low <= cash) box.append(bidForm(frame, ctx, low, cash));
}

// Any amount, in steps of 10, from the least bid to the bidder's cash: sent as « bid N ».
function bidForm(frame, ctx, low, cash) {
  const t = ctx.t;
  const key = `${frame.table}:${frame.at}`;
  const high = cash - (cash % 10);
  const draft = memo.draft && memo.draft.key === key ? memo.draft : null;
  const input = h("input", { type: "number", class: "av-bid-input", id: "av-bid-amount", min: low, max: high, step: 10,
    value: draft ? draft.value : low, inputmode: "numeric", "aria-describedby": "av-bid-range" });
  const message = h("span", { class: "av-bid-error", role: "alert" });
  const form = h("form", { class: "av-bid-form", novalidate: true },
    h("label", { for: "av-bid-amount" }, t("web.any_bid")), " ", input, " ",
    h("button", { class: "button av-bid-send", type: "submit" }, t("web.bid_send")), " ",
    h("span", { class: "av-dim av-small", id: "av-bid-range" }, t("web.bid_range", { low: num(ctx, low), high: num(ctx, high) })),
    " ", message);
  input.addEventListener("input", () => {
    memo.draft = { key, value: input.value, focus: true };
    message.textContent = "";
  });
  input.addEventListener("blur", () => { if (memo.draft && memo.draft.key === key) memo.draft.focus = false; });
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const amount = Number(input.value);
    if (!Number.isInteger(amount) || amount % 10 !== 0 || amount < low || amount > high) {
      message.textContent = t("web.bid_wrong", { low: num(ctx, low), high: num(ctx, high) });
      return;
    }
    ctx.act(`bid ${amount}`);
  });
  if (draft && draft.focus) requestAnimationFrame(() => input.focus());
  return form;
}

export function loanPanel(box, frame, ctx, idx, legal, log) {
  const v = frame.view;
  const t = ctx.t;
  const rules = v.rules || {};
  choiceHead(box, "av", owedTitle(ctx, frame, log, true),
    t("web.loan_help", { loan: num(ctx, rules.loan || 1000), due: num(ctx, rules.loan_due || 1100) }));
  box.append(choiceList(ctx, "av", legal, (a, i) => {
    if (a.text === "borrow") {
      return choice(ctx, i, a, [], t("web.borrow", { amount: num(ctx, rules.loan || 1000) }),
        t("web.borrow_note", { due: num(ctx, rules.loan_due || 1100) }), "av-primary");
    }
    if (a.text === "leave") return choice(ctx, i, a, [], t("web.leave"), t("web.leave_note"));
    return null;
  }));
}

export function fallback(box, ctx, legal) {
  box.append(h("h2", {}, ctx.t("web.your_move")));
  box.append(choiceList(ctx, "av", legal));
}
