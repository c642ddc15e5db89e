"""Data files: boards, decks and tables a game reads instead of holding them as code (issue 9).

A data file is TOML, described by a pydantic model that the game declares (its JSON schema, ``schema(model)``,
documents the format). ``load_data`` reads a file — one shipped in a game's package or a person's own — checks it
against the model, and returns its value with the SHA-256 of its bytes, which a game's record keeps so that a
replay can refuse a file that has changed. Anything wrong is refused with a ``DataFileError`` that names the file,
the entry and the reason (``board.toml: squares[33].kind: expected one of 'shop', 'bankruptcy', … (got 'shopp')``);
all the file's problems are listed, up to ``MAX_PROBLEMS``, so that a person fixes them in one go.

Files are read when a game is created, never at import. A file is at most ``MAX_DATA_BYTES``.
"""

from __future__ import annotations

import hashlib
import re
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from typing import Annotated, Any, Generic, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .errors import LudoError, Reason
from .i18n import Catalog
from .words import format_int

MAX_DATA_BYTES = 1024 * 1024
"""The largest data file (bytes): a board or a deck is a few kilobytes."""
MAX_PROBLEMS = 20
"""The most problems one refusal lists."""

Model = TypeVar("Model", bound=BaseModel)
T = TypeVar("T")


class DataModel(BaseModel):
    """The base of a data file's models: unknown fields are refused (a misspelt field is an error, not ignored),
    values are not coerced between types, and a loaded value cannot change."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class About(DataModel):
    """Where a data file comes from, the ``[about]`` table every one has: ``edition = "reconstructed"`` for the files
    a game ships, built from its rulebook alone, ``"printed"`` for a person's copy of the printed edition."""

    edition: Literal["reconstructed", "printed"]
    note: Annotated[str, Field(max_length=400)]


class DataFileError(LudoError):
    """A data file that cannot be used: ``problems`` lists (entry, reason) pairs; ``reasons``, beside them, each
    problem's ``Reason`` where it has one, to say it in any language: ``data_<key>`` in the front end's catalogue, or
    ``data.<key>`` in the catalogue ``catalogs`` gives beside it (a game's, for its format's own checks)."""

    def __init__(self, source: str, problems: list[tuple[str, str]],
                 reasons: Sequence[Reason | None] = (), catalogs: Sequence[Catalog | None] = ()) -> None:
        self.source = source
        self.problems = problems
        self.reasons = list(reasons) + [None] * (len(problems) - len(reasons))
        self.catalogs = list(catalogs) + [None] * (len(problems) - len(catalogs))
        shown = problems[:MAX_PROBLEMS]
        lines = [f"{source}: {entry}: {reason}" if entry else f"{source}: {reason}" for entry, reason in shown]
        if len(problems) > len(shown):
            lines.append(f"{source}: … and {len(problems) - len(shown)} more problems")
        super().__init__("\n".join(lines))


@dataclass(frozen=True)
class Loaded(Generic[Model]):
    """A checked data file: its value, where it came from, and the SHA-256 of its bytes."""

    value: Model
    source: str
    sha256: str


def entry_path(loc: tuple[int | str, ...]) -> str:
    """A pydantic error location as a person reads it: ``("squares", 33, "kind")`` -> ``squares[33].kind``."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        elif not part.startswith(("function-", "tagged-union", "union")):  # pydantic's own markers, not fields
            out += f".{part}" if out else part
    return out


def _reason(error: Any) -> str:
    """A pydantic error's message, with the value it refused when it is short."""
    message = str(error["msg"]).removeprefix("Value error, ")
    if error["type"] in FIELD_PROBLEMS:
        return FIELD_PROBLEMS[error["type"]]
    value = error.get("input")
    if isinstance(value, str | int | float | bool) and len(repr(value)) <= 40:
        return f"{message} (got {value!r})"
    return message


_CHECKED: dict[tuple[type[BaseModel], str], BaseModel] = {}
"""Values already checked, by model and content hash: a file read again for every new game (the simulator starts
thousands) is checked once. Values are frozen, so sharing them is safe."""


_ENTRY = re.compile(r"^([A-Za-z_][\w.]*(?:\[\d+\])*(?:\.[A-Za-z_]\w*(?:\[\d+\])*)*): (.+)$")


FIELD_PROBLEMS = {"extra_forbidden": "unknown field", "missing": "missing field"}
"""The pydantic errors said in a word, by type; their reasons are ``data_unknown_field`` and ``data_missing_field``."""


