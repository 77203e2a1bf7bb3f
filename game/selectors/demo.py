"""What the home page of `make run` tells a newcomer about the demo game's logins."""

from dataclasses import dataclass

from django.conf import settings

from game.demo import (
    DEMO_GAME,
    DEMO_MODERATOR,
    DEMO_PASSWORD,
    DEMO_PLAYERS,
    demo_player_username,
)
from game.models import Game


@dataclass(frozen=True)
class DemoLogins:
    moderator: str
    first_player: str
    last_player: str
    password: str


def demo_logins() -> DemoLogins | None:
    """The demo's logins, only where `DEMO_LOGINS_SHOWN` is on (`make run`) and the demo game
    exists: they scroll away under the server logs, so the home page says them again."""
    if not settings.DEMO_LOGINS_SHOWN or not Game.objects.filter(name=DEMO_GAME).exists():
        return None
    return DemoLogins(
        moderator=DEMO_MODERATOR,
        first_player=demo_player_username(1),
        last_player=demo_player_username(DEMO_PLAYERS),
        password=DEMO_PASSWORD,
    )
