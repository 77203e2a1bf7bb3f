"""The Don (R42, 1 designation; R19 step 1): kills made while Don investigate as no for the Don;
the Don powers end once two of three consecutive mafia kills are the Don's.

Decisions no ruling spells out:
- The kill that ends the Don powers (the second Don kill within three consecutive mafia kills) was
  made while Don, so it stays hidden too (R42 "earlier Don kills stay hidden" covers every kill made
  before the powers ended, and the powers end only once that kill is made).
- "Two of three consecutive mafia kills" is met as soon as two Don kills are at most two places
  apart in the sequence of mafia kills; it does not wait for a third kill.
- Hitman kills are mafia kills in that sequence (R38); they are never Don kills.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Final

from game.rulesets.base import Choice, PowerInput, PowerRequest, PowerSpec
from game.rulesets.live_action.facts import Falsified, Frame, Kill, PowerUse
from game.rulesets.reasons import Reason

HIDDEN: Final = Reason("don", "Don: no (killed while Don)")
NOT_MAFIA: Final = Reason("don_not_mafia", "The Don must be a living mafia-aligned player (R42).")


def don_refusals(request: PowerRequest) -> list[Reason]:
    """R42: the Don is one of the living mafia-aligned players."""
    don = request.players["don"]
    if not (don.alive and don.mafia_aligned):
        return [NOT_MAFIA]
    return []


@dataclass(frozen=True)
class MafiaKill:
    """One mafia kill in time order. `by_don` is whether the killer was the designated Don when they
    made it (whether or not the Don powers had ended); `killer` is None for a hitman."""

    victim: int
    killer: int | None
    by_don: bool = False

    def __post_init__(self) -> None:
        if self.killer is None and self.by_don:
            raise ValueError("a hitman is never the Don")


@dataclass(frozen=True)
class DonRecord:
    """The victims whose kills investigate as no for the Don, and whether the powers ended (R42)."""

    hidden_victims: frozenset[int]
    powers_ended: bool


def don_hidden_kills(kills: Sequence[MafiaKill]) -> DonRecord:
    """R42: kills made by the Don while the Don powers last are hidden. The powers end once two of
    three consecutive mafia kills are Don kills; the kills made before that stay hidden.

    `kills` are all mafia kills (mafia-aligned killers, conscripts included, and hitmen) in the
    order they happened.
    """
    hidden: set[int] = set()
    last_don_index: int | None = None
    ended = False
    for index, kill in enumerate(kills):
        if ended or not kill.by_don:
            continue
        hidden.add(kill.victim)
        if last_don_index is not None and index - last_don_index <= 2:
            ended = True
        last_don_index = index
    return DonRecord(frozenset(hidden), ended)


def falsified(
    suspect: int, kill: Kill, frames: Collection[Frame], uses: Collection[PowerUse] = ()
) -> Falsified | None:
    """R19 step 1: a kill made by a player while they were Don answers no for that player."""
    if kill.made_by(suspect) and kill.don_hidden:
        return Falsified(False, "Don", HIDDEN)
    return None


POWER = PowerSpec(
    code="don",
    name="Designate the Don",
    summary="Once per game a mafia becomes the Don: kills made while Don investigate as no for "
    "them, until two of three consecutive mafia kills are the Don's (R42).",
    charges=1,
    falsify=falsified,
    falsify_step=1,
    inputs=(PowerInput("don", "Don", Choice.LIVING_MAFIA, "target", html_id="player"),),
    help="The Don's kills investigate as no; two Don kills in three consecutive mafia kills end "
    "the powers (R42).",
    confirm="Designate {don} as the Don? Once per game.",
    verb="Designate",
    done="The Don is designated.",
    log="{actor} designated {don} as the Don.",
    check=don_refusals,
)
