from ._qipu import OthelloBoard as Board, OthelloReferee as Referee, othello_solve as solve

__all__ = ["Board", "Referee", "solve"]
