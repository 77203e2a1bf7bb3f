"""Last wills (docs/forum-play.md): a living player writes and rewrites a will, read by
nobody but them and the moderators until it is posted in Town Square at their death. The
game's setting says whether wills are kept at all and whether the mafia's night kill destroys
the victim's (a variant of the forum sites)."""

import datetime as dt

from django.db import transaction

from forums.access import can_write_will, forum_viewer_for
from forums.errors import ForbiddenError
from forums.models import LastWill, PostKind
from forums.services.phase_threads import phase_post
from game.errors import GameRuleError
from game.models import Game, Player, User
from game.rulesets.base import KILLED
from game.services.locking import lock_game

WILL_MAX = 5000
NIGHT_KILL_DESTROYS = "not_night_kill"


@transaction.atomic
def will_save(*, game_id: int, by: User, body: str, now: dt.datetime) -> LastWill:
    game = lock_game(game_id)
    fv = forum_viewer_for(by, game)
    if not can_write_will(fv):
        raise ForbiddenError("Only living players of a game with last wills write one.")
    body = body.strip()
    if len(body) > WILL_MAX:
        raise GameRuleError(f"A will has at most {WILL_MAX} characters.")
    will, _ = LastWill.objects.update_or_create(
        player=fv.player, defaults={"body": body, "updated_at": now}
    )
    return will


def will_post(game: Game, player: Player, at: dt.datetime) -> None:
    """A DEATH_HOOK: post the dead player's will, once, where the game's setting says it is
    read (none posted for an empty will)."""
    if not game.last_wills:
        return
    will = LastWill.objects.filter(player=player, posted__isnull=True).first()
    if will is None or not will.body:
        return
    if game.last_wills == NIGHT_KILL_DESTROYS and player.death_cause == KILLED.code:
        text = f"{player.name}'s last will was destroyed by the killers."
        will.body = ""
    else:
        text = f"The last will of {player.name}:\n\n{will.body}"
    will.posted = phase_post(game=game, text=text, kind=PostKind.LAST_WILL, now=at)
    will.save(update_fields=["posted", "body"])