VALUE_PROBLEMS = {
    "int_type": "data_integer", "int_parsing": "data_integer", "int_from_float": "data_integer",
    "float_type": "data_number", "float_parsing": "data_number", "string_type": "data_text",
    "bool_type": "data_yes_no", "bool_parsing": "data_yes_no", "list_type": "data_list", "dict_type": "data_table",
    "model_type": "data_table", "greater_than": "data_above", "greater_than_equal": "data_at_least",
    "less_than": "data_below", "less_than_equal": "data_at_most", "literal_error": "data_one_of",
    "enum": "data_one_of", "too_short": "data_too_few", "too_long": "data_too_many",
    "string_too_short": "data_text_too_short", "string_too_long": "data_text_too_long",
    "multiple_of": "data_multiple_of", "string_pattern_mismatch": "data_pattern", "union_tag_invalid": "data_one_of",
}
"""The pydantic errors of a value (its type, its bounds, the values allowed) said in the catalogue's words, by type;
their fields: ``limit``, ``actual`` (a list's length), ``allowed`` (the values allowed), ``pattern`` and ``got``
(the value refused, when it is short)."""
_LIMITS = ("gt", "ge", "lt", "le", "min_length", "max_length", "multiple_of")
_QUOTED = re.compile(r"'((?:[^'\\]|\\.)*)'")


def _field_reason(error: Any) -> Reason | None:
    """The reason of a pydantic error in the catalogue's words (a field unknown or missing, a value of the wrong type
    or out of bounds), else None (a format's own check, said as it says it)."""
    kind = error["type"]
    key = {"extra_forbidden": "data_unknown_field", "missing": "data_missing_field"}.get(kind)
    if key is not None:
        return Reason(key, {})
    key = VALUE_PROBLEMS.get(kind)
    if key is None:
        return None
    ctx = error.get("ctx") or {}
    fields: dict[str, Any] = {}
    for name in _LIMITS:
        if name in ctx:
            fields["limit"] = ctx[name]
    if "actual_length" in ctx:
        fields["actual"] = ctx["actual_length"]
    expected = ctx.get("expected", ctx.get("expected_tags"))  # pydantic's list in English: "'a', 'b' or 'c'"
    if expected is not None:
        fields["allowed"] = [f"'{v}'" for v in _QUOTED.findall(str(expected))] or [str(expected)]
    if "pattern" in ctx:
        fields["pattern"] = str(ctx["pattern"])
    value = ctx["tag"] if "tag" in ctx else error.get("input")
    if isinstance(value, str | int | float | bool) and len(repr(value)) <= 40:
        fields["got"] = repr(value)
    return Reason(key, fields)


class FormatProblems(ValueError):
    """What a data format's own check (a ``model_validator``) finds wrong, raised from it: each problem its entry
    within the model ("" for the model itself) and its reason, which the game's catalogue says (``data.<key>``), so
    that a person reads it in their language; the English words make the message, a line each."""

    def __init__(self, catalog: Catalog, problems: Sequence[tuple[str, Reason]]) -> None:
        self.catalog = catalog
        self.problems = list(problems)
        super().__init__("\n".join(f"{entry}: {self.said(reason, 'en')}" if entry else self.said(reason, "en")
                                   for entry, reason in self.problems))

    def said(self, reason: Reason, lang: str) -> str:
        """``reason`` in ``lang`` (``said_by``)."""
        return said_by(self.catalog, reason, lang)


def twice_and_missing(numbers: list[int], last: int) -> list[Reason]:
    """What is wrong with ``numbers`` (sorted) that should be 1 to ``last``, each once: the first five given twice and
    the first five missing, as reasons (``data.numbers_twice``, ``data.numbers_missing``) a format's check adds to
    its own."""
    twice = sorted({k for k in numbers if numbers.count(k) > 1})
    missing = sorted(set(range(1, last + 1)) - set(numbers))
    return ([Reason("numbers_twice", {"numbers": str(twice[:5])})] if twice else []) + \
        ([Reason("numbers_missing", {"numbers": str(missing[:5])})] if missing else [])


def repeated_ids(ids: list[str], where: str = "cards") -> list[tuple[str, Reason]]:
    """Each id given to an earlier entry of ``where`` again (``data.id_again``), for a format's check to add to its
    own problems."""
    seen: set[str] = set()
    out = []
    for i, given in enumerate(ids):
        if given in seen:
            out.append((f"{where}[{i}].id", Reason("id_again", {"id": repr(given)})))
        seen.add(given)
    return out


