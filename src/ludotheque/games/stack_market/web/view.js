// Stack Market in the browser: every company's building seen from the front (x–z) and from the right (y–z), each
// die where it really sits and showing its number, on one scale for all (a 30-die tower fits); the investors'
// colours, the record line, the reserve, each seat's steadiness and one's own cash (render). Then the seat's
// choices (renderChoices): the order of the dice, aiming a die by pointing at the top face seen from above (any
// offset and turn, with a preview of where it goes and how likely it stands), investing or staying, the
// takeover's stacker. A building that falls is animated from MuJoCo's trajectory when the server has one
// (GET …/extra/fall), else by tipping the dice over the edge that gave way.
//
// Drawn from the frame only (frame.view is the seat's observation): the page never shows more than the seat may
// see. Colours are never the only cue: seats carry their number, dice their face.

import { keysHint, numberKey } from "/static/choices.js";
import { clear, h, s } from "/static/dom.js";
import { addStyle, redrawLast, seatPalette } from "/static/drawing.js";
import { list, nameOf, num, plural } from "/static/words.js";
import { outline, restingDie, tipping } from "./fall.js";
import { AIM_LIMIT, Column, DIE, TURN_LIMIT, corners, stackedOn, standChance } from "./physics.js";

const { colour: seatColour } = seatPalette(["#c8413b", "#2f6fb0", "#2f8f4e", "#c98a12"], "sm");
const DIE_MM = DIE / 1000;
const NAMED = [
  ["careful", 0, 0, 0], ["crooked_left", -4000, 0, 0], ["crooked_right", 4000, 0, 0],
  ["crooked_front", 0, -4000, 0], ["crooked_back", 0, 4000, 0], ["twisted", 0, 0, 3000],
];

// What the page keeps between frames: the last render (to draw again), the aim being chosen, the falls seen.
const memo = {
  board: null,
  aim: { key: null, x: 0, y: 0, turn: 0, refused: {} }, // refused: field name -> {error, text}
  falls: new Map(), // table -> the last fall seen (JSON), so that only a new one is animated
  anim: null, // {company, faces, frames, fps, start, source}
  geom: null,
  fallGeom: null,
};

// --- small helpers ---------------------------------------------------------------------------------------------
const ensureStyle = () => addStyle("/games/stack-market/view.css", "stack-market");
const redraw = () => redrawLast(memo.board, render);
const locale = (ctx) => (ctx.lang === "fr" ? "fr-FR" : "en-GB");

// Lengths and angles as the language writes them (« 1,5 mm », « 2,5° »).
function mm(ctx, um, digits = 1) {
  return new Intl.NumberFormat(locale(ctx), { style: "unit", unit: "millimeter", minimumFractionDigits: digits,
    maximumFractionDigits: digits }).format(um / 1000);
}

function degrees(ctx, hundredths) {
  return new Intl.NumberFormat(locale(ctx), { style: "unit", unit: "degree", unitDisplay: "narrow", maximumFractionDigits: 2 })
    .format(hundredths / 100);
}

// Dollars as the language writes them (« 50 000 $ », "$50,000"); a debt's minus sign before the dollar sign.
const money = (ctx, n) => `${n < 0 ? "\u2212" : ""}${ctx.t("web.money", { amount: num(ctx, Math.abs(n)) })}`;
const percent = (ctx, p) => new Intl.NumberFormat(locale(ctx), { style: "percent", maximumFractionDigits: 0 }).format(p);

function token(ctx, seat, extra = "") {
  return h("span", { class: `sm-token ${extra}`, style: `--seat: ${seatColour(seat)}`, title: nameOf(ctx, seat),
    "aria-label": nameOf(ctx, seat) }, String(seat));
}

function dieIcon(ctx, face, extra = "") {
  return h("span", { class: `sm-die ${extra}`, role: "img", "aria-label": ctx.t("web.die_label", { face }) }, String(face));
}

function spreadOf(v, seat) {
  const p = (v.players || [])[seat];
  if (!p) return 0;
  const both = v.takeover && v.takeover.stacker === seat;
  return both ? Math.floor(p.steadiness / 2) : p.steadiness;
}

// --- the board -------------------------------------------------------------------------------------------------
export function render(element, frame, ctx) {
  ensureStyle();
  memo.board = [element, frame, ctx];
  const v = frame.view || {};
  noteFall(frame, ctx);
  const mine = frame.seat != null && v.to_move === frame.seat && frame.status !== "over";
  const root = h("div", { class: "sm", dataset: { phase: v.phase || "", mine: mine ? "1" : "0",
    fall: memo.anim ? memo.anim.source || "waiting" : "" } });
  root.append(status(frame, ctx), companies(frame, ctx), players(frame, ctx));
  element.append(root);
  if (memo.anim) drawFall(memo.anim.index || 0); // the fall goes on over the new frame (or waits on its first)
}

