"""Othello: ``Board`` (a position to push moves into), ``Referee`` (the verdict one move at a
time, as ``qipu.adjudicate`` gives it) and ``solve`` (the exact endgame solver of
``qipu solve``)."""

from ._qipu import OthelloBoard as Board, OthelloReferee as Referee, othello_solve as solve

__all__ = ["Board", "Referee", "solve"]