def said_by(catalog: Catalog, reason: Reason, lang: str) -> str:
    """``reason`` in ``lang`` by ``catalog``'s ``data.<key>`` (``data.<key>_one`` or ``_other`` by its ``count``
    where the catalogue has both): a field that is itself a reason, or a list of them, said first (the list's texts
    one after another), whole numbers written as ``lang`` writes them."""
    fields: dict[str, Any] = {}
    for name, value in reason.fields.items():
        if isinstance(value, Reason):
            value = said_by(catalog, value, lang)
        elif isinstance(value, list) and all(isinstance(v, Reason) for v in value):
            value = "".join(said_by(catalog, v, lang) for v in value)
        elif type(value) is int:
            value = format_int(value, lang)
        fields[name] = value
    count = reason.fields.get("count")
    if type(count) is int and catalog.has(f"data.{reason.key}_one"):  # "1 card", "2 cards"
        return catalog.plural(lang, f"data.{reason.key}", count, **fields)
    return catalog.t(lang, f"data.{reason.key}", **fields)


def _within(where: str, entry: str) -> str:
    """An entry named within the model at ``where``: ``squares`` and ``[3].kind`` make ``squares[3].kind``."""
    return ".".join(x for x in (where, entry) if x).replace(".[", "[")


def _problems(error: Any) -> list[tuple[str, str]]:
    """A pydantic error as (entry, reason) pairs. A model's own check (a ``model_validator``) may find several
    problems: it raises one ``ValueError`` with a line each, and a line ``squares[32].kind: reason`` names its entry
    within the model."""
    where = entry_path(tuple(error["loc"]))
    if error["type"] != "value_error":
        return [(where, _reason(error))]
    out = []
    for line in _reason(error).splitlines():
        m = _ENTRY.match(line)
        entry, reason = (m.group(1), m.group(2)) if m else ("", line)
        out.append((_within(where, entry), reason))
    return out


def read_data(data: bytes, source: str, model: type[Model]) -> Loaded[Model]:
    """Check ``data`` (a TOML file's bytes, named ``source`` in errors) against ``model``."""
    sha = hashlib.sha256(data).hexdigest()
    known = _CHECKED.get((model, sha))
    if known is not None:
        return Loaded(known, source, sha)  # type: ignore[arg-type]
    if len(data) > MAX_DATA_BYTES:
        raise DataFileError(source, [("", f"{len(data):,} bytes; a data file is at most {MAX_DATA_BYTES:,}")],
                            [Reason("data_too_large", {"max": MAX_DATA_BYTES})])
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise DataFileError(source, [("", f"not UTF-8 text (byte {e.start})")],
                            [Reason("data_not_utf8", {"byte": e.start})]) from None
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise DataFileError(source, [("", f"not valid TOML: {e}")], [toml_reason(e)]) from None
    try:
        value = model.model_validate(raw)
    except ValidationError as e:
        problems: list[tuple[str, str]] = []
        reasons: list[Reason | None] = []
        catalogs: list[Catalog | None] = []
        for err in e.errors():
            found = (err.get("ctx") or {}).get("error")
            if err["type"] == "value_error" and isinstance(found, FormatProblems):  # a format's own check
                where = entry_path(tuple(err["loc"]))
                for entry, reason in found.problems:
                    problems.append((_within(where, entry), found.said(reason, "en")))
                    reasons.append(reason)
                    catalogs.append(found.catalog)
                continue
            said = _problems(err)
            problems += said
            reasons += [_field_reason(err)] * len(said)
            catalogs += [None] * len(said)
        raise DataFileError(source, problems, reasons, catalogs) from None
    if len(_CHECKED) >= 64:
        _CHECKED.clear()
    _CHECKED[(model, sha)] = value
    return Loaded(value, source, sha)


def load_data(path: str | Path, model: type[Model]) -> Loaded[Model]:
    """A person's data file, read (no more than the limit) and checked."""
    try:
        with Path(path).open("rb") as f:
            data = f.read(MAX_DATA_BYTES + 1)
    except OSError as e:
        raise DataFileError(str(path), [("", f"cannot be read: {e.strerror or e}")],
                            [Reason("data_unreadable", {"errno": e.errno, "reason": e.strerror or str(e)})]) from None
    return read_data(data, str(path), model)


def load_packaged(package: str, name: str, model: type[Model]) -> Loaded[Model]:
    """A data file shipped in a game's package (``data/<name>``), checked like any other."""
    resource = files(package).joinpath("data", name)
    return read_data(resource.read_bytes(), f"{package.rsplit('.', 1)[-1]}/data/{name}", model)


