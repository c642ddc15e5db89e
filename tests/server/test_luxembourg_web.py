"""Luxembourg-Shopping's browser view (``games/luxembourg_shopping/web/view.js``): every text it asks for is in both
catalogues; and, in Debian's chromium, in English and in French, a table with bots shows the board as a board (66
squares in an SVG loop, owners' strips from the deal on, the start corner, the dice, card and price table in its
centre), the note that the board and cards are reconstructed, the players with a hostile name shown as text; the
person's seat clicks a decision button and the move is played (the frame's ``at`` goes on and the log says it).
Screenshots are kept in ``test-artifacts/``."""

from __future__ import annotations

import re
import time
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import connect

from ludotheque.cli.render import View, get_renderer
from ludotheque.engine.game import get_game
from ludotheque.engine.match import Match
from ludotheque.engine.record import SeatConfig
from ludotheque.server.protocol import shown
from tests.server import support
from tests.server.support import ARTIFACTS, HOSTILE, Running, needs_chromium

WEB = Path(__file__).parents[2] / "src/ludotheque/games/luxembourg_shopping/web"
KINDS = ("shop", "bouton_rouge", "bureau", "bankruptcy", "bonus")
ZONES = ("orange", "yellow", "green")
EVENT_OF = {"buy": "buy", "pass": "declined", "gallery": "gallery", "merge": "merge", "sign": "sign",
            "unsign": "unsign", "sell": "sell", "pay": "pay"}
"""The event a decision's action writes in the log, by the action's first word."""


def test_every_text_the_view_asks_for_is_in_both_catalogues() -> None:
    source = (WEB / "view.js").read_text(encoding="utf-8")
    keys = set(re.findall(r'"((?:web|step|effect|bank|table)\.[a-z_.]+)"', source))
    plurals = set(re.findall(r'plural\(ctx, "(web\.[a-z_]+)"', source))
    keys -= plurals | {"table.keys"}  # the shared page's own
    keys |= {f"web.sq.{k}" for k in KINDS[1:]} | {f"web.help.{k}" for k in KINDS[1:]}
    keys |= {f"web.zone.{z}" for z in ZONES} | {f"web.deck.{d}" for d in ("even", "odd", "red")}
    keys |= {"web.card_top", "web.card_bottom"}
    keys |= {f"effect.{k}" for k in ("receive", "pay", "receive_from_each", "pay_each", "move_to", "gain_sign",
                                     "lose_sign", "bankruptcy", "free_shop")}
    keys |= {f"step.{s}" for s in ("buy", "gallery", "gain_sign", "lose_sign", "sell", "roll", "mail")}
    assert len(keys) > 80
    support.assert_in_both_catalogues("luxembourg-shopping", keys, plurals)
    for lang in ("en", "fr"):
        messages = get_game("luxembourg-shopping").catalog.messages[lang]
        for kind in KINDS[1:]:  # a special square's label: its name, then a smaller line
            assert len(messages[f"web.sq.{kind}"].split("\n")) == 2, (lang, kind)


def played(log: list[dict[str, Any]], action: str) -> int:
    """How many events in the log say that seat 0 made this decision (``buy``, ``gallery 12 40``…)."""
    return sum(1 for e in log if e["args"].get("seat") == 0 and e["kind"] == EVENT_OF[action.split()[0]])


