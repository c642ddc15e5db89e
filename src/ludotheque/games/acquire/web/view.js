// Grand Hôtel (Acquire) in the browser: the 12 × 9 board in SVG, the seat's tiles, the chains with everyone's
// holdings, the turn and the merger being settled (render), and the seat's choices (renderChoices).
//
// Drawn from the frame only (docs/protocol.md, "A game's browser view"): frame.view is the seat's observation
// (games/acquire/view.py), frame.legal the moves it may send, each by its text (ctx.act(text)). Texts come from
// the game's catalogue (its [web] section, and the terminal's [ui], [phase] and [card] texts).

import { h, s } from "/static/dom.js";

const CHAINS = ["Airport", "Festival", "Imperial", "Luxor", "Oriental", "Prestige", "Continental"];
const SHOWN = { Imperial: "Impérial" }; // a chain's name as printed in the box
const CODES = { Airport: "A", Festival: "F", Imperial: "I", Luxor: "L", Oriental: "O", Prestige: "P", Continental: "C" };
const TIER = { Airport: 0, Festival: 0, Imperial: 1, Luxor: 1, Oriental: 1, Prestige: 2, Continental: 2 };
const COLUMNS = 12;
const ROWS = "ABCDEFGHI";
const SHARES = 25; // of each chain, in the bank at the start
const CARD_KEYS = { "buying-spree": "buying_spree", foresight: "foresight", inheritance: "inheritance",
  exchange: "exchange", "rapid-growth": "rapid_growth" };

const shown = (chain) => SHOWN[chain] || chain;
const chainClass = (chain) => `acq-c-${chain.toLowerCase()}`;

// The information table (rulebook §2): a share's price by the chain's tier and size; bonuses are 10 and 5 times it.
function price(chain, size) {
  if (size < 2) return 0;
  const steps = [[2, 200], [3, 300], [4, 400], [5, 500], [6, 600], [11, 700], [21, 800], [31, 900], [41, 1000]];
  let base = 0;
  for (const [from, p] of steps) if (size >= from) base = p;
  return base + 100 * TIER[chain];
}

const capital = (text) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

function plural(t, key, n, fields) {
  const one = t.lang === "fr" ? n <= 1 : n === 1;
  return t(`${key}_${one ? "one" : "other"}`, fields);
}

// --- the style sheet, once; the view stays hidden until it has come (no black squares for an instant) ---------
let styled = false;
function ensureStyle() {
  if (document.querySelector('link[href="/games/acquire/view.css"]')) { styled = true; return; }
  const ready = () => { // (the sheet itself shows .acq-unstyled as soon as it applies)
    styled = true;
    for (const el of document.querySelectorAll(".acq-unstyled")) {
      el.style.visibility = "";
      el.classList.remove("acq-unstyled");
    }
  };
  document.head.append(h("link", { rel: "stylesheet", href: "/games/acquire/view.css", dataset: { acquireStyle: "1" },
    onload: ready, onerror: ready }));
}
const unstyled = () => (styled ? "" : " acq-unstyled");

// --- keeping the keyboard's place across redraws ---------------------------------------------------------
// The shared page redraws everything on every frame (a move, a chat line): the control that had the keyboard's
// focus is rebuilt, so its key is remembered and the new one focused again.
let focusKey = null;
let keyboard = false;
let listening = false;
function listenFocus() {
  if (listening) return;
  listening = true;
  document.addEventListener("keydown", () => { keyboard = true; }, true);
  document.addEventListener("pointerdown", () => { keyboard = false; focusKey = null; }, true);
  document.addEventListener("focusin", (e) => {
    const key = e.target?.dataset?.acqKey;
    if (key && keyboard) focusKey = key;
  });
}
function restoreFocus(root) {
  if (!focusKey) return;
  const active = document.activeElement;
  if (active && active !== document.body && document.contains(active)) return;
  const el = [...root.querySelectorAll("[data-acq-key]")].find((e) => e.dataset.acqKey === focusKey);
  if (el && !el.disabled) el.focus({ preventScroll: true });
}

// --- what the observation says, worked out once per frame -------------------------------------------------
function study(frame, ctx) {
  const v = frame.view;
  const owner = new Map();
  for (const [chain, tiles] of Object.entries(v.board)) for (const tile of tiles) owner.set(tile, chain);
  const hand = v.hand || [];
  const myMove = ctx.seat !== null && ctx.seat !== undefined && frame.to_move === ctx.seat && frame.status !== "over";
  const legal = ctx.legal || frame.legal || [];
  const playable = new Set(myMove && v.phase === "place" ? legal.map((a) => a.text).filter((x) => hand.includes(x)) : []);
  let last = null;
  const log = ctx.log || [];
  for (let i = log.length - 1; i >= 0 && !last; i--) {
    const e = log[i];
    if (["place", "grow", "merger", "setup_tile", "bank_tile"].includes(e.kind) && e.args && e.args.tile) last = e.args.tile;
  }
  const merging = v.merger ? v.merger.tile : null;
  const founding = v.phase === "found" && last ? group(last, owner) : new Set();
  return { v, owner, hand, myMove, legal, playable, last, merging, founding };
}

