"""The mafia powers' forms as the viewer may use them, built from each power's spec (its inputs,
help, confirmation and charges): one template renders them all (R33-R42, R50)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.permissions import Viewer, can_moderate, sees_mafia
from game.rulesets.base import Choice, PowerInput, PowerSpec
from game.selectors.mafia import MafiaState


@dataclass(frozen=True)
class PowerField:
    """One field of a power's form: `options` lists what a select offers (None: a text box);
    `searched`: a moderator's player field that searches the game's players as they type
    (`_player_picker.html`) instead of a select of every player; `alive`: it offers the living."""

    input: PowerInput
    html_id: str
    options: list[tuple[Any, str]] | None
    searched: bool = False
    alive: bool = False


@dataclass(frozen=True)
class PowerForm:
    """A power's form: its uses left (None: no limit per game), the question asked before it is
    sent, its fields, and whether a moderator uses it for the mafia (with a reason)."""

    spec: PowerSpec
    left: int | None
    help: str
    confirm: str
    fields: list[PowerField]
    override: bool

    @property
    def ready(self) -> bool:
        """Something to choose in every required select (Manipulate the Press needs a kill)."""
        return all(f.options for f in self.fields if f.options is not None and f.input.required)


def _options(choice: Choice, state: MafiaState, viewer: Viewer) -> list[tuple[Any, str]] | None:
    rules = viewer.game.rules
    players = {
        Choice.PLAYER: state.players,
        Choice.LIVING: [p for p in state.players if p.alive],
        Choice.LIVING_NOT_MAFIA: [p for p in state.players if p.alive and not p.mafia_aligned],
        Choice.LIVING_MAFIA: state.mafia,
    }
    if choice in players:
        return [(p.pk, p.name) for p in players[choice]]
    if choice == Choice.ROLE:
        return [(role.code, role.name) for role in rules.roles]
    if choice == Choice.ALIGNMENT:
        return list(rules.alignments)
    if choice == Choice.MAFIA_KILL:
        return [(k.pk, f"{k.victim.name} (day {k.day})") for k in state.pressable_kills]
    return None


# The players a moderator finds by name rather than in a select: any player, or any living one
# (the service refuses the mafia where a power may not take them).
SEARCHED = {Choice.PLAYER: False, Choice.LIVING: True, Choice.LIVING_NOT_MAFIA: True}


def _field(spec_input: PowerInput, html_id: str, state: MafiaState, viewer: Viewer) -> PowerField:
    if can_moderate(viewer) and spec_input.choice in SEARCHED:
        return PowerField(
            spec_input, html_id, None, searched=True, alive=SEARCHED[spec_input.choice]
        )
    return PowerField(spec_input, html_id, _options(spec_input.choice, state, viewer))


def _filled(text: str, spec: PowerSpec, left: int | None, day: int) -> str:
    """The spec's text with the uses left after this one, the charges and the next day's number;
    "{field}" stays for the page's script to name the choice."""
    text = text.replace("{next_day}", str(day + 1))
    if spec.charges is None or left is None:
        return text
    text = text.replace("{left_after}", str(max(left - 1, 0)))
    return text.replace("{charges}", str(spec.charges))


def power_forms(viewer: Viewer, state: MafiaState) -> list[PowerForm]:
    """The forms of the rule set's powers used in the app: every one for a living mafia-aligned
    player; for a moderator, those they may use for the mafia with a reason (R50)."""
    mafia = sees_mafia(viewer)
    moderator = can_moderate(viewer)
    forms = []
    for spec in viewer.game.rules.powers:
        if not spec.used_by_form or not (mafia or (moderator and spec.override)):
            continue
        prefix = spec.html_prefix
        fields = [_field(f, f"{prefix}-{f.html_id or f.name}", state, viewer) for f in spec.inputs]
        left = state.uses_left.get(spec.code)
        day = viewer.game.current_day
        forms.append(
            PowerForm(
                spec,
                left,
                _filled(spec.help, spec, left, day),
                _filled(spec.confirm, spec, left, day),
                fields,
                moderator and spec.override,
            )
        )
    return forms
