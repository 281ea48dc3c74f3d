from ._qipu import OthelloBoard as Board, OthelloReferee as Referee

__all__ = ["Board", "Referee"]