function parseTile(name) {
  const m = /^(\d+)([A-I])$/.exec(name);
  return m ? [Number(m[1]), ROWS.indexOf(m[2])] : null;
}

function neighbours(name) {
  const [c, r] = parseTile(name);
  const out = [];
  for (const [dc, dr] of [[-1, 0], [1, 0], [0, -1], [0, 1]]) {
    const cc = c + dc, rr = r + dr;
    if (cc >= 1 && cc <= COLUMNS && rr >= 0 && rr < ROWS.length) out.push(`${cc}${ROWS[rr]}`);
  }
  return out;
}

// The independent hotels joined to a tile (the chain being founded).
function group(start, owner) {
  const seen = new Set([start]);
  const todo = [start];
  while (todo.length) {
    for (const n of neighbours(todo.pop())) {
      if (!seen.has(n) && owner.get(n) === "unincorporated") { seen.add(n); todo.push(n); }
    }
  }
  return seen;
}

// Why a tile of the hand cannot be placed (rulebook §4.1 and §4.2): "dead" for ever, "blocked" for now.
function tileStatus(tile, info) {
  const { v, owner } = info;
  const around = neighbours(tile).map((n) => owner.get(n)).filter(Boolean);
  const chains = [...new Set(around.filter((c) => c !== "unincorporated"))];
  if (chains.filter((c) => v.chains[c].safe).length >= 2) return "dead";
  const onBoard = CHAINS.filter((c) => v.chains[c].size > 0).length;
  if (!chains.length && around.includes("unincorporated") && onBoard >= CHAINS.length) return "blocked";
  return "ok";
}

// --- render ----------------------------------------------------------------------------------------------
export function render(element, frame, ctx) {
  ensureStyle();
  listenFocus();
  const info = study(frame, ctx);
  const root = h("div", { class: `acq${unstyled()}`, style: styled ? null : "visibility: hidden", dataset: { at: frame.at, phase: info.v.phase } },
    h("div", { class: "acq-left" }, statusLine(info, frame, ctx), boardSvg(info, ctx), legend(info, ctx), handRow(info, ctx)),
    h("div", { class: "acq-right" }, mergerPanel(info, ctx), chainsTable(info, frame, ctx), playersTable(info, frame, ctx),
      notes(info, ctx)));
  element.append(root);
  restoreFocus(root);
}

function statusLine(info, frame, ctx) {
  const { v } = info;
  const t = ctx.t;
  const tp = v.turn_player;
  const player = tp >= 0 && tp < ctx.names.length ? ctx.names[tp] : "—";
  const mine = ctx.seat === tp && ctx.seat !== null && ctx.seat !== undefined;
  const over = v.phase === "over" || frame.status === "over";
  const parts = [];
  if (over) parts.push(h("strong", {}, capital(t("phase.over"))));
  else if (v.turn > 0) {
    parts.push(h("strong", {}, t("web.turn", { turn: v.turn })), " · ",
      h("span", { class: mine ? "acq-me" : "" }, mine ? t("web.your_turn") : t("web.plays", { player })),
      " · ", h("span", { class: "acq-phase" }, t(`phase.${v.phase}`)));
    const deciding = frame.to_move;
    if (typeof deciding === "number" && deciding !== tp) {
      parts.push(" · ", deciding === ctx.seat ? h("span", { class: "acq-me" }, t("web.your_decision"))
        : t("web.decides", { player: ctx.names[deciding] }));
    }
  } else parts.push(h("strong", {}, capital(t(`phase.${v.phase}`))));
  return h("div", { class: "acq-status" }, h("span", { class: "acq-status-main" }, parts),
    h("span", { class: "acq-bag", title: plural(t, "ui.bag", v.bag, { count: v.bag }) },
      t("web.bag", { count: t.number(v.bag) })));
}

const CELL = 46;
const GAP = 4;
const LEFT = 24;
const TOP = 22;

function boardSvg(info, ctx) {
  const { v, owner, hand, playable, last, merging, founding } = info;
  const t = ctx.t;
  const width = LEFT + COLUMNS * CELL + 4;
  const height = TOP + ROWS.length * CELL + 4;
  const svg = s("svg", { class: "acq-board", viewBox: `0 0 ${width} ${height}`, role: "group",
    "aria-label": t("web.board") });
  svg.append(s("rect", { class: "acq-board-bg", x: 0, y: 0, width, height, rx: 10 }));
  for (let c = 1; c <= COLUMNS; c++) {
    svg.append(s("text", { class: "acq-axis", x: LEFT + (c - 1) * CELL + (CELL - GAP) / 2 + 2, y: TOP - 7, "text-anchor": "middle" }, c));
  }
  for (let r = 0; r < ROWS.length; r++) {
    svg.append(s("text", { class: "acq-axis", x: LEFT / 2 + 1, y: TOP + r * CELL + (CELL - GAP) / 2 + 6, "text-anchor": "middle" }, ROWS[r]));
  }
  const held = new Set(hand);
  for (let c = 1; c <= COLUMNS; c++) {
    for (let r = 0; r < ROWS.length; r++) {
      const name = `${c}${ROWS[r]}`;
      svg.append(cell(name, c, r, { chain: owner.get(name), held: held.has(name), playable: playable.has(name),
        last: last === name, merging: merging === name, founding: founding.has(name) }, info, ctx));
    }
  }
  return h("div", { class: "acq-board-wrap" }, svg);
}