function status(frame, ctx) {
  const v = frame.view;
  const t = ctx.t;
  const over = v.phase === "over" || frame.status === "over";
  const mine = frame.seat != null && v.to_move === frame.seat && !over;
  const who = typeof v.to_move === "number" ? nameOf(ctx, v.to_move) : v.player != null ? nameOf(ctx, v.player) : "";
  const company = v.building || "?";
  const key = mine && t.has && t.has(`web.mine.${v.phase}`) ? `web.mine.${v.phase}` : `web.now.${v.phase}`;
  const box = h("div", { class: "sm-status" }, // (h() leaves out the nulls; Element.append would write "null")
    h("span", { class: "sm-round" }, over ? t("web.now.over") : t("web.round", { round: v.round, rounds: v.rounds })),
    over ? null : h("span", { class: `sm-now${mine ? " sm-mine" : ""}` }, t(key, { player: who, company })),
    h("span", { class: "sm-reserve", title: t("web.reserve_help") },
      h("span", { class: "sm-gauge", "aria-hidden": "true" },
        h("span", { style: `width: ${Math.round((100 * v.reserve) / Math.max(1, v.dice))}%` })),
      " ", plural(ctx, "web.reserve", v.reserve),
      v.removed ? h("span", { class: "sm-removed" }, " · ", plural(ctx, "web.removed", v.removed)) : null),
    h("span", { class: "sm-record-info" }, "★ ", v.record_holder == null ? plural(ctx, "web.record_none", v.record)
      : plural(ctx, "web.record_holder", v.record, { player: nameOf(ctx, v.record_holder) })),
    v.my_cash != null ? h("span", { class: "sm-cash" }, t("web.my_cash", { amount: money(ctx, v.my_cash) })) : null);
  const lines = [box];
  if (v.takeover && !over) {
    const to = v.takeover;
    lines.push(h("div", { class: "sm-takeover" }, to.stacker != null
      ? t("web.takeover_by", { tall: to.tall, small: to.small, player: nameOf(ctx, to.stacker) })
      : t("web.takeover", { tall: to.tall, small: to.small })));
  }
  if ((v.hand && v.hand.length) || (v.pending && v.pending.length)) {
    lines.push(h("div", { class: "sm-dice-line" },
      v.hand.length ? h("span", {}, t("web.rolled"), " ", v.hand.map((f) => dieIcon(ctx, f))) : null,
      v.pending.length ? h("span", {}, t("web.to_stack"), " ",
        v.pending.map((f, i) => dieIcon(ctx, f, i === 0 && v.phase === "aim" ? "sm-next" : ""))) : null));
  }
  return h("div", { class: "sm-head" }, lines);
}

// The common scale: enough rows for the tallest building and two dice more (the die being aimed, a fall), twelve
// at least, and enough width for the most leaning one. The record line is drawn when it is within the rows.
function geometry(v) {
  let tallest = 0;
  let reach = 20;
  const consider = (poses) => {
    tallest = Math.max(tallest, poses.length);
    for (const p of poses) {
      for (const [x, y] of corners(p)) reach = Math.max(reach, Math.abs(x) / 1000 + 2, Math.abs(y) / 1000 + 2);
    }
  };
  for (const c of v.companies || []) consider(c.poses);
  if (memo.anim) consider(memo.anim.poses);
  const rows = Math.max(12, tallest + 2);
  const height = rows * DIE_MM + 4;
  return widths({ rows, gap: 6, height, ground: height - 1 }, reach);
}

function widths(geom, reach) {
  const half = Math.min(64, Math.ceil(reach / 4) * 4); // mm either side of the base
  return { ...geom, half, panel: 2 * half, width: 4 * half + geom.gap };
}

// The falling building's card is widened towards where its dice land, by half at most (the others keep their
// scale, and this one shrinks little on a narrow screen); dice that go further leave the picture.
function fallGeometry(geom) {
  let reach = geom.half;
  for (const d of memo.anim.frames[memo.anim.frames.length - 1]) {
    reach = Math.max(reach, Math.min(geom.half * 1.5, Math.max(Math.abs(d[0]), Math.abs(d[1])) + 12));
  }
  return widths(geom, reach);
}

function companies(frame, ctx) {
  const v = frame.view;
  const geom = geometry(v);
  memo.geom = geom;
  const aiming = frame.seat != null && v.phase === "aim" && v.to_move === frame.seat;
  const grid = h("div", { class: `sm-companies sm-n${v.companies.length}` });
  for (const c of v.companies) grid.append(companyCard(frame, ctx, c, geom, aiming && v.building === c.company));
  return h("section", { class: "sm-board", "aria-label": ctx.t("web.buildings") }, grid);
}

function companyCard(frame, ctx, c, geom, ghost) {
  const v = frame.view;
  const t = ctx.t;
  const active = v.building === c.company && ["aim", "slip", "order"].includes(v.phase);
  const to = v.takeover;
  const role = to ? (to.tall === c.company ? "tall" : to.small === c.company ? "small" : "") : "";
  const falling = memo.anim && memo.anim.company === c.company;
  if (falling) geom = memo.fallGeom = fallGeometry(geom);
  let margin = null;
  if (c.margin != null) {
    const level = c.margin >= 4000 ? "good" : c.margin >= 1500 ? "fair" : "poor";
    margin = h("span", { class: `sm-margin sm-${level}`, title: t("web.margin_help") }, t("web.margin", { mm: mm(ctx, c.margin) }));
  }
  const head = h("header", { class: "sm-co-head" },
    h("span", { class: "sm-letter" }, c.company),
    h("span", { class: "sm-co-facts" },
      h("span", { class: "sm-height" }, plural(ctx, "web.height", c.height)),
      c.top != null ? h("span", { class: "sm-top" }, t("web.top"), " ", dieIcon(ctx, c.top, "sm-small")) : null,
      margin),
    h("span", { class: "sm-investors", title: t("web.investors") },
      c.investors.length ? c.investors.map((p) => token(ctx, p)) : h("span", { class: "sm-dim" }, t("web.no_investor"))));
  const svg = elevation(ctx, c, geom, { ghost, record: v.record, falling });
  const label = h("div", { class: "sm-views", "aria-hidden": "true" }, h("span", {}, t("web.front")), h("span", {}, t("web.side")));
  const badges = h("div", { class: "sm-badges" },
    falling ? h("span", { class: "sm-badge sm-falling", role: "status" }, t("web.falling")) : null,
    role ? h("span", { class: `sm-badge sm-${role}` }, t(`web.role_${role}`)) : null);
  return h("article", { class: `sm-co${active ? " sm-active" : ""}${role ? ` sm-${role}` : ""}`, dataset: { company: c.company },
    "aria-label": `${t("web.company", { company: c.company })}${ctx.lang === "fr" ? "\u00a0: " : ": "}${plural(ctx, "web.height", c.height)}` },
  head, badges, svg, label);
}

