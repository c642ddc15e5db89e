// What games' views (their packages' web/view.js) draw alike: their style sheet, added once, and the last render
// drawn again; the seats' colours and tokens; a die with its pips; names fitted to a board's squares; the note that
// a game plays reconstructed data. ``prefix`` is the game's class prefix ("lux", "av"): the look stays the game's.

import { clear, h, s } from "./dom.js";

// The game's style sheet (its web/view.css), added to the page once, marked data-{marker}; ``loaded`` runs once it
// is in (a board whose names are fitted to their squares in the board's font is then drawn again).
export function addStyle(href, marker, loaded = null) {
  if (document.querySelector(`link[data-${marker}]`)) return;
  document.head.append(h("link", { rel: "stylesheet", href, [`data-${marker}`]: "", onload: loaded }));
}

// The last render drawn again (``last``: [element, frame, ctx]), unless the page has since left the table.
export function redrawLast(last, render) {
  if (!last) return;
  const [element, frame, ctx] = last;
  if (!element.isConnected) return;
  clear(element);
  render(element, frame, ctx);
}

// A game's seats in their colours: ``colour(seat)`` (past the palette's end it starts again), and ``token(seat)``,
// the seat's number on its colour (class "{prefix}-token"; hidden from screen readers, the name is beside it).
export function seatPalette(colours, prefix) {
  const colour = (seat) => colours[((seat % colours.length) + colours.length) % colours.length];
  const token = (seat, extra = "") =>
    h("span", { class: `${prefix}-token ${extra}`, style: `--seat: ${colour(seat)}`, "aria-hidden": "true" }, String(seat));
  return { colour, token };
}

const PIPS = { 1: [[1, 1]], 2: [[0, 0], [2, 2]], 3: [[0, 0], [1, 1], [2, 2]], 4: [[0, 0], [2, 0], [0, 2], [2, 2]],
  5: [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2]], 6: [[0, 0], [2, 0], [0, 1], [2, 1], [0, 2], [2, 2]] };

// A die showing ``face`` in pips (0: a blank die), classes "{prefix}-die", "{prefix}-die-body", "{prefix}-pip".
export function pipDie(prefix, face, extra = "") {
  const svg = s("svg", { class: extra ? `${prefix}-die ${extra}` : `${prefix}-die`, viewBox: "0 0 30 30", "aria-hidden": "true",
    dataset: { face: String(face) } }, s("rect", { x: 1, y: 1, width: 28, height: 28, rx: 5, class: `${prefix}-die-body` }));
  for (const [i, j] of PIPS[face] || []) svg.append(s("circle", { cx: 7 + i * 8, cy: 7 + j * 8, r: 2.7, class: `${prefix}-pip` }));
  return svg;
}

// A name in at most two lines, cut between words (not at no-break spaces) so that the longer line is as short as it
// can be; ``letter`` is a letter's width, on average, in the board's font at its size.
export function wrapWords(name, length, letter) {
  const words = name.split(/[ \t\n]+/).filter(Boolean);
  if (words.length < 2 || name.length * letter <= length) return [name];
  let best = null;
  for (let i = 1; i < words.length; i++) {
    const a = words.slice(0, i).join(" ");
    const b = words.slice(i).join(" ");
    const longest = Math.max(a.length, b.length);
    if (!best || longest < best[0]) best = [longest, [a, b]];
  }
  return best[1];
}

// SVG text of several lines centred on (x, y), each [words, height, class or null]; ``fit``, the width a line may
// take (fitTexts narrows a longer one); ``transform``, to turn it.
export function stackedText(x, y, lines, { cls, fit, transform = null }) {
  const total = lines.reduce((sum, [, height]) => sum + height, 0);
  const text = s("text", { x, y, class: cls, transform, dataset: { fit: String(fit) } });
  let offset = -total / 2;
  for (const [line, height, lineClass] of lines) {
    const dy = offset + height / 2;
    offset += height;
    text.append(s("tspan", { x, y: y + dy, class: lineClass }, line));
  }
  return text;
}

// Texts (``selector``: "svg text[data-fit]" of a board) wider than their data-fit narrowed to it, line by line,
// measured once the board is in the page.
export function fitTexts(root, selector) {
  const texts = [...root.querySelectorAll(selector)];
  const lines = texts.flatMap((text) => (text.querySelector("tspan[x]") ? [...text.querySelectorAll("tspan")] : [text]));
  const widths = lines.map((el) => {
    try { return el.getComputedTextLength(); } catch { return 0; }
  });
  lines.forEach((el, i) => {
    const holder = el.dataset.fit ? el : el.parentNode;
    const max = Number(holder.dataset.fit);
    if (widths[i] > max) {
      el.setAttribute("textLength", String(max));
      el.setAttribute("lengthAdjust", "spacingAndGlyphs");
    }
  });
}

// The note that the game plays reconstructed data (its board, its cards), not the printed edition's.
export function reconstructedNote(prefix, text, help) {
  return h("p", { class: `${prefix}-note`, role: "note", title: help },
    h("span", { class: `${prefix}-note-mark`, "aria-hidden": "true" }, "⚠"), " ", text);
}

// A player's card head: the seat's token, the name (with « (you) » after one's own: ``you``, the text, or null),
// the badges (to move, out, won…).
export function playerHead(prefix, token, name, you, badges) {
  return h("div", { class: `${prefix}-p-head` }, token,
    h("span", { class: `${prefix}-p-name` }, h("span", { class: `${prefix}-p-name-text` }, name),
      you ? h("span", { class: `${prefix}-dim` }, ` (${you})`) : null),
    badges.length ? h("span", { class: `${prefix}-p-badges` }, badges) : null);
}
