// Luxembourg-Shopping in the browser (render): the board drawn as a board — the squares as a loop around the edge,
// square 1 next to the start corner, each shop in its zone's colour with its number and name, the owner's strip,
// the signs (« enseignes »), the galleries outlined and tagged, the pawns — and, in its centre, the dice, the last
// card drawn (its deck, upper and lower halves) and the zones' price table; beside it the players (cash, shops,
// signs, galleries, who is out, what wins). Then the seat's decision (renderChoices): buy or not, a gallery or a
// merger and what it costs, the shop that gets or loses a sign, the shops to sell and paying the debt.
//
// Drawn from the frame only (frame.view is the seat's observation; everything is public in this game). Names are
// always text nodes (dom.js's h and s), never markup. Colours are never the only cue: seats carry their number,
// zones their name in the price table and every square's title.

import { choiceButton, choiceHead, choiceList, decisionBox, light } from "/static/choices.js";
import { h, s } from "/static/dom.js";
import { addStyle, fitTexts, pipDie, playerHead, reconstructedNote, redrawLast, seatPalette, stackedText, wrapWords } from "/static/drawing.js";
import { capitalise, list, nameOf, num, plural } from "/static/words.js";

const { colour: seatColour, token } = seatPalette(["#c8413b", "#2f6fb0", "#7b4fa0", "#138a8a", "#4a4a4a", "#d0508a"], "lux");
const SIZE = 1000; // the board's side, in SVG units
const DEPTH = 160; // a side square's depth (and a corner's side)
const BAND = 30; // the zone's band on a shop square, at its inner edge
const STRIP = 30; // the owner's strip, at its outer edge
const SPECIAL = { bouton_rouge: "#c62828", bureau: "#35607f", bankruptcy: "#3a2f2a", bonus: "#b8860b" };

// What the page keeps between frames: the last render (to draw it again, and to light up a choice's squares on it).
const memo = { board: null };

// --- small helpers ---------------------------------------------------------------------------------------------
// once the styles are in, the board is drawn again: its names are fitted to their squares in the board's font
const ensureStyle = () => addStyle("/games/luxembourg-shopping/view.css", "luxembourg", redraw);
const redraw = () => redrawLast(memo.board, render);

// The board's facts, by square and by shop.
function boardIndex(v) {
  const squares = (v.board && v.board.squares) || [];
  const byShop = new Map();
  for (const sq of squares) if (sq.shop) byShop.set(sq.shop, sq);
  const zones = (v.board && v.board.zones) || {};
  const owners = new Map(Object.entries(v.owners || {}).map(([shop, seat]) => [Number(shop), seat]));
  const signs = new Set(v.signs || []);
  const galleryOf = new Map();
  (v.galleries || []).forEach((g, k) => g.shops.forEach((shop) => galleryOf.set(shop, { ...g, index: k + 1 })));
  return { squares, byShop, zones, owners, signs, galleryOf, signBonus: v.sign_bonus || 0 };
}

function shopLabel(ctx, idx, shop) {
  const sq = idx.byShop.get(shop);
  return ctx.t("web.shop_name", { shop, name: sq ? sq.name : "" });
}

function effectText(ctx, effect) {
  if (!effect) return "";
  const fields = { ...effect };
  if (typeof fields.amount === "number") fields.amount = num(ctx, fields.amount);
  return ctx.t(`effect.${effect.kind}`, fields);
}

// --- the page --------------------------------------------------------------------------------------------------
export function render(element, frame, ctx) {
  ensureStyle();
  memo.board = [element, frame, ctx];
  const v = frame.view || {};
  const log = ctx.log || frame.events || [];
  const idx = boardIndex(v);
  const root = h("div", { class: "lux", dataset: { step: v.step || "" } });
  root.append(status(frame, ctx, log));
  if (v.data && v.data.reconstructed) root.append(reconstructedNote("lux", ctx.t("web.reconstructed"), ctx.t("web.reconstructed_help")));
  // on a narrow screen the board scrolls sideways: a line says so (style: shown only there)
  root.append(h("p", { class: "lux-scroll-hint" }, ctx.t("web.board_scroll")));
  root.append(h("div", { class: "lux-main" },
    h("div", { class: "lux-board-wrap" }, board(frame, ctx, idx, log)),
    players(frame, ctx, idx)));
  root.append(legend(ctx));
  element.append(root);
  fitTexts(root, ".lux-board text[data-fit]");
}

function status(frame, ctx, log) {
  const v = frame.view;
  const t = ctx.t;
  const over = frame.status === "over" || v.winner != null || v.termination;
  const box = h("div", { class: "lux-status" });
  if (v.round) {
    box.append(h("span", { class: "lux-round" }, v.rounds ? t("web.round_of", { round: v.round, rounds: v.rounds })
      : t("web.round", { round: v.round })));
  }
  const mine = frame.seat != null && v.to_move === frame.seat && !over;
  let now = "";
  if (over) {
    now = v.winner != null ? t("web.winner_is", { player: nameOf(ctx, v.winner) }) : t("web.over");
  } else if (v.step) {
    const step = t.has && !t.has(`step.${v.step}`) ? v.step : t(`step.${v.step}`);
    if (mine) now = t("web.mine_step", { step });
    else if (v.player != null) now = t("web.now_step", { player: nameOf(ctx, v.step === "sell" && v.debt ? v.debt.debtor : v.player), step });
    else now = step;
  }
  if (now) box.append(h("span", { class: `lux-now${mine ? " lux-mine" : ""}` }, now));
  const last = log.length ? log[log.length - 1] : null;
  if (last && last.text) box.append(h("span", { class: "lux-last" }, last.text));
  return box;
}

