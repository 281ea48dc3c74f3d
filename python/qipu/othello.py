"""Othello: ``Board`` (a position to push moves into), ``Referee`` (the verdict one move at a
time, as ``qipu.adjudicate`` gives it), ``solve`` (the exact endgame solver of
``qipu solve``) and ``analyze`` (where a game was lost, as ``qipu adjudicate --explain``
gives it)."""

from typing import Any, Dict, Optional, Union

from ._qipu import OthelloBoard as Board, OthelloReferee as Referee, othello_solve as solve
from ._qipu import Record, othello_analyze as _analyze, read as _read

__all__ = ["Board", "Referee", "solve", "analyze"]


def analyze(
    game: Union[Record, str], *, empties: int = 18, nodes: Optional[int] = None
) -> Optional[Dict[str, Any]]:
    """Where an Othello game was lost: every move from the first position with at most
    ``empties`` empty squares judged by perfect play, within ``nodes`` (default 50 million).
    ``game`` is a ``Record`` (from ``qipu.read``) or the text of one Othello game (a move
    transcript such as ``"f5d6c3…"``, read as ``qipu.read`` reads it). Returns the ``analysis``
    object of ``qipu adjudicate --explain --report json`` (docs/games/othello.md), or None when
    the game does not replay or ``empties`` is 0."""
    if isinstance(game, str):
        records = list(_read(game.encode("utf-8"), game="othello"))
        if len(records) != 1:
            raise ValueError(f"analyze takes one game; the text holds {len(records)}")
        game = records[0]
    return _analyze(game, empties=empties, nodes=nodes)
