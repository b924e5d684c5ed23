"""The shape of the package: names, value types, exceptions, panics, threads."""

from __future__ import annotations

import pickle
import signal
import subprocess
import sys
import threading
import time

import pytest

import pacru
from pacru import Colour, Rules, Seat


def test_the_public_names():
    for name in pacru.__all__:
        assert getattr(pacru, name) is not None
        assert name.startswith("_") or getattr(pacru, name).__module__ in {"pacru", "pacru._pacru"} or name == "__version__"
    assert pacru.__version__.count(".") == 2
    assert pacru.Color is pacru.Colour
    for cls in [pacru.Position, pacru.Move, pacru.Game, pacru.Colour, pacru.IllegalMove]:
        assert cls.__module__ == "pacru"
        assert cls.__doc__


def test_colours():
    assert list(Colour) == [Colour.BLACK, Colour.RED, Colour.YELLOW, Colour.GREEN, Colour.BLUE]
    assert [c.letter for c in Colour] == ["K", "R", "Y", "G", "B"]
    assert Colour("R") is Colour("red") is Colour("Red") is Colour.RED
    assert Colour.RED == "Red" and str(Colour.RED) == "Red" and f"{Colour.RED}" == "Red"
    with pytest.raises(ValueError):
        Colour("Purple")
    assert pickle.loads(pickle.dumps(Colour.GREEN)) is Colour.GREEN


def test_rules_and_seats():
    assert Rules(2011) is Rules("2011") is Rules.PACRU_2011
    assert str(Rules.PACRU_2004) == "2004"
    with pytest.raises(ValueError):
        Rules(2012)
    assert Seat("s") is Seat("South") is Seat.SOUTH
    assert [str(s) for s in Seat] == ["S", "W", "N", "E"]


def test_every_exception_is_a_pacru_error():
    for cls in [pacru.IllegalMove, pacru.InvalidMove, pacru.InvalidPosition, pacru.MalformedGame]:
        assert issubclass(cls, pacru.Error) and issubclass(cls, ValueError)
    assert issubclass(pacru.InternalError, pacru.Error)
    assert issubclass(pacru.InternalError, RuntimeError)
    for error in [
        pacru.InvalidMove("m", "e1-", 4),
        pacru.InvalidPosition("m", 3),
        pacru.MalformedGame("m", 1, 2, 3, "why"),
    ]:
        again = pickle.loads(pickle.dumps(error))
        assert type(again) is type(error) and str(again) == "m" and vars(again) == vars(error)


def test_a_panic_in_rust_becomes_an_internal_error():
    with pytest.raises(pacru.InternalError, match="internal error in pacru .*: boom$"):
        pacru._pacru._panic_for_tests("boom")
    # The interpreter is fine afterwards.
    assert pacru.Position.standard().perft(1) == 28


def counted_while(work) -> int:
    """How often this thread got to run while `work` ran in another one.

    The switch interval is made so long that the interpreter is never taken away
    from the worker: this thread runs meanwhile only if `work` lets go of it.
    """
    started, done = threading.Event(), threading.Event()

    def target():
        started.set()
        work()
        done.set()

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1000)
    try:
        worker = threading.Thread(target=target)
        worker.start()
        started.wait()
        counted = 0
        while not done.wait(0.001):  # waiting lets go of the interpreter
            counted += 1
        worker.join()
    finally:
        sys.setswitchinterval(interval)
    return counted


def test_long_rust_work_lets_other_threads_run():
    position = pacru.Position.standard(2)
    assert counted_while(lambda: position.perft(5)) > 0
    assert counted_while(lambda: pacru.selfplay(2, 2000, 1)) > 0


@pytest.mark.parametrize(
    "work",
    ["pacru.Position.standard(2).perft(9)", "pacru.selfplay(2, 10**9, 1)"],
)
def test_ctrl_c_stops_long_work(work):
    # Work that would take hours, interrupted after a moment as Ctrl-C would.
    # Python's own Ctrl-C handler is installed first: a process started with
    # SIGINT ignored (as a non-interactive shell starts a background job) keeps
    # it ignored, and `interrupt_main` then does nothing.
    code = (
        "import _thread, signal, threading, pacru\n"
        "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
        f"threading.Timer(0.3, _thread.interrupt_main).start()\n{work}\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode != 0
    assert done.stderr.rstrip().endswith("KeyboardInterrupt"), done.stderr


# A game to analyse, and a position whose perft(4) is 1,393,110,262 (seconds of
# work in one go): a count the interpreter cannot stop between smaller pieces.
GAME = "next(pacru.read_games('[Result \"*\"]\\n\\n1. e1-e2 e9-e8 *\\n'))"
WIDE = "pacru.Position('RR7/4R4/9/9/9/9/9/1KKK5/1KKKKKKK1 Ke1N,Ka3E,Ki9SW,Ra1NE,Ra7E,Ri7W,Re9S K KR')"


@pytest.mark.skipif(sys.platform == "win32", reason="sends SIGINT")
@pytest.mark.parametrize(
    "work",
    [
        f"pacru.analyse({GAME}, nodes=10**9)",
        f"pacru.analyse({GAME}, movetime=10**9)",
        f"{WIDE}.perft(4)",
        f"{WIDE}.perft_divide(5)",
        "pacru.Position.standard(2).perft(30)",
    ],
    ids=["analyse-nodes", "analyse-movetime", "perft-4", "perft-divide-5", "perft-30"],
)
def test_ctrl_c_stops_one_long_computation_at_once(work):
    # One search or count that would take hours (or seconds in one piece): a
    # real SIGINT, sent once it runs, must end it within a fraction of a second.
    code = (
        "import signal, pacru\n"
        "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
        f"print('started', flush=True)\n{work}\n"
    )
    child = subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert child.stdout is not None and child.stdout.readline() == "started\n"
        time.sleep(0.5)
        assert child.poll() is None, "the work ended by itself"
        child.send_signal(signal.SIGINT)
        sent = time.monotonic()
        try:
            _, stderr = child.communicate(timeout=3)
        except subprocess.TimeoutExpired:
            pytest.fail("still running 3 s after SIGINT")
        waited = time.monotonic() - sent
    finally:
        if child.poll() is None:
            child.kill()
            child.communicate()
    assert stderr.rstrip().endswith("KeyboardInterrupt"), stderr
    assert waited < 2, f"KeyboardInterrupt came {waited:.1f} s after SIGINT"
