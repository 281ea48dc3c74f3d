from ._qipu import XiangqiBoard as Board, XiangqiReferee as Referee

__all__ = ["Board", "Referee"]