@pytest.mark.browser
@needs_chromium
def test_the_board_and_a_decision_in_the_browser(running: Running) -> None:
    catalog = get_game("luxembourg-shopping").catalog
    ARTIFACTS.mkdir(exist_ok=True)
    errors: list[str] = []
    with support.chromium() as browser:
        for lang, width, height in (("en", 1280, 800), ("fr", 1280, 900)):
            seats = [{"name": HOSTILE}, {"bot": "random"}, {"bot": "random"}, {"bot": "random"}]
            table, page, frames, log = support.seat_page(browser, running, "luxembourg-shopping", seats, lang,
                                                         (width, height), errors)

            # the board, as a board
            page.wait_for_selector(".lux svg.lux-board", timeout=20000)
            assert page.locator("svg.lux-board g.lux-sq").count() == 66
            assert page.locator("svg.lux-board g.lux-sq[data-kind=shop]").count() == 56
            for number, kind in ((33, "bankruptcy"), (66, "bonus")):
                assert page.get_attribute(f'g.lux-sq[data-square="{number}"]', "data-kind") == kind
            assert page.locator("g.lux-sq-start").count() == 1
            assert page.locator(".lux-centre .lux-die").count() == 2
            assert page.locator(".lux-prices tbody tr").count() == 3
            note = page.inner_text(".lux-note")
            assert catalog.t(lang, "web.reconstructed") in note
            # names are text, never markup
            assert page.locator(".lux-p-name-text").first.inner_text() == HOSTILE
            assert page.locator(".lux img, #log img").count() == 0

            # a decision: the person's first choice, clicked
            page.wait_for_selector(".lux-choices .lux-choice", timeout=30000)
            # every owned shop has its owner's mark (six dealt each, less any lost before this first decision)
            owners = frames[-1]["view"]["owners"]
            assert len(owners) >= 18
            assert page.locator("svg.lux-board .lux-owner").count() == len(owners)
            assert "web." not in page.inner_text("#board") + page.inner_text("#choices"), "a text is missing"
            page.screenshot(path=str(ARTIFACTS / f"luxembourg_{lang}_{width}_choice.png"), full_page=True)
            action, mine = support.click_first_choice(page, ".lux-choices .lux-choice", frames, partial(played, log))
            assert played(log, action) > mine, (action, log[-6:])  # (a forced payment may come in the same frames)
            page.wait_for_timeout(200)
            page.screenshot(path=str(ARTIFACTS / f"luxembourg_{lang}_{width}_table.png"), full_page=True)

            # a spectator: the same board, no choices
            watcher = support.spectator_page(browser, running, table, lang, errors)
            watcher.wait_for_selector("svg.lux-board g.lux-sq", timeout=10000)
            assert watcher.locator("svg.lux-board g.lux-sq").count() == 66
            assert watcher.locator(".lux-choices").count() == 0
            # on the phone the board scrolls in its own box, and a line says so; not on a wide screen
            assert watcher.locator(".lux-scroll-hint").inner_text() == catalog.t(lang, "web.board_scroll")
            assert not page.locator(".lux-scroll-hint").is_visible()
            watcher.screenshot(path=str(ARTIFACTS / f"luxembourg_{lang}_390_spectator.png"), full_page=True)
            watcher.close()
            page.close()
    assert not errors, errors


def test_a_server_opens_no_file_a_visitor_names(running: Running) -> None:
    """The data-file options keep their defaults at a server: no path is ever opened, and the lobby does not offer
    them; the table plays the shipped files, and its record says which."""
    for name in ("board", "correspondance", "bouton_rouge"):
        answer = running.api("POST", "/api/tables", json={"game": "luxembourg-shopping", "players": 2,
                                                          "options": {name: "/etc/passwd"}})
        assert answer.status_code == 400
        assert "a server plays only the files it ships" in answer.json()["detail"]
    games = {g["name"]: g for g in running.api("GET", "/api/games").json()}
    offered = {o["name"] for o in games["luxembourg-shopping"]["options"]}
    assert offered == {"rounds"}
    data = running.create(game="luxembourg-shopping", players=2, options={"board": "reconstructed", "rounds": 3},
                          seats=[{"bot": "random"}, {"bot": "random"}], bot_delay_ms=0)
    with connect(running.ws(data["id"])):  # a spectator opens the table, whose bots then play it out
        for _ in range(400):
            summary = running.api("GET", f"/api/tables/{data['id']}").json()
            if summary["status"] == "over":
                break
            time.sleep(0.05)
    assert summary["status"] == "over", summary
    record = running.api("GET", f"/api/tables/{data['id']}/record").json()
    assert record["data"]["board"]["file"] == "luxembourg_shopping/data/board.toml"


# --- a player's review of the browser: the words of the buttons --------------------------------------------------
COMMANDS = ("web.buy", "web.pass_buy", "web.merge", "web.pass_merge", "web.pay", "web.sell_for")
"""The texts that say what a button does (the others say what follows: « il vous restera … », « coûte … »)."""
INFINITIVE = re.compile(r"^(ne pas )?\w+(er|re|ir)\b", re.IGNORECASE)


def test_the_french_buttons_say_what_to_do_in_the_infinitive() -> None:
    """As the French commands are everywhere (acheter, vendre, payer…): a sale's button read « vendu 4 000 » where
    the English says "sell for 4,000"; it is « vendre pour 4 000 »."""
    catalog = get_game("luxembourg-shopping").catalog
    for key in COMMANDS:
        text = catalog.messages["fr"][key]
        assert INFINITIVE.match(text), (key, text)
    assert catalog.t("fr", "web.sell_for", amount="4\u00a0000") == "vendre pour 4\u00a0000"
    assert catalog.t("en", "web.sell_for", amount="4,000") == "sell for 4,000"


