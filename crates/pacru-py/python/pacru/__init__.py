"""pacru: the rules, the notation and the referee of the board game Pacru.

A fast, exact implementation in Rust, for Python::

    >>> import pacru
    >>> start = pacru.Position.standard(2)
    >>> start.perft(2)
    734
    >>> start.play("a3-b2").to_move
    <Colour.RED: 'Red'>

The main names:

- :class:`Position`: a position; legal moves, perft, playing a move.
- :class:`Move`: a move, printed in canonical notation.
- :func:`read_games`: the games of a record file (PGR), one at a time, as :class:`Game`.
- :func:`check`: the referee's verdicts on record files, as ``pacru check --format json``.
- :func:`selfplay`: random games as canonical record text, as ``pacru selfplay``.
- :func:`analyse`: the search engine's analysis of a game, as ``pacru analyse``
  (:class:`Analysis`).
- :class:`Colour`, :class:`Rules`, :class:`Seat`, :class:`Chevron`: small values.
- :class:`Error` and its subclasses: :class:`IllegalMove`, :class:`InvalidMove`,
  :class:`InvalidPosition`, :class:`MalformedGame`, :class:`InternalError`.
"""

from ._errors import (
    Error,
    IllegalMove,
    InternalError,
    InvalidMove,
    InvalidPosition,
    MalformedGame,
)
from ._values import (
    AnalysisLine,
    Chevron,
    Color,
    Colour,
    PlyAnalysis,
    Rules,
    Seat,
    Verdict,
    VerdictError,
)
from ._pacru import (
    Analysis,
    Game,
    GameReader,
    Move,
    Position,
    Verdicts,
    __version__,
    analyse,
    check,
    read_games,
    selfplay,
)

__all__ = [
    "Analysis",
    "AnalysisLine",
    "Chevron",
    "Color",
    "Colour",
    "Error",
    "Game",
    "GameReader",
    "IllegalMove",
    "InternalError",
    "InvalidMove",
    "InvalidPosition",
    "MalformedGame",
    "Move",
    "PlyAnalysis",
    "Position",
    "Rules",
    "Seat",
    "Verdict",
    "VerdictError",
    "Verdicts",
    "__version__",
    "analyse",
    "check",
    "read_games",
    "selfplay",
]
