// Gracias in the browser: the round and turn, the openers, the trios on the table (two open cards and a face-down
// one), every player's open cards by colour, the seat's own face-down cards, the scores; after a round's scoring,
// that scoring (cards, packets, discards, points) until the next round's first move. Then the seat's choices:
// click a trio to take it, then keep one of its open cards and give the other (a two-step choice and a confirm).
//
// Drawn from the frame only (frame.view is the seat's observation, ctx.log the events the seat may see), so the
// page never shows more than the seat may see. Every card carries its colour's name (or short name) and a shape
// of its own, so that the colours read without colour too.

import { clear, h, s } from "/static/dom.js";

const COLOURS = ["red", "yellow", "green", "blue", "purple", "orange"];
const MOST = "▲";
const PACKET = "■";
const DISCARD = "✗";
const GRAND = "◆";
const OPENER = "◇";

// What the page remembers between two frames: the half-made choice (kept card, receiver) of one state, the last
// open cards seen (to mark the ones that just arrived), the scorings the player hid.
const memo = {
  key: null, keep: null, give: null, sent: false,
  board: null, // [element, frame, ctx] of the last render, to draw again when the player hides a scoring
  seen: new Map(), // table -> {at, round, open}
  fresh: { key: null, cells: new Set() },
  hidden: new Set(), // "table:round": scorings hidden by the player
  scrolled: null,
};

// --- small helpers ---------------------------------------------------------------------------------------------
function ensureStyle() {
  if (document.querySelector("link[data-gracias]")) return;
  document.head.append(h("link", { rel: "stylesheet", href: "/games/gracias/view.css", "data-gracias": "" }));
}

function plural(ctx, key, count, fields = {}) {
  const one = ctx.lang === "fr" ? Math.abs(count) < 2 : count === 1;
  return ctx.t(`${key}_${one ? "one" : "other"}`, { count: num(ctx, count), ...fields });
}

function num(ctx, n) {
  return ctx.t.number ? ctx.t.number(n) : String(n);
}

const colourName = (ctx, c) => ctx.t(`colour_name.${c}`); // « vert »
const colourAdj = (ctx, c) => ctx.t(`colour.${c}`); // « la carte verte »
const abbr = (ctx, c) => ctx.t(`web.abbr.${c}`);
const nameOf = (ctx, seat) => (ctx.names && ctx.names[seat]) || `#${seat}`;

function starPoints() {
  const out = [];
  for (let i = 0; i < 10; i++) {
    const r = i % 2 ? 3.9 : 9.2;
    const a = (Math.PI / 5) * i - Math.PI / 2;
    out.push(`${(10 + r * Math.cos(a)).toFixed(2)},${(10.6 + r * Math.sin(a)).toFixed(2)}`);
  }
  return out.join(" ");
}
const STAR = starPoints();

// A shape per colour: a circle, a star, a triangle, a square, a diamond, a cross.
function symbol(colour, cls) {
  const shape = {
    red: () => s("circle", { cx: 10, cy: 10, r: 7.6 }),
    yellow: () => s("polygon", { points: STAR }),
    green: () => s("polygon", { points: "10,1.8 18.6,17.4 1.4,17.4" }),
    blue: () => s("rect", { x: 2.8, y: 2.8, width: 14.4, height: 14.4, rx: 1.6 }),
    purple: () => s("polygon", { points: "10,0.8 19.2,10 10,19.2 0.8,10" }),
    orange: () => s("path", { d: "M7.3 1.5h5.4v5.8h5.8v5.4h-5.8v5.8H7.3v-5.8H1.5V7.3h5.8z" }),
  }[colour];
  return s("svg", { class: `g-sym ${cls || ""}`, viewBox: "0 0 20 20", "aria-hidden": "true", focusable: "false" },
    shape ? shape() : null);
}

