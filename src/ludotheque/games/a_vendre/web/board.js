// « A Vendre ! »'s board, drawn as a board (SVG): the 60 squares as a serpentine track of six rows of ten, from the
// start (1, top left) to the finish (60, bottom left), each square in its colour (yellow, green, blue, red), the blue
// and red ones with their title (number, name, price and income) and the holder's token, and the pawns (up to nine,
// each in its seat's colour with its number, in rows at the foot of their square; a pawn waiting on 60 is ringed and
// said to wait, one on its second trip has a gold ring, and in the double game the way back from 60 to 1 is drawn).

import { s } from "/static/dom.js";
import { stackedText, wrapWords } from "/static/drawing.js";
import { list, nameOf, num, plural } from "/static/words.js";
import { COLOURS, over, seatColour, titleLabel } from "./common.js";

// The board's geometry, in SVG units: six rows of ten squares, read left to right, then right to left, and so on.
const COLS = 10;
const ROWS = 6;
const CW = 120; // a square's width
const CH = 150; // a square's height
const GX = 6; // between two squares of a row
const GY = 26; // between two rows: where the track turns
const LEFT = 44; // the lane of the way back from 60 to 1 (double game)
const TOP = 14;
const RIGHT = 14;
const BAND = 26; // the colour band at a square's top
const PAWNS = 54; // the pawns' place at a square's foot
export const WIDTH = LEFT + COLS * CW + (COLS - 1) * GX + RIGHT;
export const HEIGHT = TOP + ROWS * CH + (ROWS - 1) * GY + TOP;

// --- the board -------------------------------------------------------------------------------------------------
// A square's place: rows of ten, the even rows (from the top, counting from 0) left to right, the odd ones back.
export function cellOf(number) {
  const row = Math.floor((number - 1) / COLS);
  const i = (number - 1) % COLS;
  const col = row % 2 === 0 ? i : COLS - 1 - i;
  return { x: LEFT + col * (CW + GX), y: TOP + row * (CH + GY), row, col };
}

// Where a pawn stands: on its square (0: on 60, its second trip about to start at 1).
const squareOfPawn = (p) => (p.square ? p.square : 60);

export function board(frame, ctx, idx) {
  const v = frame.view;
  const t = ctx.t;
  const count = idx.squares.length || 60;
  const here = new Map(); // square -> players standing there
  for (const p of v.players || []) {
    if (p.out) continue;
    const sq = squareOfPawn(p);
    if (!here.has(sq)) here.set(sq, []);
    here.get(sq).push(p);
  }
  const svg = s("svg", { class: "av-board", viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "img", "aria-label": t("web.board"),
    dataset: { squares: String(count) } });
  svg.append(s("rect", { x: 0, y: 0, width: WIDTH, height: HEIGHT, rx: 14, class: "av-base" }));
  svg.append(track(count));
  if (v.double) svg.append(returnLane(ctx, count));
  const ring = s("g", { class: "av-squares" });
  const pawnLayer = s("g", { class: "av-pawns" });
  const turnSquare = v.player != null && (v.players || [])[v.player] && !over(frame) ? squareOfPawn(v.players[v.player]) : null;
  for (const sq of idx.squares) {
    const at = cellOf(sq.number);
    const standing = here.get(sq.number) || [];
    ring.append(square(ctx, v, idx, sq, at, standing, sq.number === turnSquare, count));
    if (standing.length) pawnLayer.append(pawnGroup(ctx, v, frame, sq.number, at, standing));
  }
  svg.append(ring, pawnLayer);
  return svg;
}

