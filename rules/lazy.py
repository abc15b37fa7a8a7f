"""``lazy``: a property computed once per frozen value.

Like ``functools.cached_property``, without the lock that Python 3.11's takes on a
first access: one lock for every instance of the class, so that threads serving other
requests wait on it (python/cpython#87634; Python 3.12 dropped the lock).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar, overload

_Owner = TypeVar("_Owner")
_Value = TypeVar("_Value")


class lazy(Generic[_Owner, _Value]):  # noqa: N801 - used as a decorator, like property
    def __init__(self, compute: Callable[[_Owner], _Value]):
        self.compute = compute
        self.name = compute.__name__
        self.__doc__ = compute.__doc__

    @overload
    def __get__(self, obj: None, owner: Any = None) -> lazy[_Owner, _Value]: ...

    @overload
    def __get__(self, obj: _Owner, owner: Any = None) -> _Value: ...

    def __get__(self, obj: _Owner | None, owner: Any = None) -> lazy[_Owner, _Value] | _Value:
        if obj is None:
            return self
        value = self.compute(obj)
        obj.__dict__[self.name] = value  # later reads find it before this descriptor
        return value
