"""What the game and the forums tell the live channel; filled in below."""


def connect() -> None:
    """Registers the channel's hooks in the game's and the forums' follow-up lists."""
