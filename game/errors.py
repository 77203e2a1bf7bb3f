class GameRuleError(Exception):
    """An action the rules or the game's state forbid. The message is shown to the user as is:
    views turn it into a form message, the API into a 4xx response with the same text. `field`
    names the form field the refusal is about, when there is one, so a page can mark it."""

    status_code = 400

    def __init__(self, message: str, *, field: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.field = field


class ConflictError(GameRuleError):
    """The action was valid once but the game has moved on (the day already ended, …)."""

    status_code = 409


class NotFoundError(GameRuleError):
    """The id names nothing in this game (missing, or another game's): pages and the API answer
    404, as for anything the viewer may not know exists."""

    status_code = 404


class ForbiddenError(GameRuleError):
    """Visible but forbidden: the page answers 403 with the message, the API too."""

    status_code = 403
