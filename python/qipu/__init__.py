"""qipu (棋谱): the referee for Xiangqi, Othello and Junqi Fanfanqi game records.

A thin layer over the Rust crate: the same parsers, rules and verdicts as the ``qipu``
command line. ``validate`` and ``adjudicate`` yield exactly the objects of the CLI's
``--report json`` lines; ``qipu.xiangqi``, ``qipu.othello`` and ``qipu.junqi`` hold each
game's ``Board`` and move-by-move ``Referee``.
"""

from ._qipu import (
    AmbiguousMoveError,
    BadHeaderError,
    BadSetupError,
    EncodingError,
    IllegalMoveError,
    ParseError,
    QipuError,
    Record,
    RulesError,
    UnsupportedError,
    NotFoundError,
    __version__,
    adjudicate,
    convert,
    files,
    formats,
    read,
    rule_sets,
    validate,
)
from . import junqi, othello, xiangqi

__all__ = [
    "AmbiguousMoveError",
    "BadHeaderError",
    "BadSetupError",
    "EncodingError",
    "IllegalMoveError",
    "ParseError",
    "QipuError",
    "Record",
    "RulesError",
    "UnsupportedError",
    "NotFoundError",
    "__version__",
    "adjudicate",
    "convert",
    "files",
    "formats",
    "junqi",
    "othello",
    "read",
    "rule_sets",
    "validate",
    "xiangqi",
]
