"""A game of computer players to watch (H10): every seat the computer's, played by the rules
alone (`game.rulesets.hp.play`) from a seed in the link (C8), and shown round by round with
everything in it, the groups' secrets and everyone's HP too: nobody plays, so nothing is
hidden. Open to anyone; nothing is stored."""

import secrets
from dataclasses import dataclass

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET

from game.forms.hp import MAX_WATCH_SEED, HpWatchForm
from game.rulesets.hp import HP
from game.rulesets.hp.hp import shown_hp
from game.rulesets.hp.play import PlayedGame, dealt_table, play
from game.rulesets.hp.texts import ALL, MODERATORS, Line, player_of
from game.views.refusals import mark_refused, refusal_of

ROUND_STARTS = "round"
GAME_OVER = "game_over"
GROUP_WORDS = {"mafia": "the mafias", "detective": "the detectives", "healer": "the healers"}


@dataclass(frozen=True)
class Said:
    text: str
    only: str  # who alone reads it in a game with people ("" for everyone)


@dataclass(frozen=True)
class WatchedRound:
    title: str
    lines: list[Said]
    table: list[dict]


def _said(line: Line, names: dict[int, str]) -> Said:
    alone = player_of(line.audience)
    if line.audience == ALL:
        only = ""
    elif line.audience == MODERATORS:
        only = "the moderators"
    elif alone is not None:
        only = names[alone]
    else:
        only = GROUP_WORDS[line.audience]
    return Said(line.reason.render(names), only)


def _parts(game: PlayedGame) -> list[list[Said]]:
    """The lines split at each round's header, then the closing lines (H9) as the last part."""
    names = {seat.id: seat.name for seat in game.table}
    parts: list[list[Said]] = []
    for line in game.lines:
        if line.reason.code in (ROUND_STARTS, GAME_OVER) or not parts:
            parts.append([])
        if line.reason.code != ROUND_STARTS:
            parts[-1].append(_said(line, names))
    return parts


def _table(seats) -> list[dict]:
    return [
        {"name": s.name, "role": HP.role(s.role).name, "hp": shown_hp(s.hp), "alive": s.alive}
        for s in seats
    ]


def watched(game: PlayedGame) -> list[WatchedRound]:
    """Each round with its lines and the table at its end, then the end of the game."""
    *parts, closing = _parts(game)
    rounds = [
        WatchedRound(f"Round {record.number}", part, _table(record.table))
        for record, part in zip(game.rounds, parts, strict=True)
    ]
    return [*rounds, WatchedRound("Game Over", closing, [])]


@require_GET
def hp_watch(request: HttpRequest) -> HttpResponse:
    """The game of the link's size and seed; without them, a new seed for 10 players."""
    if not request.GET:
        query = f"players=10&seed={secrets.randbelow(MAX_WATCH_SEED)}"
        return redirect(f"{reverse('hp_watch')}?{query}")
    form = HpWatchForm(request.GET)
    if not form.is_valid():
        status = mark_refused(request, refusal_of(request, form=form))
        return render(request, "game/hp/watch.html", {"form": form}, status=status)
    players, seed = form.cleaned_data["players"], str(form.cleaned_data["seed"])
    game = play(dealt_table(players, seed), seed)
    context = {"form": form, "players": players, "seed": seed, "rounds": watched(game)}
    return render(request, "game/hp/watch.html", context)
