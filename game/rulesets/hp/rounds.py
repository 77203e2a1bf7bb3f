"""One round of an HP game (H2): the night's three group choices, the attack, the test and the
heal resolved in that order (H3-H7), then the day's vote-out (H7, H8), with the win checked
after every death and vote-out (H9). Pure: a table of seats in, a table and the log's lines
out."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from game.rulesets.base import PlayerStatus
from game.rulesets.hp import texts
from game.rulesets.hp.choices import Table, group_choice, group_members, living, seat_of
from game.rulesets.hp.hp import absorbed_damage, healed_hp, shown_hp, target_hp_after_attack
from game.rulesets.hp.roles import GROUP_ROLES, Role
from game.rulesets.hp.texts import ALL, MODERATORS, Line
from game.rulesets.hp.win import winner

Picks = Mapping[str, Mapping[int, int]]
"""Each group's picks tonight, by the group's role: actor id -> picked player id."""


@dataclass(frozen=True)
class NightResult:
    """What the night did: the table after it, the groups' choices, who died or was saved, the
    mafia a positive test forces out (H7), the winner if the dawn ended the game (H9), and the
    log's lines."""

    table: Table
    choices: Mapping[str, int | None]
    died: int | None
    saved: int | None
    forced_out: int | None
    winner: str | None
    lines: tuple[Line, ...]


def with_hp(table: Table, changes: Mapping[int, Fraction]) -> Table:
    return tuple(
        dataclasses.replace(seat, hp=changes[seat.id]) if seat.id in changes else seat
        for seat in table
    )


def without(table: Table, player_id: int) -> Table:
    return tuple(
        dataclasses.replace(seat, alive=False) if seat.id == player_id else seat for seat in table
    )


def table_winner(table: Table) -> str | None:
    """H9 on the table."""
    return winner(PlayerStatus(seat.id, seat.role, seat.alive) for seat in table)


def round_opening(table: Table, number: int) -> tuple[Line, ...]:
    """The round's header and who is alive, in seat order (C9)."""
    return (
        Line(ALL, texts.round_header(number)),
        Line(ALL, texts.remaining([seat.id for seat in living(table)])),
    )


def attack(table: Table, target_id: int) -> Table:
    """H4: the target falls by the mafias' summed HP (to 0 at most), then the living mafias
    absorb the target's HP before the attack."""
    mafias = [seat for seat in living(table) if seat.mafia]
    target = seat_of(table, target_id)
    before = target.hp
    target_after = target_hp_after_attack([m.hp for m in mafias], before)
    absorbed = absorbed_damage([m.hp for m in mafias], before)
    changes = {m.id: hp for m, hp in zip(mafias, absorbed, strict=True)}
    changes[target_id] = target_after
    return with_hp(table, changes)


def resolve_night(table: Table, picks: Picks, rng: random.Random) -> NightResult:
    """H2-H7 in the seed's order: the mafias' target, the detectives' test, the healers' heal
    after the attack; the target at 0 HP dies unless healed (H6). A positive test forces that
    mafia out at the day even if every detective died (H12), unless the dawn ends the game."""
    choices = {
        role: group_choice(
            picks.get(role, {}), [seat.id for seat in group_members(table, role)], rng
        )
        for role in GROUP_ROLES
    }
    target, tested, healed = (choices[role] for role in GROUP_ROLES)
    lines = [Line(ALL, texts.MAFIAS_CHOSE), Line(ALL, texts.DETECTIVES_CHOSE)]
    after = attack(table, target) if target is not None else table
    positive = tested is not None and seat_of(table, tested).mafia
    if tested is not None:
        result = texts.TESTED_MAFIA if positive else texts.TESTED_NOT_MAFIA
        lines.append(Line(Role.DETECTIVE, result(players={"player": tested})))
    lines.append(Line(ALL, texts.HEALERS_CHOSE))
    felled = target is not None and seat_of(after, target).hp == 0
    if healed is not None:
        after = with_hp(after, {healed: healed_hp(seat_of(after, healed).hp)})
    lines.append(Line(ALL, texts.END_OF_ACTIONS))
    died = target if felled and healed != target else None
    saved = target if felled and healed == target else None
    if died is not None:
        after = without(after, died)
        lines.append(Line(ALL, texts.HAS_DIED(players={"player": died})))
    else:
        lines.append(Line(ALL, texts.NO_ONE_DIED))
    if saved is not None:
        hp = shown_hp(seat_of(after, saved).hp)
        lines.append(Line(MODERATORS, texts.SAVED(players={"player": saved}, hp=hp)))
    won = table_winner(after) if died is not None else None
    forced = tested if positive and won is None else None
    return NightResult(after, choices, died, saved, forced, won, tuple(lines))


def vote_out(table: Table, player_id: int) -> tuple[Table, str | None, tuple[Line, ...]]:
    """A vote-out (H7, H8): the player leaves the game, then H9 is checked."""
    after = without(table, player_id)
    return after, table_winner(after), (Line(ALL, texts.VOTED_OUT(players={"player": player_id})),)


def closing(table: Table, won: str) -> tuple[Line, ...]:
    """H9: "Game Over.", the result, and who was what, in the seed's order of roles."""
    lines = [
        Line(ALL, texts.GAME_OVER),
        Line(ALL, texts.MAFIAS_WON if won == Role.MAFIA else texts.MAFIAS_LOST),
    ]
    for role in (Role.MAFIA, Role.DETECTIVE, Role.HEALER, Role.COMMONER):
        ids = [seat.id for seat in table if seat.role == role]
        if ids:
            lines.append(Line(ALL, texts.reveal(role, ids)))
    return tuple(lines)