function cell(name, c, r, k, info, ctx) {
  const t = ctx.t;
  const x = LEFT + (c - 1) * CELL + 2;
  const y = TOP + r * CELL + 2;
  const w = CELL - GAP;
  const classes = ["acq-cell"];
  let label = name;
  let mark = null;
  let tip = name;
  if (k.merging) {
    classes.push("acq-merging");
    mark = "✱";
    tip = t("web.tip_merging", { tile: name });
  } else if (k.chain === "unincorporated") {
    classes.push("acq-lone");
    if (k.founding) classes.push("acq-founding");
    tip = t("web.tip_lone", { tile: name });
  } else if (k.chain) {
    classes.push("acq-hotel", chainClass(k.chain));
    if (info.v.chains[k.chain].safe) classes.push("acq-safe");
    mark = CODES[k.chain];
    tip = t("web.tip_chain", { tile: name, chain: shown(k.chain), size: info.v.chains[k.chain].size });
  } else if (k.held) {
    classes.push("acq-held");
    if (k.playable) classes.push("acq-playable");
    tip = k.playable ? t("web.tip_playable", { tile: name }) : t("web.tip_held", { tile: name });
  } else {
    classes.push("acq-empty");
  }
  if (k.last && !k.merging) classes.push("acq-last");
  const g = s("g", { class: classes.join(" "), dataset: { tile: name } },
    s("title", {}, tip),
    s("rect", { class: "acq-square", x, y, width: w, height: w, rx: 5 }));
  if (mark) {
    g.append(s("text", { class: "acq-mark", x: x + w / 2, y: y + w / 2 + 8, "text-anchor": "middle" }, mark));
  } else if (k.chain === "unincorporated") {
    g.append(s("text", { class: "acq-lone-name", x: x + w / 2, y: y + w / 2 + 5, "text-anchor": "middle" }, label));
  } else {
    g.append(s("text", { class: "acq-name", x: x + w / 2, y: y + w / 2 + 5, "text-anchor": "middle" }, label));
  }
  if (k.last && !k.merging) g.append(s("rect", { class: "acq-last-ring", x: x - 1.5, y: y - 1.5, width: w + 3, height: w + 3, rx: 6.5 }));
  if (k.playable) {
    g.setAttribute("role", "button");
    g.setAttribute("aria-label", t("web.place_tile", { tile: name }));
    g.addEventListener("click", () => ctx.act(name));
    g.addEventListener("mouseenter", () => hover(name, true));
    g.addEventListener("mouseleave", () => hover(name, false));
  }
  return g;
}

// A tile of the hand and its square light up together.
function hover(tile, on) {
  for (const el of document.querySelectorAll(".acq [data-tile]")) {
    if (el.dataset.tile === tile) el.classList.toggle("acq-hover", on);
  }
}

function legend(info, ctx) {
  const t = ctx.t;
  const chip = (cls, text) => h("span", { class: `acq-chip ${cls}` }, text);
  const items = [h("span", {}, chip("acq-lone", ""), " ", t("web.legend_lone"))];
  if (info.hand.length) items.push(h("span", {}, chip("acq-held", ""), " ", t("web.legend_held")));
  if (info.playable.size) items.push(h("span", {}, chip("acq-playable", ""), " ", t("web.legend_playable")));
  if (info.last && info.last !== info.merging) items.push(h("span", {}, chip("acq-last", ""), " ", t("web.legend_last", { tile: info.last })));
  if (info.merging) items.push(h("span", {}, chip("acq-merging", "✱"), " ", t("web.legend_merging")));
  if (info.founding.size) items.push(h("span", {}, chip("acq-lone acq-founding", ""), " ", t("web.legend_founding")));
  return h("div", { class: "acq-legend" }, items);
}

function handRow(info, ctx) {
  const { v, hand, playable, myMove } = info;
  const t = ctx.t;
  if (!v.hand) return null;
  const placing = myMove && v.phase === "place";
  const tiles = hand.map((tile) => {
    const status = tileStatus(tile, info);
    const note = status === "dead" ? t("web.tile_dead") : status === "blocked" ? t("web.tile_blocked") : "";
    if (placing && playable.has(tile)) {
      return h("button", { type: "button", class: "acq-tile acq-tile-playable", dataset: { tile, acqKey: `tile:${tile}` },
        title: t("web.place_tile", { tile }), onclick: () => ctx.act(tile),
        onmouseenter: () => hover(tile, true), onmouseleave: () => hover(tile, false),
        onfocus: () => hover(tile, true), onblur: () => hover(tile, false) },
      h("span", { class: "acq-tile-name" }, tile));
    }
    const cls = `acq-tile${placing || status !== "ok" ? " acq-tile-off" : ""}`;
    return h("span", { class: cls, dataset: { tile }, title: note || tile },
      h("span", { class: "acq-tile-name" }, tile), note ? h("small", {}, note) : null);
  });
  return h("div", { class: `acq-hand${placing ? " acq-hand-live" : ""}` },
    h("span", { class: "acq-hand-label" }, t("web.your_tiles")),
    hand.length ? h("div", { class: "acq-tiles" }, tiles) : h("span", { class: "dim" }, t("ui.hand_empty")));
}

