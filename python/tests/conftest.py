"""Shared fixtures: where the repository, the corpus and the CLI binary are."""

import json
import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT.parent / "shared" / "corpus"
CCPD = CORPUS / "xiangqi" / "ccpd"


def cli_binary():
    """The qipu CLI built by `cargo build --release` (or named by $QIPU_BIN)."""
    path = Path(os.environ.get("QIPU_BIN", ROOT / "target" / "release" / "qipu"))
    return path if path.is_file() else None


def cli_lines(command, *args):
    """The lines of `qipu COMMAND --report json -q ARGS...`, run from the repository root."""
    binary = cli_binary()
    if binary is None:
        pytest.skip("the qipu CLI is not built (cargo build --release)")
    out = subprocess.run(
        [str(binary), command, "--report", "json", "-q", *args],
        cwd=ROOT,
        capture_output=True,
        check=False,
    )
    assert out.returncode in (0, 1, 2), out.stderr.decode()
    return out.stdout.decode().splitlines()


@pytest.fixture
def in_root(monkeypatch):
    """Run in the repository root (paths in reports are as given)."""
    monkeypatch.chdir(ROOT)
    return ROOT


def needs_ccpd():
    if not CCPD.is_dir():
        pytest.skip(f"{CCPD} is missing")
    return CCPD


def as_dicts(lines):
    return [json.loads(line) for line in lines]
