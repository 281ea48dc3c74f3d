from typing import Any, Dict, Optional, Union

from ._qipu import OthelloBoard as Board, OthelloReferee as Referee, Record, othello_solve as solve

__all__ = ["Board", "Referee", "solve", "analyze"]

def analyze(
    game: Union[Record, str], *, empties: int = 18, nodes: Optional[int] = None
) -> Optional[Dict[str, Any]]:
    """Where an Othello game was lost (the ``analysis`` object of ``qipu adjudicate --explain
    --report json``): ``from_empties``, ``node_budget``, ``first_ply``, ``judged_from``,
    ``complete``, ``loser``, ``decisive``, ``lost_before``, ``result_changes``, ``moves``
    (``ply``, ``side``, ``move``, ``mover_score_before``, ``mover_score_after``,
    ``discs_lost``, ``best``), ``note``, ``summary``; None when the game does not replay or
    ``empties`` is 0."""
