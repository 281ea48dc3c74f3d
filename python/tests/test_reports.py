"""validate/adjudicate give exactly the objects of the CLI's --report json lines."""

import pytest
import qipu
from conftest import as_dicts, cli_lines, needs_ccpd


def test_adjudicate_samples_equals_the_cli(in_root):
    mine = list(qipu.adjudicate("samples"))
    assert mine == as_dicts(cli_lines("adjudicate", "samples"))
    assert len(mine) >= 50
    assert {r["game"] for r in mine} == {"xiangqi", "othello", "junqi"}


def test_validate_samples_equals_the_cli(in_root):
    assert list(qipu.validate("samples")) == as_dicts(cli_lines("validate", "samples"))


def test_json_lines_are_the_cli_lines(in_root):
    lines = list(qipu.adjudicate("samples/xiangqi", rules="axf", json_lines=True))
    assert lines == cli_lines("adjudicate", "--rules", "axf", "samples/xiangqi")


def test_rules_and_params_are_the_cli_options(in_root):
    mine = list(qipu.adjudicate(["samples/xiangqi", "samples/junqi"], params={"move-limit": 50}))
    assert mine == as_dicts(
        cli_lines("adjudicate", "--rule", "move-limit=50", "samples/xiangqi", "samples/junqi")
    )
    with pytest.raises(qipu.RulesError) as e:
        list(qipu.adjudicate("samples", params={"no-such-rule": 1}))
    assert e.value.kind == "usage"
    assert "valid keys" in e.value.message
    with pytest.raises(qipu.RulesError):
        qipu.adjudicate("samples", rules="nope")


def test_missing_inputs_are_reported_first_like_the_cli(in_root):
    mine = list(qipu.validate(["samples/othello", "no/such/file.pgn"]))
    assert mine == as_dicts(cli_lines("validate", "samples/othello", "no/such/file.pgn"))
    assert mine[0]["error"]["kind"] == "not-found"


def test_records_give_the_same_reports_as_their_files(in_root):
    path = "samples/othello/passes.ggf"
    records = list(qipu.read(path))
    assert [r.source for r in records] == [path] * len(records)
    assert list(qipu.adjudicate(records)) == list(qipu.adjudicate(path))
    # A mix of records and paths keeps its order.
    mixed = list(qipu.validate([records[0], "samples/xiangqi/iccs.pgn"]))
    assert mixed[0]["source"] == path
    assert mixed[1:] == list(qipu.validate("samples/xiangqi/iccs.pgn"))


def test_a_pathlike_and_jobs(in_root):
    from pathlib import Path

    one = list(qipu.validate(Path("samples/xiangqi"), jobs=1))
    assert one == list(qipu.validate("samples/xiangqi", jobs=2))


def test_adjudicate_ccpd_equals_the_cli(monkeypatch):
    ccpd = needs_ccpd()
    monkeypatch.chdir(ccpd.parent)
    mine = list(qipu.adjudicate("ccpd", json_lines=True))
    assert len(mine) == 11746
    assert mine == cli_lines_in(ccpd.parent, "adjudicate", "ccpd")


def cli_lines_in(cwd, *args):
    import subprocess

    from conftest import cli_binary

    binary = cli_binary()
    if binary is None:
        pytest.skip("the qipu CLI is not built")
    out = subprocess.run(
        [str(binary), args[0], "--report", "json", "-q", *args[1:]],
        cwd=cwd,
        capture_output=True,
        check=False,
    )
    return out.stdout.decode().splitlines()


def test_adjudicate_ccpd_dicts_under_axf():
    ccpd = needs_ccpd()
    mine = list(qipu.adjudicate(str(ccpd), rules="axf"))
    assert mine == as_dicts(cli_lines_in(ccpd, "adjudicate", "--rules", "axf", str(ccpd)))
