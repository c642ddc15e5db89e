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
screen and everything reads in both languages: actions are listed, explained and refused in the person's words
(``Renderer.action_words``: ``acheter Luxor``), which they may type back (English words work too); records keep
the English texts. Input and output are injected (``input_fn``, ``console``) so tests can script a whole game.

The screen fits the terminal (80 × 24 and up): the game draws a compact layout on a small terminal, what happened
since the person's last move is summarised and, when it does not all fit, routine lines go first, then key lines
are said in their short form; a merger, its bonuses and every holder's choice are never left out (the choices are
put in columns or cut, "list" shows them all, and the game draws a tighter layout to make room), and whatever is
left out is counted in a line ("log" shows it). A finished game leaves a last look before the program ends:
``save FILE``, ``log``, or Enter (or the end of input) to leave. Sentences are wrapped at ordinary spaces only
(``render.wrapped``), so that French punctuation after its no-break space stays with its word.
"""

from __future__ import annotations

import argparse
import errno
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.columns import Columns
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..engine.errors import (
    IllegalActionError,
    InvalidActionError,
    LudoError,
    OptionError,
    Reason,
    allowed_list,
)
from ..engine.game import get_game
from ..engine.match import Match
from ..engine.options import parse_option_args
from ..engine.state import CHANCE, Action
from ..engine.words import format_int
from ..table import Table as TableService
from .outcome import outcome_parts
from .output import Screen, fold_lines, os_reason
from .render import KEY, MAJOR, NORMAL, ROUTINE, EventLine, View, Words, bullets, get_renderer, screen, wrapped
from .shell import shell_word
from .start import (
    check_arguments,
    check_load_agrees,
    check_record_bots,
    game_title,
    load_record,
    match_from_record,
    plan_seats,
)
from .texts import UI

InputFn = Callable[[str], str]


MAX_EVENT_LINES = 12
"""Event lines shown when the output is not a terminal (on a terminal, as many as fit)."""
MAX_END_LINES = 40
MAX_LOG_LINES = 400
LONG_LIST = 30
"""More legal actions than this are listed in columns, without explanations."""
RESERVED_LINES = 7
"""Lines a terminal keeps under the game's part of the screen: two rules, a few events and choices, the prompt."""
MIN_EVENT_LINES = 2
COMFORT_EVENT_LINES = 5
"""Lines of events kept rather than explaining each choice (the choices then go in columns)."""
MIN_CHOICE_LINES = 1
ROOMY_LINES = 40
"""From this many lines, the screen has its title and the longer hint."""

_COMMANDS = {
    "help": "help", "aide": "help", "?": "help",
    "rules": "rules", "regles": "rules", "règles": "rules",
    "log": "log", "journal": "log",
    "list": "list", "liste": "list", "choices": "list", "choix": "list",
    "undo": "undo", "annuler": "undo",
    "hint": "hint", "conseil": "hint", "indice": "hint",
    "save": "save", "sauver": "save", "enregistrer": "save",
    "quit": "quit", "quitter": "quit", "exit": "quit",
}
_YES = {"y", "yes", "o", "oui"}


def build_session(args: argparse.Namespace, input_fn: InputFn = input,
                  console: Console | None = None) -> PlaySession:
    """A ready session from the command line's arguments (a new game, or ``--load``)."""
    lang: str = getattr(args, "lang", "en") or "en"
    console = console or Screen()
    notes: list[str] = []
    if args.load:
        record = load_record(args.load, lang)
        if args.game and get_game(record.game) is not get_game(args.game):
            raise OptionError(UI.t(lang, "error.load_game", path=args.load, game=game_title(record.game, lang),
                                   wanted=get_game(args.game).info.title(lang)))
        match = match_from_record(record, args.load, lang)
        check_record_bots(record, match.game, args.load, lang)  # before the session makes them
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


