// A table: seats, clock, the game's own view (its package's view.js), the choices, the log and the chat, kept
// live over a WebSocket that reconnects by itself. Every move carries "at", the number of actions this page
// had seen: a double click or a late message is refused by the server and changes nothing.

import { me, round } from "./account.js";
import { clear, h } from "./dom.js";
import { loadTexts } from "./i18n.js";
import { detail } from "./lobby.js";
import { forgetSeat, inviteLink, readSeat, saveSeat } from "./seats.js";

export async function showTable(root, id, lang) {
  const parts = location.hash.slice(1).split("/");
  if (parts[3] === "join" && parts[5]) {
    saveSeat(id, Number(parts[4]), parts[5]);
    history.replaceState(null, "", `#/table/${id}`);
  }
  const info = await fetch(`/api/tables/${id}?lang=${lang}`);
  if (!info.ok) {
    const said = detail(await info.json());
    const t = await loadTexts(lang);
    clear(root).append(h("div", { class: "card" }, h("p", {}, said), h("a", { href: "#/", class: "button" }, t("site.home"))));
    return () => {};
  }
  const table = await info.json();
  const t = await loadTexts(lang, table.game);
  let view = null;
  try {
    view = await import(`/games/${table.game}/view.js`);
  } catch {
    view = null; // the generic view below shows the observation as it is
  }
  const page = new TablePage(root, id, table, t, lang, view, await me());
  page.start();
  return () => page.stop();
}

class TablePage {
  constructor(root, id, table, t, lang, view, account) {
    Object.assign(this, { root, id, table, t, lang, view, account });
    this.ratingChanges = null; // a rated game's changes to the ratings, once over (GET /api/tables/ID)
    this.ratingsAsked = 0;
    this.frame = null;
    this.log = [];
    this.chat = [];
    this.socket = null;
    this.retry = 0;
    this.stopped = false;
    this.offset = 0; // server clock minus ours, in seconds
    this.sent = -1; // the "at" of the move this page sent last (one move per state)
    this.layout();
    this.onKey = (e) => this.key(e);
    document.addEventListener("keydown", this.onKey);
    this.tick = setInterval(() => this.drawClock(), 250);
  }

  layout() {
    const t = this.t;
    this.banner = h("div", { class: "banner", role: "status", hidden: true });
    this.seatsBar = h("div", { class: "seats-bar" });
    this.board = h("div", { class: "board", id: "board" });
    this.choices = h("div", { class: "choices", id: "choices", "aria-label": t("table.choices") });
    this.notice = h("div", { class: "notice", role: "alert" });
    this.logList = h("ol", { class: "log", id: "log" });
    this.chatList = h("ul", { class: "chat-lines" });
    this.joinBox = h("div", { class: "join" });
    this.endBox = h("div", { class: "end" });
    const chatInput = h("input", { maxlength: 300, placeholder: t("table.chat_placeholder"), "aria-label": t("table.chat") });
    const chatForm = h("form", { class: "chat-form" }, chatInput, h("button", { class: "button small" }, t("table.send")));
    chatForm.addEventListener("submit", (e) => {
      e.preventDefault();
      const text = chatInput.value.trim();
      if (text) this.send({ type: "chat", text });
      chatInput.value = "";
    });
    const link = `${location.origin}/#/table/${this.id}`;
    const copy = h("button", { class: "button small", type: "button" }, t("table.copy"));
    copy.addEventListener("click", async () => {
      try { await navigator.clipboard.writeText(link); copy.textContent = t("table.copied"); } catch { /* shown anyway */ }
    });
    clear(this.root).append(
      h("div", { class: "table-page" },
        h("div", { class: "table-head" }, h("h1", {}, this.table.title),
          this.table.rated ? h("span", { class: "badge rated", id: "rated-badge", title: t("lobby.rated_help") }, t("table.rated")) : null,
          this.seatsBar),
        this.banner, this.joinBox,
        h("div", { class: "table-main" },
          h("section", { class: "play" }, this.board, this.notice, this.choices, this.endBox),
          h("aside", { class: "side" },
            h("details", { class: "share", open: this.table.status === "waiting" },
              h("summary", {}, this.t("table.share")), h("code", {}, link), " ", copy),
            h("h2", {}, t("table.log")), this.logList,
            h("h2", {}, t("table.chat")), this.chatList, chatForm))));
  }

