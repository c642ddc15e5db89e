"""``ludo replay FILE``: replay a game record and show how it ends, for any game.

The text output is the game's final screen as a spectator sees it (the game's renderer, drawn from
``state.observation(None)``), then the outcome. A record that stops at an illegal action is an error like
any other (``ludo: error:`` and exit code 2); with ``--json`` the details are also printed on stdout.
"""

from __future__ import annotations

import argparse
import json

from rich.text import Text

from ..engine.errors import LudoError, Reason, ReplayError, allowed_list
from ..engine.match import Match
from ..engine.record import GameRecord, split_actor
from ..engine.state import CHANCE, TERMINAL
from .outcome import print_outcome
from .output import Screen, fold_lines
from .render import View, get_renderer, screen
from .start import load_record, match_from_record
from .texts import UI


def run_replay(args: argparse.Namespace) -> int:
    lang: str = args.lang
    record = load_record(args.file, lang)
    try:
        match = match_from_record(record, args.file, lang)
    except LudoError as e:
        stop = e.__cause__
        if args.json and isinstance(stop, ReplayError):
            print(json.dumps({"ok": False, "index": stop.index, "action": stop.action, "reason": stop.why},
                             indent=1, ensure_ascii=False))
        raise
    state = match.state
    outcome = state.outcome() if match.is_over() else None
    if args.json:
        print(json.dumps({"ok": True, "game": record.game, "players": record.players, "options": match.options,
                          "actions": len(match.history), "over": match.is_over(),
                          "outcome": outcome.to_json() if outcome else None, "state": state.to_json()},
                         indent=1, ensure_ascii=False))
        return 0
    console = Screen()
    game = match.game
    names = [s.name for s in match.seats]
    if args.log:
        for line in fold_lines(game.describe(event, lang, names) for event in match.log_for(None)):
            console.print(Text(f"• {line}"))
    console.rule(Text(UI.t(lang, "replay.title", game=game.info.title(lang), count=len(match.history))))
    view = View(game, state.observation(None), None, lang, names, [], console.width)  # piped too: COLUMNS, else 80
    for part in screen(get_renderer(game), view):
        console.print(part)
    if outcome is not None:
        print_outcome(console, game, lang, names, outcome)
    else:
        console.print(Text(UI.t(lang, "end.not_over"), style="bold"))
    return 0


def stop_reason(record: GameRecord, error: ReplayError, lang: str) -> str:
    """Why a replay stopped, in ``lang``: the game's own words for a refused action, with what that seat could
    play instead in the player's words (never the chance events a record lists as outcomes); else as raised."""
    try:
        match = Match.from_record(record, upto=error.index)
    except LudoError:
        return error.why
    who, text = split_actor(record.actions[error.index])
    actor = match.state.current_player
    if actor == TERMINAL:
        return UI.t(lang, "replay.over")
    if who is not None and who != ("chance" if actor == CHANCE else str(actor)):
        if actor == CHANCE:
            return UI.t(lang, "replay.chance_due", action=text, given=who)
        if who == "chance":
            return UI.t(lang, "replay.not_chance", action=text, expected=actor)
        return UI.t(lang, "replay.wrong_seat", action=text, given=who, expected=actor)
    try:
        match.apply(text)
    except LudoError as e:
        if actor == CHANCE:  # the game's reasons speak to players; a record's chance event is not theirs
            return UI.t(lang, "replay.bad_chance", action=text)
        if e.reason is None:
            return str(e)
        renderer = get_renderer(match.game)
        fields = dict(e.reason.fields)
        if isinstance(fields.get("action"), str):
            fields["action"] = renderer.action_words(fields["action"], lang)
        fields.pop("allowed", None)
        if actor >= 0:
            fields["allowed"] = allowed_list([renderer.action_words(a.text(), lang) for a in match.legal_actions()])
        return match.game.catalog.reason(lang, Reason(e.reason.key, fields)) or str(e)
    return error.why
