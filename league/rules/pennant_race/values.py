"""Frozen value classes written out rather than built by ``@dataclass(frozen=True)``.

``league pitchers`` on a Pennant Race league imports the sheet values
(:mod:`.ratings`) and the reliever status (:mod:`.usage`).  Building a frozen
dataclass at import compiles its methods from source; four of them were a
large part of a 1988 ``pitchers``.  A subclass of :class:`FrozenValue` names its fields in ``__slots__``
(in the dataclass's field order), writes its own ``__init__`` and lists its
defaults in ``_defaults``; it gets what the dataclass gave:

* equality within the class, field by field, and the same hash;
* the same repr, ``Name(field=value, ...)``;
* assignment and deletion refused (``dataclasses.FrozenInstanceError``);
* pickling and copying as its fields;
* ``dataclasses.replace``, ``asdict``, ``fields`` and ``is_dataclass``: the
  ``__dataclass_fields__`` they read are built on first use (importing
  ``dataclasses`` then), from a twin made by ``make_dataclass``.

tests/unit/test_pennant_race_values.py holds each class to the dataclass it was.
"""

from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from dataclasses import Field


class _Fields:
    """``__dataclass_fields__``, made on first use from a frozen dataclass with the same fields."""

    def __get__(self, obj: object, owner: type) -> dict[str, Any]:
        if "_names" not in owner.__dict__:  # FrozenValue itself is no dataclass
            raise AttributeError("__dataclass_fields__")
        defaults: dict[str, Any] = getattr(owner, "_defaults")
        from dataclasses import field, make_dataclass

        spec: list[Any] = []
        for name in owner.__dict__["_names"]:
            kind = owner.__annotations__.get(name, "Any")
            if name not in defaults:
                spec.append((name, kind))
            elif defaults[name] == ():  # a field(default_factory=tuple)
                spec.append((name, kind, field(default_factory=tuple)))
            else:
                spec.append((name, kind, field(default=defaults[name])))
        fields: dict[str, Any] = getattr(make_dataclass(owner.__name__, spec, frozen=True), "__dataclass_fields__")
        type.__setattr__(owner, "__dataclass_fields__", fields)
        return fields


class FrozenValue:
    __slots__ = ()
    if TYPE_CHECKING:
        __dataclass_fields__: ClassVar[dict[str, Field[Any]]]
    else:
        __dataclass_fields__ = _Fields()
    _defaults: ClassVar[dict[str, Any]] = {}
    _names: ClassVar[tuple[str, ...]]  # the fields, in order (the subclass's __slots__; two or more)
    _values: ClassVar[Any]  # attrgetter of every field, in order: the fields as a tuple

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        names: tuple[str, ...] = cls.__dict__["__slots__"]
        cls._names = names
        cls._values = attrgetter(names[0], *names[1:])
        setattr(cls, "__match_args__", names)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return bool(self._values(self) == self._values(other))

    def __hash__(self) -> int:
        return hash(self._values(self))

    def __repr__(self) -> str:
        return f"{self.__class__.__qualname__}(" + ", ".join(
            f"{name}={getattr(self, name)!r}" for name in self._names) + ")"

    def __setattr__(self, name: str, value: Any) -> None:
        from dataclasses import FrozenInstanceError

        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        from dataclasses import FrozenInstanceError

        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __reduce__(self) -> tuple[Any, ...]:  # pickled and copied as its fields
        return (self.__class__, self._values(self))

    def to_plain(self) -> dict[str, Any]:
        """What ``dataclasses.asdict`` gave: the fields in order, values made plain (tuples stay tuples)."""
        return {name: _plain(getattr(self, name)) for name in self._names}


def _plain(value: Any) -> Any:
    if isinstance(value, FrozenValue):
        return value.to_plain()
    if isinstance(value, (tuple, list)):
        return type(value)(_plain(v) for v in value)
    if isinstance(value, dict):
        return {_plain(k): _plain(v) for k, v in value.items()}
    return value  # str, int, float, bool, None: asdict's deep copy is the value itself


__all__ = ["FrozenValue"]
