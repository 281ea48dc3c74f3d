"""Junqi: ``Board`` (a position to push moves into) and ``Referee`` (the verdict one move at a
time, as ``qipu.adjudicate`` gives it)."""

from ._qipu import JunqiBoard as Board, JunqiReferee as Referee

__all__ = ["Board", "Referee"]
