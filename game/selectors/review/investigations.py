"""Investigations in the review: each question with its true answer, the answer reported to the
asker and the falsifications in between (R19's chain as stored with the answer: Frame, Plant
Evidence, the Press, the Don, the priests …), and each shovel use with the role it showed and the
true one (R37). A moderator's reason for changing an answer is their private note: the review
says that they changed it, never why."""

from __future__ import annotations

from collections.abc import Mapping

from game.models import (
    Game,
    Investigation,
    Player,
    PoliceWatch,
    PriestListEntry,
    ResultStatus,
    ShovelUse,
)
from game.selectors.review.timeline import Event

Names = Mapping[int, str]


def true_lines(reasons: list[str]) -> list[str]:
    """The chain's truth (one line, or one per member of a group question, R31)."""
    return [r for r in reasons if r.split(": ", 1)[0] == "truth" or ": truth" in r]


def investigation_events(game: Game, names: Names) -> list[Event]:
    suspects: dict[int, list[int]] = {}
    through = Investigation.suspects.through
    for investigation_id, player_id in through.objects.filter(investigation__game=game).values_list(
        "investigation_id", "player_id"
    ):
        suspects.setdefault(investigation_id, []).append(player_id)
    events = []
    for i in Investigation.objects.filter(game=game).order_by("requested_at", "id"):
        named = suspects.get(i.pk, [])
        who = " or ".join(sorted(names.get(s, "?") for s in named)) or "?"
        reasons = [str(r) for r in i.reasons]
        truth = true_lines(reasons)
        between = [r for r in reasons if r not in truth]
        details = [f"True answer: {'; '.join(truth) or 'not computed'}"]
        details += [f"Falsified: {r}" for r in between]
        if i.status == ResultStatus.SENT:
            reported = i.summary if i.answer == i.computed_answer and i.summary else i.answer_word
            details.append(f"Reported answer: {reported}")
            if i.answer != i.computed_answer:
                details.append("The moderators changed the computed answer before sending it.")
        else:
            details.append("Never answered.")
        events.append(
            Event(
                kind="investigation",
                text=f"{names.get(i.asker_id, '?')} ({i.get_capacity_display()}) asked: did {who} "
                f"kill {names.get(i.victim_id, '?')}?",
                at=i.requested_at,
                day=i.day,
                players=frozenset({i.asker_id, i.victim_id, *named}),
                details=tuple(details),
            )
        )
    return events


def shovel_events(game: Game, names: Names, players: Mapping[int, Player]) -> list[Event]:
    rules = game.rules
    events = []
    for use in ShovelUse.objects.filter(game=game).order_by("used_at", "id"):
        dead = players.get(use.dead_player_id)
        true_role = rules.role_name(dead.role) if dead and dead.role else "?"
        details = [
            f"True role: {true_role}",
            f"Reported: {rules.role_name(use.role) if use.role else '?'} ({use.alignment})",
        ]
        if use.planted:
            details.insert(1, "Falsified: Plant Evidence set the result (R37)")
        events.append(
            Event(
                kind="shovel",
                text=f"{names.get(use.player_id, '?')} dug up {names.get(use.dead_player_id, '?')}",
                at=use.used_at,
                day=use.day,
                players=frozenset({use.player_id, use.dead_player_id}),
                details=tuple(details),
            )
        )
    return events


def list_events(game: Game, names: Names) -> list[Event]:
    """The priests' saints and sinners (R28), each from when it was added to when it was taken
    off, and the police's watch lists (R48): what the priests' answers and the watch rested on."""
    events = []
    for priest, player, kind, added, removed in PriestListEntry.objects.filter(
        game=game
    ).values_list("priest_id", "player_id", "list", "added_at", "removed_at"):
        until = " (later taken off)" if removed else ""
        events.append(
            Event(
                kind="list",
                text=f"{names.get(priest, '?')} listed {names.get(player, '?')} among the "
                f"{kind}s{until}",
                at=added,
                players=frozenset({priest, player}),
            )
        )
    for officer, watched, day in PoliceWatch.objects.filter(game=game).values_list(
        "officer_id", "watched_id", "day"
    ):
        events.append(
            Event(
                kind="list",
                text=f"Day {day}: {names.get(officer, '?')} watched {names.get(watched, '?')}",
                day=day,
                phase=f"Day {day}",
                players=frozenset({officer, watched}),
            )
        )
    return events
