from game.errors import ForbiddenError

__all__ = ["ForbiddenError"]