function legend(ctx) {
  const t = ctx.t;
  const sign = s("svg", { class: "lux-legend-icon", viewBox: "0 0 16 16", "aria-hidden": "true" }, signIcon(0, 0, 16));
  return h("p", { class: "lux-legend" },
    h("span", {}, t("web.legend_band")), " · ", h("span", {}, t("web.legend_square")), " · ",
    h("span", {}, t("web.legend_strip")), " · ", h("span", {}, sign, " ", t("web.legend_sign")), " · ",
    h("span", {}, h("span", { class: "lux-legend-gallery", "aria-hidden": "true" }), " ", t("web.legend_gallery")));
}

// --- the board's geometry --------------------------------------------------------------------------------------
// The start corner is at the bottom right; squares go left along the bottom, up the left side, right along the top
// and down the right side, so that the last square is back next to the start. The three other corners are the
// squares a quarter, a half and three quarters of the way round (17, 33 and 50 on the 66-square board).
export function layout(count) {
  const corners = [1, 2, 3].map((k) => Math.round((k * count) / 4));
  const sides = [[1, corners[0] - 1], [corners[0] + 1, corners[1] - 1], [corners[1] + 1, corners[2] - 1], [corners[2] + 1, count]];
  const inner = SIZE - 2 * DEPTH;
  const far = SIZE - DEPTH;
  const cells = new Map();
  sides.forEach(([a, b], k) => {
    const n = Math.max(1, b - a + 1);
    const w = inner / n;
    for (let i = 0; i + a <= b; i++) {
      let r;
      if (k === 0) r = { x: far - (i + 1) * w, y: far, w, h: DEPTH, side: "bottom" };
      else if (k === 1) r = { x: 0, y: far - (i + 1) * w, w: DEPTH, h: w, side: "left" };
      else if (k === 2) r = { x: DEPTH + i * w, y: 0, w, h: DEPTH, side: "top" };
      else r = { x: far, y: DEPTH + i * w, w: DEPTH, h: w, side: "right" };
      cells.set(a + i, r);
    }
  });
  cells.set(corners[0], { x: 0, y: far, w: DEPTH, h: DEPTH, side: "corner" });
  cells.set(corners[1], { x: 0, y: 0, w: DEPTH, h: DEPTH, side: "corner" });
  cells.set(corners[2], { x: far, y: 0, w: DEPTH, h: DEPTH, side: "corner" });
  return { cells, start: { x: far, y: far, w: DEPTH, h: DEPTH, side: "start" } };
}

// A side square's own frame: u across it (0 to its width), v into it from the inner edge (0) to the outer edge
// (DEPTH). Corners and the start use the bottom side's frame (v downwards).
function frameOf(r) {
  const across = r.side === "left" || r.side === "right" ? r.h : r.w;
  const P = {
    bottom: (u, v) => [r.x + u, r.y + v],
    corner: (u, v) => [r.x + u, r.y + v],
    start: (u, v) => [r.x + u, r.y + v],
    top: (u, v) => [r.x + u, r.y + r.h - v],
    left: (u, v) => [r.x + r.w - v, r.y + u],
    right: (u, v) => [r.x + v, r.y + u],
  }[r.side];
  const rect = (u0, v0, u1, v1, attrs = {}) => {
    const [xa, ya] = P(u0, v0);
    const [xb, yb] = P(u1, v1);
    return s("rect", { x: Math.min(xa, xb), y: Math.min(ya, yb), width: Math.abs(xb - xa), height: Math.abs(yb - ya), ...attrs });
  };
  // Text along the depth (names on side squares: turned on the top and bottom rows), or across (corners).
  const vertical = r.side === "top" || r.side === "bottom";
  return { across, P, rect, vertical, depth: r.side === "corner" || r.side === "start" ? r.h : DEPTH };
}

