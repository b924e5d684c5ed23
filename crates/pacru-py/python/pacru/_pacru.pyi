"""Type stubs of the Rust extension module behind ``pacru``."""

import os
from typing import IO, Iterable, Iterator, Optional, Sequence, Union, final

from ._values import AnalysisLine, Chevron, Colour, PlyAnalysis, Rules, Verdict

_ColourLike = Union[Colour, str]
"""A colour: ``Colour.RED``, ``"Red"`` (any letter case) or ``"R"``."""
_RulesLike = Union[Rules, str, int]
"""A rules edition: ``Rules.PACRU_2011``, ``"2011"`` or ``2011``."""
_MoveLike = Union["Move", str]
"""A move: a :class:`Move` or move notation such as ``"a3-b4(a4)"``."""
_Source = Union[str, "os.PathLike[str]", bytes, bytearray, memoryview, IO[str], IO[bytes]]
"""Records to read: a path (a ``str`` without a line break, or a path object),
record text (a ``str`` with a line break, ``bytes``, ``bytearray`` or
``memoryview``), or a file object."""

__all__ = [
    "Position",
    "Move",
    "Game",
    "GameReader",
    "Verdicts",
    "Analysis",
    "_game_from_state",
    "read_games",
    "check",
    "selfplay",
    "analyse",
    "_panic_for_tests",
    "__version__",
]
__version__: str

@final
class Move:
    """A move. ``str(move)`` is its canonical notation; two moves are equal when
    their canonical notations are."""

    def __new__(cls, text: str) -> Move:
        """Reads move notation (syntax only, at most 65,536 characters; any letter
        case, spaces only after commas); raises :class:`pacru.InvalidMove`."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Position:
    """A position of the game. Immutable; ``str(position)`` is its PPN."""

    def __new__(cls, ppn: str, rules: _RulesLike = "2004") -> Position:
        """Reads a position in PPN (at most 65,536 characters); raises
        :class:`pacru.InvalidPosition`."""
    @staticmethod
    def from_ppn(text: str, rules: _RulesLike = "2004") -> Position:
        """The same as ``Position(text, rules)``."""
    @staticmethod
    def standard(
        players: int = 2,
        seats: Optional[Union[str, Sequence[str]]] = None,
        colours: Optional[Union[str, Sequence[_ColourLike]]] = None,
        rules: _RulesLike = "2004",
    ) -> Position:
        """The standard start for 2, 3 or 4 players. ``seats`` (such as ``"SWE"``)
        and ``colours`` (such as ``"KRB"`` or ``[Colour.BLACK, ...]``) are in order
        of play; by default Black, Red, Yellow, Green and the seats ``SN``, ``SWE``,
        ``SWNE``."""
    def ppn(self) -> str:
        """The position in PPN."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    @property
    def to_move(self) -> Colour:
        """The player whose turn it is (in a finished game: who would be next)."""
    @property
    def players(self) -> tuple[Colour, ...]:
        """The players who started the game, in order of play."""
    @property
    def rules(self) -> Rules:
        """The rules edition."""
    @property
    def target(self) -> int:
        """The number of fields that wins: 42, 28 or 24 with 2, 3 or 4 players."""
    @property
    def winner(self) -> Optional[Colour]:
        """The winner when the game is over and has one, else ``None``."""
    def field_count(self, colour: _ColourLike) -> int:
        """The number of fields of ``colour``."""
    def fields(self, colour: _ColourLike) -> list[str]:
        """The fields of ``colour``, such as ``["a4", "e5"]``."""
    def colour_at(self, field: str) -> Optional[Colour]:
        """The colour of ``field``, ``None`` if neutral."""
    def chevron_at(self, field: str) -> Optional[Chevron]:
        """The chevron on ``field``, if any."""
    def chevrons(self) -> list[Chevron]:
        """Every chevron, by player in order of play, then by field."""
    def is_finished(self) -> bool:
        """Whether the game is over."""
    def legal_moves(self) -> list[Move]:
        """Every legal move of the player to move, in the byte order of its text
        (the order of ``pacru moves``)."""
    def legal_move_count(self) -> int:
        """The number of legal moves, counted without listing them."""
    def perft(self, depth: int) -> int:
        """The number of move sequences of ``depth`` moves from here (``depth``
        0 to 30, else ``ValueError``). Ctrl-C stops the count."""
    def perft_divide(self, depth: int) -> dict[Move, int]:
        """Perft split by first move (``depth`` 0 to 30). Ctrl-C stops the count."""
    def play(self, move: _MoveLike) -> Position:
        """The position after ``move``; raises :class:`pacru.IllegalMove` (or
        :class:`pacru.InvalidMove` for text that is not a move)."""
    def is_legal(self, move: _MoveLike) -> bool:
        """Whether ``move`` is legal here."""
    def diagram(self) -> str:
        """The board as text, the drawing of ``pacru show`` (without its PPN line)."""

