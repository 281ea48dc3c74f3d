"""Scale-out on an engine you already run (Dask, see docs/scale.md): share the files of a
batch out among workers, let each validate or adjudicate its share with the package and write
its part of the report as JSON Lines, then join the parts, in input order, into the report the
CLI's ``--report json`` gives for the whole batch.

Nothing here imports Dask: ``run`` takes a ``dask.distributed.Client`` (or anything with its
``map`` and ``gather``)."""

import os
from typing import Any, Dict, List, Optional, Sequence

from . import _qipu


def shares(files: Sequence[str], n: int) -> List[List[str]]:
    """``files`` cut into ``n`` runs of consecutive files (of sizes as even as can be): joined in
    this order, their reports are in input order."""
    n = max(1, min(n, len(files))) if files else 1
    size, extra = divmod(len(files), n)
    out, start = [], 0
    for i in range(n):
        end = start + size + (1 if i < extra else 0)
        out.append(list(files[start:end]))
        start = end
    return out


def check_share(
    paths: Sequence[str],
    out: str,
    adjudicate: bool = True,
    rules: Optional[str] = None,
    params: Optional[Dict[str, Any]] = None,
    jobs: Optional[int] = None,
) -> str:
    """Checks ``paths`` and writes their reports to ``out``, one JSON line a game (the CLI's
    lines); returns ``out``. This is what a worker runs."""
    check = _qipu.adjudicate if adjudicate else _qipu.validate
    tmp = out + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        for line in check(list(paths), rules=rules, params=params, jobs=jobs, json_lines=True):
            f.write(line)
            f.write("\n")
    os.replace(tmp, out)
    return out


def join(parts: Sequence[str], out: str) -> str:
    """Concatenates the parts, in order, into ``out`` (never over an existing file)."""
    with open(out, "xb") as f:
        for part in parts:
            with open(part, "rb") as p:
                while True:
                    block = p.read(1 << 20)
                    if not block:
                        break
                    f.write(block)
    return out


def run(
    client: Any,
    inputs: Any,
    out: str,
    parts_dir: str,
    n: Optional[int] = None,
    adjudicate: bool = True,
    rules: Optional[str] = None,
    params: Optional[Dict[str, Any]] = None,
    jobs: Optional[int] = 1,
) -> str:
    """The whole recipe: the files of ``inputs`` (as the CLI walks them) in ``n`` shares (by
    default four per worker), each checked on a worker into ``parts_dir``, joined into ``out``."""
    files = _qipu.files(inputs)
    if n is None:
        workers = len(client.scheduler_info().get("workers", {})) or 1
        n = 4 * workers
    runs = shares(files, n)
    os.makedirs(parts_dir, exist_ok=True)
    names = [os.path.join(parts_dir, f"part-{i:05}.jsonl") for i in range(len(runs))]
    futures = client.map(
        check_share,
        runs,
        names,
        adjudicate=adjudicate,
        rules=rules,
        params=params,
        jobs=jobs,
        pure=False,
    )
    return join(client.gather(futures), out)