// --- the board -------------------------------------------------------------------------------------------------
function board(frame, ctx, idx, log) {
  const v = frame.view;
  const t = ctx.t;
  const count = idx.squares.length || 66;
  const { cells, start } = layout(count);
  const here = new Map(); // square -> seats standing there
  for (const p of v.players || []) {
    if (p.out) continue;
    const sq = p.square || 0;
    if (!here.has(sq)) here.set(sq, []);
    here.get(sq).push(p.seat);
  }
  const svg = s("svg", { class: "lux-board", viewBox: `0 0 ${SIZE} ${SIZE}`, role: "img", "aria-label": t("web.board"),
    dataset: { squares: String(count) } });
  svg.append(defs());
  svg.append(s("rect", { x: 0, y: 0, width: SIZE, height: SIZE, class: "lux-base" }));
  svg.append(s("rect", { x: DEPTH, y: DEPTH, width: SIZE - 2 * DEPTH, height: SIZE - 2 * DEPTH, class: "lux-centre-bg" }));
  const ring = s("g", { class: "lux-ring" });
  const pawnLayer = s("g", { class: "lux-pawns" });
  for (const sq of idx.squares) {
    const r = cells.get(sq.number);
    if (!r) continue;
    const seats = here.get(sq.number) || [];
    ring.append(square(ctx, v, idx, sq, r, seats));
    if (seats.length) pawnLayer.append(pawnGroup(ctx, v, sq.number, corridor(r), seats));
  }
  ring.append(startCorner(ctx, v, start));
  if (here.has(0)) pawnLayer.append(pawnGroup(ctx, v, 0, startSpot(start), here.get(0)));
  svg.append(ring, centre(frame, ctx, idx, log), pawnLayer);
  return svg;
}

// Where a square's pawns stand: in the corridor in front of it (the board's centre is the shopping centre's
// floor), so that they never hide a name, a number or an owner. ``at`` is the first pawn's place, ``across`` the
// way to the next one in a row, ``inward`` the way to the next row.
function corridor(r) {
  if (r.side !== "corner") {
    const f = frameOf(r);
    const [x0, y0] = f.P(0, 0);
    const [x1, y1] = f.P(1, 0);
    const [x2, y2] = f.P(0, -1);
    return { at: f.P(f.across / 2, -12), across: [x1 - x0, y1 - y0], inward: [x2 - x0, y2 - y0], perRow: 2, gap: 20 };
  }
  // a corner: from its inner corner, along the diagonal into the centre
  const inner = [r.x < SIZE / 2 ? r.x + r.w : r.x, r.y < SIZE / 2 ? r.y + r.h : r.y];
  const d = [r.x < SIZE / 2 ? 1 : -1, r.y < SIZE / 2 ? 1 : -1];
  return { at: [inner[0] + 9 * d[0], inner[1] + 9 * d[1]], across: [d[0] * 0.7071, -d[1] * 0.7071],
    inward: [d[0] * 0.7071, d[1] * 0.7071], perRow: 2, gap: 24 };
}

function startSpot(r) {
  return { at: [r.x + r.w / 2, r.y + 104], across: [1, 0], inward: [0, 1], perRow: 3, gap: 30 };
}

function pawnGroup(ctx, v, number, spot, seats) {
  const g = s("g", { class: "lux-pawn-group", dataset: { square: String(number) } });
  const radius = 13;
  seats.forEach((seat, i) => {
    const row = Math.floor(i / spot.perRow);
    const inRow = Math.min(spot.perRow, seats.length - row * spot.perRow);
    const col = (i % spot.perRow) - (inRow - 1) / 2;
    const x = spot.at[0] + col * spot.gap * spot.across[0] + row * 25 * spot.inward[0];
    const y = spot.at[1] + col * spot.gap * spot.across[1] + row * 25 * spot.inward[1];
    g.append(pawn(ctx, v, seat, x, y, radius));
  });
  return g;
}

function defs() {
  // The « enseigne »: a shop sign hanging from its bracket.
  const sign = s("symbol", { id: "lux-sign", viewBox: "0 0 16 16" },
    s("path", { d: "M1 2.2h14", class: "lux-sign-bracket" }),
    s("path", { d: "M4 2.2v3M12 2.2v3", class: "lux-sign-chain" }),
    s("rect", { x: 1.6, y: 5, width: 12.8, height: 9.6, rx: 1.6, class: "lux-sign-board" }),
    s("path", { d: "M8 6.6l1 2.1 2.3.3-1.7 1.6.4 2.3L8 11.8l-2 1.1.4-2.3-1.7-1.6 2.3-.3z", class: "lux-sign-star" }));
  return s("defs", {}, sign);
}

function signIcon(x, y, size, extra = "") {
  return s("use", { href: "#lux-sign", x, y, width: size, height: size, class: `lux-sign-mark ${extra}` });
}

function squareTitle(ctx, v, idx, sq, seats) {
  const t = ctx.t;
  const parts = [t("web.square", { square: sq.number })];
  if (sq.kind === "shop") {
    parts.push(shopLabel(ctx, idx, sq.shop), t(`web.zone.${sq.zone}`));
    const owner = idx.owners.get(sq.shop);
    parts.push(owner != null ? t("web.owned_by", { player: nameOf(ctx, owner) }) : t("web.free"));
    if (idx.signs.has(sq.shop)) parts.push(t("web.with_sign"));
    const g = idx.galleryOf.get(sq.shop);
    if (g) parts.push(t("web.in_gallery", { gallery: g.index, value: num(ctx, g.value) }));
  } else {
    parts.push(t(`web.help.${sq.kind}`));
  }
  if (seats.length) parts.push(t("web.pawns_here", { names: list(ctx, seats.map((p) => nameOf(ctx, p))) }));
  return parts.join(" · ");
}

