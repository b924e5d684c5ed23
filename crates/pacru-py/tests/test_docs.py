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
