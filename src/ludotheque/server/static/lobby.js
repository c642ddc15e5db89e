// The lobby: create a table (game, players, options, each seat open / a bot / kept for a name, clock, bots'
// pace, rated or not), the tables waiting for players, in progress (watch) and finished (replay), and each game's
// leaderboard.

import { me } from "./account.js";
import { clear, h } from "./dom.js";
import { loadTexts } from "./i18n.js";
import { readSeat, saveSeat } from "./seats.js";

export async function showLobby(root, lang) {
  const t = await loadTexts(lang);
  const [games, who] = await Promise.all([fetch(`/api/games?lang=${lang}`).then((r) => r.json()), me()]);
  clear(root);
  const lists = h("section", { class: "lists" });
  const boards = h("div", { class: "card leaderboards" }, h("h2", {}, t("lobby.leaderboards")),
    h("ul", { class: "games" }, games.map((g) => h("li", {}, h("a", { href: `#/leaderboard/${g.name}` }, g.title)))));
  root.append(h("div", { class: "lobby" }, h("div", {}, newTableForm(games, t, lang, who), boards), lists));
  const refresh = async () => {
    let tables;
    try {
      tables = await (await fetch(`/api/tables?lang=${lang}`)).json();
    } catch {
      return; // the server is away for a moment: the next refresh will do
    }
    clear(lists);
    lists.append(
      tableList(t("lobby.waiting"), tables.filter((x) => x.status === "waiting"), "join", t),
      tableList(t("lobby.playing"), tables.filter((x) => x.status === "playing"), "watch", t),
      tableList(t("lobby.finished"), tables.filter((x) => x.status === "over"), "replay", t),
    );
  };
  await refresh();
  const timer = setInterval(refresh, 5000);
  return () => clearInterval(timer);
}

function tableList(title, tables, kind, t) {
  const items = tables.map((x) => {
    const who = x.seats.map((s) => s.name || (s.bot ? s.kind || s.bot : "·")).join(", ");
    const href = kind === "replay" ? `#/replay/${x.id}` : `#/table/${x.id}`;
    const mine = kind !== "replay" && readSeat(x.id) !== null; // this browser holds a seat there: back to it
    const extra = kind === "join" && !mine ? t("lobby.open_seats", { seats: x.open_seats.join(", ") }) : "";
    return h("li", {},
      h("a", { href, class: "button small" }, t(mine ? "lobby.resume" : `lobby.${kind}`)), " ",
      h("strong", {}, x.title), x.rated ? [" ", h("span", { class: "badge rated" }, t("lobby.rated_badge"))] : null,
      ` · ${t("lobby.players_count", { n: x.players })} · `, h("span", { class: "who" }, who),
      extra ? h("span", { class: "dim" }, ` · ${extra}`) : null);
  });
  return h("div", { class: "card" }, h("h2", {}, title),
    items.length ? h("ul", { class: "tables" }, items) : h("p", { class: "dim" }, t("lobby.none")));
}

// A bot that is not a level, as a seat's choice: its title and, where it has one, what it does.
function botLabel(g, b, t) {
  const title = (g.bot_titles || {})[b] || b;
  const help = (g.bot_helps || {})[b];
  return help ? t("lobby.seat_level", { level: title, help }) : t("lobby.seat_bot", { bot: title });
}