// Screen coordinates (mm) of a point of panel ``side`` (false: front, x across; true: right side, y across).
function place(geom, side, across, z) {
  return [(side ? geom.panel + geom.gap : 0) + geom.half + across, geom.ground - z];
}

// What a die turned ``turn`` shows from the front or the side: its silhouette's left and right edges and the
// nearest vertical edge between them (null: face on), in mm across.
function silhouette(pose, side) {
  const cs = corners(pose).map(([x, y]) => (side ? [y / 1000, -x / 1000] : [x / 1000, y / 1000]));
  cs.sort((a, b) => a[1] - b[1]);
  const xs = cs.map((c) => c[0]);
  const left = Math.min(...xs);
  const right = Math.max(...xs);
  const mid = cs[1][1] - cs[0][1] < 0.001 ? null : cs[0][0];
  return { left, right, mid };
}

function dieShape(geom, side, pose, level, face, extra = "") {
  const { left, right, mid } = silhouette(pose, side);
  const z0 = level * DIE_MM;
  const [x0, y1] = place(geom, side, left, z0);
  const [x1, y0] = place(geom, side, right, z0 + DIE_MM);
  const g = s("g", { class: `sm-d ${extra}` });
  if (mid == null || mid - left < 0.05 || right - mid < 0.05) {
    g.append(s("rect", { x: x0, y: y0, width: x1 - x0, height: y1 - y0, rx: 1.2, class: "sm-face-a" }));
  } else {
    const [xm] = place(geom, side, mid, z0);
    const wide = mid - left >= right - mid;
    g.append(
      s("rect", { x: x0, y: y0, width: xm - x0, height: y1 - y0, class: wide ? "sm-face-a" : "sm-face-b" }),
      s("rect", { x: xm, y: y0, width: x1 - xm, height: y1 - y0, class: wide ? "sm-face-b" : "sm-face-a" }),
      s("rect", { x: x0, y: y0, width: x1 - x0, height: y1 - y0, rx: 0.6, class: "sm-edge" }));
  }
  if (face != null) {
    const centre = mid == null ? (left + right) / 2 : (mid - left >= right - mid ? (left + mid) / 2 : (mid + right) / 2);
    const [cx] = place(geom, side, centre, 0);
    g.append(s("text", { x: cx, y: y0 + DIE_MM / 2 + 3.2, class: "sm-num" }, String(face)));
  }
  return g;
}

function elevation(ctx, c, geom, opts) {
  const t = ctx.t;
  const svg = s("svg", { class: "sm-elev", viewBox: `0 0 ${geom.width} ${geom.height}`, dataset: { company: c.company },
    style: `--rows: ${geom.rows}`,
    preserveAspectRatio: "xMidYMax meet", role: "img",
    "aria-label": t("web.elevation", { company: c.company, faces: c.faces.join(" ") || "—" }) });
  const defs = s("defs");
  svg.append(defs);
  for (const side of [false, true]) {
    const id = `sm-clip-${c.company}-${side ? "s" : "f"}`;
    const [x0] = place(geom, side, -geom.half, 0);
    defs.append(s("clipPath", { id }, s("rect", { x: x0, y: 0, width: geom.panel, height: geom.height })));
    const panel = s("g", { class: "sm-panel", "clip-path": `url(#${id})` });
    panel.append(s("rect", { x: x0, y: 0, width: geom.panel, height: geom.ground, class: "sm-sky" }));
    // every fifth row, and the record line
    for (let k = 5; k < geom.rows; k += 5) {
      const [, y] = place(geom, side, 0, k * DIE_MM);
      panel.append(s("line", { x1: x0, x2: x0 + geom.panel, y1: y, y2: y, class: "sm-row" }));
      const byRecord = opts.record < geom.rows && Math.abs(k - opts.record) < 2; // its own label says it
      if (!side && !byRecord) panel.append(s("text", { x: x0 + 1, y: y - 1, class: "sm-row-num" }, String(k)));
    }
    const above = opts.record >= geom.rows; // out of sight: its mark at the top, pointing up
    const [, ry] = place(geom, side, 0, Math.min(opts.record, geom.rows) * DIE_MM);
    if (!above) {
      panel.append(s("line", { x1: x0, x2: x0 + geom.panel, y1: ry, y2: ry, class: "sm-record" },
        s("title", {}, plural(ctx, "web.record_title", opts.record))));
    }
    if (!side) {
      panel.append(s("text", { x: x0 + 1, y: above ? 9 : ry - 1.2, class: "sm-record-num" }, `★ ${opts.record}${above ? " ↑" : ""}`,
        s("title", {}, plural(ctx, "web.record_title", opts.record))));
    }
    panel.append(s("line", { x1: x0, x2: x0 + geom.panel, y1: geom.ground, y2: geom.ground, class: "sm-ground" }));
    const dice = s("g", { class: "sm-dice" });
    if (!opts.falling) {
      c.poses.forEach((pose, i) => dice.append(dieShape(geom, side, pose, i, c.faces[i])));
      weakest(geom, side, c, panel);
    }
    panel.append(dice, s("g", { class: "sm-fall", dataset: { side: side ? "1" : "0" } }),
      s("g", { class: "sm-ghost", dataset: { side: side ? "1" : "0" } }));
    svg.append(panel);
  }
  if (opts.ghost) setTimeout(() => drawGhosts(), 0);
  return svg;
}

