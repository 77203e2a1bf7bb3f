"""A night of a night-and-day game read for the rules (C2-C4): the living actors' choices, a
missing one as no one, and the dawn the rules decide from them, in a fixed number of queries."""

from game.models import Game, NightAction, NightOverride, Player
from game.rulesets.classic.night import NightFacts, NightOutcome, overridden, resolve_night
from game.rulesets.phases import draw_rng


def night_facts(game: Game, number: int) -> tuple[NightFacts, dict[int, Player]]:
    """The night's choices by the living actors, as the rules read them (C2-C4)."""
    players = {p.pk: p for p in game.players.order_by("id")}
    living = frozenset(pk for pk, p in players.items() if p.alive)
    choices: dict[str, dict[int, int | None]] = {"kill": {}, "protect": {}, "investigate": {}}
    for role in game.rules.roles:
        if role.night_action is None:
            continue
        for pk in living:
            if players[pk].role == role.code:
                choices[role.night_action.code][pk] = None
    for actor_id, action, target_id in NightAction.objects.filter(
        game=game, night=number, actor_id__in=living
    ).values_list("actor_id", "action", "target_id"):
        choices.setdefault(action, {})[actor_id] = target_id
    facts = NightFacts(
        number=number,
        living=living,
        alignments={pk: game.rules.alignment_of(p.role) for pk, p in players.items() if p.role},
        kills=choices["kill"],
        protections=choices["protect"],
        investigations=choices["investigate"],
    )
    return facts, players


def dawn_preview(game: Game, number: int) -> tuple[NightOutcome, dict[int, Player]]:
    """What dawn will bring if the night ended now: the resolution drawn from the game's seed
    (C8), replaced by the moderators' override when there is one."""
    facts, players = night_facts(game, number)
    outcome = resolve_night(facts, draw_rng(game.random_seed, f"night {number}"))
    override = NightOverride.objects.filter(game=game, night=number).first()
    if override is not None:
        outcome = overridden(outcome, override.victim_id)
    return outcome, players