// A full-size open card: its colour's name and shape in the corners, a big shape in the middle.
function card(ctx, colour, attrs = {}) {
  if (!colour) return h("div", { class: "g-card g-empty", "aria-hidden": "true" });
  return h("div", { class: `g-card g-c-${colour}`, dataset: { colour }, role: "img", "aria-label": colourName(ctx, colour), ...attrs },
    h("span", { class: "g-corner" }, symbol(colour, "g-sym-small"), h("span", { class: "g-name" }, colourName(ctx, colour))),
    symbol(colour, "g-sym-big"),
    h("span", { class: "g-corner g-corner-low" }, symbol(colour, "g-sym-small"), h("span", { class: "g-name" }, abbr(ctx, colour))));
}

function back(ctx) {
  return h("div", { class: "g-card g-back", role: "img", "aria-label": ctx.t("web.face_down") },
    h("span", { class: "g-back-oval" }, "Gracias"));
}

// A small stack of cards of one colour with its count (the rulebook's stacks "légèrement décalées").
function stack(ctx, colour, count, label) {
  const depth = Math.min(Math.max(count, 1), 4);
  if (!count) {
    return h("span", { class: `g-mini g-none g-c-${colour}`, title: plural(ctx, "web.cards", 0, { colour: colourName(ctx, colour) }) },
      symbol(colour, "g-sym-tiny"));
  }
  return h("span", { class: `g-mini g-c-${colour} g-depth-${depth}`, role: "img",
    "aria-label": plural(ctx, "web.cards", count, { colour: colourName(ctx, colour) }) },
  h("span", { class: "g-mini-abbr" }, abbr(ctx, colour)),
  h("span", { class: "g-mini-count" }, label ?? num(ctx, count)),
  symbol(colour, "g-sym-tiny"));
}

function miniBack(ctx, count) {
  return h("span", { class: "g-mini g-mini-back", role: "img", "aria-label": plural(ctx, "web.hidden", count) },
    h("span", { class: "g-mini-count" }, num(ctx, count)));
}

// --- what the log tells ---------------------------------------------------------------------------------------
function lastTake(log, seat) {
  for (let i = log.length - 1; i >= 0; i--) {
    const e = log[i];
    if (e.kind === "take" && e.args.seat === seat) return e.args;
  }
  return null;
}

// This turn's picks, by trio: who took it, what they kept and gave to whom.
function turnPicks(log) {
  const picks = new Map();
  let start = 0;
  for (let i = log.length - 1; i >= 0; i--) if (log[i].kind === "turn") { start = i; break; }
  const bySeat = new Map();
  for (let i = start; i < log.length; i++) {
    const e = log[i];
    if (e.kind === "take") {
      const pick = { seat: e.args.seat };
      picks.set(e.args.trio, pick);
      bySeat.set(e.args.seat, pick);
    } else if (e.kind === "keep" && bySeat.has(e.args.seat)) {
      Object.assign(bySeat.get(e.args.seat), { keep: e.args.keep, given: e.args.given, giveTo: e.args.give_to });
    }
  }
  return picks;
}

function lastOf(log, kinds) {
  for (let i = log.length - 1; i >= 0; i--) if (kinds.includes(log[i].kind)) return log[i];
  return null;
}

// The round just scored, until the next round's first move (a seated player's own first move: bots may play
// theirs within a second, before the player had time to read): per player the open cards of the round, the
// face-down cards turned up, the packets, the discards and the points; the events' texts.
export function lastScoring(log, n, seat = null) {
  let last = -1;
  for (let i = log.length - 1; i >= 0; i--) if (log[i].kind === "round_score") { last = i; break; }
  if (last < 0) return null;
  for (let j = last + 1; j < log.length; j++) {
    if (log[j].kind === "take" && (seat == null || log[j].args.seat === seat)) return null;
  }
  let reveal = last;
  while (reveal > 0 && ["reveal", "round_score"].includes(log[reveal - 1].kind)) reveal--;
  let start = 0;
  for (let i = reveal - 1; i >= 0; i--) if (log[i].kind === "round_score") { start = i + 1; break; }
  const opened = Array.from({ length: n }, () => ({}));
  const hidden = Array.from({ length: n }, () => ({}));
  const scores = Array.from({ length: n }, () => null);
  const add = (to, seat, colour) => { if (to[seat]) to[seat][colour] = (to[seat][colour] || 0) + 1; };
  for (let i = start; i < reveal; i++) {
    const e = log[i];
    if (e.kind === "deal_open") add(opened, e.args.seat, e.args.colour);
    else if (e.kind === "keep") {
      add(opened, e.args.seat, e.args.keep);
      add(opened, e.args.give_to, e.args.given);
    }
  }
  let round = null;
  const texts = [];
  for (let i = reveal; i <= last; i++) {
    const e = log[i];
    texts.push(e.text);
    if (e.kind === "reveal" && hidden[e.args.seat]) Object.assign(hidden[e.args.seat], e.args.hidden || {});
    if (e.kind === "round_score" && e.args.seat < n) { scores[e.args.seat] = e.args; round = e.args.round; }
  }
  return { round, opened, hidden, scores, texts };
}