// The tightest interface, marked when it is close to giving way (a margin under 3 mm).
function weakest(geom, side, c, panel) {
  if (c.poses.length < 2 || c.margin == null || c.margin >= 3000) return;
  const margins = new Column(c.poses).margins();
  const i = margins.indexOf(Math.min(...margins));
  const { left, right } = silhouette(c.poses[i], side);
  const [x0, y] = place(geom, side, left - 2, (i + 1) * DIE_MM);
  const [x1] = place(geom, side, right + 2, 0);
  panel.append(s("line", { x1: x0, x2: x1, y1: y, y2: y, class: "sm-weak" }));
}

function players(frame, ctx) {
  const v = frame.view;
  const t = ctx.t;
  const over = v.phase === "over" || frame.status === "over";
  const row = h("section", { class: "sm-players", "aria-label": t("web.players") });
  for (const p of v.players || []) {
    const me = p.seat === frame.seat;
    const moving = !over && v.to_move === p.seat;
    const cash = p.cash != null ? p.cash : me ? v.my_cash : null;
    const invested = p.company ? t("web.invested_in", { company: p.company }) : t("web.not_invested");
    row.append(h("div", { class: `sm-player${me ? " sm-me" : ""}${moving ? " sm-moving" : ""}`, dataset: { seat: p.seat } },
      token(ctx, p.seat),
      h("span", { class: "sm-p-name", title: nameOf(ctx, p.seat) }, nameOf(ctx, p.seat),
        me ? h("span", { class: "sm-dim" }, ` (${t("web.you")})`) : null),
      h("span", { class: "sm-p-co", title: invested, "aria-label": invested }, p.company ? h("span", { class: "sm-letter sm-mini" }, p.company) : "–"),
      cash != null ? h("span", { class: "sm-p-cash" }, money(ctx, cash)) : null,
      h("span", { class: "sm-p-hand", title: t("web.hand_help") }, t("web.hand", { mm: mm(ctx, p.steadiness) }))));
  }
  return row;
}

// --- the choices -----------------------------------------------------------------------------------------------
export function renderChoices(element, frame, ctx) {
  ensureStyle();
  const v = frame.view || {};
  if (frame.seat == null || v.to_move !== frame.seat || !(frame.legal || []).length) return false;
  let panel = null;
  if (v.phase === "aim") panel = aimPanel(frame, ctx);
  else if (v.phase === "order") panel = orderPanel(frame, ctx);
  else if (v.phase === "invest" || v.phase === "change") panel = investPanel(frame, ctx);
  else if (v.phase === "choose_stacker") panel = stackerPanel(frame, ctx);
  if (!panel) return false;
  element.append(panel);
  return true;
}

function choiceButton(ctx, index, text, ...content) {
  return h("button", { class: "button choice sm-choice", type: "button", dataset: { action: text },
    onclick: () => ctx.act(text) }, numberKey(index), ...content);
}

function orderPanel(frame, ctx) {
  const v = frame.view;
  const t = ctx.t;
  const c = v.companies.find((x) => x.company === v.building);
  const rolled = v.hand.length;
  const row = h("div", { class: "choice-list sm-orders" });
  frame.legal.forEach((a, i) => {
    const dice = a.text.split(/\s+/).slice(1).map(Number);
    const back = rolled - dice.length;
    row.append(choiceButton(ctx, i, a.text,
      h("span", { class: "sm-order" }, dieIcon(ctx, c ? c.top : "?", "sm-small sm-on"), " ",
        dice.map((f, k) => [k ? h("span", { class: "sm-arrow", "aria-hidden": "true" }, "›") : null, dieIcon(ctx, f)])),
      h("small", {}, plural(ctx, "web.order_count", dice.length), back ? ` · ${plural(ctx, "web.order_back", back)}` : "")));
  });
  return h("div", { class: "sm-choices sm-order-choice" },
    h("h2", {}, t("web.order_title", { company: v.building, top: c ? c.top : "?" })),
    h("p", { class: "sm-dim" }, t("web.order_help")), row, keysHint(ctx));
}

function companyFacts(ctx, v, letter) {
  const c = v.companies.find((x) => x.company === letter);
  if (!c) return "";
  const names = c.investors.map((p) => nameOf(ctx, p));
  return [plural(ctx, "web.height", c.height), c.top != null ? ctx.t("web.top_is", { face: c.top }) : null,
    names.length ? ctx.t("web.investors_list", { names: list(ctx, names) }) : ctx.t("web.no_investor")]
    .filter(Boolean).join(" · ");
}

function investPanel(frame, ctx) {
  const v = frame.view;
  const t = ctx.t;
  const row = h("div", { class: "choice-list sm-invest" });
  frame.legal.forEach((a, i) => {
    const [verb, letter] = a.text.split(/\s+/);
    const mine = (v.players[frame.seat] || {}).company;
    const label = verb === "stay" ? t("web.stay", { company: mine })
      : v.phase === "invest" ? t("web.invest", { company: letter }) : t("web.move", { company: letter });
    row.append(choiceButton(ctx, i, a.text, h("span", {}, label), h("small", {}, companyFacts(ctx, v, verb === "stay" ? mine : letter))));
  });
  return h("div", { class: "sm-choices" },
    h("h2", {}, t(v.phase === "invest" ? "web.invest_title" : "web.change_title")), row, keysHint(ctx));
}

