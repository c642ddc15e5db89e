// Accounts (optional): who is logged in (GET /api/me), the header's corner (leaderboards, log in, or the name and
// log out), the page to log in or create an account (#/login), and the profile (#/me) with a rating per game.
// The session is an HttpOnly cookie: this page never sees its token, it only asks the server who it is.

import { clear, h } from "./dom.js";
import { loadTexts } from "./i18n.js";

let asked = null;

// Who is logged in: {name: null} for a guest, else {name, created, ratings}. Asked again at each page (app.js).
export function me(again = false) {
  if (!asked || again) {
    asked = fetch(`/api/me?lang=${localStorage.getItem("ludo.lang") || "en"}`)
      .then((r) => (r.ok ? r.json() : { name: null }))
      .catch(() => ({ name: null }));
  }
  return asked;
}

// Logged in or out: every part of the page that depends on it is drawn again (app.js listens).
function changed() {
  window.dispatchEvent(new Event("ludo:account"));
}

// The header's corner: the leaderboards, and log in / the person's name (their profile) and log out.
export async function drawAccount(corner, t) {
  const who = await me();
  clear(corner);
  corner.append(h("a", { href: "#/leaderboard", class: "nav", id: "nav-leaderboard" }, t("leaderboard.title")));
  if (!who.name) {
    corner.append(h("a", { href: "#/login", class: "nav", id: "nav-login" }, t("account.login")));
    return;
  }
  const out = h("button", { type: "button", class: "nav link", id: "nav-logout" }, t("account.logout"));
  out.addEventListener("click", async () => {
    await fetch("/api/logout", { method: "POST" });
    changed();
  });
  corner.append(h("a", { href: "#/me", class: "nav who", id: "nav-me" }, who.name), out);
}

// The error an answer carries, in the page's language (the server says it: ?lang=…).
export function said(data) {
  if (typeof data.detail === "string") return data.detail;
  if (Array.isArray(data.detail)) return data.detail.map((d) => `${(d.loc || []).slice(1).join(".")}: ${d.msg}`).join("; ");
  return JSON.stringify(data);
}

// #/login: log in, or create an account; then back to the page the person came from.
export async function showLogin(root, lang, back) {
  const t = await loadTexts(lang);
  const who = await me();
  clear(root);
  if (who.name) {
    root.append(h("div", { class: "card narrow" }, h("p", {}, t("account.welcome", { name: who.name })),
      h("a", { href: "#/me", class: "button" }, t("account.profile"))));
    return () => {};
  }
  const form = (kind) => {
    const message = h("div", { class: "message", role: "status" });
    const name = h("input", { name: "name", autocomplete: "username", required: true, maxlength: 24,
      id: `${kind}-name`, value: kind === "login" ? localStorage.getItem("ludo.account") || "" : "" });
    const password = h("input", { name: "password", type: "password", required: true, id: `${kind}-password`,
      autocomplete: kind === "login" ? "current-password" : "new-password", minlength: kind === "login" ? null : 8 });
    const el = h("form", { class: "card account-form", id: `${kind}-form` },
      h("h2", {}, t(kind === "login" ? "account.login_title" : "account.register_title")),
      h("label", { class: "field" }, h("span", {}, t("account.name")), name),
      kind === "register" ? h("p", { class: "dim help" }, t("account.name_help")) : null,
      h("label", { class: "field" }, h("span", {}, t("account.password")), password),
      kind === "register" ? h("p", { class: "dim help" }, t("account.password_help")) : null,
      h("button", { type: "submit", class: "button primary", id: `${kind}-submit` },
        t(kind === "login" ? "account.login" : "account.register")),
      message);
    // a refusal is about what was typed in this form: it goes once the person types again, here or in the other form
    el.addEventListener("input", () => { for (const m of document.querySelectorAll(".account-form .message")) m.textContent = ""; });
    el.addEventListener("submit", async (event) => {
      event.preventDefault();
      for (const m of document.querySelectorAll(".account-form .message")) m.textContent = "";
      const path = kind === "login" ? "/api/login" : "/api/accounts";
      let answer;
      try {
        answer = await fetch(`${path}?lang=${lang}`, { method: "POST", headers: { "content-type": "application/json" },
          body: JSON.stringify({ name: name.value, password: password.value }) });
      } catch {
        message.textContent = t("table.reconnecting");
        return;
      }
      const data = await answer.json();
      if (!answer.ok) {
        message.textContent = said(data);
        password.value = "";
        return;
      }
      localStorage.setItem("ludo.account", data.name);
      location.hash = back && !back.startsWith("#/login") ? back : "#/";
      changed();
    });
    return el;
  };
  root.append(h("div", { class: "account-page" },
    h("p", { class: "dim why" }, t("account.why")), form("login"), form("register")));
  return () => {};
}

// #/me: the person's rating at each game played rated, with their place on its leaderboard.
export async function showProfile(root, lang) {
  const t = await loadTexts(lang);
  const who = await (await fetch(`/api/me?lang=${lang}`)).json();
  clear(root);
  if (!who.name) {
    root.append(h("div", { class: "card narrow" }, h("p", {}, t("account.guest")),
      h("a", { href: "#/login", class: "button primary" }, t("account.login"))));
    return () => {};
  }
  const rows = who.ratings.map((r) => h("tr", {},
    h("td", {}, h("a", { href: `#/leaderboard/${r.game}` }, r.title)),
    h("td", { class: "num" }, r.rank),
    h("td", { class: "num rating" }, t.number(round(r.ordinal))),
    h("td", { class: "num dim" }, `${t.number(round(r.mu))} ± ${t.number(round(r.sigma))}`),
    h("td", { class: "num" }, t.number(r.games))));
  root.append(h("div", { class: "card profile", id: "profile" },
    h("h1", {}, who.name),
    h("h2", {}, t("account.profile")),
    rows.length ? h("div", { class: "scroll" }, h("table", { class: "ranking" },
      h("thead", {}, h("tr", {}, h("th", {}, t("leaderboard.game")), h("th", {}, t("leaderboard.rank")),
        h("th", {}, t("leaderboard.rating")), h("th", {}, t("leaderboard.skill")), h("th", {}, t("leaderboard.games")))),
      h("tbody", {}, rows))) : h("p", { class: "dim" }, t("account.no_ratings")),
    h("p", { class: "dim help" }, t("leaderboard.explain"))));
  return () => {};
}

// Ratings are shown to one decimal.
export const round = (x) => Math.round(x * 10) / 10;