function chainChip(chain, text) {
  return h("span", { class: `acq-swatch ${chainClass(chain)}`, "aria-hidden": "true" }, text ?? CODES[chain]);
}

function chainName(chain) {
  return h("span", { class: "acq-chain-name" }, chainChip(chain), " ", shown(chain));
}

function mergerPanel(info, ctx) {
  const m = info.v.merger;
  if (!m) return null;
  const t = ctx.t;
  const v = info.v;
  const lines = [h("h3", {}, t("web.merger_title", { tile: m.tile }))];
  lines.push(h("div", { class: "acq-merger-chains" }, m.chains.map((c) =>
    h("span", { class: `acq-merger-chain${c === m.survivor ? " acq-survivor" : ""}${c === m.current ? " acq-current" : ""}` },
      chainName(c), " ", h("span", { class: "dim" }, t("web.hotels", { size: m.sizes[c] }))))));
  if (m.survivor) {
    const absorbed = m.chains.filter((c) => c !== m.survivor).map(shown);
    lines.push(h("p", {}, t("web.absorbs", { chain: shown(m.survivor), absorbed: t.list(absorbed) })));
  } else {
    lines.push(h("p", {}, t("web.survivor_open")));
  }
  if (m.current) {
    const p = v.chains[m.current].price || price(m.current, m.sizes[m.current]);
    lines.push(h("p", {}, t("web.settling", { chain: shown(m.current) }), " ",
      h("span", { class: "dim" }, t("web.bonuses", { first: t.number(10 * p), second: t.number(5 * p) }))));
    if (m.bank_holding) lines.push(h("p", { class: "dim" }, t("web.bank_holding", { shares: m.bank_holding })));
    if (m.disposers.length) {
      // The one deciding now in bold, the others after.
      const [before, after] = t("web.disposers", { names: "\u0000" }).split("\u0000");
      const names = m.disposers.map((seat, i) => [i ? ", " : "", i ? ctx.names[seat] : h("strong", {}, ctx.names[seat])]);
      lines.push(h("p", {}, before, names, after ?? ""));
    }
  }
  if (m.remaining && m.remaining.length) {
    lines.push(h("p", { class: "dim" }, t("web.remaining", { chains: t.list(m.remaining.map(shown)) })));
  }
  return h("section", { class: "acq-merger", "aria-live": "polite" }, lines);
}

// The chains: hotels, price, the majority bonuses, the bank's stock.
function chainsTable(info, frame, ctx) {
  const { v } = info;
  const t = ctx.t;
  const head = h("tr", {},
    h("th", { class: "acq-sticky", scope: "col" }, t("ui.chain")),
    h("th", { class: "num", scope: "col" }, t("web.hotels_short")),
    h("th", { class: "num", scope: "col" }, t("ui.price")),
    h("th", { class: "num acq-bonus", scope: "col", title: t("web.bonuses_tip") }, t("web.bonuses_short")),
    h("th", { class: "num", scope: "col", title: t("web.bank_stock") }, t("ui.bank")));
  // A chain off the board whose shares are all in the bank is named in a line under the table.
  const held = (chain) => v.chains[chain].bank_stock < SHARES;
  const listed = CHAINS.filter((chain) => v.chains[chain].size > 0 || held(chain));
  const absent = CHAINS.filter((chain) => !listed.includes(chain));
  const rows = listed.map((chain) => {
    const c = v.chains[chain];
    const on = c.size > 0;
    const merging = v.merger && v.merger.chains.includes(chain);
    return h("tr", { class: `${on ? "" : "acq-off"}${merging ? " acq-row-merger" : ""}` },
      h("th", { scope: "row", class: "acq-sticky" }, chainName(chain),
        c.safe ? h("span", { class: "acq-safe-mark", title: t("web.safe_tip") }, " ■") : null),
      h("td", { class: "num" }, on ? c.size : "—"),
      h("td", { class: "num" }, on ? t.number(c.price) : "—"),
      h("td", { class: "num acq-bonus" }, on ? `${t.number(10 * c.price)} · ${t.number(5 * c.price)}` : "—"),
      h("td", { class: "num" }, c.bank_stock));
  });
  const off = absent.length ? h("p", { class: "acq-absent" }, t("web.absent"), " ",
    absent.map((chain) => h("span", { class: "acq-absent-chain", title: shown(chain) }, chainChip(chain), " ", shown(chain)))) : null;
  return h("div", { class: "acq-table-wrap" },
    listed.length ? h("table", { class: "acq-table acq-chains" }, h("thead", {}, head), h("tbody", {}, rows)) : null, off);
}