// The road under the squares: through every square's middle, seen in the gaps, with an arrow where it turns.
function track(count) {
  const g = s("g", { class: "av-track", "aria-hidden": "true" });
  const points = [];
  for (let n = 1; n <= count; n++) {
    const c = cellOf(n);
    points.push([c.x + CW / 2, c.y + CH / 2]);
  }
  g.append(s("path", { d: `M${points.map(([x, y]) => `${x} ${y}`).join("L")}`, class: "av-road" }));
  for (let row = 0; row < ROWS - 1; row++) {
    const end = cellOf((row + 1) * COLS);
    if ((row + 1) * COLS >= count) break;
    const x = end.x + CW / 2;
    const y = end.y + CH + GY / 2;
    g.append(s("path", { d: `M${x - 9} ${y - 5}L${x} ${y + 5}L${x + 9} ${y - 5}`, class: "av-turn-arrow" }));
  }
  return g;
}

// The double game's way back: from 60 (bottom left) up the left lane to 1 (top left).
function returnLane(ctx, count) {
  const a = cellOf(count);
  const b = cellOf(1);
  const x = LEFT / 2 - 2;
  const ya = a.y + CH / 2;
  const yb = b.y + CH / 2;
  const g = s("g", { class: "av-return" });
  g.append(s("title", {}, ctx.t("web.return_help")));
  g.append(s("path", { d: `M${LEFT - 2} ${ya}H${x}V${yb}H${LEFT - 8}`, class: "av-return-path" }));
  g.append(s("path", { d: `M${LEFT - 16} ${yb - 8}L${LEFT - 6} ${yb}L${LEFT - 16} ${yb + 8}`, class: "av-return-head" }));
  const my = (ya + yb) / 2;
  g.append(s("rect", { x: x - 12, y: my - 80, width: 24, height: 160, rx: 6, class: "av-return-label-bg" }));
  g.append(s("text", { x, y: my, class: "av-return-label", transform: `rotate(-90 ${x} ${my})` }, ctx.t("web.second_trip")));
  return g;
}

function squareTitle(ctx, idx, sq, standing) {
  const t = ctx.t;
  const parts = [t("web.square", { square: sq.number }), t(`web.colour.${sq.colour}`)];
  if (sq.title) {
    parts.push(titleLabel(ctx, idx, sq.title.number),
      t("web.pa_r", { price: num(ctx, sq.title.price), income: num(ctx, sq.title.income) }));
    const holder = idx.owners.get(sq.title.number);
    parts.push(holder != null ? t("web.held_by", { player: nameOf(ctx, holder) }) : t("web.held_by_bank"));
  }
  parts.push(t(`web.help.${sq.colour}`));
  if (standing.length) parts.push(t("web.pawns_here", { names: list(ctx, standing.map((p) => nameOf(ctx, p.seat))) }));
  return parts.join(" · ");
}

function square(ctx, v, idx, sq, at, standing, current, count) {
  const { x, y } = at;
  const g = s("g", { class: `av-sq av-${sq.colour}${current ? " av-here" : ""}`,
    dataset: { square: sq.number, colour: sq.colour } });
  g.append(s("title", {}, squareTitle(ctx, idx, sq, standing)));
  g.append(s("rect", { x, y, width: CW, height: CH, rx: 7, class: "av-sq-bg" }));
  g.append(s("path", { d: `M${x} ${y + BAND}V${y + 7}a7 7 0 0 1 7 -7H${x + CW - 7}a7 7 0 0 1 7 7V${y + BAND}Z`, class: "av-band" }));
  if (sq.colour === "finish") g.append(chequers(x, y));
  const light = sq.colour === "yellow";
  g.append(s("text", { x: x + 7, y: y + BAND / 2 + 1, class: `av-sq-no${light ? " av-on-light" : ""}` }, String(sq.number)));
  if (sq.title) titleSquare(ctx, idx, sq, x, y, g);
  else if (sq.colour === "yellow") yellowSquare(ctx, x, y, g);
  else if (sq.colour === "green") greenSquare(ctx, x, y, g);
  else if (sq.colour === "start") startSquare(ctx, v, x, y, g);
  else if (sq.colour === "finish") finishSquare(ctx, v, x, y, g, standing, sq.number === count);
  g.append(s("rect", { x, y, width: CW, height: CH, rx: 7, class: "av-sq-edge" }));
  return g;
}