function square(ctx, v, idx, sq, r, seats) {
  const f = frameOf(r);
  const g = s("g", { class: `lux-sq lux-${sq.kind} lux-side-${r.side}`, dataset: { square: sq.number, kind: sq.kind } });
  g.append(s("title", {}, squareTitle(ctx, v, idx, sq, seats)));
  g.append(s("rect", { x: r.x, y: r.y, width: r.w, height: r.h, class: "lux-sq-bg" }));
  if (v.player != null && (v.players || [])[v.player] && v.players[v.player].square === sq.number) g.classList.add("lux-here");
  if (sq.kind === "shop") shopSquare(ctx, v, idx, sq, r, f, g);
  else specialSquare(ctx, sq, r, f, g);
  g.append(s("rect", { x: r.x, y: r.y, width: r.w, height: r.h, class: "lux-sq-edge" }));
  return g;
}

function shopSquare(ctx, v, idx, sq, r, f, g) {
  g.dataset.shop = sq.shop;
  g.dataset.zone = sq.zone;
  const zone = idx.zones[sq.zone] || {};
  const owner = idx.owners.get(sq.shop);
  const gallery = idx.galleryOf.get(sq.shop);
  const across = f.across;
  const depth = f.depth;
  // the zone's band and the shop's number
  g.append(f.rect(0, 0, across, BAND, { class: "lux-band", fill: zone.colour || "#ccc" }));
  const [bx, by] = f.P(across / 2, BAND / 2);
  g.append(s("text", { x: bx, y: by, class: "lux-shop-no" }, String(sq.shop)));
  // the name, along the square
  const nameTop = BAND + 2;
  const nameBottom = depth - STRIP - 20;
  const [nx, ny] = f.P(across / 2, (nameTop + nameBottom) / 2);
  const corner = r.side === "corner";
  g.append(nameText(sq.name, nx, ny, f.vertical && !corner, corner ? across - 10 : nameBottom - nameTop - 4, "lux-name"));
  // the square's number, and the gallery's tag, between the name and the strip
  const markV = depth - STRIP - 10;
  const [qx, qy] = f.P(gallery ? across * 0.3 : across / 2, markV);
  g.append(s("text", { x: qx, y: qy, class: "lux-sq-no" }, String(sq.number)));
  if (gallery) {
    const [tx, ty] = f.P(across * 0.72, markV);
    g.append(s("text", { x: tx, y: ty, class: "lux-gallery-tag", fill: seatColour(gallery.owner) }, `G${gallery.index}`));
  }
  // the owner's strip at the outer edge: their colour and seat, and the sign when there is one
  if (owner != null) {
    g.dataset.owner = owner;
    const sign = idx.signs.has(sq.shop);
    g.append(f.rect(0, depth - STRIP, across, depth, { class: "lux-owner", fill: seatColour(owner) }));
    const [ox, oy] = f.P(sign ? across * 0.28 : across / 2, depth - STRIP / 2);
    g.append(s("text", { x: ox, y: oy, class: "lux-owner-no" }, String(owner)));
    if (sign) {
      const [sx, sy] = f.P(across * 0.68, depth - STRIP / 2);
      g.append(signIcon(sx - 10, sy - 10, 20));
    }
  }
  if (gallery) {
    g.dataset.gallery = gallery.index;
    g.append(s("rect", { x: r.x + 3, y: r.y + 3, width: r.w - 6, height: r.h - 6, class: "lux-gallery",
      stroke: seatColour(gallery.owner) }));
  }
}

function specialSquare(ctx, sq, r, f, g) {
  const across = f.across;
  const depth = f.depth;
  const colour = SPECIAL[sq.kind] || "#777";
  g.append(f.rect(0, 0, across, BAND, { class: "lux-band", fill: colour }));
  const [bx, by] = f.P(across / 2, BAND / 2);
  g.append(s("text", { x: bx, y: by, class: "lux-band-no" }, String(sq.number)));
  const lines = ctx.t(`web.sq.${sq.kind}`).split("\n");
  const corner = r.side === "corner";
  const vertical = f.vertical && !corner;
  const iconR = corner ? 20 : 13;
  const iconV = BAND + 6 + iconR;
  const [ix, iy] = f.P(across / 2, iconV);
  g.append(specialIcon(sq.kind, ix, iy, iconR));
  const top = iconV + iconR + 4;
  const bottom = depth - 4;
  const [nx, ny] = f.P(across / 2, (top + bottom) / 2);
  g.append(nameText(lines[0], nx, ny, vertical, corner ? across - 10 : bottom - top - 4, "lux-name lux-special-name",
    lines.slice(1), 1.6));
}

function specialIcon(kind, x, y, r) {
  if (kind === "bouton_rouge") {
    return s("g", { class: "lux-icon" },
      s("circle", { cx: x, cy: y, r: r, class: "lux-button-ring" }),
      s("circle", { cx: x, cy: y - r * 0.12, r: r * 0.72, class: "lux-button-top" }),
      s("ellipse", { cx: x - r * 0.22, cy: y - r * 0.38, rx: r * 0.28, ry: r * 0.16, class: "lux-button-shine" }));
  }
  if (kind === "bureau") { // an envelope: the office's card
    return s("g", { class: "lux-icon" },
      s("rect", { x: x - r, y: y - r * 0.68, width: 2 * r, height: r * 1.36, rx: 2, class: "lux-envelope" }),
      s("path", { d: `M${x - r} ${y - r * 0.68}L${x} ${y + r * 0.15}L${x + r} ${y - r * 0.68}`, class: "lux-envelope-flap" }));
  }
  const minus = kind === "bankruptcy";
  return s("g", { class: `lux-icon lux-${minus ? "minus" : "plus"}` },
    s("circle", { cx: x, cy: y, r: r }),
    s("text", { x, y: y + 1, class: "lux-icon-sign" }, minus ? "−1" : "+1"));
}

