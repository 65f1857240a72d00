"""Typed records read back from the state's plain data (issue #24): the one checked conversion
the rules' records share, and the one cache of converted records.

The state keeps what resolved spells and abilities left behind as plain JSON data (saved games,
undo and the hidden-information checks read it; its shape never changes), and the rules read it
only as typed records — `ResolvedEffect`'s parts (engine/rules/resolved.py), `CardPermission`
(engine/rules/permissions.py), the resolved replacement effects (engine/rules/resolved_replacements.py).
`checked(kind, desc, what)` makes such a record from its description and raises (ValueError)
for a field the record has not, a field it must have and lacks, or a value of another type:
data no rule reads is an error where it is read, not a silent default. `kept(g, key, descs,
convert)` converts each description of a state's list once and keeps it while the state holds
that very description.
"""
from __future__ import annotations

import dataclasses
import types
import typing
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence, TypeVar

if TYPE_CHECKING:
    from engine.rules.context import Context

T = TypeVar("T")

# a record's fields: (name, the check of its value, whether it must be given)
_Fields = tuple[tuple[str, Callable[[Any], tuple[bool, Any]], bool], ...]
_FIELDS: dict[type, _Fields] = {}


def _plain(kind: type) -> Callable[[Any], tuple[bool, Any]]:
    if kind is bool:
        return lambda v: (isinstance(v, bool), v)
    if kind is int:  # (a bool is an int to Python, not a number to a record)
        return lambda v: (isinstance(v, int) and not isinstance(v, bool), v)
    if kind is str:
        return lambda v: (isinstance(v, str), v)
    raise TypeError(f"a record field of type {kind!r} has no check")


def _check_of(hint: Any, convert: Mapping[str, Callable[[Any], Any]], name: str) -> Callable[[Any], tuple[bool, Any]]:
    """The check (and the conversion from JSON data) of a value of the type `hint`."""
    args = typing.get_args(hint)
    if isinstance(hint, types.UnionType) or typing.get_origin(hint) is typing.Union:
        others = [a for a in args if a is not type(None)]
        if len(others) != 1:  # (only "X or None": which of two types a value is, no record says)
            raise TypeError(f"a record field of type {hint!r} has no check")
        inner = _check_of(others[0], convert, name)
        return lambda v: (True, None) if v is None else inner(v)
    if name in convert:
        fn = convert[name]

        def converted(v: Any) -> tuple[bool, Any]:
            try:
                return True, fn(v)
            except (AttributeError, TypeError, ValueError):
                return False, v
        return converted
    if typing.get_origin(hint) is tuple and len(args) == 2 and args[1] is Ellipsis:
        item = _plain(args[0])

        def each(v: Any) -> tuple[bool, Any]:  # (JSON keeps a list)
            ok = isinstance(v, (list, tuple)) and all(item(x)[0] for x in v)
            return ok, tuple(v) if ok else v
        return each
    return _plain(hint)


def _fields(kind: type, convert: Mapping[str, Callable[[Any], Any]]) -> _Fields:
    got = _FIELDS.get(kind)
    if got is None:
        hints = typing.get_type_hints(kind)
        if dataclasses.is_dataclass(kind):
            names = [(f.name, f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING)
                     for f in dataclasses.fields(kind)]
        else:  # a NamedTuple
            defaults = getattr(kind, "_field_defaults")
            names = [(n, n not in defaults) for n in getattr(kind, "_fields")]
        got = _FIELDS[kind] = tuple((n, _check_of(hints[n], convert, n), required) for n, required in names)
    return got


def checked(kind: Callable[..., T], desc: Any, what: str,
            convert: Mapping[str, Callable[[Any], Any]] | None = None) -> T:
    """The record `kind` (a NamedTuple or a dataclass whose fields are bools, numbers, strings,
    tuples of them, or None where the type allows) that the description `desc` stands for.
    `convert`: a field's own conversion (raising for a bad value: AttributeError, TypeError, ValueError).
    Raises ValueError, naming `what`, for anything else."""
    if not isinstance(desc, dict):
        raise ValueError(f"{what} is not a record: {desc!r}")
    fields = _fields(typing.cast(type, kind), convert or {})
    if not desc.keys() <= {n for n, _, _ in fields}:
        raise ValueError(f"{what} with fields no rule reads: {desc!r}")
    values: dict[str, Any] = {}
    for name, check, required in fields:
        if name not in desc:
            if required:
                raise ValueError(f"{what} without its {name}: {desc!r}")
            continue
        ok, values[name] = check(desc[name])
        if not ok:
            raise ValueError(f"{what}'s {name} is not what the rules read: {desc!r}")
    return kind(**values)


_VALUES: dict[Any, Callable[[Any], tuple[bool, Any]]] = {}


def value(hint: Any, v: Any, what: str) -> Any:
    """One value checked as a record's field of the type `hint` is (`checked`): raises ValueError
    naming `what`."""
    check = _VALUES.get(hint)
    if check is None:
        check = _VALUES[hint] = _check_of(hint, {}, "")
    ok, out = check(v)
    if not ok:
        raise ValueError(f"{what} is not what the rules read: {v!r}")
    return out


def kept(g: "Context", key: str, descs: Sequence[dict[str, Any]], convert: Callable[[dict[str, Any]], T]) -> list[T]:
    """The state's list `descs` converted, in its order: each description converted once and kept
    (under `key`) while the state holds that very description (found by identity: the state is
    replaced on undo, and a description is never changed in place)."""
    if not descs:
        return []
    # The state's lists of descriptions are only ever appended to or replaced by new lists
    # (engine/game_effects.py, the one writer; a state made again has new ones): the same list
    # with the same length holds the same descriptions, and the last list made of it is
    # handed out again (a copy: callers may change theirs). Asked many times a position
    # (restrictions, goad, damage, the effects index), each time a walk of every description.
    last = g.chars_kept.get((key, "last"))
    if last is not None and last[0] is descs and last[1] == len(descs):
        return list(last[2])
    store: dict[int, tuple[dict[str, Any], T]] | None = g.chars_kept.get(key)
    if store is None:
        store = g.chars_kept[key] = {}
    out = []
    for d in descs:
        got = store.get(id(d))
        if got is None or got[0] is not d:
            if len(store) > 4 * len(descs) + 64:
                store.clear()  # (descriptions that are gone)
            got = store[id(d)] = (d, convert(d))
        out.append(got[1])
    g.chars_kept[(key, "last")] = (descs, len(descs), tuple(out))
    return out