function chequers(x, y) {
  const g = s("g", { class: "av-chequers" });
  const size = BAND / 2;
  for (let i = 0; i * size < CW - 36; i++) {
    for (let j = 0; j < 2; j++) {
      if ((i + j) % 2) g.append(s("rect", { x: x + 34 + i * size, y: y + j * size, width: size, height: size }));
    }
  }
  return g;
}

function titleSquare(ctx, idx, sq, x, y, g) {
  const ti = sq.title;
  g.dataset.title = ti.number;
  // the title's number, on a white label at the band's right
  g.append(s("rect", { x: x + CW - 40, y: y + 4, width: 34, height: BAND - 8, rx: 9, class: "av-pill" }));
  g.append(s("text", { x: x + CW - 23, y: y + BAND / 2 + 1, class: "av-pill-no", fill: COLOURS[sq.colour] }, String(ti.number)));
  // the holder's token (« jeton de propriété »), in the band's middle
  const holder = idx.owners.get(ti.number);
  if (holder != null) {
    g.dataset.holder = holder;
    const jx = x + CW / 2 - 6;
    g.append(s("g", { class: "av-jeton", dataset: { seat: holder } },
      s("rect", { x: jx - 12, y: y + 2, width: 24, height: BAND - 4, rx: 4, fill: seatColour(holder), class: "av-jeton-body" }),
      s("text", { x: jx, y: y + BAND / 2 + 1, class: "av-jeton-no" }, String(holder))));
  }
  // the name, in one or two lines, then the price and the income, each after its short label (French: PA, R)
  const top = y + BAND + 4;
  const infoBottom = y + CH - PAWNS - 20;
  g.append(nameText(ti.name, x + CW / 2, (top + infoBottom) / 2, CW - 10, "av-name"));
  const fy = y + CH - PAWNS - 10;
  g.append(s("text", { x: x + 6, y: fy, class: "av-figure", dataset: { fit: String(CW / 2 + 4) } },
    s("tspan", { class: "av-figure-label" }, ctx.t("web.sq.price")), s("tspan", { dx: 3 }, num(ctx, ti.price))));
  g.append(s("text", { x: x + CW - 6, y: fy, class: "av-figure av-figure-r" },
    s("tspan", { class: "av-figure-label" }, ctx.t("web.sq.income")), s("tspan", { dx: 3 }, num(ctx, ti.income))));
}

function yellowSquare(ctx, x, y, g) {
  const cx = x + CW / 2;
  const cy = y + BAND + 26;
  // a charge card, face down, with its question
  g.append(s("g", { class: "av-icon-card", transform: `rotate(-8 ${cx} ${cy})` },
    s("rect", { x: cx - 14, y: cy - 19, width: 28, height: 38, rx: 4 }),
    s("text", { x: cx, y: cy + 1 }, "?")));
  g.append(s("text", { x: cx, y: y + CH - PAWNS - 10, class: "av-sq-label" }, ctx.t("web.sq.yellow")));
}

function greenSquare(ctx, x, y, g) {
  const cx = x + CW / 2;
  const cy = y + BAND + 26;
  g.append(s("path", { d: `M${cx - 22} ${cy}H${cx + 14}M${cx + 4} ${cy - 11}L${cx + 17} ${cy}L${cx + 4} ${cy + 11}`,
    class: "av-icon-arrow" }));
  g.append(s("text", { x: cx, y: y + CH - PAWNS - 10, class: "av-sq-label" }, ctx.t("web.sq.green")));
}

function startSquare(ctx, v, x, y, g) {
  g.append(s("text", { x: x + CW / 2, y: y + BAND + 20, class: "av-big-word", dataset: { fit: String(CW - 10) } }, ctx.t("web.start")));
  const cy = y + BAND + 44;
  g.append(s("path", { d: `M${x + 22} ${cy}H${x + CW - 22}m-12 -11l12 11 -12 11`, class: "av-start-arrow" }));
}

