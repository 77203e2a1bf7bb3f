"""The review's events read from a finished game's rows, one query per kind of row whatever the
game's size: the log (its lines, with who could read them; the moderators' reasons are their
private notes and stay out), night actions, the mafia's power uses, votes, kills and deaths.
Names come from the players already read (`names`)."""

from __future__ import annotations

import re
from collections.abc import Mapping

from game.models import (
    Game,
    Kill,
    KillStatus,
    LogEntry,
    MafiaPowerUse,
    NightAction,
    Player,
    Visibility,
    Vote,
)
from game.selectors.review.timeline import Event

Names = Mapping[int, str]

AUDIENCES = {
    Visibility.PUBLIC: "everyone",
    Visibility.MODERATORS: "the moderators",
    Visibility.MAFIA: "the mafia",
}


def _ids(*ids: int | None) -> frozenset[int]:
    return frozenset(i for i in ids if i is not None)


def log_events(game: Game, names: Names) -> list[Event]:
    """Every line of the log with who read it during the game (R50); the moderators' reasons
    (`LogEntry.reason`) never."""
    through = LogEntry.recipients.through
    readers: dict[int, list[int]] = {}
    for entry_id, player_id in through.objects.filter(logentry__game=game).values_list(
        "logentry_id", "player_id"
    ):
        readers.setdefault(entry_id, []).append(player_id)
    events = []
    for pk, at, day, kind, text, visibility in (
        LogEntry.objects.filter(game=game)
        .order_by("created_at", "id")
        .values_list("id", "created_at", "day", "kind", "text", "visibility")
    ):
        to = readers.get(pk, [])
        audience = AUDIENCES.get(visibility) or ", ".join(sorted(names.get(p, "") for p in to))
        events.append(
            Event(
                kind="hp" if kind.startswith("hp_") and "HP" in text else "log",
                text=text,
                at=at,
                day=day,
                players=frozenset(to) | _named_in(text, names),
                audience=audience,
            )
        )
    return events


def _named_in(text: str, names: Names) -> frozenset[int]:
    """The players a line names, so that the filter by player finds "Dawn: Ann died." too."""
    return frozenset(
        pk
        for pk, name in names.items()
        if name and name in text and re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text)
    )


def night_action_events(game: Game, names: Names) -> list[Event]:
    """Each night action as it stood when the night ended (C2-C4): who chose whom."""
    rows = NightAction.objects.filter(game=game).values_list(
        "night", "actor_id", "action", "target_id", "submitted_at", "changes"
    )
    events = []
    for night, actor, action, target, at, changes in rows:
        whom = names.get(target, "no one") if target else "no one"
        changed = f" (changed {changes} times)" if changes else ""
        events.append(
            Event(
                kind="night_action",
                text=f"Night {night}: {names.get(actor, '?')} — {action.replace('_', ' ')} "
                f"{whom}{changed}",
                at=at,
                day=night,
                players=_ids(actor, target),
            )
        )
    return events


def power_events(game: Game, names: Names) -> list[Event]:
    """The mafia's power uses (R33-R42) with their targets and what they set; a moderator's
    note on a use is theirs and stays out."""
    rules = game.rules
    labels = {p.code: p.name for p in rules.powers}
    events = []
    for use in MafiaPowerUse.objects.filter(game=game).order_by("used_at", "id"):
        whom = [names[t] for t in (use.target_id, use.second_target_id) if t in names]
        parts = [f"{labels.get(use.power, use.power)}"]
        if use.used_by_id:
            parts.append(f"by {names.get(use.used_by_id, '?')}")
        if whom:
            parts.append("on " + " and ".join(whom))
        if use.planted_role:
            parts.append(f"planting {rules.role_name(use.planted_role)}")
        if use.guessed_role:
            right = {True: "right", False: "wrong"}.get(use.guess_right, "")
            parts.append(f"guessing {rules.role_name(use.guessed_role)} {right}".rstrip())
        if use.hitman_name:
            parts.append(f"hiring {use.hitman_name}")
        events.append(
            Event(
                kind="power",
                text=" ".join(parts),
                at=use.used_at,
                day=use.day,
                players=_ids(use.used_by_id, use.target_id, use.second_target_id),
            )
        )
    return events


def vote_events(game: Game, names: Names, posts: Mapping[int, str]) -> list[Event]:
    """Every vote as it was cast, each change a line of its own (the history), linked to the
    post it was made in where votes are made in posts."""
    events = []
    for pk, day, voter, target, at, round_ in (
        Vote.objects.filter(game=game)
        .order_by("cast_at", "id")
        .values_list("id", "day", "voter_id", "target_id", "cast_at", "round")
    ):
        whom = names.get(target, "?") if target else "no one"
        ballot = f" (ballot {round_ + 1})" if round_ else ""
        events.append(
            Event(
                kind="vote",
                text=f"Day {day}: {names.get(voter, '?')} voted for {whom}{ballot}",
                at=at,
                day=day,
                players=_ids(voter, target),
                link=posts.get(pk, ""),
            )
        )
    return events


def kill_events(game: Game, names: Names) -> list[Event]:
    """Live action's confirmed kills (R11): killer, method and place."""
    rules = game.rules
    events = []
    for kill in Kill.objects.filter(game=game, status=KillStatus.CONFIRMED).order_by(
        "happened_at", "id"
    ):
        method = rules.kill_method(kill.method).label if kill.method else "a kill"
        killer = names.get(kill.killer_id, "a hitman") if kill.killer_id else "a hitman"
        events.append(
            Event(
                kind="kill",
                text=f"{killer} killed {names.get(kill.victim_id, '?')} ({method}) at "
                f"{kill.location}",
                at=kill.happened_at,
                day=kill.day,
                players=_ids(kill.killer_id, kill.victim_id),
            )
        )
    return events


def death_events(game: Game, players: list[Player]) -> list[Event]:
    """Every death with its true cause (R10: public once the game is over)."""
    causes = {c.code: c.label for c in game.rules.death_causes}
    rules = game.rules
    return [
        Event(
            kind="death",
            text=f"{p.name} ({rules.role_name(p.role) if p.role else 'no role'}) died: "
            f"{causes.get(p.death_cause, p.death_cause or 'unknown cause')}",
            at=p.died_at,
            day=p.death_day or 0,
            players=frozenset({p.pk}),
        )
        for p in players
        if not p.alive
    ]
