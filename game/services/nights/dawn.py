"""The dawn of every night-and-day rule set (C2-C4, C6): one step that applies whatever the
night engine decided (game.rulesets.nights) — the reasons to the moderators, the dawn post in
Town Square, each private result to its recipient alone, the players' rule-set state, then the
deaths, each doing to its victim's hand what the rule set declares (`Ruleset.hands`: a death
is final in a hand of one; a hand of two loses its top card, M5), after which the win check
runs (a death hook). It runs inside the phase end's transaction with the game locked."""

import datetime as dt
from collections import Counter
from collections.abc import Sequence

from game.models import Game, GamePhase, Player, Visibility
from game.models.players import SEAT_ORDER
from game.rulesets.hands import HAND, hand_of
from game.rulesets.nights import Kind, NightOutcome, dawn_text
from game.rulesets.reasons import rendered
from game.services.killing.deaths import players_die
from game.services.log import log_append
from game.snapshots.nights import dawn_preview


def dawn(game: Game, phase: GamePhase, at: dt.datetime) -> None:
    """Night `phase` ends: its outcome (or the moderators' override of it) is announced and
    applied."""
    outcome, players = dawn_preview(game, phase.number)
    names = {pk: p.name for pk, p in players.items()}
    _states_store(game, players, outcome)
    victims = _hands_after_deaths(game, players, outcome.victims)
    log_append(
        game=game,
        kind="night_resolved",
        text="Dawn: " + " ".join(rendered(outcome.reasons, names)),
        visibility=Visibility.MODERATORS,
        now=at,
    )
    log_append(
        game=game,
        kind="dawn",
        text=dawn_text(
            phase.number + 1,
            [(v.name, game.rules.role(v.role).reveal) for v in victims],
            _survivors_in_seat_order(game, [v.pk for v in victims]),
        ),
        visibility=Visibility.PUBLIC,
        now=at,
    )
    for result in outcome.results:
        log_append(
            game=game,
            kind=result.entry,
            text=result.told.render(names) if result.told else "",
            visibility=Visibility.PLAYERS,
            recipients=[players[result.player]],
            now=at,
        )
    causes = {o.player: o.cause for o in outcome.of_kind(Kind.DEATH)}
    players_die(game=game, deaths=[(v, causes[v.pk]) for v in victims], at=at, day=phase.number)


def _states_store(game: Game, players: dict[int, Player], outcome: NightOutcome) -> None:
    """The rule-set state the night changed, checked by the rule set before it is stored."""
    changed = []
    for pk, state in outcome.player_state.items():
        player = players[pk]
        if dict(state) != (player.state or {}):
            player.state = game.rules.state_of(state)
            changed.append(player)
    Player.objects.bulk_update(changed, ["state"])


def _survivors_in_seat_order(game: Game, victims: Sequence[int]) -> list[str]:
    """C9: the names of the living the night spares, in seat order (SEAT_ORDER), as the bots'
    players file lists them."""
    living = game.players.filter(alive=True).exclude(pk__in=victims).order_by(*SEAT_ORDER)
    return list(living.values_list("name", flat=True))


def _hands_after_deaths(
    game: Game, players: dict[int, Player], deaths: tuple[int, ...]
) -> list[Player]:
    """What each of the night's deaths does to its victim's hand (`hands.death`; a player may
    die twice in one night where a death takes a card, M5): the players left with no card, who
    die, in the order the night decided; the others keep the rest of their hand, top first."""
    hands = game.rules.hands
    dying, changed = [], []
    for pk, count in Counter(deaths).items():
        player = players[pk]
        left = hands.after_deaths(hand_of(player.role, player.state), count)
        if not left:
            dying.append(player)
            continue
        player.state = game.rules.state_of({**(player.state or {}), HAND: list(left)})
        changed.append(player)
    Player.objects.bulk_update(changed, ["state"])
    return dying
