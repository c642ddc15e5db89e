"""``ludo play``: people play a game in the terminal, against bots or hot-seat, in French or English.

Seats. ``--bots`` names bots for some seats and the other seats are people. By default people sit first
and the bots after them, in the order given (``--players 4 --bots heuristic,random`` makes seats 0 and
1 people, seat 2 a heuristic bot and seat 3 a random bot); a ``person`` (or ``-``) in the list places
a person at that seat instead (``--bots random,person,random``), and seats past the end of such a list are
people. Without ``--players`` there are as many players as bots plus one person (at least the game's
minimum). ``--names`` names the people's seats in order (no more names than people). With ``--load FILE``
the saved record decides everything (its game, and its seats say who is a bot).

The seed decides every chance draw, so it is shown only once the game is over (saved records keep it).

Everything a person reads comes from their seat's observation and event log (``State.observation``,
``Match.log_for``), and from the catalogues (``cli/locale`` and the game's own), so no secret reaches the
screen and everything reads in both languages. Input and output are injected (``input_fn``, ``console``)
so tests can script a whole game.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from rich.columns import Columns
from rich.console import Console, RenderableType
from rich.table import Table
from rich.text import Text

from ..bots import make_bot
from ..engine.bots import Bot, SeatView
from ..engine.errors import IllegalActionError, InvalidActionError, LudoError, OptionError
from ..engine.game import Game, get_game
from ..engine.i18n import Catalog
from ..engine.match import Match, bot_rng
from ..engine.options import parse_option_args
from ..engine.record import GameRecord, SeatConfig
from ..engine.state import CHANCE, Action, Outcome
from .output import Screen
from .render import View, get_renderer

InputFn = Callable[[str], str]

UI = Catalog.load("ludotheque.cli")
"""The terminal's own texts (commands, prompts, ranking); each game's texts are in its catalogue."""

PERSON_MARKS = {"-", "person", "human", "personne", "humain"}
MAX_EVENT_LINES = 12
MAX_END_LINES = 40
MAX_LOG_LINES = 400
LONG_LIST = 30
"""More legal actions than this are listed in columns, without explanations."""

_COMMANDS = {
    "help": "help", "aide": "help", "?": "help",
    "rules": "rules", "regles": "rules", "règles": "rules",
    "log": "log", "journal": "log",
    "undo": "undo", "annuler": "undo",
    "save": "save", "sauver": "save", "enregistrer": "save",
    "quit": "quit", "quitter": "quit", "exit": "quit",
}
_YES = {"y", "yes", "o", "oui"}


def split_bots(text: str | None, lang: str) -> list[str]:
    """The names in ``--bots`` (None: not given); an empty name (``--bots ""``, ``,``, ``random,``) is refused."""
    if text is None:
        return []
    names = [name.strip() for name in text.split(",")]
    if not all(names):
        raise OptionError(UI.t(lang, "error.bots_empty", bots=text))
    return names


def check_players(game: Game, players: int, lang: str, bots: str | None = None) -> None:
    """Refuse a player count outside the game's range: given by ``--players``, or made by ``--bots``."""
    i = game.info
    if not i.min_players <= players <= i.max_players:
        key = "error.players" if bots is None else "error.players_bots"
        raise OptionError(UI.t(lang, key, players=players, bots=bots, game=i.name, min=i.min_players,
                               max=i.max_players))


def plan_seats(game: Game, args: argparse.Namespace, lang: str) -> list[SeatConfig]:
    """The seats from ``--players``, ``--bots`` and ``--names`` (see the module's docstring)."""
    entries = split_bots(args.bots, lang)
    explicit = any(e.lower() in PERSON_MARKS for e in entries)
    bots = [e for e in entries if e.lower() not in PERSON_MARKS]
    players: int = args.players if args.players is not None else max(
        len(entries) if explicit else len(bots) + 1, game.info.min_players)
    check_players(game, players, lang, None if args.players is not None else args.bots)
    if len(entries if explicit else bots) > players:
        raise OptionError(UI.t(lang, "error.too_many_bots", bots=", ".join(entries), players=players))
    kinds: list[str | None]
    if explicit:
        kinds = [None if e.lower() in PERSON_MARKS else e for e in entries]
        kinds += [None] * (players - len(kinds))
    else:
        kinds = [None] * (players - len(bots)) + list(bots)
    names = [n.strip() for n in (args.names or "").split(",") if n.strip()]
    people = kinds.count(None)
    if len(names) > people:
        raise OptionError(UI.t(lang, "error.too_many_names", names=len(names), people=people))
    seats = []
    for seat, bot in enumerate(kinds):
        # Default names carry the seat number that actions and records use ("give 2", "2: buy Luxor").
        if bot is None:
            name = names.pop(0) if names else UI.t(lang, "seat.person", n=seat)
        else:
            name = UI.t(lang, "seat.bot", n=seat, bot=bot)
        seats.append(SeatConfig(name, bot))
    return seats


