"""The exceptions pacru raises. Every one of them derives from :class:`pacru.Error`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ._pacru import Position

__all__ = [
    "Error",
    "IllegalMove",
    "InternalError",
    "InvalidMove",
    "InvalidPosition",
    "MalformedGame",
]


class Error(Exception):
    """The base class of every exception raised by pacru itself."""


class InvalidMove(Error, ValueError):
    """The text is not a move at all (a syntax error), such as ``"e1-"``.

    ``column`` is the 1-based character where the problem is.
    """

    def __init__(self, message: str, text: str, column: int) -> None:
        super().__init__(message)
        self.text = text
        """The text that was given as a move."""
        self.column = column
        """The 1-based column of the problem within ``text``."""

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (str(self), self.text, self.column))


class IllegalMove(Error, ValueError):
    """A move the rules forbid in the position it was tried in.

    ``rule`` names the rule the move breaks (``"R1"`` to ``"R16"``) and ``reason``
    says why in plain words; ``str(error)`` gives both.
    """

    def __init__(
        self,
        message: str,
        rule: str,
        reason: str,
        move: str,
        position: Position | None = None,
        ply: int | None = None,
        allowed: list[str] | None = None,
    ) -> None:
        super().__init__(message)
        self.rule = rule
        """The rule the move breaks: ``"R1"`` to ``"R16"``."""
        self.reason = reason
        """Why, in plain words (without the rule)."""
        self.move = move
        """The move, in canonical notation (in a game: as written)."""
        self.position = position
        """The position the move was tried in."""
        self.ply = ply
        """In a game being replayed: the 1-based number of the move among the plies."""
        self.allowed = allowed
        """Where useful, the fields that would have been allowed (such as the candidates
        of a borderland change), else ``None``."""

    def __reduce__(self) -> tuple[Any, ...]:
        return (
            type(self),
            (str(self), self.rule, self.reason, self.move, self.position, self.ply, self.allowed),
        )


class InvalidPosition(Error, ValueError):
    """A position that cannot be made: PPN text that does not parse or describes a
    position that cannot exist, or a standard start asked for with impossible
    players, colours or seats.

    ``column`` is the 1-based character of the PPN text where the problem is, or
    ``None`` when the problem is not in a text.
    """

    def __init__(self, message: str, column: int | None = None) -> None:
        super().__init__(message)
        self.column = column
        """The 1-based column of the problem within the PPN text, if there is one."""

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (str(self), self.column))


class MalformedGame(Error, ValueError):
    """A game record that does not parse, or whose tags describe no start position.

    The same games get the status ``"malformed"`` from :func:`pacru.check`.
    """

    def __init__(self, message: str, game: int, line: int, column: int, reason: str) -> None:
        super().__init__(message)
        self.game = game
        """The 1-based number of the game in its input."""
        self.line = line
        """The 1-based line of the problem."""
        self.column = column
        """The 1-based column of the problem, in characters."""
        self.reason = reason
        """What is wrong, in plain words (``str(error)`` adds where)."""

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (str(self), self.game, self.line, self.column, self.reason))


class InternalError(Error, RuntimeError):
    """A bug in pacru: the Rust code failed where it never should (a panic).

    Please report it with the input that caused it.
    """


for _type in (Error, IllegalMove, InternalError, InvalidMove, InvalidPosition, MalformedGame):
    _type.__module__ = "pacru"
del _type
