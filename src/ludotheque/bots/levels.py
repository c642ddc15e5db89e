"""The levels as people see them: each level's name and what it is, in French and English (``bots/locale``), for
``ludo games`` and the browser's table setup."""

from __future__ import annotations

from . import LEVELS, WORDS

__all__ = ["WORDS", "bot_help", "bot_title", "levels_json"]


def levels_json() -> list[dict[str, object]]:
    """The levels, weakest first: each the search bot (``mcts``) with a budget, and what it is, in both languages."""
    return [{"name": name, "bot": "mcts", "parameters": dict(budget),
             "title_en": WORDS.t("en", f"level.{name}"), "title_fr": WORDS.t("fr", f"level.{name}"),
             "help_en": WORDS.t("en", f"level_help.{name}"), "help_fr": WORDS.t("fr", f"level_help.{name}")}
            for name, budget in LEVELS.items()]


def bot_title(spec: str, lang: str) -> str:
    """What a bot is, in ``lang``, for a seat's label: a level's title (``facile``), a common bot's (``heuristique``),
    else the bot's name (a bot from another package), without parameters."""
    name = spec.split(":", 1)[0].strip().lower()
    if name in LEVELS:
        return WORDS.t(lang, f"level.{name}")
    return WORDS.t(lang, f"bot.{name}") if WORDS.has(f"bot.{name}") else name


def bot_help(spec: str, lang: str) -> str:
    """What a bot that is not a level does, in ``lang``, for the table setup (empty for another package's bot, whose
    author describes it in English: ``ludo games`` shows that)."""
    name = spec.split(":", 1)[0].strip().lower()
    if name in LEVELS:
        return WORDS.t(lang, f"level_help.{name}")
    return WORDS.t(lang, f"bot_help.{name}") if WORDS.has(f"bot_help.{name}") else ""