def build_session(args: argparse.Namespace, input_fn: InputFn = input,
                  console: Console | None = None) -> PlaySession:
    """A ready session from the command line's arguments (a new game, or ``--load``)."""
    lang: str = getattr(args, "lang", "en") or "en"
    console = console or Screen()
    notes: list[str] = []
    if args.load:
        record = GameRecord.load(args.load)
        if args.game and get_game(record.game) is not get_game(args.game):
            raise OptionError(UI.t(lang, "error.load_game", path=args.load, game=record.game,
                                   wanted=get_game(args.game).info.name))
        match = Match.from_record(record)
        check_load_agrees(match, args, lang)
        ignored = [f"--{k}" for k in ("players", "bots", "seed", "names", "option")
                   if getattr(args, k, None) not in (None, "", [])]
        if ignored:
            key = "info.load_ignores" if len(ignored) == 1 else "info.load_ignores_many"
            notes.append(UI.t(lang, key, ignored=", ".join(ignored)))
        notes.append(UI.t(lang, "info.loaded", path=args.load, count=len(match.history)))
    else:
        if not args.game:
            raise OptionError(UI.t(lang, "error.no_game"))
        game = get_game(args.game)
        seats = plan_seats(game, args, lang)
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
        match = Match(game, len(seats), parse_option_args(args.option or []), seed, seats)
    session = PlaySession(match, lang, input_fn, console)
    session.notices += notes
    return session


def check_load_agrees(match: Match, args: argparse.Namespace, lang: str) -> None:
    """Refuse ``--players``, ``--seed``, ``--option`` or ``--bots`` that contradict the loaded game (ones that
    agree with it are accepted), saying what the saved game is (all but its seed, a secret until the end)."""
    game = match.game
    fields: dict[str, Any] = {"path": args.load, "game": game.info.title(lang), "players": match.players}
    if args.players is not None and args.players != match.players:
        raise OptionError(UI.t(lang, "error.load_players", given=args.players, **fields))
    if args.seed is not None and args.seed != match.seed:
        raise OptionError(UI.t(lang, "error.load_seed", given=args.seed, **fields))
    given = parse_option_args(args.option or [])
    wanted = game.resolve(match.players, given)
    for name, raw in given.items():
        if wanted[name] != match.options[name]:
            options = ", ".join(f"{k}={str(v).lower() if isinstance(v, bool) else v}"
                                for k, v in match.options.items())
            raise OptionError(UI.t(lang, "error.load_option", given=f"{name}={raw}", options=options, **fields))
    if args.bots:
        saved = [s.bot.lower() if s.bot else None for s in match.seats]
        try:
            plan = plan_seats(game, argparse.Namespace(bots=args.bots, players=match.players, names=""), lang)
            agrees = [s.bot.lower() if s.bot else None for s in plan] == saved
        except OptionError:
            agrees = False
        if not agrees:
            seats = ",".join(b or UI.t(lang, "seat.mark") for b in saved)
            raise OptionError(UI.t(lang, "error.load_bots", given=args.bots, seats=seats, **fields))


def run_play(args: argparse.Namespace, input_fn: InputFn = input, console: Console | None = None) -> int:
    """``ludo play``: play until the game ends or the person quits."""
    return build_session(args, input_fn, console).run()