// The players: each one's shares of every chain (the largest holdings in bold: the majority bonuses), cash.
function playersTable(info, frame, ctx) {
  const { v } = info;
  const t = ctx.t;
  const hidden = t("ui.hidden");
  const players = v.players;
  const cards = v.options && v.options.cards;
  const top = {};
  for (const chain of CHAINS) {
    const counts = players.map((p) => (p.shares ? p.shares[chain] || 0 : 0));
    top[chain] = Math.max(0, ...counts);
  }
  const head = h("tr", {},
    h("th", { class: "acq-sticky", scope: "col" }, t("web.player")),
    CHAINS.map((chain) => h("th", { class: `num acq-col-chain${v.chains[chain].size ? "" : " acq-off"}`, scope: "col",
      title: shown(chain) }, chainChip(chain))),
    h("th", { class: "num", scope: "col" }, t("ui.cash")),
    cards ? h("th", { class: "num", scope: "col" }, t("ui.tiles")) : null,
    cards ? h("th", { class: "num", scope: "col" }, t("ui.cards")) : null);
  const rows = players.map((p) => {
    const me = p.seat === ctx.seat;
    const name = ctx.names[p.seat] ?? String(p.seat);
    const turn = p.seat === v.turn_player && v.phase !== "over";
    return h("tr", { class: `${me ? "acq-me" : ""}${turn ? " acq-turn" : ""}` },
      h("th", { scope: "row", class: "acq-sticky acq-player", title: name + (me ? ` ${t("ui.you")}` : "") },
        h("span", { class: "acq-turn-mark", "aria-hidden": "true" }, turn ? "▸" : ""),
        h("span", { class: "acq-pname" }, name)),
      CHAINS.map((chain) => {
        if (p.shares === null) return h("td", { class: "num acq-hidden" }, hidden);
        const n = p.shares[chain] || 0;
        return h("td", { class: `num${n && n === top[chain] ? " acq-top" : ""}` }, n || "");
      }),
      h("td", { class: "num acq-cash" }, p.cash === null ? hidden : t.number(p.cash)),
      cards ? h("td", { class: "num" }, p.tiles) : null,
      cards ? h("td", { class: "num", title: p.cards.map((c) => t(`card.${CARD_KEYS[c]}`)).join(", ") }, p.cards.length) : null);
  });
  return h("div", { class: "acq-table-wrap" },
    h("table", { class: "acq-table acq-players" }, h("thead", {}, head), h("tbody", {}, rows)));
}

function notes(info, ctx) {
  const { v } = info;
  const t = ctx.t;
  const ts = v.turn_state;
  const out = [];
  if (v.phase === "buy" && !info.myMove) out.push(h("p", {}, t("ui.bought", { bought: ts.bought, limit: ts.buy_limit })));
  if (v.phase === "place" && ts.place_limit > 1) out.push(h("p", {}, t("web.placed", { placed: ts.placed, limit: ts.place_limit })));
  if (v.phase === "buy" && ts.free_left) out.push(h("p", {}, t("ui.free", { count: ts.free_left })));
  if (v.phase === "buy" && ts.exchanges_left) out.push(h("p", {}, t("web.exchanges_left", { count: ts.exchanges_left })));
  if (v.end_reason) out.push(h("p", { class: "acq-alert" }, t("event.game_end", { reason: t(`reason.${v.end_reason}`) })));
  else if (v.announced) out.push(h("p", { class: "acq-alert" }, t("ui.announced")));
  else if (v.end_possible) out.push(h("p", { class: "acq-alert" }, t("ui.end_possible")));
  if (v.bank_tiles && v.bank_tiles.length) {
    out.push(h("p", { class: "dim" }, plural(t, "ui.bank_tiles", v.bank_tiles.length, { tiles: t.list(v.bank_tiles) })));
  }
  if (v.discarded && v.discarded.length) {
    out.push(h("p", { class: "dim" }, t("web.discarded", { tiles: t.list(v.discarded) })));
  }
  const me = ctx.seat !== null && ctx.seat !== undefined ? v.players[ctx.seat] : null;
  if (me && v.options && v.options.cards) {
    out.push(h("p", { class: "dim" }, t("web.my_cards", {
      cards: me.cards.length ? t.list(me.cards.map((c) => t(`card.${CARD_KEYS[c]}`))) : "—" })));
  }
  return out.length ? h("div", { class: "acq-notes" }, out) : null;
}

// --- choices ---------------------------------------------------------------------------------------------
let draft = { key: "", sell: 0, trade: 0, pair: "", take: "" };