function finishSquare(ctx, v, x, y, g, standing) {
  g.append(s("text", { x: x + CW / 2, y: y + BAND + 20, class: "av-big-word av-finish-word", dataset: { fit: String(CW - 10) } },
    ctx.t("web.finish")));
  const waiting = standing.filter((p) => p.waiting).length;
  const line = waiting ? plural(ctx, "web.waiting_here", waiting) : ctx.t(v.double ? "web.finish_double" : "web.finish_simple");
  g.append(s("text", { x: x + CW / 2, y: y + BAND + 42, class: `av-sq-label${waiting ? " av-waiting-label" : ""}`,
    dataset: { fit: String(CW - 8) } }, line));
}

// A name in one or two lines (cut between words; about 8.6 units a letter, 17 a line); lines too long are narrowed
// once laid out (fitTexts).
function nameText(name, x, y, length, cls) {
  return stackedText(x, y, wrapWords(name || "", length, 8.6).map((line) => [line, 17, null]), { cls, fit: length });
}

// The pawns at their square's foot: one row of up to five, else two rows.
function pawnGroup(ctx, v, frame, number, at, standing) {
  const g = s("g", { class: "av-pawn-group", dataset: { square: String(number), count: String(standing.length) } });
  const perRow = standing.length > 5 ? Math.ceil(standing.length / 2) : 5;
  const rows = Math.ceil(standing.length / perRow);
  const big = perRow * 27 <= CW - 6 || standing.length <= 4; // up to four in a row: larger pawns
  const r = big ? 12.5 : 10.5;
  const gap = big ? 27 : 23;
  const bottom = at.y + CH - 4;
  standing.forEach((p, i) => {
    const row = Math.floor(i / perRow);
    const inRow = Math.min(perRow, standing.length - row * perRow);
    const col = (i % perRow) - (inRow - 1) / 2;
    const x = at.x + CW / 2 + col * gap;
    const y = bottom - r - 2 - (rows - 1 - row) * (2 * r + 1.5);
    g.append(pawn(ctx, v, frame, p, x, y, r));
  });
  return g;
}

function pawnTitle(ctx, v, p) {
  const t = ctx.t;
  const parts = [nameOf(ctx, p.seat), t("web.square", { square: squareOfPawn(p) })];
  if (v.double) parts.push(t("web.trip_of", { trip: p.trip }));
  if (p.waiting) parts.push(t("web.waiting"));
  if (!p.square) parts.push(t("web.trip_two_begins"));
  return parts.join(" · ");
}

function pawn(ctx, v, frame, p, x, y, r) {
  const now = v.player === p.seat && !over(frame);
  const trip2 = v.double && p.trip >= 2;
  const classes = ["av-pawn", now ? "av-pawn-now" : "", p.waiting ? "av-pawn-waiting" : "", trip2 ? "av-pawn-trip2" : ""];
  return s("g", { class: classes.filter(Boolean).join(" "), dataset: { seat: p.seat, trip: p.trip, waiting: p.waiting ? "1" : "0" } },
    s("title", {}, pawnTitle(ctx, v, p)),
    now ? s("circle", { cx: x, cy: y, r: r + 4.5, class: "av-pawn-halo" }) : null,
    trip2 ? s("circle", { cx: x, cy: y, r: r + 2.5, class: "av-pawn-trip" }) : null,
    p.waiting ? s("circle", { cx: x, cy: y, r: r + 2.5, class: "av-pawn-wait" }) : null,
    s("circle", { cx: x, cy: y, r, fill: seatColour(p.seat), class: "av-pawn-body" }),
    s("text", { x, y: y + 0.5, class: "av-pawn-no" }, String(p.seat)));
}