function stackerPanel(frame, ctx) {
  const v = frame.view;
  const t = ctx.t;
  const to = v.takeover || {};
  const small = v.companies.find((x) => x.company === to.small);
  const count = small ? small.height : 0;
  const row = h("div", { class: "choice-list" });
  frame.legal.forEach((a, i) => {
    const seat = Number(a.text.split(/\s+/)[1]);
    const p = v.players[seat] || { steadiness: 0 };
    row.append(choiceButton(ctx, i, a.text, h("span", {}, token(ctx, seat), " ", t("web.stacker", { player: nameOf(ctx, seat) })),
      h("small", {}, t("web.stacker_hand", { mm: mm(ctx, p.steadiness), both: mm(ctx, Math.floor(p.steadiness / 2)) }))));
  });
  return h("div", { class: "sm-choices" },
    h("h2", {}, plural(ctx, "web.stacker_title", count, { small: to.small, tall: to.tall })), row, keysHint(ctx));
}

// --- aiming ----------------------------------------------------------------------------------------------------
const TOP_R = 15; // mm either side of the top die's centre in the top view

function aimState(frame) {
  const key = `${frame.table}:${frame.at}`;
  if (memo.aim.key !== key) memo.aim = { key, x: 0, y: 0, turn: 0, refused: {} };
  return memo.aim;
}

function aimContext(frame) {
  const v = frame.view;
  const c = v.companies.find((x) => x.company === v.building);
  if (!c || !c.poses.length) return null;
  return { company: c, column: new Column(c.poses), top: c.poses[c.poses.length - 1], spread: spreadOf(v, frame.seat) };
}