// --- the board -----------------------------------------------------------------------------------------------
export function render(element, frame, ctx) {
  ensureStyle();
  memo.board = [element, frame, ctx];
  const v = frame.view || {};
  const log = ctx.log || frame.events || [];
  const players = v.players || [];
  const root = h("div", { class: "gracias", dataset: { phase: v.phase || "" } });
  root.append(status(frame, ctx, log));
  const scoring = lastScoring(log, players.length, frame.seat);
  if (scoring && scoring.round != null) root.append(scoringPanel(frame, ctx, scoring));
  if (v.trios && v.trios.length) root.append(trios(frame, ctx, log));
  root.append(playersPanel(frame, ctx));
  element.append(root);
  markKept();
}

function status(frame, ctx, log) {
  const v = frame.view;
  const t = ctx.t;
  const over = v.phase === "over" || frame.status === "over";
  const box = h("div", { class: "g-status" });
  if (over) {
    box.append(h("div", { class: "g-round" }, t("ui.over")));
    return box;
  }
  box.append(h("div", { class: "g-round" }, t("ui.round", { round: v.round, tour: v.tour })));
  box.append(h("div", { class: "g-openers" },
    h("span", { class: "g-pill g-grand" }, h("b", { "aria-hidden": "true" }, GRAND), " ",
      t("web.grand_opener_is", { name: nameOf(ctx, v.grand_opener) })),
    h("span", { class: "g-pill g-opener" }, h("b", { "aria-hidden": "true" }, OPENER), " ",
      t("web.opener_is", { name: nameOf(ctx, v.opener) })),
    h("span", { class: "g-pill g-pile" }, plural(ctx, "web.pile", v.pile))));
  let now = "";
  const mine = frame.seat != null && v.to_move === frame.seat;
  if (mine && (v.phase === "choose" || v.phase === "keep")) now = t("web.your_phase", { what: t(`phase.${v.phase}`) });
  else if (v.phase === "choose" && typeof v.to_move === "number") now = t("web.choosing", { player: nameOf(ctx, v.to_move) });
  else if (v.phase === "keep" && typeof v.to_move === "number") now = t("web.splitting", { player: nameOf(ctx, v.to_move), trio: v.chosen });
  else if (v.phase === "deal_open" || v.phase === "deal_trios") now = t("web.dealing");
  const last = lastOf(log, ["keep", "round_score"]);
  const line = h("div", { class: "g-now" });
  if (now) line.append(h("span", { class: `g-now-who${v.to_move === frame.seat ? " g-mine" : ""}` }, now));
  if (last && last.kind === "keep") {
    const toMe = frame.seat != null && last.args.give_to === frame.seat;
    line.append(h("span", { class: `g-last${toMe ? " g-to-me" : ""}` }, last.text));
  }
  if (line.childNodes.length) box.append(line);
  return box;
}