export function renderChoices(element, frame, ctx) {
  ensureStyle();
  listenFocus();
  const legal = frame.legal || [];
  if (!legal.length || ctx.seat === null || ctx.seat === undefined) return false;
  const info = study(frame, ctx);
  const v = info.v;
  const used = new Set();
  const take = (pred) => legal.filter((a) => pred(a.text)).map((a) => { used.add(a.text); return a; });
  const box = h("div", { class: `acq-choices${unstyled()}`, style: styled ? null : "visibility: hidden" });
  let number = 0;
  const key = () => (++number <= 9 ? h("kbd", {}, number) : null);

  if (v.phase === "place") {
    // The tiles are clicked on the board or in the hand, just above (render).
    const tiles = take((x) => info.hand.includes(x));
    box.append(h("h2", {}, tiles.length ? t(ctx, "web.place_title") : t(ctx, "web.place_none")));
    if (tiles.length) box.append(h("p", { class: "dim" }, t(ctx, "web.place_hint")));
    const pass = take((x) => x === "pass" || x === "stop");
    for (const a of pass) {
      box.append(h("div", { class: "acq-row" }, button(a.text, ["button", "primary", "choice"], [key(), " ", a.label || a.words],
        () => ctx.act(a.text))));
    }
  } else if (v.phase === "found") {
    const found = take((x) => x.startsWith("found "));
    const size = info.founding.size || 2;
    box.append(h("h2", {}, t(ctx, "web.found_title")), h("p", { class: "dim" }, t(ctx, "web.found_hint", { size })));
    box.append(h("div", { class: "acq-chain-buttons" }, found.map((a) => {
      const chain = a.text.slice(6);
      return chainButton(chain, a.text, [key(), h("span", { class: "acq-cb-name" }, shown(chain)),
        h("small", {}, t(ctx, "web.per_share", { price: ctx.t.number(price(chain, size)) }))], ctx, a.label);
    })));
  } else if (v.phase === "survivor" || v.phase === "absorb_order") {
    const verb = v.phase === "survivor" ? "survivor " : "absorb ";
    const list = take((x) => x.startsWith(verb));
    const m = v.merger || { sizes: {} };
    box.append(h("h2", {}, t(ctx, v.phase === "survivor" ? "web.survivor_title" : "web.absorb_title")),
      h("p", { class: "dim" }, t(ctx, v.phase === "survivor" ? "web.survivor_hint" : "web.absorb_hint")));
    box.append(h("div", { class: "acq-chain-buttons" }, list.map((a) => {
      const chain = a.text.slice(verb.length);
      return chainButton(chain, a.text, [key(), h("span", { class: "acq-cb-name" }, shown(chain)),
        h("small", {}, a.label || t(ctx, "web.hotels", { size: m.sizes[chain] ?? v.chains[chain].size }))], ctx, a.label);
    })));
  } else if (v.phase === "dispose") {
    const list = take((x) => /^sell \d+ trade \d+ keep \d+$/.test(x));
    box.append(disposal(list, frame, info, ctx));
  } else if (v.phase === "buy") {
    box.append(buying(take, frame, info, ctx, key));
  }

  const cards = take((x) => x.startsWith("card "));
  if (cards.length) {
    box.append(h("div", { class: "acq-cards" }, h("h3", {}, t(ctx, "web.cards_title")),
      h("div", { class: "acq-row" }, cards.map((a) => {
        const id = a.text.slice(5);
        const name = ctx.t(`card.${CARD_KEYS[id]}`);
        return button(a.text, ["button", "acq-card"], [h("strong", {}, name), h("small", {}, ctx.t(`web.card_help.${CARD_KEYS[id]}`))],
          () => ctx.act(a.text), { title: a.label });
      }))));
  }
  const end = box.querySelector(".acq-end-row");
  if (end) box.append(end); // ending the turn comes last
  const rest = legal.filter((a) => !used.has(a.text));
  if (rest.length) {
    box.append(h("div", { class: "acq-row acq-rest" }, rest.map((a) =>
      button(a.text, ["button", "choice", "acq-generic"], [key(), " ", a.words, a.label ? h("small", {}, a.label) : null],
        () => ctx.act(a.text), { title: a.label || a.words }))));
  }
  element.append(box);
  restoreFocus(box);
  // Once per decision, what it is made with is brought into sight: the board and the hand for placing a tile,
  // these choices for the rest (on a phone they are far below the board).
  bringIntoView(v.phase === "place" ? document.querySelector(".acq .acq-left") : box, `${frame.table}:${frame.at}`);
  return true;
}

let shownAt = "";
function bringIntoView(el, key) {
  if (!el || shownAt === key) return;
  shownAt = key;
  requestAnimationFrame(() => {
    const r = el.getBoundingClientRect();
    if (r.top >= 0 && r.bottom <= window.innerHeight) return;
    const calm = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    el.scrollIntoView({ block: r.height > window.innerHeight ? "start" : "nearest", behavior: calm ? "auto" : "smooth" });
  });
}

function t(ctx, key, fields) {
  return ctx.t(key, fields);
}

function button(action, classes, content, onclick, extra = {}) {
  return h("button", { type: "button", class: classes.join(" "), title: extra.title || null, onclick,
    dataset: { action, acqKey: `act:${action}`, ...(extra.tile ? { tile: extra.tile } : {}) } }, content);
}

function chainButton(chain, action, content, ctx, title) {
  return button(action, ["acq-chain-button", "choice", chainClass(chain)],
    [h("span", { class: "acq-cb-letter" }, CODES[chain]), h("span", { class: "acq-cb-text" }, content)], () => ctx.act(action),
    { title });
}

