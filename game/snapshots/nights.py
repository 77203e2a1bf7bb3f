"""A night of a night-and-day game read for the night engine (`game.rulesets.nights`): the
living players, the roles of their active cards, their sides (as their hands fix them) and
rule-set state, their choices (a missing one is no one), and the dawn the rules decide from
them, with the moderators' override; in a fixed number of queries whatever the game's size."""

from game.models import Game, GamePhase, NightAction, NightOverride, Player
from game.rulesets.nights import Choice, NightOutcome, NightState, overridden, resolve
from game.rulesets.phases import NIGHT, draw_rng

OVERRIDE_VICTIMS = "override_victims"
"""The key of a night's `GamePhase.state` that keeps the victims the moderators decided."""


def night_state(game: Game, number: int) -> tuple[NightState, dict[int, Player]]:
    """The night's choices by the living actors and everyone's cards, as the rules read them."""
    rules = game.rules
    players = {p.pk: p for p in game.players.order_by("id")}
    living = frozenset(pk for pk, p in players.items() if p.alive)
    choices = [
        Choice(actor, action, target)
        for actor, action, target in NightAction.objects.filter(
            game=game, night=number, actor_id__in=living
        )
        .order_by("actor_id", "id")
        .values_list("actor_id", "action", "target_id")
    ]
    state = NightState(
        number=number,
        living=living,
        roles={pk: rules.active_roles(p.role, p.state) for pk, p in players.items()},
        alignments={pk: rules.side_of(p.role, p.state) for pk, p in players.items() if p.role},
        choices=choices,
        player_state={pk: dict(p.state or {}) for pk, p in players.items()},
    )
    return state, players


def override_victims(game: Game, number: int) -> list[int] | None:
    """The victims the moderators decided for night `number` (none: nobody dies), or None when
    they did not override it."""
    override = NightOverride.objects.filter(game=game, night=number).first()
    if override is None:
        return None
    phase = GamePhase.objects.filter(game=game, code=NIGHT, number=number).first()
    kept = (phase.state or {}).get(OVERRIDE_VICTIMS) if phase is not None else None
    if kept is not None:
        return list(kept)
    return [override.victim_id] if override.victim_id is not None else []


def dawn_preview(game: Game, number: int) -> tuple[NightOutcome, dict[int, Player]]:
    """What dawn will bring if the night ended now: the resolution drawn from the game's seed
    (C8), its deaths replaced by the moderators' override when there is one."""
    state, players = night_state(game, number)
    outcome = resolve(state, game.rules, draw_rng(game.random_seed, f"night {number}"))
    victims = override_victims(game, number)
    if victims is not None:
        outcome = overridden(outcome, victims)
    return outcome, players