// A name in one or two lines (cut between words), with extra lines below it in a smaller size (the name at 15 units,
// about 7.5 a letter, 16 a line; the smaller lines at 12, 14 a line). Lines too long for the square are narrowed
// once the page has laid them out (fitTexts).
function nameText(name, x, y, vertical, length, cls, extra = [], squeeze = 1) {
  const lines = [...wrapWords(name || "", length * squeeze, 7.5).map((l) => [l, 16, null]), ...extra.map((l) => [l, 14, "lux-small"])];
  return stackedText(x, y, lines, { cls, fit: length, transform: vertical ? `rotate(-90 ${x} ${y})` : null });
}

function pawn(ctx, v, seat, x, y, radius) {
  const now = v.player === seat && v.winner == null && !v.termination;
  return s("g", { class: `lux-pawn${now ? " lux-pawn-now" : ""}`, dataset: { seat } },
    s("title", {}, nameOf(ctx, seat)),
    now ? s("circle", { cx: x, cy: y, r: radius + 5, class: "lux-pawn-halo" }) : null,
    s("circle", { cx: x, cy: y, r: radius, fill: seatColour(seat), class: "lux-pawn-body" }),
    s("text", { x, y: y + 0.5, class: "lux-pawn-no" }, String(seat)));
}

function startCorner(ctx, v, r) {
  const t = ctx.t;
  const g = s("g", { class: "lux-sq-start" }, s("title", {}, t("web.start_help")));
  g.append(s("rect", { x: r.x, y: r.y, width: r.w, height: r.h, class: "lux-start-bg" }));
  g.append(s("text", { x: r.x + r.w / 2, y: r.y + 34, class: "lux-start-name" }, t("web.start")));
  // the arrow: towards square 1, on its left
  const y = r.y + 64;
  g.append(s("path", { d: `M${r.x + r.w - 22} ${y}H${r.x + 30}m12 -11l-12 11 12 11`, class: "lux-start-arrow" }));
  g.append(s("rect", { x: r.x, y: r.y, width: r.w, height: r.h, class: "lux-sq-edge" }));
  return g;
}

// --- the centre: the dice, the last card, the price table -----------------------------------------------------
function centre(frame, ctx, idx, log) {
  const v = frame.view;
  const t = ctx.t;
  const inset = 14;
  const size = SIZE - 2 * DEPTH - 2 * inset;
  const fo = s("foreignObject", { x: DEPTH + inset, y: DEPTH + inset, width: size, height: size, class: "lux-centre-fo" });
  const box = h("div", { class: "lux-centre" });
  box.append(
    h("div", { class: "lux-title" }, h("span", { class: "lux-title-main" }, "Luxembourg-Shopping"),
      h("span", { class: "lux-title-sub" }, t("web.centre_sub"))),
    h("div", { class: "lux-centre-row" }, diceBox(frame, ctx), cardBox(ctx, idx, v.last_card)),
    priceTable(ctx, idx));
  fo.append(box);
  return fo;
}

function diceBox(frame, ctx) {
  const v = frame.view;
  const t = ctx.t;
  const box = h("div", { class: "lux-dice-box" });
  const turn = v.player != null && v.winner == null && !v.termination;
  if (turn) {
    box.append(h("div", { class: "lux-turn" }, token(v.player), " ", h("span", { class: "lux-turn-name" }, nameOf(ctx, v.player))));
  }
  if (v.dice) {
    const [a, b] = v.dice;
    box.append(h("div", { class: "lux-dice", role: "img", "aria-label": t("web.dice_label", { a, b }) }, die(a), die(b)),
      h("div", { class: "lux-dice-sum" }, a === b ? h("strong", { class: "lux-double" }, t("web.double")) : null,
        a === b ? " " : null, t("web.dice_total", { total: a + b })));
  } else {
    box.append(h("div", { class: "lux-dice lux-dice-none" }, die(0), die(0)), h("div", { class: "lux-dice-sum lux-dim" }, t("web.no_dice")));
  }
  return box;
}

const die = (face) => pipDie("lux", face);

