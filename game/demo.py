"""The demo game of `make run`: its name and the logins it creates, read by the loader and by the
home page, which shows the logins where the settings allow it (`DEMO_LOGINS_SHOWN`)."""

DEMO_GAME = "Demo game"
DEMO_PASSWORD = "mafia-demo-2026"  # noqa: S105 (the demo's public password, shown on purpose)
DEMO_PLAYERS = 30
DEMO_MODERATOR = "demo-mod"


def demo_player_username(number: int) -> str:
    return f"demo-player-{number:02d}"
