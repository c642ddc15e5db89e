// « A Vendre ! » in the browser: the page put together (render): the status line, the board drawn as a board
// (board.js), its legend, the players (players.js), then the boxes under the board: whose turn it is and the die, the
// charge card just read out, the auction and the bank (the status line, the legend and the boxes: panels.js); and the
// seat's decision (renderChoices): the panel of its step (decisions.js). What the parts share is in common.js. The
// style sheet (view.css) is added here.
//
// Drawn from the frame only (frame.view is the seat's observation: everything is public in this game; the auction's
// bids and the amount a player is short are read from the log). Names are always text nodes (dom.js's h and s),
// never markup. Colours are never the only cue: seats carry their number, squares their colour's name in their title.

import { decisionBox } from "/static/choices.js";
import { h } from "/static/dom.js";
import { addStyle, fitTexts, reconstructedNote, redrawLast } from "/static/drawing.js";
import { board } from "./board.js";
import { boardIndex, memo } from "./common.js";
import { auctionChoicePanel, bidPanel, buyPanel, fallback, loanPanel, yellowPanel } from "./decisions.js";
import { auctionBox, bankBox, cardBox, legend, status, turnBox } from "./panels.js";
import { players } from "./players.js";

export { HEIGHT, WIDTH, cellOf } from "./board.js";

// once the styles are in, the board is drawn again: its names are fitted to their squares in the board's font
const ensureStyle = () => addStyle("/games/a-vendre/view.css", "a-vendre", redraw);
const redraw = () => redrawLast(memo.board, render);

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
