// « A Vendre ! » in the browser (render): the board drawn as a board — the 60 squares as a serpentine track of six
// rows of ten, from the start (1, top left) to the finish (60, bottom left), each square in its colour (yellow, green,
// blue, red), the blue and red ones with their title (number, name, PA and R) and the holder's token, and the pawns
// (up to nine, each in its seat's colour with its number, in rows at the foot of their square; a pawn waiting on 60
// is ringed and said to wait, one on its second trip has a gold ring, and in the double game the way back from 60 to 1
// is drawn). Under the board: whose turn it is and the die, the charge card just read out (drawn as a card), the
// auction (its opening bid, each bid or drop-out in turn, the high bid, who is to bid), and the bank (its purse and
// its owner once bought); then the players (cash, titles, loans, fortune, trip, waiting, out). Then the seat's
// decision (renderChoices): buy or pay the tax, take a card or not, which business to auction, a bid (the listed
// amounts as buttons and any amount in steps of 10), borrow or leave.
//
// Drawn from the frame only (frame.view is the seat's observation: everything is public in this game; the auction's
// bids and the amount a player is short are read from the log). Names are always text nodes (dom.js's h and s),
// never markup. Colours are never the only cue: seats carry their number, squares their colour's name in their title.

import { choiceButton, choiceHead, choiceList, decisionBox, light } from "/static/choices.js";
import { h, s } from "/static/dom.js";
import { addStyle, fitTexts, pipDie, playerHead, reconstructedNote, redrawLast, seatPalette, stackedText, wrapWords } from "/static/drawing.js";
import { capitalise, list, nameOf, num, plural } from "/static/words.js";

const { colour: seatColour, token } = seatPalette(
  ["#d32f2f", "#1565c0", "#2e7d32", "#7b1fa2", "#e65100", "#00838f", "#6d4c41", "#c2185b", "#263238"], "av");
const COLOURS = { yellow: "#f2c230", green: "#3d9a4a", blue: "#1f64b4", red: "#c0392b", start: "#8c6d1f", finish: "#1d2327" };

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

// What the page keeps between frames: the last render (to draw it again once the styles are in, and to light up a
// choice's squares on it), and a bid being typed.
const memo = { board: null, draft: null };

// --- small helpers ---------------------------------------------------------------------------------------------
// once the styles are in, the board is drawn again: its names are fitted to their squares in the board's font
const ensureStyle = () => addStyle("/games/a-vendre/view.css", "a-vendre", redraw);
const redraw = () => redrawLast(memo.board, render);
const halfUp = (amount) => Math.ceil(amount / 20) * 10; // half a price, rounded up to the next 10 (RULINGS)

// The board's facts: squares by number, titles by number (with their square), holders by title.
function boardIndex(v) {
  const squares = v.board || [];
  const bySquare = new Map(squares.map((sq) => [sq.number, sq]));
  const byTitle = new Map();
  for (const sq of squares) if (sq.title) byTitle.set(sq.title.number, { ...sq.title, square: sq.number, colour: sq.colour });
  const owners = new Map(Object.entries(v.owners || {}).map(([title, seat]) => [Number(title), seat]));
  return { squares, bySquare, byTitle, owners };
}

function over(frame) {
  const v = frame.view || {};
  return frame.status === "over" || !!v.termination;
}

function titleLabel(ctx, idx, number) {
  const ti = idx.byTitle.get(number);
  return ctx.t("web.title_name", { title: number, name: ti ? ti.name : "" });
}

// The events of the log from the last of a kind (or -1).
function lastIndex(log, test) {
  for (let i = log.length - 1; i >= 0; i--) if (test(log[i])) return i;
  return -1;
}

// --- the page --------------------------------------------------------------------------------------------------
export function render(element, frame, ctx) {
  ensureStyle();
  memo.board = [element, frame, ctx];
  const v = frame.view || {};
  const log = ctx.log || frame.events || [];
  const idx = boardIndex(v);
  const root = h("div", { class: "av", dataset: { step: v.step || "" } });
  root.append(status(frame, ctx, log));
  if (v.data && v.data.reconstructed) root.append(reconstructedNote("av", ctx.t("web.reconstructed"), ctx.t("web.reconstructed_help")));
  // on a narrow screen the board scrolls sideways: a line says so (style: shown only there)
  root.append(h("p", { class: "av-scroll-hint" }, ctx.t("web.board_scroll")),
    h("div", { class: "av-board-wrap" }, board(frame, ctx, idx)));
  root.append(legend(ctx, v), players(frame, ctx, idx));
  // the card and the auction last, just above the decision they lead to
  const info = h("div", { class: "av-info" }, turnBox(frame, ctx, idx), cardBox(ctx, idx, v, log));
  const auction = auctionBox(frame, ctx, idx, log);
  if (auction) info.append(auction);
  info.append(bankBox(frame, ctx));
  root.append(info);
  element.append(root);
  fitTexts(root, ".av-board text[data-fit]");
}