@dataclass(frozen=True)
class PlayedOn:
    """What a game's tables say of the files they come from; a game's own tables (its board, its decks laid out for
    the rules) add their fields to these."""

    files: dict[str, tuple[str, str]]
    """Per option: (where the file was read, the SHA-256 of its bytes) — what a record keeps."""
    editions: dict[str, str]
    """Per option: ``reconstructed`` or ``printed``, as the file says."""

    def describe(self) -> dict[str, Any]:
        """For the table: each file with its hash and edition, and whether any is reconstructed (front ends then say
        « reconstructed, not the printed edition »)."""
        files: dict[str, Any] = {name: {"file": src, "sha256": sha, "edition": self.editions[name]}
                                 for name, (src, sha) in self.files.items()}
        return files | {"reconstructed": any(e == "reconstructed" for e in self.editions.values())}


PACKAGED = "reconstructed"
"""A data-file option's value naming the file shipped in the game's package (its default)."""


def load_option_files(package: str, files: Mapping[str, tuple[str, type[BaseModel]]],
                      options: Mapping[str, Any]) -> dict[str, Loaded[Any]]:
    """The data files a game's options name, read and checked now: for each option of ``files`` (option -> (the
    shipped file's name, its model)), the package's own file when the value is ``PACKAGED``, else a person's path."""
    out: dict[str, Loaded[Any]] = {}
    for option, (shipped, model) in files.items():
        value = options.get(option, PACKAGED)
        out[option] = load_packaged(package, shipped, model) if value == PACKAGED else load_data(str(value), model)
    return out


_LAID_OUT: dict[tuple[str, ...], Any] = {}


def laid_out(loaded: Mapping[str, Loaded[Any]], build: Callable[[Mapping[str, Loaded[Any]]], T]) -> T:
    """``build(loaded)``, made once per process for the same files (by source and content): a game's tables built
    from its data files are shared by every game played on them (they must not be changed)."""
    key = (build.__module__, build.__qualname__, *(f"{n}={f.source}:{f.sha256}" for n, f in sorted(loaded.items())))
    value = _LAID_OUT.get(key)
    if value is None:
        value = build(loaded)
        if len(_LAID_OUT) >= 64:
            _LAID_OUT.clear()
        _LAID_OUT[key] = value
    return value


def toml_reason(error: tomllib.TOMLDecodeError) -> Reason:
    """Why a file is not TOML, as a reason: where (line and column, when the parser says), and the parser's words."""
    found = re.search(r"^(.*) \(at line (\d+), column (\d+)\)$", str(error))
    if found is None:
        return Reason("data_not_toml", {"detail": str(error)})
    return Reason("data_not_toml_at", {"detail": found.group(1), "line": int(found.group(2)),
                                       "column": int(found.group(3))})


def read_format(path: str | Path) -> str:
    """A data file's ``format`` field (``luxembourg-shopping/board``), which says which model checks it; a file
    that cannot be read, is not TOML or has no ``format`` is refused like any wrong file."""
    try:
        with Path(path).open("rb") as f:
            data = f.read(MAX_DATA_BYTES + 1)
    except OSError as e:
        raise DataFileError(str(path), [("", f"cannot be read: {e.strerror or e}")],
                            [Reason("data_unreadable", {"errno": e.errno, "reason": e.strerror or str(e)})]) from None
    if len(data) > MAX_DATA_BYTES:
        raise DataFileError(str(path), [("", f"more than {MAX_DATA_BYTES:,} bytes; a data file is at most that")],
                            [Reason("data_too_large", {"max": MAX_DATA_BYTES})])
    try:
        raw = tomllib.loads(data.decode("utf-8"))
    except UnicodeDecodeError as e:
        raise DataFileError(str(path), [("", f"not UTF-8 text (byte {e.start})")],
                            [Reason("data_not_utf8", {"byte": e.start})]) from None
    except tomllib.TOMLDecodeError as e:
        raise DataFileError(str(path), [("", f"not valid TOML: {e}")], [toml_reason(e)]) from None
    fmt = raw.get("format")
    if not isinstance(fmt, str):
        raise DataFileError(str(path), [("format", "missing: a data file starts with format = \"<game>/<kind>\"")],
                            [Reason("data_no_format", {})])
    return fmt


def schema(model: type[BaseModel]) -> dict[str, Any]:
    """The JSON schema of a data file's format (for its documentation and for editors)."""
    return model.model_json_schema()