  start() {
    this.drawJoin();
    this.connect();
  }

  stop() {
    this.stopped = true;
    clearInterval(this.tick);
    document.removeEventListener("keydown", this.onKey);
    if (this.socket) this.socket.close();
  }

  // --- the connection ---------------------------------------------------------------------------
  connect() {
    const seat = readSeat(this.id);
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const query = new URLSearchParams({ lang: this.lang });
    if (seat) query.set("token", seat.token);
    const socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${this.id}?${query}`);
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.retry = 0;
      this.banner.hidden = true;
      this.sent = -1; // a move sent on a lost connection may never have arrived: it may be sent again
    });
    socket.addEventListener("message", (e) => this.receive(JSON.parse(e.data)));
    socket.addEventListener("close", (e) => {
      if (this.stopped) return;
      if (e.code === 4403) { // the token holds no seat here (a link mistyped, or a database started afresh): watch
        forgetSeat(this.id); // instead, and say why
        this.badLink = true;
      }
      this.banner.textContent = this.t("table.reconnecting");
      this.banner.hidden = false;
      const wait = Math.min(5000, 300 * 2 ** this.retry++);
      setTimeout(() => { if (!this.stopped) this.connect(); }, wait);
    });
  }

  send(message) {
    if (this.socket && this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  act(text) {
    const frame = this.frame;
    if (!frame || this.sent === frame.at) return; // one move per state: a double click sends nothing more
    this.sent = frame.at;
    this.notice.textContent = "";
    this.send({ type: "act", action: text, at: frame.at });
  }

  receive(message) {
    if (message.type === "hint") { // the best few moves for this seat, thought out on the server from its view
      if (this.frame && message.at === this.frame.at) {
        this.hinted = { at: message.at, moves: message.moves };
        this.drawChoices();
      }
      return;
    }
    if (message.type === "error") {
      if (this.hinted && this.hinted.moves === null) this.hinted = null;
      this.notice.textContent = this.t("table.refused", { message: message.message });
      this.sent = -1;
      return;
    }
    if (message.type !== "state") return;
    if (message.events_from === 0) this.log = [];
    this.log.push(...message.events);
    this.chat.push(...message.chat);
    this.offset = message.clock.now - Date.now() / 1000;
    const moved = !this.frame || this.frame.at !== message.at;
    this.frame = message;
    if (moved) this.sent = -1;
    this.draw(message.events, message.chat);
  }

  // --- drawing ------------------------------------------------------------------------------------
  ctx() {
    const f = this.frame;
    return {
      t: this.t, lang: this.lang, seat: f.seat, names: f.seats.map((s) => s.name || this.t("lobby.seat", { n: s.seat })),
      legal: f.legal, act: (text) => this.act(text), log: this.log, extra: (name) => this.extra(name),
    };
  }

  // What the game's view may ask for besides the frame (GET /api/tables/ID/extra/NAME, as this seat may see it):
  // the answer as JSON, or null when there is none.
  async extra(name) {
    const seat = readSeat(this.id);
    const query = seat ? `?token=${encodeURIComponent(seat.token)}` : "";
    const answer = await fetch(`/api/tables/${this.id}/extra/${encodeURIComponent(name)}${query}`);
    return answer.ok ? answer.json() : null;
  }

  draw(newEvents, newChat) {
    const f = this.frame;
    this.drawSeats();
    this.drawJoin();
    clear(this.board);
    if (this.view && this.view.render) this.view.render(this.board, f, this.ctx());
    else this.board.append(h("pre", { class: "generic" }, JSON.stringify(f.view, null, 1)));
    this.drawChoices();
    for (const e of newEvents) this.logList.append(h("li", { class: `event ${e.kind}` }, e.text));
    if (newEvents.length) this.logList.scrollTop = this.logList.scrollHeight; // the log box only, not the page
    if (f.events_from === 0) {
      clear(this.logList);
      for (const e of this.log) this.logList.append(h("li", { class: `event ${e.kind}` }, e.text));
      clear(this.chatList);
      newChat = this.chat;
    }
    for (const c of newChat) this.chatList.append(h("li", {}, h("strong", {}, c.name), " ", c.text));
    this.drawEnd();
    this.drawClock();
  }

  drawSeats() {
    const f = this.frame;
    const t = this.t;
    clear(this.seatsBar);
    for (const s of f.seats) {
      const name = s.name || t("lobby.seat", { n: s.seat });
      const moving = f.to_move === s.seat;
      const state = s.out ? t("table.out") : s.bot ? t("table.bot") : s.online ? t("table.online") : t("table.offline");
      this.seatsBar.append(h("div", {
        class: `seat${moving ? " to-move" : ""}${f.seat === s.seat ? " me" : ""}${s.online || s.bot ? " online" : ""}${s.out ? " out" : ""}`,
        dataset: { seat: s.seat } },
        h("span", { class: "seat-no" }, s.seat), " ", h("span", { class: "seat-name", title: name }, name),
        s.kind ? [" ", h("span", { class: "seat-kind dim" }, s.kind)] : null, // the bot's level, in the page's language
        h("span", { class: "seat-state", title: state }, s.out ? "✕" : s.bot ? "⚙" : "●"),
        moving ? h("span", { class: "clock", dataset: { seat: s.seat } }) : null));
    }
  }

  drawClock() {
    const f = this.frame;
    if (!f) return;
    const el = this.seatsBar.querySelector(".clock");
    if (!el) return;
    if (f.clock.deadline == null) { el.textContent = ""; return; }
    const left = Math.max(0, Math.ceil(f.clock.deadline - (Date.now() / 1000 + this.offset)));
    el.textContent = this.t("table.clock", { seconds: left });
    el.classList.toggle("short", left <= 10);
  }

  drawJoin() {
    const t = this.t;
    clear(this.joinBox);
    const f = this.frame;
    const mine = readSeat(this.id);
    const seats = f ? f.seats : this.table.seats;
    const status = f ? f.status : this.table.status;
    if (mine && (!f || f.seat !== null)) {
      const seat = f ? f.seat : mine.seat; // the seat the server gave this token, whatever the link said
      const name = seats[seat]?.name || "";
      this.joinBox.append(h("p", { class: "dim" }, t("table.seated", { n: seat, name })));
      // the links of the seats kept for others, until their player comes (a game with all its seats kept starts
      // at once: the links are needed then too)
      if (status !== "over") {
        for (const [seat, token] of this.invites()) {
          const s = seats[seat];
          if (!s || s.online) continue;
          this.joinBox.append(h("p", { class: "dim invite" }, t("table.invite", { n: seat, name: s.name || "" }),
            h("code", {}, inviteLink(this.id, seat, token))));
        }
      }
      return;
    }
    const open = seats.filter((s) => !s.bot && !s.taken);
    const rated = f ? f.rated : this.table.rated;
    if (status === "waiting" && open.length && rated) {
      // only accounts sit at a rated table, each under its own name
      const box = h("div", { class: "card" });
      if (!this.account.name) {
        box.append(h("p", {}, t("table.rated_login")), h("a", { href: "#/login", class: "button primary", id: "rated-login" }, t("account.login")));
      } else {
        const mine = open.filter((s) => !s.reserved || s.name === this.account.name);
        box.append(h("p", {}, t("table.choose_seat")), ...mine.map((s) => {
          const b = h("button", { class: "button primary", type: "button", dataset: { seat: s.seat } },
            t("table.take_seat", { n: s.seat }) + (s.reserved && s.name ? ` (${s.name})` : ""));
          b.addEventListener("click", () => this.join(s.seat, this.account.name));
          return b;
        }));
      }
      this.joinBox.append(box);
    } else if (status === "waiting" && open.length) {
      const name = h("input", { maxlength: 40, id: "join-name", value: localStorage.getItem("ludo.name") || "",
        "aria-label": t("table.your_name"), placeholder: t("table.your_name") });
      const buttons = open.map((s) => {
        const b = h("button", { class: "button primary", type: "button", dataset: { seat: s.seat } },
          t("table.take_seat", { n: s.seat }) + (s.reserved && s.name ? ` (${s.name})` : ""));
        b.addEventListener("click", () => this.join(s.seat, name.value.trim()));
        return b;
      });
      this.joinBox.append(h("div", { class: "card" }, h("p", {}, t("table.choose_seat")), name, " ", buttons));
    } else {
      if (this.badLink) this.joinBox.append(h("p", { class: "notice bad-link", role: "alert" }, t("table.bad_link")));
      this.joinBox.append(h("p", { class: "dim" }, t("table.spectating")));
    }
    if (status === "waiting") this.joinBox.append(h("p", { class: "dim" }, t("table.waiting_seats")));
  }

  invites() {
    const out = [];
    for (let i = 0; i < sessionStorage.length; i++) {
      const key = sessionStorage.key(i);
      const prefix = `ludo.invite.${this.id}.`;
      if (key.startsWith(prefix)) out.push([Number(key.slice(prefix.length)), sessionStorage.getItem(key)]);
    }
    return out;
  }

  async join(seat, name) {
    if (!name) {
      this.notice.textContent = this.t("table.your_name");
      return;
    }
    const answer = await fetch(`/api/tables/${this.id}/seats/${seat}?lang=${this.lang}`, { method: "POST",
      headers: { "content-type": "application/json" }, body: JSON.stringify({ name }) });
    const data = await answer.json();
    if (!answer.ok) {
      this.notice.textContent = this.t("table.refused", { message: detail(data) });
      return;
    }
    if (!this.table.rated) localStorage.setItem("ludo.name", name);
    saveSeat(this.id, data.seat, data.token);
    if (this.socket) this.socket.close(); // reconnects at once, now with the seat's token
    this.retry = 0;
  }

  drawChoices() {
    const f = this.frame;
    const t = this.t;
    clear(this.choices);
    if (f.status === "over") return;
    if (f.seat === null || f.to_move !== f.seat) {
      const who = f.to_move === "chance" ? t("table.chance")
        : f.to_move === null ? "" : t("table.waiting_for", { name: f.seats[f.to_move]?.name || "" });
      this.choices.append(h("p", { class: "dim waiting" }, f.status === "waiting" ? t("table.waiting_seats") : who));
      return;
    }
    if (this.view && this.view.renderChoices && this.view.renderChoices(this.choices, f, this.ctx())) {
      this.choices.append(this.hintPanel(f));
      return;
    }
    this.choices.append(h("h2", {}, t("table.your_turn")));
    const list = h("div", { class: "choice-list" });
    f.legal.forEach((a, i) => {
      const b = h("button", { class: "button choice", type: "button", title: a.label || a.words, dataset: { action: a.text } },
        i < 9 ? h("kbd", {}, i + 1) : null, " ", a.words, a.label ? h("small", {}, a.label) : null);
      b.addEventListener("click", () => this.act(a.text));
      list.append(b);
    });
    this.choices.append(list, h("p", { class: "dim keys" }, t("table.keys")), this.hintPanel(f));
  }

  // A hint on request (not at a rated table): the server's search from this seat's view, best moves first.
  hintPanel(f) {
    const t = this.t;
    if (f.rated || this.table.rated) return h("p", { class: "dim hint-off" }, t("table.hint_rated"));
    const box = h("div", { class: "hint", id: "hint" });
    const asked = this.hinted && this.hinted.at === f.at ? this.hinted : null;
    const button = h("button", { class: "button small", type: "button", id: "hint-button", disabled: asked !== null },
      t("table.hint"));
    button.addEventListener("click", () => {
      this.hinted = { at: f.at, moves: null };
      this.send({ type: "hint", at: f.at });
      this.drawChoices();
    });
    box.append(button);
    if (asked && asked.moves === null) box.append(h("p", { class: "dim", role: "status" }, t("table.hint_thinking")));
    if (asked && asked.moves !== null) {
      if (!asked.moves.length) box.append(h("p", { class: "dim", role: "status" }, t("table.hint_none")));
      const list = h("ol", { class: "hint-moves", role: "status" });
      for (const m of asked.moves) {
        // Said as a move's button says it (its words, then its label: « 3H » and « poser ce pion », so that three
        // hinted tiles are told apart), with the server's words: a hinted move may be off the listed choices (Stack
        // Market's exact aims), and it is played all the same.
        const reasons = m.reasons[this.lang] || m.reasons.en;
        list.append(h("li", { dataset: { hint: m.action } },
          h("strong", {}, m.words || m.action), m.label ? h("small", { class: "hint-label" }, m.label) : null, " ",
          h("button", { class: "button small hint-play", type: "button", dataset: { action: m.action },
            onclick: () => this.act(m.action) }, t("table.hint_play")), " ",
          h("span", { class: "dim hint-chance" },
            t("table.hint_chance", { percent: m.percent, tries: t.number(m.tries) })),
          reasons.length ? h("ul", { class: "hint-reasons" }, reasons.map((r) => h("li", {}, r))) : null));
      }
      if (asked.moves.length) box.append(list);
    }
    return box;
  }

  key(e) {
    const f = this.frame;
    if (!f || e.target.closest("input, textarea, select")) return;
    if (/^[1-9]$/.test(e.key) && f.to_move === f.seat) {
      const buttons = this.choices.querySelectorAll("button.choice");
      const b = buttons[Number(e.key) - 1];
      if (b) { b.click(); e.preventDefault(); }
    }
  }

  drawEnd() {
    const f = this.frame;
    const t = this.t;
    clear(this.endBox);
    if (!f.outcome) return;
    const o = f.outcome;
    const order = o.ranks.map((r, seat) => [r, seat]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const winners = o.winners.map((s) => o.names[s]);
    // what decided the ranking when the game says (Luxembourg-Shopping: signs, galleries…), else the score
    const columns = o.columns && o.columns.length ? o.columns : [{ title: t("table.score"), values: o.scores }];
    this.endBox.append(h("div", { class: "card end-card" },
      h("h2", {}, t("table.over")),
      h("p", { class: "winner" }, t(winners.length > 1 ? "table.winners" : "table.winner", { names: t.list(winners) })),
      h("table", { class: "ranking" },
        h("thead", {}, h("tr", {}, h("th", {}, t("table.rank")), h("th", {}, t("table.player")),
          columns.map((c) => h("th", { class: "num" }, c.title)))),
        h("tbody", {}, order.map(([r, seat]) => h("tr", { class: o.winners.includes(seat) ? "won" : "" },
          h("td", {}, r), h("td", {}, o.names[seat]), columns.map((c) => h("td", { class: "num" }, t.number(c.values[seat]))))))),
      f.rated ? this.drawRatings(o) : null,
      h("p", {}, h("a", { href: `/api/tables/${this.id}/record`, download: `${this.id}.json` }, t("table.record")),
        " · ", h("a", { href: `#/replay/${this.id}` }, t("lobby.replay")))));
  }