// The last card drawn, as a card: its deck on top, then its upper half (mail: a shop or an action), then its
// lower half (« Bureau »: an action); a « Bouton Rouge » card has one action. The half just played is marked.
function cardBox(ctx, idx, card) {
  const t = ctx.t;
  const wrap = h("div", { class: "lux-card-box" }, h("div", { class: "lux-card-caption" }, t("web.last_card")));
  if (!card) {
    wrap.append(h("div", { class: "lux-card lux-card-none" }, h("span", {}, t("web.no_card"))));
    return wrap;
  }
  const used = card.half || null;
  const red = card.deck === "red";
  const el = h("div", { class: `lux-card lux-deck-${card.deck}`, dataset: { card: card.id } },
    h("div", { class: "lux-card-head" }, h("span", { class: "lux-card-deck" }, t(`web.deck.${card.deck}`)),
      h("span", { class: "lux-card-id" }, card.id)));
  const half = (which, body) => h("div", { class: `lux-card-half lux-card-${which}${used === which ? " lux-used" : ""}` },
    h("div", { class: "lux-card-label" }, t(red ? "web.card_action" : `web.card_${which}`),
      used === which ? h("span", { class: "lux-used-mark" }, ` · ${t("web.card_used")}`) : null),
    body);
  el.append(half("top", halfBody(ctx, idx, card.top)));
  if (card.bottom) el.append(half("bottom", halfBody(ctx, idx, card.bottom)));
  wrap.append(el);
  return wrap;
}

function halfBody(ctx, idx, half) {
  if (half && half.kind === "shop") {
    const sq = idx.byShop.get(half.shop);
    const zone = sq ? idx.zones[sq.zone] : null;
    return h("div", { class: "lux-card-shop" },
      h("span", { class: "lux-chip", style: `--zone: ${zone ? zone.colour : "#ccc"}` }, String(half.shop)),
      " ", h("span", {}, sq ? sq.name : ""));
  }
  return h("div", { class: "lux-card-text" }, capitalise(effectText(ctx, half)));
}

function priceTable(ctx, idx) {
  const t = ctx.t;
  const rows = Object.entries(idx.zones).map(([zone, z]) => h("tr", { dataset: { zone } },
    h("th", { scope: "row" }, h("span", { class: "lux-swatch", style: `--zone: ${z.colour}`, "aria-hidden": "true" }), " ",
      t(`web.zone.${zone}`)),
    h("td", {}, num(ctx, z.price)), h("td", {}, num(ctx, z.income)), h("td", {}, num(ctx, z.sale))));
  return h("div", { class: "lux-prices" },
    h("table", {},
      h("caption", {}, t("web.prices")),
      h("thead", {}, h("tr", {}, h("th", {}, ""), h("th", { scope: "col" }, t("web.price_buy")),
        h("th", { scope: "col" }, t("web.price_visit")), h("th", { scope: "col" }, t("web.price_sale")))),
      h("tbody", {}, rows)),
    h("p", { class: "lux-price-note" }, t("web.price_note", { amount: num(ctx, idx.signBonus) })));
}

// --- the players -----------------------------------------------------------------------------------------------
function players(frame, ctx, idx) {
  const v = frame.view;
  const t = ctx.t;
  const over = frame.status === "over" || v.winner != null || !!v.termination;
  const winners = frame.outcome ? frame.outcome.winners || [] : v.winner != null ? [v.winner] : [];
  const target = v.to_win || {};
  const many = (v.players || []).length > 4; // then below the board, side by side
  const box = h("section", { class: `lux-players${many ? " lux-many" : ""}`, "aria-label": t("web.players") },
    h("h2", {}, t("web.players")),
    h("p", { class: "lux-to-win" }, t("web.to_win", { signs: target.signs, gallery: target.gallery })));
  const cards = h("div", { class: "lux-player-list" });
  box.append(cards);
  for (const p of v.players || []) {
    const me = p.seat === frame.seat;
    const moving = !over && !p.out && (v.to_move === p.seat || (v.to_move === "chance" && v.player === p.seat));
    const turn = !over && v.player === p.seat;
    const mine = (v.galleries || []).map((g, k) => ({ ...g, index: k + 1 })).filter((g) => g.owner === p.seat);
    const largest = Math.max(0, ...mine.map((g) => g.shops.length));
    const classes = ["lux-player", me ? "lux-me" : "", turn ? "lux-turn-now" : "", p.out ? "lux-out" : "",
      winners.includes(p.seat) ? "lux-won" : ""].filter(Boolean).join(" ");
    const badges = [
      turn ? h("span", { class: "lux-badge lux-badge-turn" }, moving && v.to_move === p.seat ? t("web.to_move") : t("web.their_turn")) : null,
      p.out ? h("span", { class: "lux-badge lux-badge-out" }, t("web.out")) : null,
      winners.includes(p.seat) ? h("span", { class: "lux-badge lux-badge-won" }, "★ ", t("web.winner")) : null].filter(Boolean);
    const head = playerHead("lux", token(p.seat), nameOf(ctx, p.seat), me ? t("web.you") : null, badges);
    const facts = h("div", { class: "lux-p-facts" },
      h("span", { class: "lux-cash", title: t("web.cash") }, h("span", { class: "lux-label" }, t("web.cash")), " ", num(ctx, p.cash)),
      h("span", { class: "lux-signs", title: t("web.signs") }, h("span", { class: "lux-label" }, t("web.signs")), " ",
        signMeter(ctx, p.signs, target.signs), " ", t("web.of_target", { count: num(ctx, p.signs), target: num(ctx, target.signs) })),
      h("span", { class: "lux-largest", title: t("web.largest") }, h("span", { class: "lux-label" }, t("web.largest")), " ",
        t("web.of_target", { count: num(ctx, largest), target: num(ctx, target.gallery) })));
    const where = h("div", { class: "lux-p-where" }, h("span", { class: "lux-label" }, t("web.where")), " ",
      p.out ? t("web.out") : p.square ? squareName(ctx, idx, p.square) : t("web.at_start"));
    const shops = h("div", { class: "lux-p-shops lux-chips" },
      h("span", { class: "lux-label" }, plural(ctx, "web.shops", p.shops.length)),
      p.shops.map((shop) => shopChip(ctx, idx, shop)));
    const galleries = mine.length ? h("div", { class: "lux-p-galleries" },
      mine.map((g) => h("div", { class: "lux-p-gallery", dataset: { gallery: g.index } },
        h("span", { class: "lux-gallery-badge", style: `--seat: ${seatColour(p.seat)}` }, `G${g.index}`), " ",
        t("web.gallery_item", { size: g.shops.length, shops: g.shops.join(" · "), value: num(ctx, g.value) }))))
      : null;
    cards.append(h("article", { class: classes, dataset: { seat: p.seat } }, head, facts, shops, galleries, where));
  }
  return box;
}