class PlaySession:
    """A match driven from the keyboard: bots and chance move by themselves, people are asked."""

    def __init__(self, match: Match, lang: str, input_fn: InputFn, console: Console) -> None:
        self.match = match
        self.lang = lang
        self.input_fn = input_fn
        self.console = console
        self.game = match.game
        self.renderer = get_renderer(self.game)
        self.names = [s.name for s in match.seats]
        self.people = [i for i, s in enumerate(match.seats) if s.bot is None]
        self.marks: dict[int, int] = {}
        """Per person: how much of the event log they had seen when they last decided."""
        self.marks_at: dict[int, int] = {}
        """The deciding person's mark when the decision at each history index was asked (for undo)."""
        self.last_person: int | None = None
        self.notices: list[str] = []
        """Messages for the next screen (after undo or load), shown under the list of choices."""
        self.bots: dict[int, Bot] = {}
        self._make_bots()

    def ui(self, key: str, **fields: Any) -> str:
        return UI.t(self.lang, key, **fields)

    def _make_bots(self) -> None:
        m = self.match
        self.bots = {seat: make_bot(s.bot, self.game.info.name, seat, bot_rng(m.seed, seat, len(m.history)))
                     for seat, s in enumerate(m.seats) if s.bot is not None}

    # --- the loop -----------------------------------------------------------------------------
    def run(self) -> int:
        if not self.people:
            self.notices.append(self.ui("info.no_person"))
        seen = len(self.match.events)
        while not self.match.is_over():
            seen = self._pause_for_milestones(seen)
            seat = self.match.current_player
            if seat == CHANCE:
                self.match.draw_chance()
            elif seat in self.bots:
                self._bot_move(seat)
            elif not self._person_turn(seat):
                self._say(self.ui("info.quit"))
                return 0
        self._final()
        return 0

    def _pause_for_milestones(self, since: int) -> int:
        """Show what deserves a stop (a round's scoring: public events) and wait for Enter; the new log length."""
        events = self.match.log_for(None)[since:]
        shown = [e for e in events if e.kind in self.renderer.milestones]
        if shown and self.people:
            catalog = self.game.catalog
            title = catalog.t(self.lang, "ui.milestone") if catalog.has("ui.milestone") else self.ui("screen.milestone")
            self.console.rule(Text(title), style="bold")
            for line in fold_lines(self.game.describe(e, self.lang, self.names) for e in shown):
                self._say(f"• {line}")
            self._ask(self.ui("screen.continue"))
        return since + len(events)

    def _bot_move(self, seat: int) -> None:
        state = self.match.state
        action = self.bots[seat].choose(SeatView(state, seat, state.legal_actions()))
        self.match.apply(action)

    def _person_turn(self, seat: int) -> bool:
        """Ask ``seat`` for one decision (showing the screen first); False when the person quits."""
        if len(self.people) > 1 and self.last_person != seat:
            self._clear()
            self._say(self.ui("handoff.ready", name=self.names[seat]), "bold cyan")
            if self._ask("") is None:
                return False
        self.last_person = seat
        self._show(seat)
        while True:
            raw = self._ask(self.ui("screen.prompt"))
            if raw is None:
                return False
            text = raw.strip()
            if not text:
                self._show(seat)
                continue
            word, _, rest = text.partition(" ")
            command = _COMMANDS.get(word.lower())
            if command is not None:
                outcome = self._command(seat, command, rest.strip())
                if outcome is not None:
                    return outcome
                continue
            action = self._read_action(text)
            if action is None:
                continue
            mark = len(self.match.events)
            try:
                self.match.apply(action)
            except (InvalidActionError, IllegalActionError) as e:
                self._error("error.illegal", reason=self._why(e))
                continue
            self.marks_at[len(self.match.history) - 1] = self.marks.get(seat, 0)
            self.marks[seat] = mark
            return True

    def _read_action(self, text: str) -> Action | None:
        legal = self.match.legal_actions()
        if text.isdigit():
            number = int(text)
            if 1 <= number <= len(legal):
                return legal[number - 1]
            self._error("error.number", number=number, count=len(legal))
            return None
        try:
            return self.match.state.parse_action(text)
        except InvalidActionError as e:
            self._error("error.invalid", text=text, reason=self._why(e))
            return None

    def _command(self, seat: int, command: str, rest: str) -> bool | None:
        """Run a command; True/False to end the person's turn (continue / quit), None to ask again."""
        if command == "help":
            self._say(self.ui("help.text").strip("\n"))
            if self.game.catalog.has("help.actions"):
                self._say(self.game.catalog.t(self.lang, "help.actions").strip("\n"))
        elif command == "rules":
            if self.game.catalog.has("rules.summary"):
                self._say(self.game.catalog.t(self.lang, "rules.summary").strip("\n"))
        elif command == "log":
            self.console.rule(Text(self.ui("screen.log")), style="dim")
            self._print_events(seat, 0, MAX_LOG_LINES)
        elif command == "undo":
            if self._undo(seat):
                return True
        elif command == "save":
            self._save(rest)
        elif command == "quit":
            self._say(self.ui("info.quit_confirm"), "yellow")
            answer = self._ask(self.ui("screen.prompt"))
            if answer is None or answer.strip().lower() in _YES:
                return False
        return None

    def _undo(self, seat: int) -> bool:
        history = self.match.history
        previous = [i for i, (actor, _) in enumerate(history) if actor == seat]
        if not previous:
            self._error("error.undo_none")
            return False
        at = previous[-1]
        if any(actor >= 0 and actor != seat and actor not in self.bots for actor, _ in history[at:]):
            self._error("error.undo_people")
            return False
        undone = history[at][1].text()
        self.match = self.match.replay_prefix(at)
        self._make_bots()
        self.marks[seat] = self.marks_at.get(at, 0)
        self.marks = {s: min(m, len(self.match.events)) for s, m in self.marks.items()}
        self.notices.append(self.ui("info.undone", action=undone))
        return True

    def _save(self, path: str) -> None:
        if not path:
            self._error("error.command", text="save")
            return
        target = Path(path).expanduser()
        if target.exists():
            self._say(self.ui("info.overwrite", path=path), "yellow")
            answer = self._ask(self.ui("screen.prompt"))
            if answer is None or answer.strip().lower() not in _YES:
                self._say(self.ui("info.not_saved", path=path), "yellow")
                return
        try:
            self.match.to_record().save(target)
        except OSError as e:
            self._error("error.save", path=path, reason=e.strerror or str(e))
            return
        self._say(self.ui("info.saved", path=path, game=self.game.info.name), "green")

    # --- input and output ---------------------------------------------------------------------
    def _ask(self, prompt: str) -> str | None:
        try:
            return self.input_fn(prompt)
        except EOFError:
            return None

    def _why(self, error: LudoError) -> str:
        """The refusal in the player's language when the game's catalogue says it, else as raised."""
        return self.match.game.catalog.reason(self.lang, error.reason) or str(error)

    def _error(self, key: str, **fields: Any) -> None:
        self._say(self.ui(key, **fields), "bold red")

    def _say(self, text: str, style: str = "") -> None:
        """Print words as they are (names, paths and engine messages are never read as markup)."""
        self.console.print(Text(text, style=style))

    def _clear(self) -> None:
        """Clear the screen and the terminal's scrollback (so the next person cannot scroll up to a hand)."""
        if self.console.is_terminal:
            self.console.clear()
            self.console.file.write("\x1b[3J")
            self.console.file.flush()

    def _view(self, seat: int | None, legal: list[str]) -> View:
        obs = self.match.state.observation(seat)
        return View(self.game, obs, seat, self.lang, self.names, legal)

    def _show(self, seat: int) -> None:
        """The whole screen of a person about to decide, from their observation and log only."""
        self._clear()
        legal = [a.text() for a in self.match.legal_actions()]
        view = self._view(seat, legal)
        c = self.console
        parts = self.renderer.screen(view)
        choices: RenderableType
        if len(legal) <= LONG_LIST:
            table = Table.grid(padding=(0, 2))
            for i, text in enumerate(legal, 1):
                table.add_row(Text(f"{i:>2}", style="bold cyan"), Text(text, style="bold"),
                              Text(self.renderer.action_label(view, text), style="dim"))
            choices = table
        else:
            choices = Columns([Text.assemble((f"{i:>2} ", "bold cyan"), text) for i, text in enumerate(legal, 1)],
                              padding=(0, 3))
        c.rule(Text(self.ui("screen.title", game=self.game.info.title(self.lang))))
        for part in parts:
            c.print(part)
        c.rule(Text(self.ui("screen.since")), style="dim")
        self._print_events(seat, self.marks.get(seat, 0), self._event_limit([*parts, choices]))
        c.rule(Text(self.ui("screen.you", name=self.names[seat])), style="bold")
        c.print(choices)
        hint = "screen.hint" if len(legal) > 1 else "screen.hint_one"
        self._say(self.ui(hint, count=len(legal), example=legal[-1] if legal else ""), "dim")
        for notice in self.notices:
            self._say(notice, "cyan")
        self.notices.clear()

    def _event_limit(self, others: list[RenderableType]) -> int:
        """As many event lines as fit on a real terminal with the rest of the screen (at least 3)."""
        if not self.console.is_terminal:
            return MAX_EVENT_LINES
        c = self.console
        used = sum(len(c.render_lines(r, c.options, pad=False)) for r in others) + 6 + len(self.notices)
        return max(3, min(MAX_EVENT_LINES, c.height - used))

    def _print_events(self, seat: int | None, since: int, limit: int = MAX_EVENT_LINES) -> None:
        lines = fold_lines(self.game.describe(event, self.lang, self.names)
                           for event in self.match.log_for(seat)[since:])
        if not lines:
            self._say(self.ui("screen.nothing"), "dim")
        if len(lines) > limit:
            self._say(self.ui("screen.earlier", count=len(lines) - limit), "dim")
            lines = lines[-limit:]
        for line in lines:
            self._say(f"• {line}")

    def _final(self) -> None:
        c = self.console
        outcome = self.match.state.outcome()
        self._clear()
        for notice in self.notices:
            self._say(notice, "cyan")
        view = self._view(self.people[0] if len(self.people) == 1 else None, [])
        for part in self.renderer.screen(view):
            c.print(part)
        c.rule(Text(self.ui("end.events")), style="dim")
        self._print_events(None, min((self.marks.get(p, 0) for p in self.people), default=0), MAX_END_LINES)
        print_outcome(c, self.game, self.lang, self.names, outcome)
        self._say(self.ui("end.seed", seed=self.match.seed), "dim")