  // A rated game's end: each seat's rating before and after (asked once; again a moment later if the server has
  // not applied the result yet).
  drawRatings(outcome) {
    const t = this.t;
    if (this.ratingChanges === null) {
      if (this.ratingsAsked < 5 && !this.asking) {
        this.asking = true;
        const wait = this.ratingsAsked++ ? 1000 : 0;
        setTimeout(async () => {
          try {
            const summary = await (await fetch(`/api/tables/${this.id}?lang=${this.lang}`)).json();
            this.ratingChanges = summary.rating_changes || null;
          } catch { /* asked again below */ }
          this.asking = false;
          if (!this.stopped && this.frame) this.drawEnd();
        }, wait);
      }
      return h("p", { class: "dim" }, t("table.ratings_pending"));
    }
    return h("div", { class: "rating-changes", id: "rating-changes" }, h("h3", {}, t("table.ratings")),
      h("table", { class: "ranking" }, h("tbody", {}, this.ratingChanges.map((c) => {
        const delta = round(c.after.ordinal - c.before.ordinal);
        return h("tr", {}, h("td", {}, outcome.names[c.seat] || c.name),
          h("td", { class: "num" }, t("table.rating_change", { before: t.number(round(c.before.ordinal)), after: t.number(round(c.after.ordinal)) })),
          h("td", { class: `num ${delta >= 0 ? "up" : "down"}` }, `${delta >= 0 ? "+" : ""}${t.number(delta)}`));
      }))));
  }
}
