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
from game.rulesets.hp import HP, texts
from game.rulesets.hp.choices import Table, group_choice, group_members, living, seat_of
from game.rulesets.hp.hp import HP_KEY, hp_in, shown_hp
from game.rulesets.hp.news import hp_news
from game.rulesets.hp.roles import GROUP_ROLES, Role
from game.rulesets.hp.texts import ALL, MODERATORS, Line
from game.rulesets.hp.win import winner
from game.rulesets.nights import Choice, Kind, NightState, resolve

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


def night_state(table: Table, choices: Mapping[str, int | None]) -> NightState:
    """The night as the engine reads it: the players alive when it begins (H2), their HP, and
    each group's choice as every member's choice, so the engine runs H3's decision as is."""
    alive = living(table)
    action_of = {seat.role: HP.role(seat.role).night_action for seat in alive}
    return NightState(
        number=0,
        living=frozenset(seat.id for seat in alive),
        roles={seat.id: (seat.role,) for seat in alive},
        alignments={seat.id: HP.alignment_of(seat.role) for seat in alive},
        choices=[
            Choice(seat.id, action_of[seat.role].code, choices[seat.role])
            for seat in alive
            if seat.role in GROUP_ROLES and choices[seat.role] is not None
        ],
        player_state={seat.id: {HP_KEY: str(seat.hp)} for seat in table},
    )


def attack(table: Table, target_id: int) -> Table:
    """H4 alone on a table: the night engine's attack with no test and no heal."""
    choices = {role: None for role in GROUP_ROLES} | {Role.MAFIA: target_id}
    outcome = resolve(night_state(table, choices), HP, random.Random(0))
    return with_hp(table, {pk: hp_in(value) for pk, value in outcome.player_state.items()})


def resolve_night(table: Table, picks: Picks, rng: random.Random) -> NightResult:
    """H2-H7 on the night engine, in the seed's order (the roles' priorities): the mafias'
    target, the detectives' test, the healers' heal after the attack; the target at 0 HP dies
    unless healed (H6). Each group's choice is H3's (only its members' picks count; ties drawn
    by `rng`). A positive test forces that mafia out at the day even if every detective died
    (H12), unless the dawn ends the game."""
    choices = {
        role: group_choice(
            picks.get(role, {}), [seat.id for seat in group_members(table, role)], rng
        )
        for role in GROUP_ROLES
    }
    outcome = resolve(night_state(table, choices), HP, rng)
    after = with_hp(table, {pk: hp_in(value) for pk, value in outcome.player_state.items()})
    died = outcome.victims[0] if outcome.victims else None
    saved = next((o.player for o in outcome.of_kind(Kind.HEAL) if o.revives), None)
    tested = choices[Role.DETECTIVE]
    lines = [Line(ALL, texts.MAFIAS_CHOSE), Line(ALL, texts.DETECTIVES_CHOSE)]
    told = outcome.results[0].told if outcome.results else None
    if told is not None:
        lines.append(Line(Role.DETECTIVE, told))
    lines += [Line(ALL, texts.HEALERS_CHOSE), Line(ALL, texts.END_OF_ACTIONS)]
    if died is not None:
        after = without(after, died)
        lines.append(Line(ALL, texts.HAS_DIED(players={"player": died})))
    else:
        lines.append(Line(ALL, texts.NO_ONE_DIED))
    if saved is not None:
        hp = shown_hp(seat_of(after, saved).hp)
        lines.append(Line(MODERATORS, texts.SAVED(players={"player": saved}, hp=hp)))
    lines += hp_news(table, after, choices[Role.MAFIA], choices[Role.HEALER])
    won = table_winner(after) if died is not None else None
    positive = tested is not None and seat_of(table, tested).mafia
    forced = tested if positive and won is None else None
    return NightResult(after, choices, died, saved, forced, won, tuple(lines))


def vote_out(table: Table, player_id: int) -> tuple[Table, str | None, tuple[Line, ...]]:
    """A vote-out (H7, H8): the player leaves the game, then H9 is checked."""
    after = without(table, player_id)
    return after, table_winner(after), (Line(ALL, texts.VOTED_OUT(players={"player": player_id})),)
