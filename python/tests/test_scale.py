"""The Dask recipe of docs/scale.md on a LocalCluster of two workers over the CCPD corpus: the
joined report equals the CLI's `--report json`, line for line."""

import pytest
import qipu
import qipu.scale
from conftest import cli_lines, needs_ccpd


def test_shares_keep_the_order():
    files = [str(i) for i in range(10)]
    parts = qipu.scale.shares(files, 3)
    assert [len(p) for p in parts] == [4, 3, 3]
    assert sum(parts, []) == files
    assert qipu.scale.shares([], 4) == [[]]


@pytest.mark.parametrize("adjudicate", [True, False])
def test_dask_two_workers_over_ccpd_equals_the_cli(tmp_path, adjudicate):
    distributed = pytest.importorskip("dask.distributed")
    ccpd = str(needs_ccpd())
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster, distributed.Client(cluster) as client:
        out = qipu.scale.run(
            client, ccpd, str(tmp_path / "report.jsonl"), str(tmp_path / "parts"),
            adjudicate=adjudicate,
        )
    joined = open(out, encoding="utf-8").read().splitlines()
    cli = cli_lines("adjudicate" if adjudicate else "validate", ccpd)
    assert len(joined) == 11746
    assert joined == cli