SELLING: dict[str, Any] = {
    "game": "luxembourg-shopping", "players": 3, "owners": {"1": 0, "2": 0, "3": 0, "40": 0, "12": 1},
    "galleries": [[1, 2, 3]], "signs": [40], "pos": [0, 14, 0], "cash": [5_000, 100_000, 100_000], "player": 0,
    "queue": [["payment", 0, 1, 20_000, "bill"], ["end_turn"]],
}
"""Ada owes Bob 20 000 and has 5 000: her shops 1, 2, 3 make gallery G1, shop 40 has a sign."""
SALES = {"en": {"sell 1": "sell for 4,000 · gallery G1 is dissolved",
                "sell 40": "sell for 12,000 · its sign goes"},
         "fr": {"sell 1": "vendre pour 4\u202f000 · la galerie G1 est dissoute",
                "sell 40": "vendre pour 12\u202f000 · son enseigne disparaît"}}
"""The sale buttons' notes (the browser groups French thousands with a narrow no-break space, as ``Intl`` does)."""


def frame_of(match: Match, lang: str, names: list[str]) -> dict[str, Any]:
    """Seat 0's state frame of ``match``, as the server builds it (``protocol.frame``), for a view drawn alone."""
    game = match.game
    obs = match.state.observation(0)
    legal = [a.text() for a in match.legal_actions()]
    view = View(game, obs, 0, lang, names, legal)
    return {"table": f"sell-{lang}", "at": 1, "seat": 0, "to_move": 0, "view": obs,
            "seats": [{"seat": i, "name": n} for i, n in enumerate(names)],
            "legal": [{"text": t, **shown(get_renderer(game), view, t)} for t in legal]}


DRAW = """async ([frame, lang]) => {
    const { loadTexts } = await import("/static/i18n.js");
    const view = await import("/games/luxembourg-shopping/view.js");
    const t = await loadTexts(lang, "luxembourg-shopping");
    const ctx = { t, lang, seat: 0, names: frame.seats.map((s) => s.name), legal: frame.legal, act: () => {},
                  log: [], extra: async () => null };
    const board = document.createElement("div");
    const choices = document.createElement("div");
    document.body.replaceChildren(board, choices);
    view.render(board, frame, ctx);
    view.renderChoices(choices, frame, ctx);
    return {
        title: choices.querySelector("h2").innerText,
        notes: Object.fromEntries([...choices.querySelectorAll(".lux-choice")].map(
            (b) => [b.dataset.action, b.querySelector("small") ? b.querySelector("small").innerText : ""])),
    };
}"""


@pytest.mark.browser
@needs_chromium
def test_the_sale_buttons_say_sell_for(running: Running) -> None:
    """A forced sale in the browser, in English and French: each shop's button says « vendre pour 4 000 » (it said
    « vendu 4 000 »), then what goes with the shop (its gallery dissolved, its sign)."""
    names = ["Ada", "Bob", "Cy"]
    ARTIFACTS.mkdir(exist_ok=True)
    errors: list[str] = []
    with support.chromium() as browser:
        for lang in ("en", "fr"):
            match = Match(get_game("luxembourg-shopping"), 3, {}, seed=1, seats=[SeatConfig(n) for n in names],
                          start=SELLING)
            assert {a.text() for a in match.legal_actions()} == {"sell 1", "sell 2", "sell 3", "sell 40"}
            page = support.page_in(browser, running, lang, errors)
            page.wait_for_load_state("networkidle")
            said = page.evaluate(DRAW, [frame_of(match, lang, names), lang])
            thousands = "," if lang == "en" else "\u202f"
            assert said["title"] == get_game("luxembourg-shopping").catalog.t(
                lang, "web.sell_title", amount=f"20{thousands}000", to="Bob", cash=f"5{thousands}000")
            for action, note in SALES[lang].items():
                assert said["notes"][action] == note, (action, said["notes"])
            assert not any("vendu" in note for note in said["notes"].values())
            page.screenshot(path=str(ARTIFACTS / f"luxembourg_{lang}_sell.png"), full_page=True)
            page.close()
    assert not errors, errors