function aimPanel(frame, ctx) {
  const v = frame.view;
  const t = ctx.t;
  const ac = aimContext(frame);
  if (!ac) return null;
  const aim = aimState(frame);
  const face = v.pending[0];
  const rest = v.pending.slice(1);

  // the top view
  const topSvg = s("svg", { class: "sm-topview", viewBox: `${-TOP_R} ${-TOP_R} ${2 * TOP_R} ${2 * TOP_R}`, tabindex: 0,
    name: "aim-top",
    role: "application", "aria-label": t("web.top_view"), "aria-describedby": "sm-aim-hint" });
  const below = s("g", { class: "sm-below" });
  ac.company.poses.slice(-3, -1).forEach((p, i, all) => {
    below.append(s("polygon", { points: squarePoints(p, ac.top), class: `sm-below-${all.length - i}` }));
  });
  const safe = s("g", { class: "sm-safe" });
  const topFace = s("g", { class: "sm-topface" },
    s("polygon", { points: squarePoints(ac.top, ac.top), class: "sm-top-square" }),
    s("text", { x: 0, y: 3.4, class: "sm-top-num" }, String(ac.company.top)));
  const limit = s("rect", { x: -AIM_LIMIT / 1000, y: -AIM_LIMIT / 1000, width: (2 * AIM_LIMIT) / 1000, height: (2 * AIM_LIMIT) / 1000,
    class: "sm-limit" });
  const ghost = s("polygon", { class: "sm-ghost-square" });
  const hand = s("g", { class: "sm-hand" }, s("circle", { r: 1, class: "sm-sigma2" }), s("circle", { r: 1, class: "sm-sigma1" }));
  const cross = s("g", { class: "sm-cross" }, s("line", { x1: -1.2, x2: 1.2 }), s("line", { y1: -1.2, y2: 1.2 }));
  topSvg.append(s("rect", { x: -TOP_R, y: -TOP_R, width: 2 * TOP_R, height: 2 * TOP_R, class: "sm-felt" }),
    below, topFace, safe, limit, ghost, hand, cross);

  // the top of the building, closer
  const zoom = s("svg", { class: "sm-zoom", role: "img", "aria-label": t("web.zoom_view") });

  // the numbers, the named aims, the verdict
  const field = (key, attrs) => {
    const input = h("input", { type: "number", class: "sm-num-in", ...attrs });
    return [input, h("label", { class: "sm-field" }, h("span", {}, t(key)), input)];
  };
  const [xIn, xField] = field("web.aim_x", { step: 0.05, min: -AIM_LIMIT / 1000, max: AIM_LIMIT / 1000, name: "aim-x" });
  const [yIn, yField] = field("web.aim_y", { step: 0.05, min: -AIM_LIMIT / 1000, max: AIM_LIMIT / 1000, name: "aim-y" });
  const [turnIn, turnField] = field("web.aim_turn", { step: 0.5, min: -TURN_LIMIT / 100, max: TURN_LIMIT / 100, name: "aim-turn" });
  // Each typed field: its label, the aim's axis it sets, its unit (µm or 1/100° per unit typed) and the rules' limit
  // (actions.py: AIM_LIMIT_UM, TURN_LIMIT), written as the page writes lengths and angles.
  const typed = [
    { input: xIn, key: "web.aim_x", axis: "x", scale: 1000, limit: AIM_LIMIT, write: (n) => mm(ctx, n, 0) },
    { input: yIn, key: "web.aim_y", axis: "y", scale: 1000, limit: AIM_LIMIT, write: (n) => mm(ctx, n, 0) },
    { input: turnIn, key: "web.aim_turn", axis: "turn", scale: 100, limit: TURN_LIMIT, write: (n) => degrees(ctx, n) },
  ];
  const turnRange = h("input", { type: "range", min: -TURN_LIMIT / 100, max: TURN_LIMIT / 100, step: 0.5, class: "sm-turn-range",
    "aria-label": t("web.aim_turn") });
  const problem = h("p", { class: "sm-aim-error", role: "alert", id: "sm-aim-error", hidden: true });
  const verdict = h("p", { class: "sm-verdict", "aria-live": "polite" });
  const chance = h("p", { class: "sm-chance" });
  const named = h("div", { class: "sm-named" }, NAMED.map(([key, x, y, turn]) => h("button", {
    class: "button small sm-named-aim", type: "button", dataset: { aim: key },
    onclick: () => update({ x, y, turn }) }, t(`web.named.${key}`))));
  const placeButton = h("button", { class: "button primary sm-place", type: "submit" }, t("web.place"));
  // The browser's own checks are not used (novalidate): a number outside its field's limits, or no number, is said in
  // the page's words below the fields, and nothing is placed until it is corrected (aimInvalid, sendAim).
  const form = h("form", { class: "sm-aim-form", novalidate: true },
    h("div", { class: "sm-fields" }, xField, yField, turnField), problem, turnRange, named, verdict, chance, placeButton);
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    sendAim(ctx);
  });

  // A typed field's value in the aim's units, or what is wrong with it (not a number, or outside the rules' limits).
  function readField(spec) {
    const raw = spec.input.value.trim();
    const value = spec.input.validity.badInput || raw === "" ? NaN : Number(raw);
    const range = { field: t(spec.key), low: `\u2212${spec.write(spec.limit)}`, high: spec.write(spec.limit) };
    if (!Number.isFinite(value)) return { error: t("web.aim_not_number", range) };
    if (Math.abs(value) * spec.scale > spec.limit) {
      const shown = new Intl.NumberFormat(locale(ctx), { maximumFractionDigits: 3 }).format(Math.abs(value));
      return { error: t("web.aim_out_of_range", { ...range, value: `${value < 0 ? "\u2212" : ""}${shown}` }) };
    }
    return { value: Math.round(value * spec.scale) };
  }

  let safeTurn = null;
  let chanceTimer = null;
  // ``next``: the aim's new values (pointing, keys, a named aim, a field); ``source``: the control they come from,
  // left as it is. A field with a refused value keeps it (and its message) until that axis is set anew.
  function update(next, source = null) {
    if (next) {
      if (next.x != null) aim.x = Math.round(Math.max(-AIM_LIMIT, Math.min(AIM_LIMIT, next.x)));
      if (next.y != null) aim.y = Math.round(Math.max(-AIM_LIMIT, Math.min(AIM_LIMIT, next.y)));
      if (next.turn != null) aim.turn = Math.round(Math.max(-TURN_LIMIT, Math.min(TURN_LIMIT, next.turn)));
    }
    for (const spec of typed) {
      const set = next && next[spec.axis] != null;
      if (set && spec.input !== source) delete aim.refused[spec.input.name];
      const refused = aim.refused[spec.input.name];
      if (refused && !next && spec.input !== source) spec.input.value = refused.text; // drawn again: as typed
      else if (!refused && spec.input !== source) spec.input.value = String(aim[spec.axis] / spec.scale);
      spec.input.setAttribute("aria-invalid", refused ? "true" : "false");
      if (refused) spec.input.setAttribute("aria-describedby", "sm-aim-error");
      else spec.input.removeAttribute("aria-describedby");
    }
    if (source !== turnRange) turnRange.value = String(aim.turn / 100);
    const errors = Object.values(aim.refused).map((r) => r.error);
    const invalid = errors.length > 0;
    problem.hidden = !invalid;
    clear(problem).append(...errors.flatMap((e, i) => (i ? [h("br"), e] : [e])));
    placeButton.disabled = invalid;
    panel.classList.toggle("sm-aim-invalid", invalid);
    clearTimeout(chanceTimer);
    if (invalid) { // no preview: no die would be placed
      verdict.className = "sm-verdict sm-poor";
      verdict.textContent = t("web.aim_refused");
      chance.textContent = "";
      topSvg.setAttribute("aria-label", `${t("web.top_view")} ${t("web.aim_refused")}`);
      clear(zoom);
      drawGhosts();
      return;
    }
    const pose = stackedOn(ac.top, aim.x, aim.y, aim.turn);
    const exact = ac.column.check(pose);
    const level = !exact.stands ? "poor" : exact.margin >= 4000 ? "good" : exact.margin >= 1500 ? "fair" : "poor";
    ghost.setAttribute("points", squarePoints(pose, ac.top));
    ghost.setAttribute("class", `sm-ghost-square sm-${level}`);
    const [cx, cy] = [aim.x / 1000, -aim.y / 1000];
    cross.setAttribute("transform", `translate(${cx} ${cy})`);
    const sigma = Math.max(ac.spread / 1000, 0.05);
    hand.setAttribute("transform", `translate(${cx} ${cy})`);
    hand.children[0].setAttribute("r", 2 * sigma);
    hand.children[1].setAttribute("r", sigma);
    verdict.className = `sm-verdict sm-${level}`;
    verdict.textContent = exact.stands ? t("web.exact_stands", { mm: mm(ctx, exact.margin) })
      : t("web.exact_falls", { index: exact.failedAt + 1 });
    topSvg.setAttribute("aria-label", `${t("web.top_view")} ${t("web.aim_now", { x: mm(ctx, aim.x), y: mm(ctx, aim.y), turn: degrees(ctx, aim.turn) })}`);
    if (safeTurn !== aim.turn) {
      safeTurn = aim.turn;
      drawSafe(safe, ac, aim.turn);
    }
    chance.textContent = "";
    chanceTimer = setTimeout(() => {
      const p = standChance(ac.column, [aim.x, aim.y, aim.turn], ac.spread, 400, frame.at + 1);
      const both = v.takeover && v.takeover.stacker === frame.seat;
      chance.textContent = t(both ? "web.chance_both" : "web.chance", { mm: mm(ctx, ac.spread), percent: percent(ctx, p) });
    }, 30);
    drawZoom(zoom, ctx, ac, pose, level);
    drawGhosts();
  }

  // pointing: a click (or a drag) on the top face chooses the offset
  const pointAt = (e) => {
    const m = topSvg.getScreenCTM();
    if (!m) return;
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    update({ x: Math.round(p.x * 1000 / 50) * 50, y: Math.round(-p.y * 1000 / 50) * 50 });
  };
  topSvg.addEventListener("pointerdown", (e) => {
    pointAt(e);
    topSvg.setPointerCapture(e.pointerId);
    topSvg.focus({ preventScroll: true }); // (a scroll here would move the point under the pointer)
    e.preventDefault();
  });
  topSvg.addEventListener("pointermove", (e) => { if (topSvg.hasPointerCapture(e.pointerId)) pointAt(e); });
  topSvg.addEventListener("keydown", (e) => {
    const step = e.shiftKey ? 1000 : e.altKey ? 50 : 250;
    const turnStep = e.shiftKey ? 500 : 100;
    const moves = { ArrowLeft: [-step, 0, 0], ArrowRight: [step, 0, 0], ArrowUp: [0, step, 0], ArrowDown: [0, -step, 0],
      "[": [0, 0, turnStep], "]": [0, 0, -turnStep] };
    if (moves[e.key]) {
      const [dx, dy, dt] = moves[e.key];
      const next = { x: aim.x + dx, y: aim.y + dy, turn: aim.turn + dt };
      for (const axis of ["x", "y", "turn"]) { // a key sets the axes it moves; a refused field stays refused
        if (next[axis] === aim[axis]) next[axis] = null;
      }
      update(next);
      e.preventDefault();
    } else if (e.key === "Enter") {
      sendAim(ctx);
      e.preventDefault();
    } else if (e.key === "Home") {
      update({ x: 0, y: 0, turn: 0 });
      e.preventDefault();
    }
  });
  const fromInput = (input) => {
    if (input === turnRange) {
      update({ turn: Number(turnRange.value) * 100 }, turnRange);
      return;
    }
    const spec = typed.find((f) => f.input === input);
    const read = readField(spec);
    if (read.error) {
      aim.refused[input.name] = { error: read.error, text: input.value };
      update(null, input);
    } else {
      delete aim.refused[input.name];
      update({ [spec.axis]: read.value }, input);
    }
  };
  for (const input of [xIn, yIn, turnIn, turnRange]) input.addEventListener("input", () => fromInput(input));

  const title = h("h2", {}, t("web.aim_title", { face, company: v.building }),
    rest.length ? h("span", { class: "sm-then" }, " ", t("web.aim_then"), " ", rest.map((f) => dieIcon(ctx, f, "sm-small"))) : null);
  const panel = h("div", { class: "sm-choices sm-aim", onfocusin: (e) => { aim.focus = e.target.getAttribute("name"); },
    onfocusout: () => setTimeout(() => { // (a panel taken away to be drawn again keeps what had the focus)
      if (panel.isConnected && !panel.contains(document.activeElement)) aim.focus = null;
    }, 0) }, title,
    h("div", { class: "sm-aim-grid" },
      h("div", { class: "sm-aim-top" }, topSvg, h("p", { class: "sm-hint", id: "sm-aim-hint" }, t("web.aim_hint"))),
      h("div", { class: "sm-aim-zoom" }, zoom, h("div", { class: "sm-views", "aria-hidden": "true" },
        h("span", {}, t("web.front")), h("span", {}, t("web.side")))),
      form));
  update(null);
  if (aim.focus) { // the table was drawn again (a chat line, a seat coming online): the control keeps the focus
    const again = aim.focus;
    setTimeout(() => panel.querySelector(`[name="${again}"]`)?.focus({ preventScroll: true }), 0);
  }
  return panel;
}

