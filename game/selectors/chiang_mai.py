"""What each seat at a Chiang Mai table reads (M12): the host everything, a player with a phone
their own cards, their call and their ballot, the table's shared screen only what is said
aloud. Visibility is decided in `game.permissions`."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from game.models import Player
from game.permissions import Viewer, can_see_cards_of, can_see_thumbs
from game.rulesets.chiang_mai import CHIANG_MAI
from game.rulesets.chiang_mai.cards import (
    CARD_NAMES,
    ROLE_NAMES,
    ROLE_OF,
    card_is_active,
)
from game.rulesets.chiang_mai.day import SECONDS, day_timers, farewells_due, runoff_timers, votes_of
from game.rulesets.chiang_mai.story import Story
from game.rulesets.chiang_mai.story_state import DAY, NIGHT, ORDER, RUNOFF
from game.selectors.chiang_mai_phones import (
    ballots_cast,
    page_version,
    pointings,
    show_of_hands,
)
from game.snapshots.chiang_mai import game_phases, seated_players, story_of


@dataclass(frozen=True)
class Seat:
    """A player at the table as the viewer may see them; `cards` is empty when hidden;
    `cards_alike` when they are two of a kind, so that there is no order to choose."""

    id: int
    name: str
    seat: int
    in_game: bool
    cards: tuple[dict[str, Any], ...]
    killer: bool | None
    doses: int | None
    votes: int
    cards_alike: bool = False


def _seat(viewer: Viewer, story: Story, player: Player) -> Seat:
    hand = story.table[player.pk]
    visible = can_see_cards_of(viewer, player.pk)
    cards = tuple(
        {
            "code": c,
            "name": CARD_NAMES[c],
            "active": card_is_active(c, i),
            "top": i == 0,
            "does": card_does(c),
        }
        for i, c in enumerate(hand.cards)
    )
    return Seat(
        id=player.pk,
        name=player.name,
        seat=player.seat or 0,
        in_game=hand.in_game,
        cards=cards if visible else (),
        killer=hand.killer if visible else None,
        doses=hand.doses if viewer.is_moderator else None,
        votes=len(hand.cards),
        cards_alike=visible and len(set(hand.cards)) == 1 and len(hand.cards) == 2,
    )


def card_does(card: str) -> str:
    """What a card does, for its holder who may not know the game (M2, M4, M6)."""
    role = CHIANG_MAI.role(ROLE_OF[card])
    if role.night_action is None:
        return role.summary
    where = "in any position" if card_is_active(card, 1) else "only while it is on top"
    return f"{role.summary} It acts {where} (M2)."


def _timer(entry: dict[str, Any], names: dict[int, str]) -> dict[str, Any]:
    started = dt.datetime.fromisoformat(entry["at"])
    return {
        "code": entry["code"],
        "player": names.get(entry.get("player"), ""),
        "ends_at": (started + dt.timedelta(seconds=SECONDS[entry["code"]])).isoformat(),
        "seconds": SECONDS[entry["code"]],
    }


def table_view(viewer: Viewer) -> dict[str, Any]:
    """The story as `viewer` may read it: the host all of it (M12), a player their own cards,
    calls, thumbs and ballot, anyone in the game what is announced aloud. Three queries."""
    game = viewer.game
    players = seated_players(game)
    story = story_of(game, players, game_phases(game))
    names = {p.pk: p.name for p in players}
    me = viewer.player.pk if viewer.player is not None else None
    call = story.current_call
    called = call is not None and me in call.actors
    view: dict[str, Any] = {
        "story": story,
        "stage": story.stage,
        "label": story.label,
        "seats": [_seat(viewer, story, p) for p in players],
        "in_game": [p for p in players if story.table[p.pk].in_game],
        "public": [(label, r.render(names)) for label, r in story.public],
        "timers": [_timer(t, names) for t in story.timers],
        "winner": story.winner,
        "winner_text": dict(CHIANG_MAI.win_texts).get(story.winner or "", ""),
        "me": me,
        "call": call if (viewer.is_moderator or called) else None,
        "thumbs": [
            {"night": night, "target": names[t.target], "up": t.up}
            for night, t in story.thumbs
            if can_see_thumbs(viewer, t.policemen)
        ],
    }
    if call is not None and (viewer.is_moderator or called):
        view["targets"] = [p for p in players if story.nightfall[p.pk].in_game]
        view["actor_names"] = [names[a] for a in call.actors] if viewer.is_moderator else []
    if viewer.is_moderator:
        view.update(_host_only(story, names, players))
    if story.stage in (DAY, RUNOFF):
        view["vote_targets"] = [
            {"id": p.pk, "name": p.name}
            for p in players
            if (p.pk in story.tied if story.tied else story.table[p.pk].in_game)
        ]
    if me is not None and story.stage in (DAY, RUNOFF) and story.table[me].in_game:
        view["my_votes"] = 0 if me in story.tied else votes_of(story.table, me)
        view["my_ballot_form"] = [_voter(story, viewer.player)]
    view["may_order"] = story.stage == ORDER
    view["version"] = page_version(story, me, viewer.is_moderator)
    if me is not None and me in story.ballots:
        view["my_ballot"] = next(c for c in ballots_cast(story) if c["id"] == me)
    if story.winner:
        # The end reveals the whole story to everyone at the table (M12).
        view["whole_story"] = [(label, r.render(names)) for label, r in story.log]
    return view


def _voter(story: Story, player: Player) -> dict[str, Any]:
    """A voter's row of the show of hands: one vote per card held (M7)."""
    votes = votes_of(story.table, player.pk)
    return {"id": player.pk, "name": player.name, "votes": votes, "slots": range(1, votes + 1)}


def _host_only(story: Story, names: dict[int, str], players: list[Player]) -> dict[str, Any]:
    """M10, M12: the script, the Hunter to shoot, the day's timers, the ballots, the log."""
    hunter = story.hunter
    planned = []
    if story.stage == DAY:
        due = farewells_due(story.eliminated, story.farewelled)
        planned = day_timers(story.table, due)
    elif story.stage == RUNOFF:
        planned = runoff_timers(story.tied)
    return {
        "script": story.script if story.stage == NIGHT else [],
        "call_index": story.call,
        "hunter": names.get(hunter) if hunter is not None else None,
        "hunter_id": hunter,
        "shot_targets": [p for p in players if story.table[p.pk].in_game and p.pk != hunter],
        "planned_timers": [
            {
                "code": t.code,
                "label": t.label,
                "seconds": t.seconds,
                "player": t.player,
                "name": names.get(t.player, "") if t.player else "",
            }
            for t in planned
        ],
        "ballots": {
            names[v]: {names[t]: n for t, n in b.items()} for v, b in story.ballots.items()
        },
        "hand_voters": [
            _voter(story, p)
            for p in players
            if story.table[p.pk].in_game and p.pk not in story.tied
        ],
        "pointings": pointings(story, players),
        "cast": ballots_cast(story),
        "by_hand": show_of_hands(story),
        "tied": [names[p] for p in story.tied],
        "tied_ids": list(story.tied),
        "log": [(label, r.render(names)) for label, r in story.log],
        "flags": [r.render(names) for r in story.flags],
        "role_names": ROLE_NAMES,
        "entries": story.entries,
    }
