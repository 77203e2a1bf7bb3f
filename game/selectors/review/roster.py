"""Who held what in the review: each player's role and side, the items they held and lost, their
HP at the end (H5), and at a Chiang Mai table the cards dealt, the cards left and the doses (M4,
M5), with the table's whole story (M12: the end reveals it) as events of its phases."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from game.models import Game, GamePhase, Item, Player
from game.rulesets.chiang_mai.cards import CARD_NAMES
from game.selectors.review.timeline import Event, Phase
from game.snapshots.chiang_mai import story_of

HP_KEY = "hp"


@dataclass(frozen=True)
class RosterRow:
    id: int
    name: str
    role: str
    side: str
    fate: str
    won: bool
    items: tuple[str, ...]
    hp: str = ""
    cards_dealt: tuple[str, ...] = ()
    cards_left: tuple[str, ...] = ()
    doses: int | None = None


def _items_by_holder(game: Game) -> dict[int, list[str]]:
    names = {item.code: item.name for item in game.rules.items}
    held: dict[int, list[str]] = {}
    for holder, kind, destroyed in Item.objects.filter(game=game, holder__isnull=False).values_list(
        "holder_id", "kind", "destroyed_at"
    ):
        label = names.get(kind, kind) + (" (used or destroyed)" if destroyed else "")
        held.setdefault(holder, []).append(label)
    return held


def _hp(player: Player) -> str:
    if HP_KEY not in (player.state or {}):
        return ""
    return str(round(Fraction(player.state[HP_KEY])))


def _cards(state: dict, key: str) -> tuple[str, ...]:
    return tuple(CARD_NAMES.get(c, c) for c in (state or {}).get(key, ()))


def roster(game: Game, players: list[Player], fates: dict[int, str]) -> list[RosterRow]:
    rules = game.rules
    held = _items_by_holder(game)
    rows = []
    for p in players:
        known = rules.has_role(p.role)
        side = rules.alignment_of(p.role, conscripted=p.conscripted) if known else ""
        state = p.state or {}
        rows.append(
            RosterRow(
                id=p.pk,
                name=p.name,
                role=(rules.role_name(p.role) if known else p.role)
                + (" (conscripted)" if p.conscripted else ""),
                side=rules.team_label(side) if side else "",
                fate=fates.get(p.pk, "alive"),
                won=bool(game.winner) and side == game.winner,
                items=tuple(held.get(p.pk, ())),
                hp=_hp(p),
                cards_dealt=_cards(state, "dealt"),
                cards_left=_cards(state, "cards"),
                doses=int(state["doses"]) if "doses" in state else None,
            )
        )
    return rows


def story_events(game: Game, players: list[Player], phases: list[GamePhase]) -> list[Event]:
    """A Chiang Mai table's whole story (M12), each line in the phase it names: the cards lost,
    the doses, the Hunter's shot, the votes."""
    if not any("entries" in (phase.state or {}) for phase in phases):
        return []
    seated = sorted(players, key=lambda p: (p.seat or 0, p.pk))
    if any("dealt" not in (p.state or {}) for p in seated):
        return []
    story = story_of(game, seated, phases)
    names = {p.pk: p.name for p in players}
    return [
        Event(
            kind="cards" if "card" in reason.code or "dose" in reason.code else "log",
            text=reason.render(names),
            phase=label,
            players=frozenset(pk for _, pk in reason.players),
        )
        for label, reason in story.log
    ]


def story_phases(events: list[Event]) -> list[Phase]:
    seen: dict[str, Phase] = {}
    for event in events:
        seen.setdefault(event.phase, Phase(event.phase))
    return list(seen.values())