function squareName(ctx, idx, number) {
  const sq = idx.squares[number - 1];
  if (!sq) return ctx.t("web.square", { square: number });
  if (sq.kind === "shop") return ctx.t("web.square_shop", { square: number, shop: sq.shop, name: sq.name });
  return ctx.t("web.square_kind", { square: number, kind: ctx.t(`web.sq.${sq.kind}`).split("\n")[0] });
}

function signMeter(ctx, count, target) {
  const icons = s("svg", { class: "lux-meter", viewBox: `0 0 ${18 * target} 18`, "aria-hidden": "true" });
  for (let i = 0; i < target; i++) icons.append(signIcon(i * 18 + 1, 1, 16, i < count ? "" : "lux-sign-empty"));
  return icons;
}

function shopChip(ctx, idx, shop) {
  const sq = idx.byShop.get(shop);
  const zone = sq ? idx.zones[sq.zone] : null;
  const g = idx.galleryOf.get(shop);
  const sign = idx.signs.has(shop);
  const title = [shopLabel(ctx, idx, shop), sq ? ctx.t(`web.zone.${sq.zone}`) : "",
    sign ? ctx.t("web.with_sign") : "", g ? ctx.t("web.in_gallery", { gallery: g.index, value: num(ctx, g.value) }) : ""]
    .filter(Boolean).join(" · ");
  return h("span", { class: `lux-chip${g ? " lux-chip-gallery" : ""}${sign ? " lux-chip-sign" : ""}`, title,
    style: `--zone: ${zone ? zone.colour : "#ccc"}`, dataset: { shop } },
  String(shop), sign ? h("span", { class: "lux-chip-star", "aria-hidden": "true" }, "★") : null);
}

// --- the choices -----------------------------------------------------------------------------------------------
export function renderChoices(element, frame, ctx) {
  ensureStyle();
  const v = frame.view || {};
  const panel = {
    buy: buyPanel, gallery: galleryPanel, gain_sign: signPanel, lose_sign: signPanel, sell: sellPanel,
  }[v.step];
  return decisionBox(element, frame, ctx, { prefix: "lux", step: v.step, fill: (box, legal) => {
    if (panel) panel(box, frame, ctx, boardIndex(v), legal);
    else fallback(box, ctx, legal);
  } });
}

// A choice's button (choices.js); hovering it lights up its shops on the board.
function choice(ctx, index, action, shops, main, note, extra = "") {
  const lit = shops && shops.length
    ? (on) => light(memo.board && memo.board[0], shops.map((shop) => `.lux-sq[data-shop="${Number(shop)}"]`), "lux-hl", on) : null;
  return choiceButton(ctx, "lux", index, action, main, note, { extra, lit });
}

function standingShop(v, idx) {
  const p = (v.players || [])[v.player];
  const sq = p ? idx.squares[p.square - 1] : null;
  return sq && sq.shop ? sq : null;
}

function buyPanel(box, frame, ctx, idx, legal) {
  const v = frame.view;
  const t = ctx.t;
  const sq = standingShop(v, idx);
  const zone = sq ? idx.zones[sq.zone] : null;
  const cash = v.players[frame.seat].cash;
  choiceHead(box, "lux", sq ? t("web.buy_title", { shop: sq.shop, name: sq.name }) : t("step.buy"),
    sq ? t("web.buy_help", { zone: t(`web.zone.${sq.zone}`), income: num(ctx, zone.income) }) : null);
  box.append(choiceList(ctx, "lux", legal, (a, i) => {
    if (a.text === "buy") {
      return choice(ctx, i, a, sq ? [sq.shop] : [], t("web.buy", { amount: num(ctx, zone ? zone.price : 0) }),
        t("web.cash_after", { amount: num(ctx, cash - (zone ? zone.price : 0)) }), "lux-primary");
    }
    if (a.text === "pass") return choice(ctx, i, a, [], t("web.pass_buy"), t("web.cash_keep", { amount: num(ctx, cash) }));
    return null;
  }));
}

