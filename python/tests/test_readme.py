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
    # "the last line printed is the ply, 3, five of Black's legal moves and `[]`"
    assert re.fullmatch(r"3 \[('[a-i]\d[a-i]\d', ){4}'[a-i]\d[a-i]\d'\] \[\]", lines[-1]), lines[-1]
