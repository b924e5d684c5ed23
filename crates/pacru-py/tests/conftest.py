"""Shared fixtures: the repository's files and the `pacru` command-line program,
which the cross-checks compare the bindings with."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[3]
"""The root of the repository."""


def _find_cli() -> Path | None:
    """The `pacru` binary: $PACRU_BIN, else a build in target/, else one on PATH."""
    given = os.environ.get("PACRU_BIN")
    if given:
        path = Path(given)
        if not path.is_file():
            raise RuntimeError(f"PACRU_BIN={given} does not name a file")
        return path
    for profile in ("release", "debug"):
        path = ROOT / "target" / profile / "pacru"
        if path.is_file():
            return path
    found = shutil.which("pacru")
    return Path(found) if found else None


class Cli:
    """Runs the `pacru` program."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def run(self, *args: str, input: bytes | None = None, ok_codes=(0,)) -> bytes:
        done = subprocess.run(
            [str(self.path), *args], input=input, capture_output=True, cwd=ROOT, check=False
        )
        assert done.returncode in ok_codes, (
            f"pacru {' '.join(args)} exited with {done.returncode}: {done.stderr.decode()}"
        )
        return done.stdout

    def check_json(self, *files: str, rules: str | None = None) -> tuple[bytes, list[dict[str, Any]]]:
        """`pacru check --format json FILES`: the output and its objects."""
        args = ["check", "--format", "json", *files]
        if rules:
            args[1:1] = ["--rules", rules]
        out = self.run(*args, ok_codes=(0, 1))
        return out, [json.loads(line) for line in out.decode().splitlines()]


@pytest.fixture(scope="session")
def cli() -> Cli:
    path = _find_cli()
    if path is None:
        pytest.skip(
            "the cross-checks need the pacru program: cargo build -p pacru-cli, or set PACRU_BIN"
        )
    return Cli(path)


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT


def as_cli_line(verdict: dict[str, Any]) -> str:
    """A verdict written as `pacru check --format json` writes it."""
    return json.dumps(verdict, ensure_ascii=False, separators=(",", ":")) + "\n"