function galleryPanel(box, frame, ctx, idx, legal) {
  const v = frame.view;
  const t = ctx.t;
  const sq = standingShop(v, idx);
  const here = sq ? sq.shop : null;
  const cash = v.players[frame.seat].cash;
  const income = (shop) => {
    const q = idx.byShop.get(shop);
    return q && idx.zones[q.zone] ? idx.zones[q.zone].income : 0;
  };
  const mergeable = legal.some((a) => a.text.startsWith("merge "));
  choiceHead(box, "lux", mergeable ? t("web.merge_title", { shop: here, name: sq ? sq.name : "" })
    : t("web.gallery_title", { shop: here, name: sq ? sq.name : "" }),
  mergeable ? t("web.merge_help") : t("web.gallery_help", { shop: here }));
  box.append(choiceList(ctx, "lux", legal, (a, i) => {
    const words = a.text.split(/\s+/);
    if (words[0] === "gallery") {
      const shops = [here, Number(words[1]), Number(words[2])].filter((x) => x != null).sort((x, y) => x - y);
      const cost = shops.reduce((sum, shop) => sum + income(shop), 0);
      return choice(ctx, i, a, shops,
        h("span", { class: "lux-choice-shops" }, shops.map((shop) => shopChip(ctx, idx, shop))),
        t("web.gallery_cost", { cost: num(ctx, cost), left: num(ctx, cash - cost) }));
    }
    if (words[0] === "merge") {
      const other = idx.galleryOf.get(Number(words[1]));
      const mineG = here != null ? idx.galleryOf.get(here) : null;
      const cost = (other ? other.value : 0) + (mineG ? mineG.value : 0);
      const shops = [...(mineG ? mineG.shops : []), ...(other ? other.shops : [])].sort((x, y) => x - y);
      return choice(ctx, i, a, shops,
        h("span", {}, t("web.merge", { gallery: other ? other.index : "?", size: shops.length }), " ",
          h("span", { class: "lux-choice-shops" }, (other ? other.shops : []).map((shop) => shopChip(ctx, idx, shop)))),
        t("web.gallery_cost", { cost: num(ctx, cost), left: num(ctx, cash - cost) }));
    }
    if (a.text === "pass") {
      return choice(ctx, i, a, [], t(mergeable ? "web.pass_merge" : "web.pass_gallery"), t("web.cash_keep", { amount: num(ctx, cash) }));
    }
    return null;
  }, "choice-list lux-choice-list lux-galleries"));
}

function signPanel(box, frame, ctx, idx, legal) {
  const v = frame.view;
  const t = ctx.t;
  const gain = v.step === "gain_sign";
  choiceHead(box, "lux", t(gain ? "web.gain_sign_title" : "web.lose_sign_title"),
    t(gain ? "web.gain_sign_help" : "web.lose_sign_help", { amount: num(ctx, idx.signBonus) }));
  box.append(choiceList(ctx, "lux", legal, (a, i) => {
    const [verb, arg] = a.text.split(/\s+/);
    const shop = Number(arg);
    if (verb !== "sign" && verb !== "unsign") return null;
    const q = idx.byShop.get(shop);
    return choice(ctx, i, a, [shop], h("span", {}, shopChip(ctx, idx, shop), " ", q ? q.name : ""), q ? t(`web.zone.${q.zone}`) : "");
  }));
}

function sellPanel(box, frame, ctx, idx, legal) {
  const v = frame.view;
  const t = ctx.t;
  const debt = v.debt || { amount: 0, creditor: -1 };
  const me = v.players[frame.seat];
  const to = debt.creditor >= 0 ? nameOf(ctx, debt.creditor) : t("bank.name");
  choiceHead(box, "lux", t("web.sell_title", { amount: num(ctx, debt.amount), to, cash: num(ctx, me.cash) }), t("web.sell_help"));
  box.append(choiceList(ctx, "lux", legal, (a, i) => {
    const [verb, arg] = a.text.split(/\s+/);
    if (verb === "pay") {
      return choice(ctx, i, a, [], t("web.pay", { amount: num(ctx, debt.amount), to }),
        t("web.cash_after", { amount: num(ctx, me.cash - debt.amount) }), "lux-primary");
    }
    if (verb !== "sell") return null;
    const shop = Number(arg);
    const q = idx.byShop.get(shop);
    const price = q && idx.zones[q.zone] ? idx.zones[q.zone].sale : 0;
    const g = idx.galleryOf.get(shop);
    const notes = [t("web.sell_for", { amount: num(ctx, price) })];
    if (idx.signs.has(shop)) notes.push(t("web.sell_sign"));
    if (g) notes.push(t("web.sell_gallery", { gallery: g.index }));
    return choice(ctx, i, a, [shop], h("span", {}, shopChip(ctx, idx, shop), " ", q ? q.name : ""), notes.join(" · "));
  }));
}

function fallback(box, ctx, legal) {
  box.append(h("h2", {}, ctx.t("web.your_move")));
  box.append(choiceList(ctx, "lux", legal, undefined, "choice-list"));
}