// Selling, trading, keeping an absorbed chain's shares: two steppers (sold, traded by twos), the rest kept;
// only a split among the legal texts can be confirmed.
function disposal(list, frame, info, ctx) {
  const v = info.v;
  const m = v.merger;
  const current = m.current;
  const survivor = m.survivor;
  const splits = list.map((a) => {
    const [, sell, , trade, , keep] = a.text.split(" ");
    return { text: a.text, label: a.label, sell: Number(sell), trade: Number(trade), keep: Number(keep) };
  });
  const held = splits.length ? splits[0].sell + splits[0].trade + splits[0].keep : 0;
  const maxTrade = Math.max(0, ...splits.map((x) => x.trade));
  const unit = v.chains[current].price || price(current, m.sizes[current]);
  const stock = v.chains[survivor].bank_stock;
  const draftKey = `${frame.table}:${frame.at}`;
  if (draft.key !== draftKey) draft = { key: draftKey, sell: 0, trade: 0, pair: "", take: "" };
  const find = (sell, trade) => splits.find((x) => x.sell === sell && x.trade === trade);
  const wrap = h("div", { class: "acq-dispose" });
  const draw = () => {
    const { sell, trade } = draft;
    const keep = held - sell - trade;
    const chosen = find(sell, trade);
    const stepper = (name, value, step, canDown, canUp, note) => {
      const down = h("button", { type: "button", class: "button acq-step", disabled: !canDown,
        "aria-label": t(ctx, "web.less", { what: t(ctx, `web.${name}`) }), dataset: { acqKey: `${name}-` },
        onclick: () => { draft[name] -= step; redraw(`${name}-`); } }, "−");
      const up = h("button", { type: "button", class: "button acq-step", disabled: !canUp,
        "aria-label": t(ctx, "web.more", { what: t(ctx, `web.${name}`) }), dataset: { acqKey: `${name}+` },
        onclick: () => { draft[name] += step; redraw(`${name}+`); } }, "+");
      return h("div", { class: `acq-stepper acq-${name}` },
        h("span", { class: "acq-step-label" }, t(ctx, `web.${name}`)),
        h("span", { class: "acq-step-controls" }, down, h("output", { class: "acq-step-value", "aria-live": "polite" }, value), up),
        h("small", { class: "dim" }, note));
    };
    const most = Math.min(maxTrade, held - (held % 2));
    const presets = [["web.sell_all", held, 0], ["web.trade_most", 0, most], ["web.keep_all", 0, 0]]
      .filter(([k, s2, t2]) => find(s2, t2) && (k !== "web.trade_most" || t2 > 0))
      .map(([k, s2, t2]) =>
      h("button", { type: "button", class: `button small${s2 === sell && t2 === trade ? " acq-on" : ""}`, dataset: { acqKey: k },
        onclick: () => { draft.sell = s2; draft.trade = t2; redraw(k); } }, t(ctx, k)));
    const summary = [];
    if (sell) summary.push(t(ctx, "web.sum_sell", { n: sell, income: ctx.t.number(sell * unit) }));
    if (trade) summary.push(t(ctx, "web.sum_trade", { n: trade, gain: trade / 2, survivor: shown(survivor) }));
    if (keep) summary.push(t(ctx, "web.sum_keep", { n: keep }));
    const confirm = h("button", { type: "button", class: "button primary acq-confirm", disabled: !chosen,
      dataset: { action: chosen ? chosen.text : "", acqKey: "confirm" }, onclick: () => chosen && ctx.act(chosen.text) },
    t(ctx, "web.confirm"), h("small", {}, summary.join(" · ") || "—"));
    wrap.replaceChildren(
      h("h2", {}, chainChip(current), " ", t(ctx, "web.dispose_title", { chain: shown(current), held })),
      h("p", { class: "dim" }, t(ctx, "web.dispose_hint", { price: ctx.t.number(unit), survivor: shown(survivor), stock })),
      h("div", { class: "acq-steppers" },
        stepper("sell", sell, 1, sell > 0, sell + trade < held && !!find(sell + 1, trade) ,
          t(ctx, "web.sell_note", { price: ctx.t.number(unit) })),
        stepper("trade", trade, 2, trade > 0, !!find(sell, trade + 2),
          t(ctx, "web.trade_note", { survivor: shown(survivor), stock })),
        h("div", { class: "acq-stepper acq-keep" }, h("span", { class: "acq-step-label" }, t(ctx, "web.keep")),
          h("span", { class: "acq-step-controls" }, h("output", { class: "acq-step-value" }, keep)),
          h("small", { class: "dim" }, t(ctx, "web.keep_note")))),
      h("div", { class: "acq-row" }, presets),
      h("div", { class: "acq-row" }, confirm));
  };
  const redraw = (focus) => {
    draw();
    const el = [...wrap.querySelectorAll("[data-acq-key]")].find((e) => e.dataset.acqKey === focus);
    if (el && !el.disabled) el.focus();
    else wrap.querySelector(".acq-confirm")?.focus();
  };
  draw();
  return wrap;
}

