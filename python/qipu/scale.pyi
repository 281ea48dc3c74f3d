from typing import Any, Dict, List, Optional, Sequence

def shares(files: Sequence[str], n: int) -> List[List[str]]: ...
def check_share(
    paths: Sequence[str],
    out: str,
    adjudicate: bool = True,
    rules: Optional[str] = None,
    params: Optional[Dict[str, Any]] = None,
    jobs: Optional[int] = None,
) -> str: ...
def join(parts: Sequence[str], out: str) -> str: ...
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
) -> str: ...