function trios(frame, ctx, log) {
  const v = frame.view;
  const t = ctx.t;
  const mine = frame.seat != null && v.to_move === frame.seat && frame.status !== "over";
  const legal = new Set((frame.legal || []).map((a) => a.text));
  const labels = new Map((frame.legal || []).map((a) => [a.text, a.label || a.words]));
  const picks = turnPicks(log);
  const row = h("div", { class: `g-trios g-n${v.trios.length}` });
  v.trios.forEach((trio, i) => {
    const letter = trio ? trio.trio : "ABCDEF"[i];
    const slot = h("div", { class: "g-slot" }, h("div", { class: "g-letter", "aria-hidden": "true" }, letter));
    if (!trio) {
      const pick = picks.get(i);
      const gone = h("div", { class: "g-trio g-gone", role: "group", "aria-label": t("web.trio", { trio: letter }) });
      if (pick) {
        const who = (seat) => h("span", { class: "g-who", title: nameOf(ctx, seat) },
          h("span", { class: "g-seat-no" }, seat), h("span", { class: "g-who-name" }, nameOf(ctx, seat)));
        gone.title = t("web.taken_by", { player: nameOf(ctx, pick.seat) });
        gone.append(h("div", { class: "g-gone-who" }, h("small", {}, t("web.taken_label")), who(pick.seat)));
        if (pick.keep) {
          gone.append(
            h("div", { class: "g-gone-line" }, stack(ctx, pick.keep, 1, ""), h("span", {}, t("web.kept"))),
            h("div", { class: "g-gone-line" }, stack(ctx, pick.given, 1, ""), h("span", { "aria-hidden": "true" }, "→"), who(pick.giveTo)));
        }
      } else {
        gone.append(h("div", { class: "g-gone-who" }, t("ui.taken")));
      }
      slot.append(gone);
      row.append(slot);
      return;
    }
    const cards = [card(ctx, trio.open[0]), card(ctx, trio.open[1])];
    if (trio.hidden_card) cards.push(back(ctx));
    const cascade = h("div", { class: "g-cascade" }, cards);
    const action = `take ${letter}`;
    const label = t("web.trio", { trio: letter });
    let el;
    if (mine && v.phase === "choose" && legal.has(action)) {
      el = h("button", { class: "g-trio g-pickable", type: "button", dataset: { action }, title: labels.get(action),
        "aria-label": labels.get(action) || t("web.take", { trio: letter }), onclick: () => ctx.act(action) }, cascade);
    } else if (mine && v.phase === "keep" && trio.chosen) {
      // the chosen trio's open cards: clicking one keeps it (as the first step below does)
      el = h("div", { class: "g-trio g-chosen", role: "group", "aria-label": label }, cascade);
      cards.slice(0, 2).forEach((c) => {
        const colour = c.dataset.colour;
        if (!colour) return;
        c.classList.add("g-keepable");
        c.addEventListener("click", () => selectKeep(colour));
      });
    } else {
      el = h("div", { class: `g-trio${trio.chosen ? " g-chosen" : ""}`, role: "group", "aria-label": label }, cascade);
    }
    slot.append(el);
    if (trio.chosen && typeof v.to_move === "number") {
      slot.append(h("div", { class: "g-caption" }, t("web.chosen", { player: nameOf(ctx, v.to_move) })));
    }
    row.append(slot);
  });
  const hint = mine && v.phase === "choose" ? h("p", { class: "g-h g-h-mine" }, t("web.choose_hint")) : null;
  return h("section", { class: "g-table", "aria-label": t("web.trios") }, hint, row);
}

function freshCells(frame) {
  const v = frame.view;
  const key = `${frame.table}:${frame.at}`;
  if (memo.fresh.key === key) return memo.fresh.cells;
  const cells = new Set();
  const prev = memo.seen.get(frame.table);
  const open = (v.players || []).map((p) => ({ ...p.open }));
  if (prev && prev.at < frame.at && frame.at - prev.at <= 4 && prev.round === v.round) {
    open.forEach((o, seat) => {
      for (const c of COLOURS) if ((o[c] || 0) > ((prev.open[seat] || {})[c] || 0)) cells.add(`${seat}:${c}`);
    });
  }
  memo.seen.set(frame.table, { at: frame.at, round: v.round, open });
  memo.fresh = { key, cells };
  return cells;
}

