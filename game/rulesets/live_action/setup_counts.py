"""Default role counts that follow the sign-ups. No ruling sizes a live-action game; see the
README's "Where no ruling speaks" (Game set-up)."""

from game.rulesets.live_action.items import ITEMS
from game.rulesets.live_action.roles import ROLES, Role

# The roles' default counts (5 mafia, 2 serial killers, …) are sized for a game of this many.
REFERENCE_PLAYERS = 50


def _scaled(default_count: int, players: int) -> int:
    """`default_count` (sized for REFERENCE_PLAYERS) scaled to `players`, halves rounded up."""
    return (2 * default_count * players + REFERENCE_PLAYERS) // (2 * REFERENCE_PLAYERS)


def counts_for(players: int) -> dict[str, int]:
    """Each role's default count scaled to `players` in proportion to REFERENCE_PLAYERS, halves
    rounded up, and at least one mafia member once anyone has signed up, so that the game has a
    side to find; the townies fill the rest. No ruling sizes a live-action game: this is the
    README's "Where no ruling speaks" decision. Moderators may set any count before the deal; a
    set count no longer follows."""
    counts = {
        role.code: _scaled(role.default_count, players)
        for role in ROLES
        if role.code != Role.TOWNIE
    }
    counts[Role.MAFIA] = max(min(players, 1), counts[Role.MAFIA])
    return counts


def item_counts_for(players: int) -> dict[str, int]:
    """Each item's default count scaled to `players` as the roles are (7 shovels and 4 tasers for
    50 players: 2 and 1 for 12), so a small game is not dealt an item per player. No ruling
    sizes the deal (README, "Where no ruling speaks")."""
    return {item.code: _scaled(item.default_count, players) for item in ITEMS}
