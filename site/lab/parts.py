"""An object built from parts that answers for them: :class:`Via`, an attribute that is one of its parts'.

The play page's controller (:class:`lab.play.PlayController`) holds its state, its words, its history
and its analysis as parts, each built and tested alone (issue 40), and answers for them where the glue
and the tests ask it: ``game = Via[Game]("state")`` makes ``ctl.game`` read and write ``ctl.state.game``.
"""

from __future__ import annotations

from typing import Generic, TypeVar, cast, overload

T = TypeVar("T")


class Via(Generic[T]):
    """A class attribute naming one of the instance's parts (``part``, an attribute of the instance): the
    attribute of the same name on that part is read and written through it (a method, a property, a
    field alike).  ``T`` is its type, for the type checker."""

    def __init__(self, part: str) -> None:
        self.part = part
        self.name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> Via[T]: ...

    @overload
    def __get__(self, obj: object, owner: type | None = None) -> T: ...

    def __get__(self, obj: object | None, owner: type | None = None) -> Via[T] | T:
        if obj is None:
            return self
        return cast(T, getattr(getattr(obj, self.part), self.name))

    def __set__(self, obj: object, value: T) -> None:
        setattr(getattr(obj, self.part), self.name, value)

    def __repr__(self) -> str:
        return f"Via({self.part!r}).{self.name}"


def via_names(cls: type) -> dict[str, str]:
    """The attributes ``cls`` answers for through its parts, each with the part's name."""
    return {name: v.part for klass in reversed(cls.__mro__) for name, v in vars(klass).items()
            if isinstance(v, Via)}


__all__ = ["Via", "via_names"]
