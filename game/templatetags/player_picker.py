"""What a player field offers for a player: "name #id" (game/forms/pickers.py reads it back),
and the page's one list of players for its player fields (`{% player_options %}`)."""

from django import template

from game.selectors.dashboard import players_matching

register = template.Library()

# The address's parameter of the search made without script (`_player_options.html`).
TYPED = "player_q"


@register.inclusion_tag("game/mod/_player_options.html", takes_context=True)
def player_options(context) -> dict:
    """The page's list for its player fields: empty, filled as the moderator types (script);
    without script, the players found by the page's search form (`?player_q=`), in the list
    the browser offers in every player field and in words."""
    request = context["request"]
    typed = request.GET.get(TYPED, "").strip()[:100]
    found = players_matching(context["viewer"], typed, alive_only=False) if typed else []
    return {
        "game": context["game"],
        "request": request,
        "typed": typed,
        "found": found,
        "CSP_NONCE": context.get("CSP_NONCE", ""),
    }


@register.filter
def picked(player, living_only: str = "") -> str:
    """ "name #id" of `player`, or "" for none (or for a dead one, with `picked:"alive"`)."""
    if player is None or (living_only and not player.alive):
        return ""
    return f"{player.name} #{player.pk}"
