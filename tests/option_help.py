"""What a game's option help must be, from a player's review of the browser's table setup: the help is read after
the option's title and its choice (the lobby draws « title — help » next to a dropdown of the choices' labels;
``ludo games`` puts it after the values allowed), so it

- names a choice by the words the dropdown shows, quoted (“…” in English, «\u00a0…\u00a0» in French), and its
  value only in brackets right after them (“all seven chains on the board, all safe” (seed: …)), never alone
  ('seed' = …, a word the dropdown never shows);
- quotes with “…” or « », never with straight quotes (a straight ' is an apostrophe only, after a letter);
- does not start by saying the title again (« Paquets au décompte — Paquets au décompte : … »);
- in English, quotes no French left untranslated (no « », no accented word).

Checked for every shipped game (``tests/test_option_help.py``; each game's own ``test_option_help.py`` pins its texts);
``problems`` works for any game's ``OptionSpec``."""

from __future__ import annotations

import re

from ludotheque.engine.options import OptionSpec
from ludotheque.engine.text import fold

NBSP = "\u00a0"
QUOTES = {"en": ("“", "”"), "fr": (f"«{NBSP}", f"{NBSP}»")}
ARTICLES = {"the", "a", "an", "le", "la", "les", "l", "un", "une", "des"}
BOOLEAN_WORDS = ("true", "false")
"""A checkbox shows no value: the help does not speak of these."""


def help_text(option: OptionSpec, lang: str) -> str:
    return option.help_fr if lang == "fr" else option.help_en


def words(text: str) -> list[str]:
    """``text``'s words, folded, without the leading articles."""
    found = re.findall(r"\w+", fold(text))
    while found and found[0] in ARTICLES:
        found.pop(0)
    return found


def core(label: str) -> str:
    """A choice's label without its closing bracket (« (la règle) »), the words a help quotes."""
    return re.sub(r"\s*\([^()]*\)$", "", label)


def problems(option: OptionSpec, lang: str) -> list[str]:
    """What is wrong with ``option``'s help in ``lang`` (nothing: an empty list)."""
    text, title = help_text(option, lang), option.title(lang)
    found: list[str] = []
    if re.search(r"\"|(?<![^\W\d_])'", text):
        found.append("a straight quote used as a quotation mark (a ' is an apostrophe only, after a letter)")
    if lang == "en" and re.search(r"[«»]|[À-ÿ]", text):
        found.append("French in the English help (« » or an accented word): translate it")
    if lang == "fr" and re.search(r"[“”]|«(?!\u00a0)|(?<!\u00a0)»", text):
        found.append("French quotes with «\u00a0…\u00a0» (no-break spaces inside)")
    head, name = words(text), words(title)
    if head and name and head[0][:4] == name[0][:4]:
        found.append(f"starts by saying the title {title!r} again")
    if option.kind is bool:
        found += [f"names the value {w!r}, which a checkbox does not show" for w in BOOLEAN_WORDS
                  if re.search(rf"\b{w}\b", text, re.IGNORECASE)]
        return found
    opening, closing = QUOTES[lang]
    allowed: list[tuple[int, int]] = []
    """Where a value may stand: inside a quoted label, or in brackets right after it."""
    for value in option.choices:
        label = option.label(value, lang)
        if label == str(value):
            continue  # the dropdown shows the value itself
        quoted = f"{opening}{core(label)}{closing}"
        at = text.find(quoted)
        if at < 0:
            found.append(f"does not name the choice {value!r} as the dropdown shows it: {quoted!r}")
            continue
        for m in re.finditer(re.escape(quoted) + rf" \({re.escape(str(value))}\b", text):
            allowed.append((m.start(), m.end()))
        for m in re.finditer(re.escape(quoted), text):
            allowed.append((m.start(), m.end()))
    for value in option.choices:
        if option.label(value, lang) == str(value):
            continue
        for m in re.finditer(rf"\b{re.escape(str(value))}\b", text, re.IGNORECASE):
            if not any(start <= m.start() and m.end() <= end for start, end in allowed):
                found.append(f"names the value {value!r} at {m.start()} without its label just before it: "
                             f"{text[max(0, m.start() - 20):m.end() + 20]!r}")
    return found


def help_column(out: str, game: str, first: str) -> str:
    """The help column of ``game``'s table in ``ludo games``'s output, its lines joined: the rows from the one where
    the help starts with ``first`` to the next game's table, each cut at that column."""
    start = out.index(f"{game} —")
    body = out.index("\n", start)
    following = re.search(r"^\S+ — ", out[body:], re.M)  # the next game's table
    lines = out[start:body + following.start() if following else None].replace(NBSP, " ").splitlines()
    at = next(i for i, line in enumerate(lines) if first in line)
    col = lines[at].index(first)
    return " ".join(" ".join(line[col:] for line in lines[at:]).split())
