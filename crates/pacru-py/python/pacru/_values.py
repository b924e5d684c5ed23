"""The small values of the game as Python types: colours, rules editions, seats, chevrons."""

from __future__ import annotations

import enum
from typing import NamedTuple, Optional, TypedDict

__all__ = [
    "AnalysisLine",
    "Chevron",
    "Colour",
    "Color",
    "PlyAnalysis",
    "Rules",
    "Seat",
    "Verdict",
    "VerdictError",
]


class Colour(str, enum.Enum):
    """A player's colour.

    Members compare equal to their names as the records write them
    (``Colour.RED == "Red"``), and ``Colour("R")``, ``Colour("red")`` and
    ``Colour("Red")`` all give ``Colour.RED``. Wherever pacru takes a colour, the
    word or the letter (``"Red"``, ``"R"``) works as well.
    """

    BLACK = "Black"
    RED = "Red"
    YELLOW = "Yellow"
    GREEN = "Green"
    BLUE = "Blue"

    @property
    def letter(self) -> str:
        """The letter of the colour in PPN and in the ``Players`` tag: K, R, Y, G or B."""
        return "K" if self is Colour.BLACK else self.value[0]

    def __str__(self) -> str:
        return self.value

    @classmethod
    def _missing_(cls, value: object) -> Colour | None:
        if isinstance(value, str):
            for colour in cls:
                if value == colour.letter or value.lower() == colour.value.lower():
                    return colour
        return None


Color = Colour
"""The same type, spelled the American way."""


class Rules(str, enum.Enum):
    """The edition of the rules a game is played under.

    The two differ only in the meeting (R12): from March 2011, a meeting gives its
    benefit only while another player's colour covers at least 9 fields.
    ``Rules("2011")`` and ``Rules(2011)`` give ``Rules.PACRU_2011``; wherever pacru
    takes an edition, ``"2004"`` or ``2004`` works as well.
    """

    PACRU_2004 = "2004"
    PACRU_2011 = "2011"

    def __str__(self) -> str:
        return self.value

    @classmethod
    def _missing_(cls, value: object) -> Rules | None:
        if isinstance(value, int) and not isinstance(value, bool):
            value = str(value)
        if isinstance(value, str):
            for rules in cls:
                if value == rules.value:
                    return rules
        return None


class Seat(str, enum.Enum):
    """A side of the board where a player sits.

    Members compare equal to their letters (``Seat.SOUTH == "S"``); ``Seat("S")``
    and ``Seat("south")`` give ``Seat.SOUTH``.
    """

    SOUTH = "S"
    WEST = "W"
    NORTH = "N"
    EAST = "E"

    def __str__(self) -> str:
        return self.value

    @classmethod
    def _missing_(cls, value: object) -> Seat | None:
        if isinstance(value, str):
            for seat in cls:
                if value.upper() in (seat.value, seat.name):
                    return seat
        return None


class Chevron(NamedTuple):
    """A chevron on the board: whose it is, where it stands, which way it faces."""

    colour: Colour
    """The owner."""
    field: str
    """The field it stands on, such as ``"e1"``."""
    facing: str
    """The direction it faces: ``N``, ``NE``, ``E``, ``SE``, ``S``, ``SW``, ``W`` or ``NW``."""


class VerdictError(TypedDict):
    """What is wrong with a game that is not ``ok``, and where (the ``error`` of a
    :class:`Verdict`)."""

    ply: Optional[int]
    """The 1-based number of the illegal move among the plies; ``None`` for syntax
    errors and results that disagree with the rules."""
    line: int
    """The 1-based line of the problem."""
    column: int
    """The 1-based column of the problem, in characters."""
    move: Optional[str]
    """The illegal move as written, else ``None``."""
    rule: Optional[str]
    """The rule broken, ``"R1"`` to ``"R16"``; ``None`` for syntax errors."""
    message: str
    """Why, in plain words."""


class Verdict(TypedDict):
    """The referee's verdict on one game: a dict with exactly the keys and values of
    one line of ``pacru check --format json``, in the same order."""

    file: str
    """The input: the path as given, or ``"-"`` for text and file objects."""
    game: int
    """The 1-based number of the game in its input."""
    line: int
    """The line where the game starts."""
    status: str
    """``"ok"``, ``"illegal"``, ``"malformed"`` or ``"inconsistent"``."""
    plies: int
    """The number of moves applied successfully (``pass`` not counted)."""
    result: str
    """The ``Result`` tag as written (``"*"`` when absent)."""
    winner: Optional[str]
    """The winner by the rules after the applied moves, if the game is over."""
    final_position: Optional[str]
    """The PPN after the applied moves (for ``illegal``: where the illegal move was
    tried; for ``malformed``: the position before the unreadable token); ``None``
    when the setup tags cannot be read."""
    error: Optional[VerdictError]
    """What is wrong; ``None`` when ``ok``."""


class PlyAnalysis(TypedDict):
    """The analysis of one ply (an item of :attr:`Analysis.plies`): the keys and
    values of a ply in ``pacru analyse --format json``."""

    ply: int
    """The 1-based number of the ply (``pass`` is not a ply)."""
    mover: str
    """The colour of the player who moved, as a word (``"Red"``)."""
    move: str
    """The move played."""
    scores: list[float]
    """Each player's expected score before the move (0 to 1, in thousandths), in
    order of play."""
    best: Optional[str]
    """The engine's best move before the move (``None`` in a finished game)."""
    pv: list[str]
    """The engine's principal line from there, starting with ``best`` (at most 8
    moves)."""
    loss: float
    """What the move cost its mover: the mover's expected score before the move
    less the one after it; 0 when it is the engine's best, never below 0."""
    mark: Optional[str]
    """``"mistake"`` (a loss of 0.100 or more), ``"blunder"`` (0.200 or more), or
    ``None``."""
    simulations: int
    """The simulations of the searches of the position before the move: one
    search, or up to three when the loss of a move next to it lies near a
    threshold."""


class AnalysisLine(TypedDict):
    """A game's analysis as one line of ``pacru analyse --format json`` (from
    :meth:`Analysis.as_dict`), with its keys in the same order."""

    file: str
    """The game's input: the path as given, or ``"-"``."""
    game: int
    """The 1-based number of the game in its input."""
    line: int
    """The line where the game starts."""
    status: str
    """The referee's verdict: ``"ok"``, ``"illegal"``, ``"malformed"`` or
    ``"inconsistent"``."""
    players: list[str]
    """The players in order of play, as colour words."""
    annotator: str
    """Who analysed: the engine, its version, the budget and the seed."""
    plies: list[PlyAnalysis]
    """Every ply analysed (up to the first illegal move, if any)."""
    after: list[float]
    """Each player's expected score after the last ply analysed."""


for _type in (Colour, Rules, Seat, Chevron, Verdict, VerdictError, PlyAnalysis, AnalysisLine):
    _type.__module__ = "pacru"
del _type