const aimInvalid = () => Object.keys(memo.aim.refused).length > 0;

// The aim shown is the one played; a refused field (outside its limits, or no number) sends nothing, and has the focus.
function sendAim(ctx) {
  const a = memo.aim;
  if (aimInvalid()) {
    document.querySelector('.sm-aim [aria-invalid="true"]')?.focus();
    return;
  }
  ctx.act(`aim ${a.x} ${a.y} ${a.turn}`);
}

// A die's square in the top view: relative to the top die's centre, y up the screen (away from the player).
function squarePoints(pose, origin) {
  return corners(pose).map(([x, y]) => `${((x - origin[0]) / 1000).toFixed(3)},${(-(y - origin[1]) / 1000).toFixed(3)}`).join(" ");
}

// Where a die put exactly there (at this turn) would stand: a green tint, row by row.
function drawSafe(group, ac, turn) {
  clear(group);
  const step = 500;
  const rects = [];
  for (let y = -AIM_LIMIT; y <= AIM_LIMIT; y += step) {
    let start = null;
    for (let x = -AIM_LIMIT; x <= AIM_LIMIT + step; x += step) {
      const ok = x <= AIM_LIMIT && ac.column.check(stackedOn(ac.top, x, y, turn)).stands;
      if (ok && start == null) start = x;
      if (!ok && start != null) {
        rects.push(s("rect", { x: (start - step / 2) / 1000, y: (-y - step / 2) / 1000, width: (x - start) / 1000, height: step / 1000 }));
        start = null;
      }
    }
  }
  group.append(...rects);
}