function status(frame, ctx, log) {
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

function legend(ctx, v) {
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

function board(frame, ctx, idx) {
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
  // the name, in one or two lines, then PA and R
  const top = y + BAND + 4;
  const infoBottom = y + CH - PAWNS - 20;
  g.append(nameText(ti.name, x + CW / 2, (top + infoBottom) / 2, CW - 10, "av-name"));
  const fy = y + CH - PAWNS - 10;
  g.append(s("text", { x: x + 6, y: fy, class: "av-figure", dataset: { fit: String(CW / 2 + 4) } },
    s("tspan", { class: "av-figure-label" }, "PA "), num(ctx, ti.price)));
  g.append(s("text", { x: x + CW - 6, y: fy, class: "av-figure av-figure-r" },
    s("tspan", { class: "av-figure-label" }, "R "), num(ctx, ti.income)));
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

// --- under the board: the turn and the die, the card, the auction, the bank -------------------------------------
function turnBox(frame, ctx, idx) {
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

function squareName(ctx, idx, p) {
  const t = ctx.t;
  if (!p.square) return t("web.at_sixty_trip_two");
  const sq = idx.bySquare.get(p.square);
  if (sq && sq.title) return t("web.square_title", { square: p.square, title: sq.title.number, name: sq.title.name });
  return t("web.square_colour", { square: p.square, colour: t(`web.colour.${sq ? sq.colour : "yellow"}`) });
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

function cardBox(ctx, idx, v, log) {
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

function auctionBox(frame, ctx, idx, log) {
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

function bankBox(frame, ctx) {
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

// --- the players -----------------------------------------------------------------------------------------------
function titleChip(ctx, idx, number) {
  const ti = idx.byTitle.get(number);
  const colour = ti ? ti.colour : "blue";
  const title = ti ? [titleLabel(ctx, idx, number), ctx.t(`web.colour.${colour}`),
    ctx.t("web.pa_r", { price: num(ctx, ti.price), income: num(ctx, ti.income) })].join(" · ") : String(number);
  return h("span", { class: `av-chip av-chip-${colour}`, title, dataset: { title: number } }, String(number));
}

function players(frame, ctx, idx) {
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

// --- the choices -----------------------------------------------------------------------------------------------
export function renderChoices(element, frame, ctx) {
  ensureStyle();
  const v = frame.view || {};
  const log = ctx.log || frame.events || [];
  const panel = { buy: buyPanel, yellow: yellowPanel, choose_auction: auctionChoicePanel, bid: bidPanel, loan: loanPanel }[v.step];
  return decisionBox(element, frame, ctx, { prefix: "av", step: v.step, fill: (box, legal) => {
    if (panel) panel(box, frame, ctx, boardIndex(v), legal, log);
    else fallback(box, ctx, legal);
  } });
}

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

function buyPanel(box, frame, ctx, idx, legal) {
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

function yellowPanel(box, frame, ctx, idx, legal) {
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

function auctionChoicePanel(box, frame, ctx, idx, legal, log) {
  const t = ctx.t;
  choiceHead(box, "av", owedTitle(ctx, frame, log), t("web.choose_auction_help"));
  box.append(choiceList(ctx, "av", legal, (a, i) => {
    const [verb, arg] = a.text.split(/\s+/);
    const ti = verb === "auction" ? idx.byTitle.get(Number(arg)) : null;
    return ti ? choice(ctx, i, a, [ti.square], h("span", {}, titleChip(ctx, idx, ti.number), " ", ti.name),
      t("web.opening_for", { amount: num(ctx, halfUp(ti.price)), price: num(ctx, ti.price) })) : null;
  }));
}

function bidPanel(box, frame, ctx, idx, legal) {
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

function loanPanel(box, frame, ctx, idx, legal, log) {
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

function fallback(box, ctx, legal) {
  box.append(h("h2", {}, ctx.t("web.your_move")));
  box.append(choiceList(ctx, "av", legal));
}
