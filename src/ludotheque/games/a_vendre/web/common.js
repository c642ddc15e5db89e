// « A Vendre ! »'s view: what its parts share (view.js, board.js, panels.js, players.js, decisions.js). The seats'
// colours and tokens and the squares' colours; what the page keeps between frames; and small helpers: the board's
// facts by number, whether the game is over, a title's name and its chip, where a pawn stands in words, the log's
// last event of a kind, half a price.

import { h } from "/static/dom.js";
import { seatPalette } from "/static/drawing.js";
import { num } from "/static/words.js";

export const { colour: seatColour, token } = seatPalette(
  ["#d32f2f", "#1565c0", "#2e7d32", "#7b1fa2", "#e65100", "#00838f", "#6d4c41", "#c2185b", "#263238"], "av");
export const COLOURS = { yellow: "#f2c230", green: "#3d9a4a", blue: "#1f64b4", red: "#c0392b", start: "#8c6d1f", finish: "#1d2327" };

// What the page keeps between frames: the last render (to draw it again once the styles are in, and to light up a
// choice's squares on it), and a bid being typed.
export const memo = { board: null, draft: null };

// --- small helpers ---------------------------------------------------------------------------------------------
export const halfUp = (amount) => Math.ceil(amount / 20) * 10; // half a price, rounded up to the next 10 (RULINGS)

// The board's facts: squares by number, titles by number (with their square), holders by title.
export function boardIndex(v) {
  const squares = v.board || [];
  const bySquare = new Map(squares.map((sq) => [sq.number, sq]));
  const byTitle = new Map();
  for (const sq of squares) if (sq.title) byTitle.set(sq.title.number, { ...sq.title, square: sq.number, colour: sq.colour });
  const owners = new Map(Object.entries(v.owners || {}).map(([title, seat]) => [Number(title), seat]));
  return { squares, bySquare, byTitle, owners };
}

export function over(frame) {
  const v = frame.view || {};
  return frame.status === "over" || !!v.termination;
}

export function titleLabel(ctx, idx, number) {
  const ti = idx.byTitle.get(number);
  return ctx.t("web.title_name", { title: number, name: ti ? ti.name : "" });
}

// The events of the log from the last of a kind (or -1).
export function lastIndex(log, test) {
  for (let i = log.length - 1; i >= 0; i--) if (test(log[i])) return i;
  return -1;
}

// A title as a chip in its colour (the players' titles, the auction's business, the businesses to auction).
export function titleChip(ctx, idx, number) {
  const ti = idx.byTitle.get(number);
  const colour = ti ? ti.colour : "blue";
  const title = ti ? [titleLabel(ctx, idx, number), ctx.t(`web.colour.${colour}`),
    ctx.t("web.pa_r", { price: num(ctx, ti.price), income: num(ctx, ti.income) })].join(" · ") : String(number);
  return h("span", { class: `av-chip av-chip-${colour}`, title, dataset: { title: number } }, String(number));
}

// Where a pawn stands, in words (the turn's box, the players).
export function squareName(ctx, idx, p) {
  const t = ctx.t;
  if (!p.square) return t("web.at_sixty_trip_two");
  const sq = idx.bySquare.get(p.square);
  if (sq && sq.title) return t("web.square_title", { square: p.square, title: sq.title.number, name: sq.title.name });
  return t("web.square_colour", { square: p.square, colour: t(`web.colour.${sq ? sq.colour : "yellow"}`) });
}