function newTableForm(games, t, lang, who) {
  const form = h("form", { class: "card new-table" });
  // rated: only players with an account sit, and each seat kept for a name is kept for an account
  const rated = h("input", { type: "checkbox", id: "new-rated", name: "rated", disabled: !who.name });
  const ratedBox = h("div", { class: "rated-setup" },
    h("label", { class: "option" }, rated, " ", h("strong", {}, t("lobby.rated"))),
    h("p", { class: "dim help" }, t("lobby.rated_help")),
    who.name ? null : h("p", { class: "dim help", id: "rated-why" }, h("a", { href: "#/login" }, t("lobby.rated_guest"))));
  const gameSelect = h("select", { name: "game", id: "new-game" },
    games.map((g) => h("option", { value: g.name }, g.title)));
  const players = h("select", { name: "players", id: "new-players" });
  const seats = h("div", { class: "seats-setup" });
  const options = h("div", { class: "options-setup" });
  const clock = h("select", { name: "clock", id: "new-clock" },
    h("option", { value: "" }, t("lobby.no_clock")),
    [30, 60, 120, 300].map((n) => h("option", { value: n }, t("lobby.seconds", { n }))));
  const pace = h("select", { name: "pace", id: "new-pace" },
    h("option", { value: "150" }, t("lobby.bot_fast")),
    h("option", { value: "700", selected: true }, t("lobby.bot_normal")),
    h("option", { value: "2000" }, t("lobby.bot_slow")));
  const message = h("div", { class: "message", role: "status" });

  const game = () => games.find((g) => g.name === gameSelect.value);
  const drawPlayers = () => {
    const g = game();
    const before = Number(players.value) || Math.min(4, g.max_players);
    clear(players);
    for (let n = g.min_players; n <= g.max_players; n++) {
      players.append(h("option", { value: n, selected: n === Math.max(g.min_players, Math.min(before, g.max_players)) }, n));
    }
  };
  const drawSeats = () => {
    const g = game();
    const n = Number(players.value);
    // what was chosen so far is kept (another player count, another game, a rated table): each seat's kind where
    // the game has it, its name and its settings
    const kept = [...seats.querySelectorAll(".seat-setup")].map((row) => ({
      kind: row.querySelector("select").value, name: row.querySelector("input[name^='name-']").value,
      settings: new Map([...row.querySelectorAll(".seat-option input")].map((x) => [x.name, x.value])) }));
    clear(seats);
    for (let i = 0; i < n; i++) {
      const kind = h("select", { name: `seat-${i}`, "aria-label": t("lobby.seat", { n: i }) },
        h("option", { value: "open", selected: i > 0 && i < 2 }, t(rated.checked ? "lobby.seat_open_rated" : "lobby.seat_open")),
        h("option", { value: "reserved", selected: i === 0 }, t(rated.checked ? "lobby.seat_account" : "lobby.seat_reserved")),
        // the levels first, weakest first, in the page's language; then the game's other bots, by their titles
        (g.levels || []).map((lv) => h("option", { value: `bot:${lv.name}`, title: lv[`help_${t.lang}`] || lv.help_en },
          t("lobby.seat_level", { level: lv[`title_${t.lang}`] || lv.title_en, help: lv[`help_${t.lang}`] || lv.help_en }))),
        g.bots.filter((b) => !(g.levels || []).some((lv) => lv.name === b)).map((b) => h("option",
          { value: `bot:${b}`, selected: i >= 2 && b === (g.bots.includes("heuristic") ? "heuristic" : b) },
          botLabel(g, b, t))));
      const name = h("input", { name: `name-${i}`, maxlength: 40,
        placeholder: t(rated.checked ? "lobby.account_name" : "lobby.reserved_name"),
        value: i === 0 ? ((rated.checked && who.name) || localStorage.getItem("ludo.name") || "") : "" });
      const before = kept[i];
      if (before) {
        if ([...kind.options].some((o) => o.value === before.kind)) kind.value = before.kind;
        if (before.name) name.value = before.name;
      }
      const sync = () => { name.hidden = kind.value !== "reserved"; };
      kind.addEventListener("change", sync);
      sync();
      // the game's seat options (Stack Market: the seat's steadiness), one whole number each
      const settings = g.seat_options.map((o) => h("label", { class: "seat-option", title: o.help },
        o.title || o.name, " ",
        h("input", { type: "number", name: `seat-${i}-${o.name}`, value: before?.settings.get(`seat-${i}-${o.name}`) ?? o.default, step: 1,
          min: o.bounds ? o.bounds[0] : null, max: o.bounds ? o.bounds[1] : null,
          "aria-label": t("lobby.seat_option", { n: i, name: o.title || o.name }) })));
      seats.append(h("div", { class: "seat-setup" }, h("span", { class: "seat-no" }, t("lobby.seat", { n: i })), kind, name,
        settings));
    }
    if (g.seat_options.length) {
      seats.append(h("div", { class: "seat-options-help" }, h("strong", {}, t("lobby.seat_settings")),
        g.seat_options.map((o) => h("p", {}, h("strong", {}, o.title || o.name), " — ", o.help,
          o.bounds ? ` (${t("lobby.bounds", { low: t.number(o.bounds[0]), high: t.number(o.bounds[1]) })})` : ""))));
    }
  };
  const drawOptions = () => {
    clear(options);
    for (const o of game().options) {
      const id = `opt-${o.name}`;
      let input;
      if (typeof o.default === "boolean") input = h("input", { type: "checkbox", id, name: id, checked: o.default });
      else if (o.choices.length) {
        input = h("select", { id, name: id }, o.choices.map((c) => h("option", { value: c, selected: c === o.default },
          (o.labels || {})[String(c)] || String(c))));
      } else { // a whole number within bounds (or any value of the option's type): typed in
        const bounds = o.bounds ? { min: o.bounds[0], max: o.bounds[1] } : {};
        input = h("input", { type: typeof o.default === "number" ? "number" : "text", id, name: id, value: o.default,
          step: 1, inputmode: "numeric", class: "option-number", ...bounds });
      }
      // the option's title in the page's language; its name (--option NAME=…) on hover
      options.append(h("label", { class: "option", title: `--option ${o.name}` }, input, " ", h("strong", {}, o.title || o.name),
        " — ", h("span", { class: "dim" }, o.help)));
    }
  };
  gameSelect.addEventListener("change", () => { drawPlayers(); drawSeats(); drawOptions(); });
  players.addEventListener("change", drawSeats);
  rated.addEventListener("change", drawSeats);
  drawPlayers();
  drawSeats();
  drawOptions();

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const g = game();
    const n = Number(players.value);
    const body = { game: g.name, players: n, options: {}, seats: [], bot_delay_ms: Number(pace.value),
      rated: rated.checked };
    if (clock.value) body.move_seconds = Number(clock.value);
    for (const o of g.options) {
      const el = form.querySelector(`#opt-${o.name}`);
      const raw = el.value.trim();
      body.options[o.name] = el.type === "checkbox" ? el.checked
        : typeof o.default === "number" && /^-?\d+$/.test(raw) ? Number(raw) : raw; // else the server says what is allowed
    }
    for (let i = 0; i < n; i++) {
      const kind = form.querySelector(`[name=seat-${i}]`).value;
      const name = form.querySelector(`[name=name-${i}]`).value.trim();
      const seat = {};
      if (kind.startsWith("bot:")) seat.bot = kind.slice(4);
      else if (kind === "reserved" && name) seat.name = name;
      if (g.seat_options.length) {
        seat.settings = {};
        for (const o of g.seat_options) {
          const raw = form.querySelector(`[name="seat-${i}-${o.name}"]`).value.trim();
          seat.settings[o.name] = /^-?\d+$/.test(raw) ? Number(raw) : raw; // anything else: the server says what is allowed
        }
      }
      body.seats.push(seat);
    }
    const answer = await fetch(`/api/tables?lang=${lang}`, { method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify(body) });
    const data = await answer.json();
    if (!answer.ok) {
      message.textContent = t("lobby.error", { message: detail(data) });
      return;
    }
    const mine = Object.entries(data.tokens);
    if (mine.length) {
      const [seat, token] = mine[0];
      saveSeat(data.id, Number(seat), token);
      if (!body.rated) localStorage.setItem("ludo.name", body.seats[Number(seat)].name || "");
      // The other reserved seats' links carry their token: the creator hands them out.
      for (const [other, tok] of mine.slice(1)) sessionStorage.setItem(`ludo.invite.${data.id}.${other}`, tok);
    }
    location.hash = `#/table/${data.id}`;
  });

  form.append(
    h("h2", {}, t("lobby.new_table")),
    h("label", { class: "field" }, h("span", {}, t("lobby.game")), gameSelect),
    h("label", { class: "field" }, h("span", {}, t("lobby.players")), players),
    seats,
    h("fieldset", {}, h("legend", {}, t("lobby.option")), options),
    h("label", { class: "field" }, h("span", {}, t("lobby.time_per_move")), clock),
    h("label", { class: "field" }, h("span", {}, t("lobby.bot_speed")), pace),
    ratedBox,
    h("button", { type: "submit", class: "button primary", id: "create-table" }, t("lobby.create")),
    message);
  return form;
}

export function detail(data) {
  if (typeof data.detail === "string") return data.detail;
  if (Array.isArray(data.detail)) return data.detail.map((d) => `${(d.loc || []).slice(1).join(".")}: ${d.msg}`).join("; ");
  return JSON.stringify(data);
}
