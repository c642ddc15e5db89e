// The seat's decision as a game's view draws it (its renderChoices): a box with the step's panel, or every legal
// action as a button, and the keys' hint, brought into sight once per state. Each button is a "button.choice" that
// shows its number key, so that the table page's keys 1–9 press it (table.js). ``prefix`` is the game's class prefix
// ("lux", "av"): the look stays the game's (its view.css).

import { h } from "./dom.js";

// The decision's box ("{prefix}-choices", with data-step); ``fill(box, legal)`` draws the step's panel in it. False
// when this seat has nothing to decide (the table page then says who is to play).
export function decisionBox(element, frame, ctx, { prefix, step, fill }) {
  const v = frame.view || {};
  const legal = frame.legal || ctx.legal || [];
  if (frame.seat == null || v.to_move !== frame.seat || !legal.length) return false;
  const box = h("div", { class: `${prefix}-choices`, dataset: { step: step || "" } });
  fill(box, legal);
  box.append(keysHint(ctx));
  element.append(box);
  revealOnce(box, frame);
  return true;
}

// « Keys 1 to 9 choose » (the table page's own text).
export function keysHint(ctx) {
  return h("p", { class: "dim keys" }, ctx.t("table.keys"));
}

let revealed = null; // the state whose decision was last brought into sight

// The decision brought into sight once per state (the board above may push it below the fold), not each time the
// same state is drawn again (a chat line, a seat coming online): a player who scrolled away is left there.
export function revealOnce(box, frame) {
  const key = `${frame.table}:${frame.at}`;
  if (revealed === key) return;
  revealed = key;
  requestAnimationFrame(() => {
    const r = box.getBoundingClientRect();
    if (r.bottom > window.innerHeight || r.top < 0) box.scrollIntoView({ block: "nearest", behavior: "smooth" });
  });
}

// The key that presses a choice (the first nine have one).
export function numberKey(index) {
  return index < 9 ? h("kbd", {}, String(index + 1)) : null;
}

// A choice's button: its number key and its words (``main``), a smaller line under them (``note``), ``extra``
// classes; ``lit(on)``, when given, lights up on the board what the choice is about while the button is hovered or
// focused (see light).
export function choiceButton(ctx, prefix, index, action, main, note, { extra = "", lit = null } = {}) {
  const b = h("button", { class: `button choice ${prefix}-choice ${extra}`, type: "button", dataset: { action: action.text },
    title: action.words || action.text, onclick: () => ctx.act(action.text) },
  h("span", { class: `${prefix}-choice-main` }, numberKey(index), main),
  note ? h("small", {}, note) : null);
  if (lit) {
    const on = () => lit(true);
    const off = () => lit(false);
    b.addEventListener("mouseenter", on);
    b.addEventListener("focus", on);
    b.addEventListener("mouseleave", off);
    b.addEventListener("blur", off);
  }
  return b;
}

// A row of buttons, one a legal action: ``make(action, index)`` draws those the panel knows and gives null for the
// others, which are shown in their own words.
export function choiceList(ctx, prefix, legal, make = () => null, cls = `choice-list ${prefix}-choice-list`) {
  const row = h("div", { class: cls });
  legal.forEach((a, i) => row.append(make(a, i) || choiceButton(ctx, prefix, i, a, a.words || a.text, a.label)));
  return row;
}

// A panel's title, and a line that says what is decided.
export function choiceHead(box, prefix, title, help) {
  box.append(h("h2", {}, title));
  if (help) box.append(h("p", { class: `${prefix}-choice-help` }, help));
}

// The elements of the board (under ``root``) that ``selectors`` name, lit up (class ``cls``) or no longer.
export function light(root, selectors, cls, on) {
  if (!root) return;
  for (const selector of selectors) {
    const el = root.querySelector(selector);
    if (el) el.classList.toggle(cls, on);
  }
}
