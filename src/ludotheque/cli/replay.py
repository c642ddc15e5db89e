"""``ludo replay FILE``: replay a game record and show how it ends, for any game.

The text output is the game's final screen as a spectator sees it (the game's renderer, drawn from
``state.observation(None)``), then the outcome. A record that stops at an illegal action is an error like
any other (``ludo: error:`` and exit code 2); with ``--json`` the details are also printed on stdout.
"""

from __future__ import annotations

import argparse
import json

from rich.text import Text

from ..engine.errors import LudoError, ReplayError
from ..engine.match import Match
from ..engine.record import GameRecord
from .output import Screen
from .play import UI, fold_lines, print_outcome
from .render import View, get_renderer


def run_replay(args: argparse.Namespace) -> int:
    lang: str = args.lang
    record = GameRecord.load(args.file)
    try:
        match = Match.from_record(record)
    except ReplayError as e:
        if args.json:
            print(json.dumps({"ok": False, "index": e.index, "action": e.action, "reason": e.why}, indent=1,
                             ensure_ascii=False))
        raise LudoError(UI.t(lang, "replay.stopped", path=args.file, index=e.index, action=e.action,
                             why=e.why)) from e
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
    view = View(game, state.observation(None), None, lang, names, [])
    for part in get_renderer(game).screen(view):
        console.print(part)
    if outcome is not None:
        print_outcome(console, game, lang, names, outcome)
    else:
        console.print(Text(UI.t(lang, "end.not_over"), style="bold"))
    return 0