def fold_lines(lines: Iterable[str]) -> list[str]:
    """Lines repeated in a row (e.g. the six tiles of a deal) once, with "×N"."""
    folded: list[list[Any]] = []
    for line in lines:
        if folded and folded[-1][0] == line:
            folded[-1][1] += 1
        else:
            folded.append([line, 1])
    return [line + (f" ×{times}" if times > 1 else "") for line, times in folded]


def end_reason(game: Game, lang: str, termination: str) -> str:
    """How a game ended, from the game's catalogue (``reason.<termination>``), else the identifier."""
    key = f"reason.{termination}"
    return game.catalog.t(lang, key) if game.catalog.has(key) else termination


def print_outcome(console: Console, game: Game, lang: str, names: Sequence[str], outcome: Outcome) -> None:
    """The end of a game: why it ended, the ranking with scores, and who won."""
    console.rule(Text(UI.t(lang, "end.title", reason=end_reason(game, lang, outcome.termination))), style="bold")
    table = Table(title=UI.t(lang, "end.ranking"), header_style="bold")
    table.add_column(UI.t(lang, "end.rank"), justify="right")
    table.add_column(UI.t(lang, "end.player"))
    score = game.catalog.t(lang, "ui.score") if game.catalog.has("ui.score") else UI.t(lang, "end.fortune")
    table.add_column(score, justify="right")
    for seat in sorted(range(len(names)), key=lambda s: (outcome.ranks[s], s)):
        table.add_row(str(outcome.ranks[seat]), Text(names[seat]), str(outcome.scores[seat]),
                      style="bold green" if seat in outcome.winners else None)
    console.print(table)
    winners = ", ".join(names[s] for s in outcome.winners)
    key = "end.winner" if len(outcome.winners) == 1 else "end.winners"
    console.print(Text(UI.t(lang, key, names=winners), style="bold green"))
