import re

# A citation such as "(R36)", "(R5, R6)" or "(R5-R7)": rulings are cited in parentheses, so a
# player named "R2" in the text is never taken for one.
_CITATION = re.compile(r"\(([^()]*)\)")
_RULING = re.compile(r"\b([RCHMP])(\d{1,2})(?:\s*[-–]\s*\1?(\d{1,2}))?\b")


def cited_rulings(text: str) -> list[str]:
    """The rulings (docs/rulings.md) that `text` cites in parentheses ("R28", "C3", "H4"), in
    order and once each, with a range such as "R5-R7" spelled out."""
    cited: list[str] = []
    for citation in _CITATION.findall(text):
        for letter, first, last in _RULING.findall(citation):
            for number in range(int(first), int(last or first) + 1):
                if f"{letter}{number}" not in cited:
                    cited.append(f"{letter}{number}")
    return cited


class GameRuleError(Exception):
    """An action the rules or the game's state forbid. The message is shown to the user as is:
    views turn it into a form message, the API into a 4xx response with the same text and the
    rulings it cites. `field` names the form field the refusal is about, when there is one, so a
    page can mark it."""

    status_code = 400

    def __init__(self, message: str, *, field: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.field = field

    @property
    def rulings(self) -> list[str]:
        return cited_rulings(self.message)


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
