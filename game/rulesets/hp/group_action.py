"""The night action every HP group takes (H3): one for the whole group, from its living
members' picks, with the seed's refusal when a group may not pick one of its own."""

from game.rulesets.base import NightActionSpec
from game.rulesets.nights import when_chosen
from game.rulesets.specs import NightEffect


def group_action(
    *,
    code: str,
    prompt: str,
    priority: int,
    effect: NightEffect,
    label: str,
    own_role: str = "",
    own_refusal: str = "",
) -> NightActionSpec:
    """H3: the group chooses together (the plurality of its living members' picks, ties drawn
    from the game's seed, C8); a group with `own_role` may pick none of its members, the picker
    included, and is refused with `own_refusal` ("You cannot test a detective."). `effect` runs
    only when the group chose someone."""
    effect = when_chosen(effect)
    if not own_role:
        return NightActionSpec(
            code=code, prompt=prompt, priority=priority, group=True, effect=effect, label=label
        )
    return NightActionSpec(
        code=code,
        prompt=prompt,
        self_choices=0,
        self_refusal=own_refusal,
        not_roles=(own_role,),
        not_roles_refusal=own_refusal,
        priority=priority,
        group=True,
        effect=effect,
        label=label,
    )
