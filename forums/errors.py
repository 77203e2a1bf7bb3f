from game.errors import GameRuleError


class ForbiddenError(GameRuleError):
    """Visible but forbidden: the page answers 403 with the message, the API too."""

    status_code = 403
