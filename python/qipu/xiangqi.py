"""Xiangqi: ``Board`` (a position to push moves into) and ``Referee`` (the verdict one move at a
time, as ``qipu.adjudicate`` gives it)."""

from ._qipu import XiangqiBoard as Board, XiangqiReferee as Referee

__all__ = ["Board", "Referee"]
