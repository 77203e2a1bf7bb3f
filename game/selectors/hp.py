"""What a viewer reads of an HP game: the round, their own HP (H12), the prompt and the choices
the rules allow them, and the log's lines they may read (the seed's transcript)."""

from __future__ import annotations

from dataclasses import dataclass

from game.models import GameStatus, LogEntry
from game.permissions import Viewer, can_see_hp_of, can_take_hp_turn, log_visibility_filter
from game.rulesets.hp.choices import allowed_picks, living
from game.rulesets.hp.hp import shown_hp
from game.rulesets.hp.phases import phase_kind
from game.rulesets.hp.roles import GROUP_ROLES
from game.rulesets.phases import NIGHT
from game.snapshots.hp import table_of
from game.snapshots.hp_turns import current_ballot, persons_waited_for, players_of


@dataclass(frozen=True)
class Choice:
    id: int
    name: str


@dataclass(frozen=True)
class HpSeen:
    """One player's row as this viewer may see it: HP only where H12 allows."""

    name: str
    alive: bool
    hp: int | None


@dataclass(frozen=True)
class HpRound:
    number: int
    phase: str
    ballot: int
    finished: bool
    me: HpSeen | None
    role: str
    role_code: str
    solo: bool
    prompt: str
    choices: tuple[Choice, ...]
    players: tuple[HpSeen, ...]
    lines: tuple[str, ...]
    seed: str | None


def hp_round(viewer: Viewer) -> HpRound:
    """A fixed number of queries, whatever the number of players. The seed is the moderators'
    until the game ends, then everyone's (C8)."""
    game = viewer.game
    players = players_of(game)
    table = table_of(players)
    me = next((p for p in players if viewer.player and p.pk == viewer.player.pk), None)
    prompt, choices = "", ()
    if me is not None and can_take_hp_turn(viewer) and me in persons_waited_for(game, players):
        if game.current_phase == NIGHT and me.role in GROUP_ROLES:
            prompt = me.role_spec.night_action.prompt
            ids = allowed_picks(table, me.role)
        else:
            prompt = "Select a person to vote out:"
            ids = tuple(seat.id for seat in living(table) if seat.id != me.pk)
        names = {seat.id: seat.name for seat in table}
        choices = tuple(Choice(pid, names[pid]) for pid in ids)
    seen = tuple(
        HpSeen(p.name, p.alive, shown_hp(s.hp) if can_see_hp_of(viewer, p) else None)
        for p, s in zip(players, table, strict=True)
    )
    finished = game.status == GameStatus.FINISHED
    entries = (
        LogEntry.objects.filter(game=game)
        .filter(log_visibility_filter(viewer))
        .distinct()
        .order_by("created_at", "id")
        .values_list("text", flat=True)
    )
    return HpRound(
        number=game.current_day,
        phase=phase_kind(game.current_phase),
        ballot=current_ballot(game),
        finished=finished,
        me=next((row for row, p in zip(seen, players, strict=True) if p is me), None),
        role=me.get_role_display() if me else "",
        role_code=me.role if me else "",
        solo=any(p.computer for p in players),
        prompt=prompt,
        choices=choices,
        players=seen,
        lines=tuple(entries),
        seed=game.random_seed if finished or viewer.is_moderator else None,
    )