function playersPanel(frame, ctx) {
  const v = frame.view;
  const t = ctx.t;
  const players = v.players || [];
  const over = v.phase === "over" || frame.status === "over";
  const winners = frame.outcome ? frame.outcome.winners || [] : [];
  const most = {};
  for (const c of COLOURS) most[c] = Math.max(0, ...players.map((p) => p.open[c] || 0));
  const fresh = freshCells(frame);
  const grid = h("div", { class: `g-grid g-grid-${players.length}` });
  for (const p of players) {
    const seat = p.seat;
    const me = seat === frame.seat;
    const moving = !over && v.to_move === seat;
    const head = h("div", { class: "g-p-head" },
      h("span", { class: "g-seat-no", "aria-hidden": "true" }, seat),
      h("span", { class: "g-p-name" }, nameOf(ctx, seat), me ? h("span", { class: "g-you" }, ` (${t("web.you")})`) : null),
      !over && seat === v.grand_opener ? h("span", { class: "g-badge g-grand" }, GRAND, " ", t("web.grand_opener")) : null,
      !over && seat === v.opener ? h("span", { class: "g-badge g-opener" }, OPENER, " ", t("web.opener")) : null,
      moving ? h("span", { class: "g-badge g-moving" }, t("web.to_move")) : null,
      winners.includes(seat) ? h("span", { class: "g-badge g-winner" }, "★ ", t("web.winner")) : null,
      h("span", { class: "g-score" },
        p.scores && p.scores.length ? h("span", { class: "g-rounds", "aria-label": t("ui.rounds") },
          p.scores.map((pts, r) => h("span", { class: "g-round-score" }, h("small", {}, t("web.round_short", { round: r + 1 })), " ", num(ctx, pts)))) : null,
        h("span", { class: "g-total" }, h("small", {}, t("ui.total")), " ", num(ctx, p.total))));
    const panel = h("article", { class: `g-player${me ? " g-me" : ""}${moving ? " g-to-move" : ""}${winners.includes(seat) ? " g-won" : ""}`,
      dataset: { seat } }, head);
    if (!over) {
      const cells = h("div", { class: "g-cells" });
      for (const c of COLOURS) {
        const k = p.open[c] || 0;
        const leads = k > 0 && k === most[c];
        const hid = me && p.hidden ? p.hidden[c] || 0 : 0;
        cells.append(h("div", { class: `g-cell${leads ? " g-leads" : ""}${fresh.has(`${seat}:${c}`) ? " g-fresh" : ""}` },
          stack(ctx, c, k),
          leads ? h("span", { class: "g-most", title: t("web.most"), "aria-label": t("web.most") }, MOST) : null,
          hid ? h("span", { class: "g-plus", title: plural(ctx, "web.hidden", hid), "aria-label": plural(ctx, "web.hidden", hid) }, `+${num(ctx, hid)}`) : null));
      }
      const hiddenText = plural(ctx, "web.hidden", p.hidden_count);
      cells.append(h("div", { class: "g-cell g-cell-back", title: hiddenText }, miniBack(ctx, p.hidden_count),
        h("span", { class: "g-back-label" }, t("ui.face_down"))));
      panel.append(cells);
    }
    grid.append(panel);
  }
  const legend = over ? null : h("p", { class: "g-legend" },
    t(frame.seat != null ? "web.legend" : "web.legend_spectator", { mark: MOST }), " · ",
    t("ui.openers_marks", { grand: GRAND, opener: OPENER }));
  return h("section", { class: "g-players", "aria-label": t("web.players") }, grid, legend);
}

