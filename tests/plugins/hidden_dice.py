"""Hidden dice, a game that lives only in the tests: it shows that a game is one package registered through
the entry point, and nothing else. Each player rolls a die in secret, then in turn keeps it or rolls again
once; the highest die wins (ties share)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ludotheque.engine import Action, Catalog, Game, GameInfo, InvalidActionError, Outcome, StateFormatError
from ludotheque.engine.state import CHANCE, TERMINAL, SeatedState, rank_scores


@dataclass(frozen=True, slots=True)
class Roll(Action):
    value: int

    def text(self) -> str:
        return f"roll {self.value}"


@dataclass(frozen=True, slots=True)
class Choice(Action):
    again: bool

    def text(self) -> str:
        return "again" if self.again else "keep"


ROLLS = [Roll(v) for v in range(1, 7)]


class DiceState(SeatedState):
    __slots__ = ("dice", "step")

    def __init__(self, players: int, options: dict[str, Any], dice: list[int] | None = None, step: int = 0) -> None:
        self.events, self.n, self.options = None, players, dict(options)
        self.dice, self.step = dice or [0] * players, step  # step: dice rolled first, then seats deciding
        self.actor = CHANCE if 0 in self.dice else step - players if step < 2 * players else TERMINAL

    def legal_actions(self) -> list[Action]:
        return [Choice(False), Choice(True)] if self.actor >= 0 else []

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return [(r, 1 / 6) for r in ROLLS] if self.actor == CHANCE else []

    def apply_legal(self, action: Action) -> None:
        if isinstance(action, Roll):
            seat = self.dice.index(0)
            self.dice[seat] = action.value
            self._emit("roll", private_to=seat, public={"seat": seat}, seat=seat, value=action.value)
            self.step += self.step < self.n
        else:
            assert isinstance(action, Choice)
            self._emit("choice", seat=self.actor, again=action.again)
            self.dice[self.actor] = 0 if action.again else self.dice[self.actor]
            self.step += 1
        self.actor = CHANCE if 0 in self.dice else self.step - self.n if self.step < 2 * self.n else TERMINAL

    def parse_action(self, text: str) -> Action:
        return GAME.parse_action(text)

    def outcome(self) -> Outcome:
        ranks = rank_scores(tuple(self.dice))
        return Outcome(tuple(self.dice), ranks, tuple(s for s in range(self.n) if ranks[s] == 1), "all_decided")

    def clone(self) -> DiceState:
        return DiceState(self.n, self.options, self.dice[:], self.step)

    def to_json(self) -> dict[str, Any]:
        return {"players": self.n, "options": self.options, "dice": self.dice[:], "step": self.step}

    def observation(self, seat: int | None) -> dict[str, Any]:
        return {"to_move": self.to_move(), "step": self.step, "rolled": [d > 0 for d in self.dice],
                "dice": [d if s == seat or self.actor == TERMINAL else None for s, d in enumerate(self.dice)]}

    def resample(self, seat: int, rng: random.Random) -> DiceState:
        dice = [d if s == seat or not d else rng.randint(1, 6) for s, d in enumerate(self.dice)]
        return DiceState(self.n, self.options, dice, self.step)


class HiddenDice(Game):
    info = GameInfo("hidden-dice", (), "Hidden dice", "Dés cachés", 2, 4, (), "none", True, True, max_actions=200)
    catalog = Catalog({"en": {"event.roll": "{player} rolls a die.", "event.choice": "{player}: again? {again}."},
                       "fr": {"event.roll": "{player} lance un dé.", "event.choice": "{player} : relancer ? {again}."}})

    def initial_state(self, players: int, options: dict[str, Any], seat_settings: list[Any]) -> DiceState:
        return DiceState(players, options)

    def state_from_json(self, data: Any) -> DiceState:
        try:
            n, dice, step = data["players"], data["dice"], data["step"]
            ok = len(dice) == n and all(d in range(7) for d in dice) and step in range(2 * n + 1)
            zeros = [s for s, d in enumerate(dice) if not d]
            ok = ok and (zeros == list(range(step, n)) if step < n else zeros in ([], [step - n - 1]))
        except (TypeError, KeyError):
            ok = False
        if not ok or set(data) != {"players", "options", "dice", "step"}:
            raise StateFormatError(f"not a hidden-dice position: {data!r}")
        return DiceState(n, self.resolve(n, data["options"]), list(dice), step)

    def parse_action(self, text: str) -> Action:
        words = text.split()
        if words in (["keep"], ["again"]):
            return Choice(words == ["again"])
        if len(words) == 2 and words[0] == "roll" and words[1] in "123456" and len(words[1]) == 1:
            return ROLLS[int(words[1]) - 1]
        raise InvalidActionError(f"{text!r}: expected keep, again or roll 1–6")


GAME = HiddenDice()
