"""What a game's screen says beyond its catalogue's texts: action texts in a person's language, seats' names made
short for a short line, and the banner of a game played on the project's reconstruction of its board and cards."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from rich.text import Text

from ..engine.errors import IllegalActionError, InvalidActionError
from ..engine.words import format_int
from .render import View, wrapped

ActionT = TypeVar("ActionT")


def parsed(parse: Callable[[str], ActionT], text: str) -> ActionT | None:
    """The action ``text`` says, as the game's ``parse`` reads it, or None when it says none (a renderer then shows
    the text as it is, or explains nothing)."""
    try:
        return parse(text)
    except (InvalidActionError, IllegalActionError):  # not an action, or one no position allows (a bid of 455)
        return None


def verb_words(text: str, lang: str, parse: Callable[[str], Any], verbs: Mapping[str, Mapping[str, str]]) -> str:
    """An action's text in ``lang``'s words, for a game whose action texts are a verb and its arguments (``bid 350``,
    ``gallery 12 40``): the action ``parse`` reads in ``text``, in its own text form (``.text()``), its verb said by
    ``verbs[lang]`` (``{"fr": {"bid": "mise", …}}``; English's when ``lang`` has none) and its arguments as they
    are (``mise 350``), words the game's parser accepts back. A text that is no action is left as it is."""
    action = parsed(parse, text)
    if action is None:
        return text
    verb, *arguments = action.text().split(" ", 1)
    words = verbs.get(lang, verbs["en"])
    return " ".join([words.get(verb, verb), *arguments])


def money(view: View, amount: int) -> str:
    """An amount as the viewer's language writes it (6,000; 6 000)."""
    return format_int(amount, view.lang)


def seat_or_bank(view: View, seat: int | None) -> str:
    """A seat's name, or the bank's for -1 or None (the game's ``bank.name``, in games where the bank pays and is
    paid like a player)."""
    if seat is not None and 0 <= seat < len(view.names):
        return view.names[seat]
    return view.t("bank.name")


def short_name(name: str, names: Sequence[str] = ()) -> str:
    """A seat's name without its last words in parentheses, when it has some (a bot's kind: "Bot 1 (random)" is
    "Bot 1"), for a line that must stay short; whole where another of ``names`` (every seat's) would then read the
    same ("Ada (Paris)" beside "Ada (Lyon)", or a person named "Bot 1")."""
    short = name[:name.rindex(" (")] if name.endswith(")") and " (" in name[1:] else name
    if short != name and any(other != name and (other == short or short_name(other) == short) for other in names):
        return name
    return short


def reconstructed_banner(view: View) -> Text:
    """A line saying that the game is played on the project's reconstruction of its board and cards rather than the
    printed edition, when its observation says so (``obs["data"]["reconstructed"]``, in the game catalogue's words
    ``data.reconstructed``); else an empty line, which a screen leaves out."""
    if not view.obs["data"].get("reconstructed"):
        return Text("")
    return wrapped(view.t("data.reconstructed"), view.width, "italic yellow", indent="  ")


def table_name(view: View, seat: int, to_move: bool, mark: Text | None = None) -> Text:
    """A seat's name in a table of the players: in bold and said to be "you" (the catalogue's ``ui.you``) for the
    viewer, then ``mark`` (what else the seat is: the record holder, an opener), after a » when it is to move."""
    name = Text(view.names[seat], style="bold" if seat == view.seat else "")
    if seat == view.seat:
        name.append(" " + view.t("ui.you"))
    if mark is not None:
        name.append_text(mark)
    if to_move:
        name = Text.assemble(("» ", "bold cyan"), name)
    return name
