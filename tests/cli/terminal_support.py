"""What the terminal tests share: a recording terminal, a ``ludo play`` session played screen by screen, the check
that a screen fits its terminal, a game's screens drawn from a match for a seat at positions of a random game, and
action words that parse back."""

from __future__ import annotations

import argparse
import io
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.cells import cell_len
from rich.console import Console

from ludotheque.cli.play import PlaySession, build_session
from ludotheque.cli.render import Renderer, View, screen
from ludotheque.engine import Match
from ludotheque.engine.game import Game


@dataclass
class Shot:
    """One screen, as the person saw it when asked."""

    prompt: str
    text: str
    phase: str
    choices: int
    seat: int
    events: list[Any] = field(default_factory=list)
    """The events the person saw happen since their last decision (from the log, not from the screen)."""

    @property
    def lines(self) -> list[str]:
        return self.text.rstrip("\n").split("\n")

    def section(self, start: str, end: str) -> list[str]:
        """The lines between the rule holding ``start`` and the next rule holding ``end``."""
        lines = self.lines
        first = next(i for i, line in enumerate(lines) if start in line and "─" in line)
        last = next(i for i, line in enumerate(lines) if i > first and end in line and "─" in line)
        return lines[first + 1:last]


def scripted(answers: Sequence[str]) -> Callable[[str], str]:
    """A person who types ``answers`` one by one at the prompts, then leaves (the end of the input)."""
    left = iter(answers)

    def answer(prompt: str) -> str:
        text = next(left, None)
        if text is None:
            raise EOFError
        return text

    return answer


def terminal(width: int, height: int) -> Console:
    return Console(file=io.StringIO(), width=width, height=height, record=True, force_terminal=True,
                   color_system="truecolor")


def play(session: PlaySession, answers: Callable[[Shot], str] | None = None, limit: int = 600,
         stop_after: int | None = None) -> list[Shot]:
    """Play ``session`` to the end (or ``stop_after`` prompts), answering "1" (or ``answers``), and keep every
    screen shown before a prompt."""
    shots: list[Shot] = []
    console = session.console

    def ask(prompt: str) -> str:
        m = session.match
        state = m.state
        seat = m.current_player
        seen = session.marks.get(seat, 0)
        obs = state.observation(seat if seat >= 0 else None)
        shot = Shot(prompt, console.export_text(clear=True), obs.get("phase", ""),
                    len(m.legal_actions()), seat, m.log_for(seat)[seen:] if seat >= 0 else [])
        shots.append(shot)
        assert len(shots) < limit, "the game does not end"
        if stop_after is not None and len(shots) > stop_after:
            raise EOFError
        if m.is_over():
            return ""
        return answers(shot) if answers else "1"

    session.input_fn = ask
    session.run()
    return shots


def first_screen(match: Match, lang: str, width: int = 80, height: int = 24) -> Shot:
    """The first screen ``ludo play`` shows from ``match`` on a ``width`` × ``height`` terminal, which fits it."""
    session = PlaySession(match, lang, lambda prompt: "", terminal(width, height))
    first = play(session, stop_after=1)[0]
    assert_fits(first, width, height)
    return first


def session_for(game: str, players: int, width: int, height: int, lang: str = "en", seed: int = 5,
                options: list[str] | None = None, bots: str = "heuristic") -> PlaySession:
    """``ludo play`` on a ``width`` × ``height`` terminal: Ada on seat 0, ``bots`` bots on the others."""
    args = argparse.Namespace(game=game, players=players, option=options or [], seed=seed, names="Ada",
                              bots=",".join([bots] * (players - 1)), load=None, lang=lang)
    return build_session(args, lambda prompt: "", terminal(width, height))


def assert_fits(shot: Shot, width: int, height: int) -> None:
    lines = shot.lines
    assert len(lines) + 1 <= height, f"{len(lines) + 1} lines with the prompt:\n{shot.text}"
    assert max(cell_len(line) for line in lines) <= width, shot.text
    assert not re.search(r"\w…", shot.text), f"a cut word:\n{shot.text}"


def words(text: str) -> str:
    """``text`` with its spaces (no-break ones too) and line breaks as single spaces."""
    return " ".join(text.split())


@dataclass(frozen=True)
class Screens:
    """A game's screens as its tests draw them, from a match."""

    game: Game
    renderer: Renderer
    names: Sequence[str] | None = None
    """The seats' names on screen, the first as many as the match has players (None: the match's seats')."""

    def view_of(self, match: Match, lang: str, width: int | None, height: int | None = None,
                seat: int | None = -1) -> View:
        """The screen's view for ``seat`` (-1: whoever decides now, else a spectator)."""
        if seat == -1:
            seat = match.current_player if match.current_player >= 0 else None
        legal = [a.text() for a in match.legal_actions()] if seat is not None and seat == match.current_player else []
        names = [s.name for s in match.seats] if self.names is None else self.names[:match.players]
        return View(self.game, match.state.observation(seat), seat, lang, names, legal, width, height)

    def draw(self, view: View) -> str:
        """The screen as printed (without colours), as wide as the view (160 columns when it has no width)."""
        console = Console(file=io.StringIO(), width=view.width or 160, record=True, color_system=None)
        for part in screen(self.renderer, view):
            console.print(part)
        return console.export_text()


def sampled_positions(match: Match, choose: Callable[[], Any], every: int, most: int | None = None) -> Iterator[Match]:
    """``match`` played to its end, chance drawn and each decision made by ``choose``: the match at a seat's decision
    every ``every`` decisions (from the first on, ``most`` times at most) and at the end."""
    sampled = 0
    decisions = 0
    while True:
        over = match.is_over()
        if over or (match.current_player >= 0 and decisions % every == 0 and (most is None or sampled < most)):
            yield match
            sampled += 1
        if over:
            return
        if match.current_player < 0:
            match.draw_chance()
            continue
        decisions += 1
        match.apply(choose())


def assert_words_parse_back(renderer: Renderer, action_words: Callable[[str, str], str], parse: Callable[[str], Any],
                            texts: Sequence[str], lang: str) -> None:
    """Each action text in ``lang``'s words (the game's ``action_words``, its renderer's too) parses back to the same
    action."""
    for text in texts:
        said = action_words(text, lang)
        assert parse(said) == parse(text), (text, said)
        assert renderer.action_words(text, lang) == said