def run_play(args: argparse.Namespace, input_fn: InputFn = input, console: Console | None = None) -> int:
    """``ludo play``: play until the game ends or the person quits (then a last look: save it, read its log)."""
    check_arguments(args, getattr(args, "lang", "en") or "en")
    return build_session(args, input_fn, console).run()


class PlaySession:
    """A table driven from the keyboard: the table service plays chance and the bots (thinking on copies), and
    people are asked here."""

    def __init__(self, match: Match, lang: str, input_fn: InputFn, console: Console) -> None:
        self.table = TableService(match)
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
        self.saved: list[tuple[int, Action]] | None = None
        """The moves when the game was last saved (None: not saved since it started or was loaded)."""

    def ui(self, key: str, **fields: Any) -> str:
        return UI.t(self.lang, key, **fields)

    def ui_n(self, count: int, one: str, other: str, /, **fields: Any) -> str:
        """The catalogue's ``one`` or ``other`` text, as ``count`` asks in the player's language."""
        return UI.counted(self.lang, count, one, other, **fields)

    def words(self, action: str) -> str:
        """An action's text in the player's words (``buy Luxor`` -> ``acheter Luxor``)."""
        return self.renderer.action_words(action, self.lang)

    @property
    def match(self) -> Match:
        """The game being played (the table's)."""
        return self.table.match

    # --- the loop -----------------------------------------------------------------------------
    def run(self) -> int:
        if not self.people:
            self.notices.append(self.ui("info.no_person"))
        seen = len(self.match.events)
        while not self.match.is_over():
            seen = self._pause_for_milestones(seen)
            if self.table.advance():  # chance and bots, until a person must act or the game is over
                continue
            if not self._person_turn(self.table.to_move):
                self._say(self.ui("info.quit"))
                return 0
        self._pause_for_milestones(seen)
        self._final()
        self._last_look()
        return 0

    def _pause_for_milestones(self, since: int) -> int:
        """Show what deserves a stop (a round's scoring: public events) and wait for Enter; the new log length."""
        log = self.match.log_for(None)
        if self.people and any(e.kind in self.renderer.milestones for e in log[since:]):
            catalog = self.game.catalog
            title = catalog.t(self.lang, "ui.milestone") if catalog.has("ui.milestone") else self.ui("screen.milestone")
            self._clear()
            self.console.rule(Text(title), style="bold")
            view = self._view(self.people[0] if len(self.people) == 1 else None, [])
            for part in self.renderer.milestone(view, log, since):
                self.console.print(part)
            self._ask(self.ui("screen.continue"))
        return len(log)

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
            action = self._read_action(seat, text)
            if action is None:
                continue
            mark = len(self.match.events)
            try:
                self.table.submit(seat, action, self.table.at)
            except (InvalidActionError, IllegalActionError) as e:
                self._error("error.illegal", reason=self._why(e, seat))
                continue
            self.marks_at[len(self.match.history) - 1] = self.marks.get(seat, 0)
            self.marks[seat] = mark
            return True

    def _menu(self, seat: int, legal: list[str]) -> list[str]:
        """The choices offered by number: the legal actions, or the renderer's short list of them where a game's
        moves are too many to list (Stack Market's aims: the named ones; any aim may still be typed)."""
        menu = getattr(self.renderer, "menu", None)
        return list(menu(self._view(seat, legal), legal)) if menu is not None else legal

    def _read_action(self, seat: int, text: str) -> Action | None:
        legal = self._menu(seat, [a.text() for a in self.match.legal_actions()])
        if text.isdigit():
            number = int(text)
            if 1 <= number <= len(legal):
                return self.match.state.parse_action(legal[number - 1])
            self._error("error.number" if len(legal) > 1 else "error.number_only", number=number, count=len(legal))
            return None
        typed = getattr(self.renderer, "check_typed", None)
        doubt = typed(self._view(seat, legal), text) if typed is not None else None
        if doubt is not None:  # understood, but likely not what a person meant (an aim without its units)
            self._error("error.invalid", reason=self._why(InvalidActionError(doubt.key, doubt), seat))
            return None
        try:
            return self.match.state.parse_action(text)
        except IllegalActionError as e:  # understood, but not allowed (more shares than one holds, a bid of 455)
            self._error("error.illegal", reason=self._why(e, seat))
            return None
        except InvalidActionError as e:
            # A text the game understands but not at this step ("sell 3" before any merger) is refused as such.
            refined = self.renderer.refine_reason(self._view(seat, []), e.reason) if e.reason else None
            untimely = refined is not None and refined.key.startswith("not_now")
            self._error("error.illegal" if untimely else "error.invalid", reason=self._why(e, seat))
            return None

    def _command(self, seat: int, command: str, rest: str) -> bool | None:
        """Run a command; True/False to end the person's turn (continue / quit), None to ask again."""
        if command == "help":
            self._help()
        elif command == "rules":
            if self.game.catalog.has("rules.summary"):
                self.console.print(wrapped(self.game.catalog.t(self.lang, "rules.summary").strip("\n"),
                                           self.console.width, indent="  "))
        elif command == "list":
            legal = self._menu(seat, [a.text() for a in self.match.legal_actions()])
            self.console.print(self._columns([self.words(t) for t in legal]))
        elif command == "log":
            self.console.rule(Text(self.ui("screen.log")), style="dim")
            self._print_log(seat)
        elif command == "undo":
            if self._undo(seat):
                return True
        elif command == "hint":
            self._hint(seat)
        elif command == "save":
            self._save(rest)
        elif command == "quit":
            if self.saved == self.match.history:  # saved just now: nothing would be lost
                return False
            self._say(self.ui("info.quit_confirm"), "yellow")
            answer = self._ask(self.ui("screen.prompt"))
            if answer is None or answer.strip().lower() in _YES:
                return False
        return None

    def _hint(self, seat: int) -> None:
        """The best few moves from this seat's view, with their chances and why (``bots.hints``)."""
        from ..bots.hints import WORDS, hints

        found = hints(self.game, self.match.state.clone(), seat, seed=len(self.match.history))
        if not found:
            self._say(WORDS.t(self.lang, "hint.none"), "yellow")
            return
        width = self.console.width
        for h in found:  # a long line goes on under its own text, at ordinary spaces only
            self.console.print(wrapped("  " + h.line(self.lang, self.words(h.action)), width, "bold", indent="    "))
            for reason in h.words(self.game, self.lang, self.names):
                self.console.print(wrapped("      " + reason, width, "dim", indent="      "))

    def _help(self) -> None:
        """The commands, then the game's actions: short enough for an 80 × 24 terminal, each wrapped line indented
        under the text it continues."""
        texts = [self.ui("help.text")]
        if self.game.catalog.has("help.actions"):
            texts.append(self.game.catalog.t(self.lang, "help.actions"))
        for text in texts:
            self.console.print(wrapped(text.strip("\n"), self.console.width, hang=True))

    def _undo(self, seat: int) -> bool:
        history = self.match.history
        previous = [i for i, (actor, _) in enumerate(history) if actor == seat]
        if not previous:
            self._error("error.undo_none")
            return False
        at = previous[-1]
        if any(actor >= 0 and actor != seat and self.table.is_person(actor) for actor, _ in history[at:]):
            self._error("error.undo_people")
            return False
        before = self.match.replay_prefix(at)
        # Taking a move back after a draw or a look at a hidden card would let the person choose again knowing it
        # (a replayed game draws the same tiles, cards and dice): refused then.
        if any(actor == CHANCE for actor, _ in history[at:]) or any(
                e.private_to == seat for e in self.match.events[len(before.events):]):
            self._error("error.undo_hidden")
            return False
        undone = history[at][1].text()
        self.table = TableService(before, played=self.table.played[:at])
        self.marks[seat] = self.marks_at.get(at, 0)
        self.marks = {s: min(m, len(self.match.events)) for s, m in self.marks.items()}
        self.notices.append(self.ui("info.undone", action=self.words(undone)))
        return True

    def _save(self, path: str) -> None:
        """Save the game to ``path``: a folder is refused at once, an existing file replaced only if the person
        says so, and anything the system refuses (a name too long, no such folder, no permission…) said in the
        person's language; the game goes on whatever happens."""
        if not path:
            self._error("error.command")
            return
        try:
            target = Path(path).expanduser()
            if target.is_dir():
                self._error("error.save_folder", path=path)
                return
            exists = target.exists() or target.is_symlink()
        except (OSError, ValueError, RuntimeError) as e:
            self._error("error.save", path=path, reason=os_reason(e, self.lang))
            return
        if exists:
            self._say(self.ui("info.overwrite", path=path), "yellow")
            answer = self._ask(self.ui("screen.prompt"))
            if answer is None or answer.strip().lower() not in _YES:
                self._say(self.ui("info.not_saved", path=path), "yellow")
                return
        try:
            self.table.record().save(target)
        except (OSError, ValueError) as e:
            missing = isinstance(e, OSError) and e.errno == errno.ENOENT
            reason = self.ui("os.no_folder", folder=target.parent) if missing else os_reason(e, self.lang)
            self._error("error.save", path=path, reason=reason)
            return
        self.saved = list(self.match.history)
        key = "info.saved_over" if self.match.is_over() else "info.saved"
        self._say(self.ui(key, path=path, game=self.game.info.name, file=shell_word(target)), "green")

    # --- input and output ---------------------------------------------------------------------
    def _ask(self, prompt: str) -> str | None:
        try:
            return self.input_fn(prompt)
        except EOFError:
            return None

    def _why(self, error: LudoError, seat: int | None = None) -> str:
        """A refusal in the player's language and words, from the game's catalogue (else as raised): the action
        in the player's words, amounts as the language writes them, and what is allowed is the seat's own
        choices (never a chance event)."""
        reason = error.reason
        if reason is None:
            return str(error)
        legal = [a.text() for a in self.match.legal_actions()] if self.match.current_player == seat else []
        reason = self.renderer.refine_reason(self._view(seat, legal), reason)
        fields = dict(reason.fields)
        if isinstance(fields.get("action"), str):
            fields["action"] = self.words(fields["action"])
        for key in ("price", "cash", "amount", "income"):
            if isinstance(fields.get(key), int):
                fields[key] = format_int(fields[key], self.lang)
        if "allowed" in fields:
            if legal:
                fields["allowed"] = allowed_list([self.words(t) for t in legal])
            else:
                del fields["allowed"]
        return self.game.catalog.reason(self.lang, Reason(reason.key, fields)) or str(error)

    def _error(self, key: str, **fields: Any) -> None:
        self._say(self.ui(key, **fields), "bold red")

    def _bullet(self, text: str) -> Text:
        """An event entry, wrapped to the terminal (never inside a number), a bullet for each of its lines."""
        return bullets(text, self.console.width)

    def _say(self, text: str, style: str = "", indent: str = "") -> None:
        """Print words as they are (names, paths and engine messages are never read as markup), a line after the
        first starting with ``indent``."""
        self.console.print(wrapped(text, self.console.width, style, indent=indent))

    def _clear(self) -> None:
        """Clear the screen and the terminal's scrollback (so the next person cannot scroll up to a hand)."""
        if self.console.is_terminal:
            self.console.clear()
            self.console.file.write("\x1b[3J")
            self.console.file.flush()

    def _height(self) -> int | None:
        """The terminal's lines (None when the output is not a terminal: no limit)."""
        return self.console.height if self.console.is_terminal else None

    def _lines(self, *renderables: RenderableType) -> int:
        """How many lines ``renderables`` take on this console."""
        c = self.console
        return sum(len(c.render_lines(r, c.options, pad=False)) for r in renderables)

    def _view(self, seat: int | None, legal: list[str], height: int | None = None) -> View:
        obs = self.match.state.observation(seat)
        width = self.console.width  # piped too: rich takes COLUMNS (else 80), and the layout fits it
        return View(self.game, obs, seat, self.lang, self.names, legal, width, height)

    # --- the screen ---------------------------------------------------------------------------
    def _show(self, seat: int) -> None:
        """The whole screen of a person about to decide, from their observation and log only, fitted to the
        terminal: the game's layout for its size, then what happened (summarised, routine lines dropped first),
        then the choices (with explanations, in columns, or the first ones and "list" for all)."""
        self._clear()
        c = self.console
        legal = self._menu(seat, [a.text() for a in self.match.legal_actions()])
        words = [self.words(t) for t in legal]
        height = self._height()
        width = c.width
        notices = [wrapped(n, width, "cyan") for n in self.notices]
        self.notices.clear()
        if len(legal) == 1:
            hint_text = self.ui("screen.hint_single", example=words[0])
        elif height is None or height >= ROOMY_LINES:
            hint_text = self.ui("screen.hint", count=len(legal), example=words[-1] if words else "")
        else:
            hint_text = self.ui("screen.hint_short", count=len(legal))
        hints = [wrapped(hint_text, width, "dim")]
        reserve = RESERVED_LINES + len(notices)
        view = self._view(seat, legal, None if height is None else height - reserve)
        parts = screen(self.renderer, view)
        title = height is None or height >= ROOMY_LINES
        events = self._event_lines(seat, self.marks.get(seat, 0))
        room = None
        if height is not None:
            # What can never be left out (a merger, its bonuses, every holder's choice) and the fewest lines of
            # choices must fit: else the hint goes ("help" is known), then the game draws a tighter screen.
            least = 1
            spare = height - title - 3 - self._lines(*parts, *hints, *notices) - self._event_need(events) - least
            if spare < 0:
                spare += self._lines(*hints)
                hints = []
            if spare < 0:
                view = self._view(seat, legal, self._lines(*parts) + spare)
                parts = screen(self.renderer, view)
            room = height - self._lines(*parts, *hints, *notices) - title - 3  # two rules and the prompt
        choices = self._choices(view, legal, words, room, events)
        limit = MAX_EVENT_LINES if room is None else room - self._lines(choices)
        if title:
            c.rule(Text(self.ui("screen.title", game=self.game.info.title(self.lang))))
        for part in parts:
            c.print(part)
        c.rule(Text(self.ui("screen.since")), style="dim")
        for line in self._event_texts(events, limit):
            c.print(line)
        c.rule(Text(self.ui("screen.you", name=self.names[seat])), style="bold")
        c.print(choices)
        for part in (*hints, *notices):
            c.print(part)

    def _choices(self, view: View, legal: list[str], words: list[str], room: int | None,
                 events: list[EventLine]) -> RenderableType:
        """The legal actions, numbered: with their explanations if there is room, else in columns, else the
        first ones and how many more ("list" shows them all). ``room``: lines for these and the events."""
        table = Table.grid(padding=(0, 2))
        for i, (text, word) in enumerate(zip(legal, words, strict=True), 1):
            table.add_row(Text(f"{i:>2}", style="bold cyan"), Text(word, style="bold"),
                          Words(self.renderer.action_label(view, text), style="dim"))  # wraps as sentences do
        if room is None:
            return table if len(legal) <= LONG_LIST else self._columns(words)
        need = self._event_need(events)
        wanted = max(need, min(self._lines(*self._event_texts(events, None)), COMFORT_EVENT_LINES))
        if len(legal) <= LONG_LIST and self._lines(table) <= room - wanted:
            return table  # explanations, if they leave what happened a few lines
        space = max(room - need, MIN_CHOICE_LINES)
        columns = self._columns(words)
        if self._lines(columns) <= space:
            return columns
        cut: RenderableType = columns
        for inline in (False, True):  # "… and 9 more choices" under them; else, when one line is all, in them
            shown = len(words)
            while shown > 1:
                shown = max(1, shown - max(1, shown // 8))
                numbered = [*enumerate(words[:shown - 1], 1), (len(words), words[-1])]  # the last: often "done"
                if inline:
                    brief = Text(self.ui("screen.more_brief", count=len(words) - shown), style="dim")
                    cut = self._columns(words, numbered, brief)
                else:
                    more = self.ui_n(len(words) - shown, "screen.more_one", "screen.more_other",
                                     count=len(words) - shown)
                    cut = Group(self._columns(words, numbered), Text(more, style="dim"))
                if self._lines(cut) <= space:
                    return cut
        return cut

    @staticmethod
    def _columns(words: list[str], numbered: list[tuple[int, str]] | None = None,
                 more: Text | None = None) -> RenderableType:
        """Choices in columns, numbered (``numbered``: only those, with their numbers; ``more``: then this)."""
        entries = numbered if numbered is not None else list(enumerate(words, 1))
        cells = [Text.assemble((f"{i:>2} ", "bold cyan"), text) for i, text in entries]
        return Columns([*cells, *([more] if more is not None else [])], padding=(0, 3))

    def _event_lines(self, seat: int | None, since: int) -> list[EventLine]:
        """What ``seat`` saw happen since ``since`` (the game's summaries), repeated lines once with "×N"."""
        view = self._view(seat, [])
        lines = self.renderer.event_lines(view, self.match.log_for(seat)[since:])
        folded: list[tuple[EventLine, int]] = []
        for line in lines:
            if folded and folded[-1][0].text == line.text:
                folded[-1] = (folded[-1][0], folded[-1][1] + 1)
            else:
                folded.append((line, 1))
        return [EventLine(line.text + (f" ×{times}" if times > 1 else ""), line.weight, line.short)
                for line, times in folded]

    def _event_need(self, events: list[EventLine]) -> int:
        """The lines the events must have: all of them if they fit in a few lines, else what can never be left out
        (the key lines in their short form: a merger, its bonuses and every holder's choice) and the line saying
        how many others are not shown."""
        return self._lines(*self._event_texts(events, MIN_EVENT_LINES))

    def _event_texts(self, lines: list[EventLine], limit: int | None) -> list[Text]:
        """Event lines as printed, within ``limit`` lines when possible: routine lines go first, then ordinary
        ones, earliest first; then key and major lines are said in their short form, earliest first; then the
        major lines (a chain founded, a card played) go. Key lines (a merger with its bonuses and every holder's
        choice, the end) are never left out, so they may take more than ``limit`` (``_event_need`` says how
        many lines that is, and the screen makes room). Whenever anything is left out, a first line says how
        many events are not shown ("log" shows them)."""
        if not lines:
            return [Text(self.ui("screen.nothing"), style="dim")]
        texts = [self._bullet(line.text) for line in lines]
        if limit is None:
            return texts
        heights = [self._lines(t) for t in texts]
        keep = [True] * len(texts)

        def fits() -> bool:
            return sum(h for h, k in zip(heights, keep, strict=True) if k) + (not all(keep)) <= limit

        for weight in (ROUTINE, NORMAL):
            for i, line in enumerate(lines):
                if not fits() and line.weight == weight:
                    keep[i] = False
        for i, line in enumerate(lines):
            if not fits() and keep[i] and line.short and line.short != line.text:
                texts[i] = self._bullet(line.short)
                heights[i] = self._lines(texts[i])
        for i, line in enumerate(lines):
            if not fits() and line.weight == MAJOR:
                keep[i] = False
        hidden = sum(1 for line, k in zip(lines, keep, strict=True) if not k)
        shown = [t for t, k in zip(texts, keep, strict=True) if k]
        if not hidden:
            return shown
        note = self.ui_n(hidden, "screen.hidden_one", "screen.hidden_other", count=hidden)
        return [wrapped(note, self.console.width, "dim", indent="  "), *shown]

    def _print_log(self, seat: int | None) -> None:
        """Every event ``seat`` saw, one line each (the last ``MAX_LOG_LINES``)."""
        lines = fold_lines(self.game.describe(e, self.lang, self.names) for e in self.match.log_for(seat))
        if len(lines) > MAX_LOG_LINES:
            hidden = len(lines) - MAX_LOG_LINES
            self._say(self.ui_n(hidden, "screen.log_hidden_one", "screen.log_hidden_other", count=hidden), "dim")
            lines = lines[-MAX_LOG_LINES:]
        for line in lines or [self.ui("screen.nothing")]:
            self._say(f"• {line}", indent="  ")  # under the entry's first word, as "what happened" shows it

    # --- the end ------------------------------------------------------------------------------
    def _final(self) -> None:
        """The end: how the game ended (since the people last played), the ranking, and the position if there is
        room for it."""
        c = self.console
        outcome = self.match.state.outcome()
        self._clear()
        for notice in self.notices:
            self._say(notice, "cyan")
        since = min((self.marks.get(p, 0) for p in self.people), default=0)
        events = self._event_lines(None, since)
        result = outcome_parts(self.game, self.lang, self.names, outcome, self.console.width)
        seed = wrapped(self.ui("end.seed", seed=self.match.seed), self.console.width, "dim")
        seat = self.people[0] if len(self.people) == 1 else None
        height = self._height()
        if height is None:
            parts = screen(self.renderer, self._view(seat, []))
            limit = MAX_END_LINES
        else:
            hint = self._lines(wrapped(self.ui("end.hint"), c.width))
            room = height - self._lines(*result, seed) - len(self.notices) - hint - 2  # a rule, the prompt
            for_events = self._event_need(events)
            if for_events > room:
                # Even the short forms do not fit: what happened before the end (a merger of the last turns) may
                # go, with the line saying so; the end's own summary (its last key line) stays.
                last = max((i for i, e in enumerate(events) if e.weight == KEY), default=-1)
                events = [EventLine(e.text, MAJOR, e.short) if e.weight == KEY and i != last else e
                          for i, e in enumerate(events)]
                for_events = self._event_need(events)
            parts = screen(self.renderer, self._view(seat, [], room - for_events))
            if self._lines(*parts) > room - for_events:
                parts = []  # no room for the board: the ranking and what happened matter more
            limit = room - self._lines(*parts)
        for part in parts:
            c.print(part)
        c.rule(Text(self.ui("end.events")), style="dim")
        for line in self._event_texts(events, limit):
            c.print(line)
        for part in result:
            c.print(part)
        c.print(seed)
        self.notices.clear()

    def _last_look(self) -> None:
        """Before leaving a finished game: save it, read its log, or leave (Enter, or the end of the input). A person
        at a terminal is asked again after any mistake; input from a file or a pipe (a script that kept typing moves
        after the end) stops after three answers in a row that are none of these, and says so."""
        misses, limit = 0, None if sys.stdin.isatty() else 3
        while True:
            if limit is not None and misses >= limit:
                self._say(self.ui("end.leaving", count=misses), "dim")
                return
            self._say(self.ui("end.hint"), "dim")
            raw = self._ask(self.ui("screen.prompt"))
            if raw is None or not raw.strip():
                return
            word, _, rest = raw.strip().partition(" ")
            command = _COMMANDS.get(word.lower())
            if command == "save":
                self._save(rest.strip())
            elif command == "log":
                self.console.rule(Text(self.ui("screen.log")), style="dim")
                self._print_log(None)
            elif command == "quit":
                return
            else:
                misses += 1
                self._error("error.end_command", text=raw.strip())
                continue
            misses = 0