// The top dice seen closer (front and side), with the die being aimed.
function drawZoom(svg, ctx, ac, pose, level) {
  clear(svg);
  const poses = ac.company.poses;
  const faces = ac.company.faces;
  const shown = Math.min(poses.length, 5);
  const from = poses.length - shown;
  const half = 20;
  const gap = 4;
  const rows = shown + 1.4;
  const geom = { half, gap, panel: 2 * half, ground: rows * DIE_MM, rows };
  const width = 4 * half + gap;
  svg.setAttribute("viewBox", `0 0 ${width} ${rows * DIE_MM}`);
  for (const side of [false, true]) {
    const origin = side ? ac.top[1] : ac.top[0];
    const shift = (p) => (side ? [p[0], p[1] - origin, p[2]] : [p[0] - origin, p[1], p[2]]);
    const [x0] = place(geom, side, -half, 0);
    const g = s("g", {});
    g.append(s("rect", { x: x0, y: 0, width: 2 * half, height: rows * DIE_MM, class: "sm-sky" }));
    for (let i = from; i < poses.length; i++) g.append(dieShape(geom, side, shift(poses[i]), i - from, faces[i]));
    g.append(dieShape(geom, side, shift(pose), shown, null, `sm-ghost-die sm-${level}`));
    svg.append(g);
  }
}

// The die being aimed, on the building itself (the board's card), as the aim changes.
function drawGhosts() {
  const frame = memo.board && memo.board[1];
  if (!frame || !memo.geom || frame.view.phase !== "aim" || frame.view.to_move !== frame.seat) return;
  const v = frame.view;
  const c = v.companies.find((x) => x.company === v.building);
  if (!c || !c.poses.length) return;
  const a = memo.aim;
  const pose = stackedOn(c.poses[c.poses.length - 1], a.x, a.y, a.turn);
  for (const g of document.querySelectorAll(`.sm-elev[data-company="${c.company}"] .sm-ghost`)) {
    clear(g); // no die shown while the aim is refused: none would be placed
    if (!aimInvalid()) g.append(dieShape(memo.geom, g.dataset.side === "1", pose, c.poses.length, null, "sm-ghost-die"));
  }
}

// --- a building falling ----------------------------------------------------------------------------------------
function noteFall(frame, ctx) {
  const v = frame.view;
  const table = frame.table || "";
  const key = v.last_fall ? JSON.stringify(v.last_fall) : "";
  if (!memo.falls.has(table)) { // the first look at this table: an old fall is not shown again
    memo.falls.set(table, key);
    return;
  }
  if (memo.falls.get(table) === key) return;
  memo.falls.set(table, key);
  if (v.last_fall) startFall(v.last_fall, ctx);
}

async function startFall(fall, ctx) {
  const anim = { company: fall.company, faces: fall.faces, poses: fall.poses, fps: 30, start: null, index: 0,
    frames: [fall.poses.map((p, i) => restingDie(p, i))], source: null };
  memo.anim = anim;
  let data = null;
  try {
    data = ctx.extra ? await ctx.extra("fall") : null;
  } catch {
    data = null;
  }
  if (memo.anim !== anim) return;
  const usable = data && Array.isArray(data.frames) && data.frames.length && data.company === fall.company
    && data.frames[0].length === fall.poses.length;
  if (usable) Object.assign(anim, { frames: data.frames, fps: data.fps || 30, source: "mujoco" });
  else Object.assign(anim, tipping(fall), { source: "tipping" });
  anim.start = performance.now();
  redraw();
  requestAnimationFrame(tick);
}

function tick(now) {
  const anim = memo.anim;
  if (!anim || anim.start == null) return;
  const index = Math.max(0, Math.floor(((now - anim.start) / 1000) * anim.fps)); // a frame's time may precede start
  if (index >= anim.frames.length + anim.fps) { // the last frame held a second, then the table as it is now
    memo.anim = null;
    redraw();
    return;
  }
  anim.index = Math.min(index, anim.frames.length - 1);
  drawFall(anim.index);
  requestAnimationFrame(tick);
}

function drawFall(index) {
  const anim = memo.anim;
  const geom = memo.fallGeom;
  if (!anim || !geom) return;
  const frame = anim.frames[Math.max(0, Math.min(index, anim.frames.length - 1))];
  if (!frame) return;
  for (const g of document.querySelectorAll(`.sm-elev[data-company="${anim.company}"] .sm-fall`)) {
    const side = g.dataset.side === "1";
    clear(g);
    frame.forEach((die, i) => {
      const points = outline(die, side).map(([a, z]) => place(geom, side, a, z).map((n) => n.toFixed(2)).join(",")).join(" ");
      const [across, z] = [side ? die[1] : die[0], die[2]];
      const [tx, ty] = place(geom, side, across, z);
      g.append(s("g", { class: "sm-d sm-fall-die" }, s("polygon", { points, class: "sm-face-a" }),
        s("text", { x: tx, y: ty + 3.2, class: "sm-num" }, String(anim.faces[i]))));
    });
  }
}
