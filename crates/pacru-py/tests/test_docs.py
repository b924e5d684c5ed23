"""The package README's examples and the example script run as they are written."""

from __future__ import annotations

import doctest
import re
import subprocess
import sys

from conftest import ROOT


def test_the_readme_examples(monkeypatch):
    """The `>>>` examples of the README's Python blocks, in order, in one namespace."""
    monkeypatch.chdir(ROOT)  # the README's examples run from the repository root
    readme = (ROOT / "crates" / "pacru-py" / "README.md").read_text()
    blocks = re.findall(r"^```python\n(.*?)^```", readme, flags=re.DOTALL | re.MULTILINE)
    examples = "\n".join(block for block in blocks if ">>>" in block)
    test = doctest.DocTestParser().get_doctest(examples, {}, "README.md", "README.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.tries >= 12 and runner.failures == 0


def test_the_example_script_runs():
    script = ROOT / "examples" / "python" / "first_steps.py"
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.rstrip().endswith("done")
    assert "R4 - the border crossing into borderland W must place a marker" in done.stdout
    # Every value it prints is there: no `None` where a rule or winner is missing.
    assert "None" not in done.stdout, done.stdout
    assert "malformed at line 85: unknown token '0-1'" in done.stdout


def _public_objects():
    """Every public function and class of the package, and the public methods and
    properties of its Rust classes, by name."""
    import inspect

    import pacru

    for name in pacru.__all__:
        obj = getattr(pacru, name)
        if not callable(obj):
            continue
        yield f"pacru.{name}", obj
        if inspect.isclass(obj) and obj.__module__ == "pacru":
            for member, value in vars(obj).items():
                if not member.startswith("_"):
                    yield f"pacru.{name}.{member}", value


def test_every_public_object_has_its_documentation_at_run_time():
    """help() and IDEs read the objects' docstrings, not the type stubs."""
    import inspect

    missing = []
    for name, obj in _public_objects():
        doc = inspect.getdoc(obj) or ""
        if len(doc) < 20 or "see the package documentation" in doc:
            missing.append(name)
    assert missing == []


def test_the_functions_document_their_arguments_with_an_example():
    import pacru

    for function in (pacru.read_games, pacru.check, pacru.selfplay, pacru.analyse):
        assert ">>>" in function.__doc__, function.__name__
        test = doctest.DocTestParser().get_doctest(
            function.__doc__, {"pacru": pacru}, function.__name__, None, 0
        )
        runner = doctest.DocTestRunner()
        runner.run(test)
        assert runner.tries >= 1 and runner.failures == 0, function.__name__
    assert "rules" in pacru.check.__doc__ and "max_plies" in pacru.selfplay.__doc__
