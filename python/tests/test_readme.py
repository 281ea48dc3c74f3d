"""The README's Python example runs and prints what the README says it prints."""

import contextlib
import io
import re

from conftest import ROOT


def test_readme_example(in_root):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    code = re.search(r"```python\n(.*?)```", readme, re.S).group(1)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "README.md", "exec"), {})
    lines = out.getvalue().splitlines()
    # No bare `None` printed for a push (the README once printed `None None`).
    assert not any(re.search(r"\bNone\b", line) for line in lines), lines
    said = re.search(r"this prints\s+`([^`]*)`", readme).group(1)
    assert lines[-1] == said, (lines[-1], said)