function scoringPanel(frame, ctx, sc) {
  const t = ctx.t;
  const v = frame.view;
  const key = `${frame.table}:${sc.round}`;
  const over = v.phase === "over" || frame.status === "over";
  const rerender = (focus) => {
    const [el, f, c] = memo.board;
    clear(el);
    render(el, f, c);
    el.querySelector(focus)?.focus();
  };
  if (memo.hidden.has(key) && !over) {
    return h("div", { class: "g-scoring-folded" }, h("button", { class: "button small g-show", type: "button",
      onclick: () => { memo.hidden.delete(key); rerender(".g-hide"); } }, t("web.show_scoring", { round: sc.round })));
  }
  const totals = new Map((v.players || []).map((p) => [p.seat, p.total]));
  const head = h("div", { class: "g-s-row g-s-head" },
    h("span", { class: "g-s-name" }, t("ui.player")),
    COLOURS.map((c) => h("span", { class: "g-s-cell g-s-colour", title: colourName(ctx, c) }, symbol(c, `g-sym-head g-fill-${c}`), h("span", { class: "g-s-cname" }, abbr(ctx, c)))),
    h("span", { class: "g-s-points" }, t("ui.points")),
    h("span", { class: "g-s-total" }, t("ui.total")));
  const rows = sc.scores.map((score, seat) => {
    if (!score) return null;
    const packets = score.packets || {};
    const discarded = score.discarded || {};
    const cells = COLOURS.map((c) => {
      const o = sc.opened[seat][c] || 0;
      const hd = sc.hidden[seat][c] || 0;
      const all = o + hd;
      const pk = packets[c] || 0;
      const left = all - 5 * pk;
      const gone = discarded[c] || 0;
      const pts = pk + (gone ? 0 : left);
      const outcome = h("span", { class: "g-s-outcome" },
        pk ? h("span", { class: "g-s-packet", title: t("ui.scoring_legend", { packet: PACKET, discarded: DISCARD }) }, PACKET.repeat(pk)) : null,
        gone ? h("span", { class: "g-s-discard" }, `${DISCARD}${num(ctx, gone)}`) : null,
        pts ? h("span", { class: "g-s-pts" }, `+${num(ctx, pts)}`) : null);
      return h("span", { class: `g-s-cell${gone ? " g-discarded" : ""}${all ? "" : " g-s-none"}` },
        all ? stack(ctx, c, all, hd ? `${num(ctx, o)}+${num(ctx, hd)}` : num(ctx, o)) : h("span", { class: "g-s-dot" }, "·"),
        all ? outcome : null);
    });
    return h("div", { class: `g-s-row${seat === frame.seat ? " g-me" : ""}` },
      h("span", { class: "g-s-name" }, nameOf(ctx, seat)), cells,
      h("span", { class: "g-s-points" }, num(ctx, score.points)),
      h("span", { class: "g-s-total" }, totals.has(seat) ? num(ctx, totals.get(seat)) : ""));
  });
  const hide = over ? null : h("button", { class: "button small g-hide", type: "button",
    onclick: () => { memo.hidden.add(key); rerender(".g-show"); } }, t("web.hide"));
  return h("section", { class: "g-scoring", "aria-label": t("web.scoring_title", { round: sc.round }) },
    h("div", { class: "g-s-title" }, h("h2", {}, t("web.scoring_title", { round: sc.round })), hide),
    h("p", { class: "g-s-intro" }, t("web.scoring_intro")),
    h("div", { class: "g-s-table", role: "table" }, head, rows),
    h("p", { class: "g-legend" }, t("ui.scoring_legend", { packet: PACKET, discarded: DISCARD })),
    h("details", { class: "g-s-words" }, h("summary", {}, t("web.in_words")),
      h("ul", {}, sc.texts.map((text) => h("li", {}, text)))));
}

// --- the choices ------------------------------------------------------------------------------------------------
export function renderChoices(element, frame, ctx) {
  ensureStyle();
  const v = frame.view || {};
  const legal = frame.legal || ctx.legal || [];
  if (!legal.length || frame.seat == null) return false;
  const takes = legal.every((a) => /^take [A-F]$/.test(a.text));
  const keeps = legal.every((a) => /^keep [a-z]+ give \d+$/.test(a.text));
  const box = h("div", { class: "g-choices" });
  if (v.phase === "choose" && takes) chooseTrio(box, frame, ctx, legal);
  else if (v.phase === "keep" && keeps) keepAndGive(box, frame, ctx, legal);
  else fallback(box, ctx, legal);
  element.append(box);
  return true;
}

