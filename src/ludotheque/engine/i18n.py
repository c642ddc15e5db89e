"""French and English texts. Each game ships one TOML catalogue per language, with the same keys."""

from __future__ import annotations

import re
import tomllib
from importlib.resources import files
from typing import Any

from .errors import Reason

LANGUAGES = ("en", "fr")


class Catalog:
    """Messages by key and language, formatted with ``str.format`` fields."""

    def __init__(self, messages: dict[str, dict[str, str]]) -> None:
        self.messages = messages
        missing = {lang: sorted(set(messages["en"]) ^ set(messages[lang])) for lang in LANGUAGES}
        bad = {k: v for k, v in missing.items() if v}
        if bad:
            raise ValueError(f"catalogues differ in keys: {bad}")

    @classmethod
    def load(cls, package: str, *extra: Catalog) -> Catalog:
        """Read ``locale/en.toml`` and ``locale/fr.toml`` from a package, and any parts kept apart
        (``locale/en-terminal.toml``, ``locale/en-web.toml`` …), merged over ``extra``."""
        merged: dict[str, dict[str, str]] = {lang: {} for lang in LANGUAGES}
        for other in extra:
            for lang in LANGUAGES:
                merged[lang].update(other.messages[lang])
        locale = files(package).joinpath("locale")
        for lang in LANGUAGES:
            parts = sorted(p.name for p in locale.iterdir()
                           if p.name.startswith(f"{lang}-") and p.name.endswith(".toml"))
            for name in (f"{lang}.toml", *parts):
                text = locale.joinpath(name).read_text(encoding="utf-8")
                merged[lang].update(_flatten(tomllib.loads(text)))
        return cls(merged)

    def has(self, key: str) -> bool:
        return key in self.messages["en"]

    def reason(self, lang: str, reason: Reason | None) -> str | None:
        """A refusal's reason in ``lang`` (None if this catalogue has no text for it).

        Fields named ``*_key`` are themselves catalogue keys (``step_key="phase.buy"`` gives ``step``); a field that
        is a ``Reason`` (a refusal inside this one) is said by this catalogue too; a field ``allowed`` adds the
        catalogue's ``error.allowed`` sentence. A text in two forms (``error.<key>_one`` and ``_other``) agrees with
        the field ``count``."""
        counted = reason is not None and "count" in reason.fields and self.has(f"error.{reason.key}_one")
        if reason is None or not (counted or self.has(f"error.{reason.key}")):
            return None
        fields = dict(reason.fields)
        for name, value in reason.fields.items():
            if name.endswith("_key"):
                fields[name[:-4]] = self.t(lang, str(value))
            elif isinstance(value, Reason):
                fields[name] = self.reason(lang, value) or value.key
        if counted:
            text = self.plural(lang, f"error.{reason.key}", int(reason.fields["count"]), **fields)
        else:
            text = self.t(lang, f"error.{reason.key}", **fields)
        if "allowed" in fields and self.has("error.allowed"):
            text += self.t(lang, "error.allowed", **fields)
        return text

    def plural(self, lang: str, key: str, count: int, /, **fields: Any) -> str:
        """``key_one`` or ``key_other``, as ``count`` asks in ``lang`` (English: 1 is singular; French: 0 and 1),
        formatted with ``fields`` (which hold the count under its own name)."""
        return self.counted(lang, count, f"{key}_one", f"{key}_other", **fields)

    def counted(self, lang: str, count: int, one: str, other: str, /, **fields: Any) -> str:
        """The text of key ``one`` or of key ``other``, as ``count`` asks in ``lang``, formatted with ``fields`` (for
        a caller that names both keys whole, where a reader or a test looks for them)."""
        return self.t(lang, one if plural_form(lang, count) == "one" else other, **fields)

    def t(self, lang: str, key: str, **fields: Any) -> str:
        table = self.messages.get(lang) or self.messages["en"]
        template = table.get(key)
        if template is None:
            return key
        if lang == "fr" and "e {" in template:  # a « de {…} » or « que {…} » to look at
            template = elided(template, fields)
        return template.format(**fields)


ELIDED = re.compile(r"\b([Dd]e|[Qq]ue) \{(\w+)\}")
VOWEL = re.compile(r"[aeiouyàâäéèêëîïôöùûüÿæœ]", re.IGNORECASE)


def elided(template: str, fields: dict[str, Any]) -> str:
    """A French template whose ``de {name}`` and ``que {name}`` read ``d'`` and ``qu'`` before a field that begins
    with a vowel (``au tour d'Ada``, ``plus qu'Yves``), as French writes them (the server's ``i18n.js`` does the
    same). A field that begins with an *h* is left as it is: whether it elides depends on the word."""
    def one(m: re.Match[str]) -> str:
        value = str(fields.get(m.group(2), ""))
        if not VOWEL.match(value):
            return m.group(0)
        return f"{m.group(1)[:-1]}'{{{m.group(2)}}}"
    return ELIDED.sub(one, template)


def plural_form(lang: str, count: int) -> str:
    """``"one"`` or ``"other"``: English puts 1 in the singular, French 0 and 1."""
    return "one" if (abs(count) < 2 if lang == "fr" else count == 1) else "other"


def _flatten(tree: dict[str, Any], prefix: str = "") -> dict[str, str]:
    out: dict[str, str] = {}
    for key, value in tree.items():
        full = f"{prefix}{key}"
        if isinstance(value, dict):
            out.update(_flatten(value, full + "."))
        else:
            out[full] = str(value)
    return out