function buying(take, frame, info, ctx, key) {
  const v = info.v;
  const ts = v.turn_state;
  const me = v.players[ctx.seat];
  const buys = take((x) => x.startsWith("buy "));
  const byChain = new Map(buys.map((a) => [a.text.slice(4), a]));
  const wrap = h("div", { class: "acq-buy" });
  wrap.append(h("h2", {}, t(ctx, "web.buy_title"), " ",
    h("span", { class: "acq-count" }, t(ctx, "web.bought_count", { bought: ts.bought, limit: ts.buy_limit }))));
  wrap.append(h("p", { class: "dim" }, t(ctx, "web.cash_you", { cash: me.cash === null ? "?" : ctx.t.number(me.cash) }),
    ts.free_left ? ` · ${ctx.t("ui.free", { count: ts.free_left })}` : ""));
  const onBoard = CHAINS.filter((c) => v.chains[c].size > 0);
  if (onBoard.length && ts.bought < ts.buy_limit) {
    wrap.append(h("div", { class: "acq-chain-buttons" }, onBoard.map((chain) => {
      const c = v.chains[chain];
      const a = byChain.get(chain);
      const why = a ? "" : c.bank_stock === 0 ? t(ctx, "web.none_left") : t(ctx, "web.too_dear");
      const cost = ts.free_left ? t(ctx, "web.free") : ctx.t.number(c.price);
      const content = [a ? key() : null, h("span", { class: "acq-cb-name" }, shown(chain)),
        h("small", {}, why || t(ctx, "web.buy_line", { price: cost, stock: c.bank_stock }))];
      if (!a) {
        return h("button", { type: "button", class: `acq-chain-button ${chainClass(chain)}`, disabled: true },
          h("span", { class: "acq-cb-letter" }, CODES[chain]), h("span", { class: "acq-cb-text" }, content));
      }
      return chainButton(chain, a.text, content, ctx, a.label);
    })));
  } else if (!onBoard.length) {
    wrap.append(h("p", {}, t(ctx, "web.nothing_to_buy")));
  }
  const exchanges = take((x) => x.startsWith("exchange "));
  if (exchanges.length) wrap.append(exchangeForm(exchanges, frame, ctx));
  const end = h("div", { class: "acq-row acq-end-row" });
  for (const a of take((x) => x === "announce")) {
    // Announcing ends the game: a first click arms the button, a second one announces.
    const text = h("span", {}, t(ctx, "web.announce"));
    const b = button(a.text, ["button", "acq-announce", "choice"], [key(), " ", text], () => {
      if (b.classList.contains("acq-armed")) ctx.act(a.text);
      else { b.classList.add("acq-armed"); text.textContent = t(ctx, "web.announce_confirm"); }
    }, { title: a.label });
    end.append(b);
  }
  for (const a of take((x) => x === "done")) {
    end.append(button(a.text, ["button", "primary", "acq-done", "choice"], [key(), " ", t(ctx, ts.bought ? "web.done" : "web.done_none")],
      () => ctx.act(a.text), { title: a.label }));
  }
  wrap.append(end);
  return wrap;
}

// O.P.E. (card variant): two shares given for one taken, chosen with two lists built from the legal texts.
function exchangeForm(exchanges, frame, ctx) {
  const parsed = exchanges.map((a) => {
    const w = a.text.split(" ");
    return { text: a.text, pair: `${w[1]} ${w[2]}`, take: w[4] };
  });
  const pairs = [...new Set(parsed.map((x) => x.pair))];
  const draftKey = `${frame.table}:${frame.at}`;
  if (draft.key !== draftKey) draft = { key: draftKey, sell: 0, trade: 0, pair: "", take: "" };
  if (!pairs.includes(draft.pair)) draft.pair = pairs[0];
  const wrap = h("div", { class: "acq-exchange" });
  const draw = () => {
    const takes = parsed.filter((x) => x.pair === draft.pair).map((x) => x.take);
    if (!takes.includes(draft.take)) draft.take = takes[0];
    const pairSelect = h("select", { "aria-label": t(ctx, "web.give"), dataset: { acqKey: "pair" },
      onchange: (e) => { draft.pair = e.target.value; draw(); wrap.querySelector("select")?.focus(); } },
    pairs.map((p) => h("option", { value: p, selected: p === draft.pair }, p.split(" ").map(shown).join(" + "))));
    const takeSelect = h("select", { "aria-label": t(ctx, "web.take"), dataset: { acqKey: "take" },
      onchange: (e) => { draft.take = e.target.value; } },
    takes.map((c) => h("option", { value: c, selected: c === draft.take }, shown(c))));
    const go = h("button", { type: "button", class: "button", dataset: { acqKey: "exchange" }, onclick: () => {
      const hit = parsed.find((x) => x.pair === draft.pair && x.take === draft.take);
      if (hit) ctx.act(hit.text);
    } }, t(ctx, "web.exchange"));
    wrap.replaceChildren(h("h3", {}, ctx.t("card.exchange")),
      h("div", { class: "acq-row" }, h("label", {}, t(ctx, "web.give"), " ", pairSelect), " ",
        h("label", {}, t(ctx, "web.take"), " ", takeSelect), " ", go));
  };
  draw();
  return wrap;
}