function chooseTrio(box, frame, ctx, legal) {
  const t = ctx.t;
  const trios = frame.view.trios || [];
  box.append(h("h2", {}, t("web.your_move")), h("p", { class: "g-prompt" }, t("web.choose_prompt")));
  const list = h("div", { class: "g-take-list" });
  legal.forEach((a, i) => {
    const letter = a.text.slice(5);
    const trio = trios.find((x) => x && x.trio === letter);
    list.append(h("button", { class: "button choice g-take", type: "button", title: a.label || a.words, dataset: { action: a.text },
      "aria-label": a.label || a.words, onclick: () => ctx.act(a.text) },
    i < 9 ? h("kbd", { "aria-hidden": "true" }, i + 1) : null,
    h("span", { class: "g-take-text" }, t("web.take", { trio: letter })),
    trio ? h("span", { class: "g-take-cards", "aria-hidden": "true" }, trio.open.map((c) => (c ? stack(ctx, c, 1, "") : null)),
      trio.hidden_card ? h("span", { class: "g-mini g-mini-back" }) : null) : null));
  });
  box.append(list);
}

function selectionKey(frame) {
  return `${frame.table}:${frame.at}`;
}

function keepAndGive(box, frame, ctx, legal) {
  const t = ctx.t;
  const v = frame.view;
  const key = selectionKey(frame);
  if (memo.key !== key) Object.assign(memo, { key, keep: null, give: null, sent: false });
  const options = new Map(); // colour kept -> [seats]
  for (const a of legal) {
    const [, keep, , give] = a.text.split(" ");
    if (!options.has(keep)) options.set(keep, []);
    options.get(keep).push(Number(give));
  }
  const colours = [...options.keys()];
  const trio = (v.trios || []).find((x) => x && x.chosen);
  const open = trio ? trio.open.filter(Boolean) : colours;
  if (colours.length === 1 && memo.keep == null) memo.keep = colours[0];
  const otherOf = (keep) => {
    if (!keep) return null;
    const i = open.indexOf(keep);
    return i < 0 ? null : open[1 - i] || keep;
  };
  const receivers = [...new Set([...options.values()].flat())].sort((a, b) => a - b);

  box.classList.add("g-keep");
  box.append(h("h2", {}, t("web.your_move")));
  const took = lastTake(ctx.log || [], frame.seat);
  if (took && took.hidden) {
    box.append(h("div", { class: "g-took" }, h("div", { class: "g-took-card" }, card(ctx, took.hidden)),
      h("p", {}, t("web.took", { trio: v.chosen || "ABCDEF"[took.trio] }), " ", h("strong", {}, colourAdj(ctx, took.hidden)))));
  }
  // step 1: the card kept
  const own = (v.players || []).find((p) => p.seat === frame.seat);
  const keepButtons = colours.map((c) => {
    const have = own ? own.open[c] || 0 : 0;
    return h("button", { class: "g-keep-card", type: "button", dataset: { colour: c }, "aria-pressed": "false",
      "aria-label": `${colourName(ctx, c)} (${t("web.you_have", { count: num(ctx, have) })})`, onclick: () => selectKeep(c) },
    card(ctx, c, { role: null, "aria-label": null }), h("span", { class: "g-have" }, t("web.you_have", { count: num(ctx, have) })));
  });
  const step1 = h("div", { class: "g-step" }, h("h3", {}, t("web.keep_step")),
    h("div", { class: "g-keep-cards" }, keepButtons),
    colours.length === 1 ? h("p", { class: "g-note" }, t("web.same_colours", { colours: ctx.t(`colours.${colours[0]}`) })) : null);
  // step 2: who gets the other card
  const giveTitle = h("h3", {});
  const players = v.players || [];
  const most = {};
  for (const c of COLOURS) most[c] = Math.max(0, ...players.map((p) => p.open[c] || 0));
  const giveButtons = receivers.map((seat) => {
    const chip = h("span", { class: "g-give-chip" });
    const b = h("button", { class: "button g-give", type: "button", dataset: { seat }, "aria-pressed": "false",
      onclick: () => { memo.give = seat; update(); } },
    h("span", { class: "g-give-name" }, h("span", { class: "g-seat-no" }, seat), " ", nameOf(ctx, seat)), chip);
    b._chip = chip;
    return b;
  });
  const step2 = h("div", { class: "g-step" }, giveTitle, h("div", { class: "g-give-list" }, giveButtons));
  // confirm
  const confirm = h("button", { class: "button primary g-confirm", type: "button" }, t("web.confirm"));
  const summary = h("span", { class: "g-summary" });
  confirm.addEventListener("click", () => {
    const text = memo.keep && memo.give != null ? `keep ${memo.keep} give ${memo.give}` : null;
    if (!text || !legal.some((a) => a.text === text) || memo.sent) return;
    memo.sent = true;
    update();
    ctx.act(text);
  });
  box.append(step1, step2, h("div", { class: "g-confirm-row" }, confirm, summary));

  function update() {
    const given = otherOf(memo.keep);
    for (const b of keepButtons) b.setAttribute("aria-pressed", String(b.dataset.colour === memo.keep));
    giveTitle.textContent = given ? t("web.give_step", { colour: colourAdj(ctx, given) }) : t("web.give_step_any");
    for (const b of giveButtons) {
      const seat = Number(b.dataset.seat);
      b.setAttribute("aria-pressed", String(seat === memo.give));
      clear(b._chip);
      if (given) {
        const p = players.find((x) => x.seat === seat);
        const k = p ? p.open[given] || 0 : 0;
        b._chip.append(stack(ctx, given, k));
        if (k && k === most[given]) b._chip.append(h("span", { class: "g-most", title: t("web.most") }, MOST));
        b.title = plural(ctx, "web.holds", k, { name: nameOf(ctx, seat) });
      }
    }
    const text = memo.keep && memo.give != null ? `keep ${memo.keep} give ${memo.give}` : null;
    const action = text && legal.find((a) => a.text === text);
    confirm.disabled = !action || memo.sent;
    summary.textContent = memo.sent ? t("web.sent") : action ? (action.label || action.words) : t("web.confirm_hint");
    for (const b of [...keepButtons, ...giveButtons]) b.disabled = memo.sent;
    markKept();
  }
  memo.update = update;
  update();
  if (memo.scrolled !== key) {
    memo.scrolled = key;
    requestAnimationFrame(() => {
      const r = box.getBoundingClientRect();
      if (r.bottom > window.innerHeight || r.top < 0) box.scrollIntoView({ block: "nearest", behavior: "smooth" });
    });
  }
}

function selectKeep(colour) {
  if (memo.sent) return;
  memo.keep = colour;
  if (memo.update) memo.update();
}

// The chosen trio on the board: its kept card marked.
function markKept() {
  if (!memo.board) return;
  const [el, frame] = memo.board;
  const mine = frame.seat != null && frame.view && frame.view.to_move === frame.seat && frame.view.phase === "keep";
  const keep = mine && memo.key === selectionKey(frame) ? memo.keep : null;
  let marked = false;
  for (const c of el.querySelectorAll(".g-chosen .g-card[data-colour]")) {
    const kept = !marked && c.dataset.colour === keep;
    c.classList.toggle("g-kept", kept);
    marked = marked || kept;
  }
}

function fallback(box, ctx, legal) {
  box.append(h("h2", {}, ctx.t("web.your_move")));
  const list = h("div", { class: "choice-list" });
  legal.forEach((a, i) => {
    list.append(h("button", { class: "button choice", type: "button", title: a.label || a.words, dataset: { action: a.text },
      onclick: () => ctx.act(a.text) }, i < 9 ? h("kbd", {}, i + 1) : null, " ", a.words, a.label ? h("small", {}, a.label) : null));
  });
  box.append(list);
}