@final
class Game:
    """One game of a record file."""

    @property
    def tags(self) -> dict[str, str]:
        """The tag pairs in the order written (a new dict on every access)."""
    @property
    def moves(self) -> list[Move]:
        """The plies, in order (``pass`` tokens left out)."""
    @property
    def result(self) -> str:
        """The result token: a colour word, ``"draw"`` or ``"*"``."""
    @property
    def index(self) -> int:
        """The 1-based number of the game in its input."""
    @property
    def line(self) -> int:
        """The line where the game starts in its input."""
    @property
    def file(self) -> str:
        """The input's name: its path as given, or ``"-"``."""
    def start_position(self) -> Position:
        """The position the game starts from, by its tags."""
    def replay(self) -> list[Position]:
        """The start position and the position after each ply; raises
        :class:`pacru.IllegalMove` or :class:`pacru.MalformedGame`."""
    def check(self) -> Verdict:
        """The referee's verdict on the game, as :func:`pacru.check` gives it."""
    def __eq__(self, other: object, /) -> bool: ...

@final
class GameReader(Iterator[Game]):
    """The games of one input, read as they are iterated over. Threads may share
    one: each game goes to one of them."""

    def __iter__(self) -> GameReader: ...
    def __next__(self) -> Game: ...

@final
class Verdicts(Iterator[Verdict]):
    """The verdicts of :func:`pacru.check`, produced as they are iterated over.
    Threads may share one: each verdict goes to one of them."""

    def __iter__(self) -> Verdicts: ...
    def __next__(self) -> Verdict: ...

def read_games(source: _Source) -> GameReader:
    """The games of ``source``, one at a time; a game that does not parse raises
    :class:`pacru.MalformedGame` (iterate on with ``next()`` to skip it)."""

def check(
    source: Union[_Source, Iterable[Union[str, "os.PathLike[str]"]]],
    *,
    rules: Optional[_RulesLike] = None,
    name: Optional[str] = None,
) -> Verdicts:
    """The referee's verdict on every game, as ``pacru check --format json``."""

def selfplay(
    players: int,
    games: int,
    seed: int,
    *,
    rules: _RulesLike = "2004",
    max_plies: int = 1000,
) -> str:
    """Random games as canonical PGR text, as ``pacru selfplay`` (``max_plies=0``: no limit)."""

@final
class Analysis:
    """The ``search`` engine's analysis of one game, made by :func:`pacru.analyse`."""

    @property
    def players(self) -> tuple[Colour, ...]:
        """The players in order of play."""
    @property
    def annotator(self) -> str:
        """Who analysed: the engine, its version, the budget and the seed."""
    @property
    def plies(self) -> list[PlyAnalysis]:
        """Every ply analysed (up to the first illegal move, if any)."""
    @property
    def after(self) -> list[float]:
        """Each player's expected score after the last ply analysed."""
    def as_dict(self) -> AnalysisLine:
        """The analysis as one line of ``pacru analyse --format json``."""
    def annotated(self) -> str:
        """The game's PGR text with the analysis written in, as ``pacru analyse``."""

def analyse(
    game: Game,
    *,
    nodes: Optional[int] = None,
    movetime: Optional[int] = None,
    seed: int = 0,
) -> Analysis:
    """The ``search`` engine's analysis of ``game``, as ``pacru analyse``: ``nodes``
    simulations a search (5000 by default) or ``movetime`` milliseconds, not both;
    a position is searched up to three times when a move next to it has a loss
    near a threshold. Ctrl-C stops the analysis, even in the middle of a search."""

def _game_from_state(state: tuple[object, ...]) -> Game: ...
def _panic_for_tests(message: str) -> None: ...
