from ._qipu import JunqiBoard as Board, JunqiReferee as Referee

__all__ = ["Board", "Referee"]
