"""The pages of a Chiang Mai game (M1-M12), at 375 px first: the host's page (the table before
the deal, the night script with a big button per name, the dawn, the Hunter, the day's timers,
the show of hands, the runoff, undo, the log and the whole story at the end), a player's phone
page (their cards, their call, their ballot) and the table's shared screen."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_POST

from game.errors import GameRuleError
from game.permissions import can_host_chiang_mai, game_for, require
from game.rulesets.chiang_mai.cards import CARD_NAMES
from game.rulesets.chiang_mai.deck import FACE_CARDS, IN_ONE_PACK, MIN_PLAYERS, default_deck
from game.rulesets.chiang_mai.script import CALL_SECONDS
from game.selectors.chiang_mai import table_view
from game.services.chiang_mai.entries import (
    chiang_mai_enter,
    chiang_mai_player_enter,
    chiang_mai_undo,
)
from game.services.chiang_mai.seats import chiang_mai_deal, chiang_mai_seats_add
from game.views.actions import run_and_redirect

ENTRY_FIELDS = ("player", "actor", "target", "hunter", "voter")


@login_required
def host(request: HttpRequest, game_id: int) -> HttpResponse:
    """The host's one screen (M12): what to say and tap next."""
    game, viewer = game_for(request.user, game_id)
    require(can_host_chiang_mai(viewer))
    context = {"game": game, "viewer": viewer, "cards": CARD_NAMES}
    if game.status == "signup":
        deck = default_deck(max(game.players.count(), 7))
        context.update(
            players=list(game.players.select_related("user").order_by("joined_at", "id")),
            deck=[(code, CARD_NAMES[code], deck.get(code, 0)) for code in FACE_CARDS],
            all_cards=list(CARD_NAMES.items()),
            positions=[(1, "On top"), (2, "Under it")],
            min_players=MIN_PLAYERS,
            most=IN_ONE_PACK,
            call_seconds=CALL_SECONDS,
        )
    else:
        context["view"] = table_view(viewer)
        if unchanged(request, context["view"]):
            return HttpResponse(status=204)
    return render(request, "game/chiang_mai/host.html", context)


def unchanged(request: HttpRequest, view: dict) -> bool:
    """An open page asking whether anything it shows changed since its version: nothing to
    send (htmx swaps nothing on 204)."""
    return request.GET.get("since") == view["version"]


@login_required
def hand(request: HttpRequest, game_id: int) -> HttpResponse:
    """A player's phone (M12): their two cards, their call, their ballot."""
    game, viewer = game_for(request.user, game_id)
    require(viewer.player is not None and game.status != "signup")
    view = table_view(viewer)
    if unchanged(request, view):
        return HttpResponse(status=204)
    mine = next(seat for seat in view["seats"] if seat.id == viewer.player.pk)
    return render(
        request,
        "game/chiang_mai/hand.html",
        {"game": game, "viewer": viewer, "view": view, "mine": mine},
    )


@login_required
def screen(request: HttpRequest, game_id: int) -> HttpResponse:
    """The table's shared screen (M7): the timers and what was announced, nothing secret."""
    game, viewer = game_for(request.user, game_id)
    require(game.status != "signup")
    view = table_view(viewer)
    return render(request, "game/chiang_mai/screen.html", {"game": game, "view": view})


def _int(value: str | None, what: str) -> int | None:
    if value in (None, "", "none"):
        return None
    try:
        return int(value)
    except ValueError:
        raise GameRuleError(f"Choose a {what} from the list.") from None


def entry_of(post: QueryDict) -> dict:
    """One tap from a form: its kind and the players it names."""
    entry: dict = {"kind": post.get("kind", "")}
    for name in ENTRY_FIELDS:
        if name in post:
            entry[name] = _int(post.get(name), "player")
    for name in ("top", "code"):
        if post.get(name):
            entry[name] = post[name]
    return entry


def ballots_of(post: QueryDict) -> list[dict]:
    """A show of hands: for each voter, where each of their votes went (M7: one vote per card,
    split or withheld); then the tally."""
    ballots = []
    for voter in post.getlist("voter"):
        split: dict[str, int] = {}
        for value in post.getlist(f"vote-{voter}"):
            target = _int(value, "player")
            if target is not None:
                split[str(target)] = split.get(str(target), 0) + 1
        ballot = {"kind": "ballot", "voter": _int(voter, "player"), "split": split}
        ballots.append({**ballot, "override": True} if post.get("override") else ballot)
    return [*ballots, {"kind": "tally"}] if post.get("tally") else ballots


def counts_of(post: QueryDict) -> list[dict]:
    """The show of hands the host counted (M7, M8): per candidate the hands raised, from the
    voters the page listed as voting by hand; then the tally."""
    counts: dict[str, int] = {}
    for key, value in post.items():
        if key.startswith("count-") and value.strip():
            try:
                counts[key.removeprefix("count-")] = int(value)
            except ValueError:
                raise GameRuleError("Enter each count as a whole number.", field=key) from None
    voters = [_int(voter, "player") for voter in post.getlist("hand_voter")]
    return [{"kind": "hands", "counts": counts, "voters": voters}, {"kind": "tally"}]


def host_entries(post: QueryDict) -> list[dict]:
    kind = post.get("kind")
    if kind == "count":
        return counts_of(post)
    return ballots_of(post) if kind == "hands" else [entry_of(post)]


@login_required
@require_POST
def tap(request: HttpRequest, game_id: int) -> HttpResponse:
    """One tap of the host or of a player's phone (M12); a refusal shows on the page."""
    game, viewer = game_for(request.user, game_id)
    now = timezone.now()
    if can_host_chiang_mai(viewer):
        to = "chiang_mai_host"

        def action():
            entries = host_entries(request.POST)
            return chiang_mai_enter(game_id=game.pk, by=request.user, entries=entries, now=now)
    else:
        require(viewer.player is not None)
        to = "chiang_mai_hand"

        def action():
            kind = request.POST.get("kind")
            entry = ballots_of(request.POST)[0] if kind == "hands" else entry_of(request.POST)
            return chiang_mai_player_enter(game_id=game.pk, by=request.user, entry=entry, now=now)

    # The host's page shows the next call or stage at once; a phone is told its tap counted.
    success = "" if to == "chiang_mai_host" else "Recorded."
    return run_and_redirect(request, action, success=success, to=to, game_id=game.pk)


@login_required
@require_POST
def undo(request: HttpRequest, game_id: int) -> HttpResponse:
    """The host's undo of their last tap."""
    game, viewer = game_for(request.user, game_id)
    require(can_host_chiang_mai(viewer))
    return run_and_redirect(
        request,
        lambda: chiang_mai_undo(game_id=game.pk, by=request.user, now=timezone.now()),
        success="The last entry is undone.",
        to="chiang_mai_host",
        game_id=game.pk,
    )


@login_required
@require_POST
def seat_add(request: HttpRequest, game_id: int) -> HttpResponse:
    """The host adds the players who have no phone, one name a line (M12)."""
    game, viewer = game_for(request.user, game_id)
    require(can_host_chiang_mai(viewer))
    names = [name.strip() for name in request.POST.get("name", "").splitlines() if name.strip()]
    return run_and_redirect(
        request,
        lambda: chiang_mai_seats_add(
            game_id=game.pk, by=request.user, names=names, now=timezone.now()
        ),
        success=f"At the table: {', '.join(names)}.",
        to="chiang_mai_host",
        game_id=game.pk,
    )


@login_required
@require_POST
def deal(request: HttpRequest, game_id: int) -> HttpResponse:
    """The host's deck, dealt by the app from the game's seed (C8) or by the host at the table
    with a real deck (M1)."""
    game, viewer = game_for(request.user, game_id)
    require(can_host_chiang_mai(viewer))

    def action():
        deck = {code: _int(request.POST.get(code), "number") or 0 for code in FACE_CARDS}
        seconds = _int(request.POST.get("call_seconds"), "number") or CALL_SECONDS
        return chiang_mai_deal(
            game_id=game.pk,
            by=request.user,
            deck=deck,
            call_seconds=seconds,
            seed=request.POST.get("seed", ""),
            hands=hands_of(request.POST) if request.POST.get("physical") else None,
            now=timezone.now(),
        )

    return run_and_redirect(
        request, action, success="The cards are dealt.", to="chiang_mai_host", game_id=game.pk
    )


def hands_of(post: QueryDict) -> dict[int, list[str]]:
    """The cards a host dealt at the table: `card-<player>-1` on top, `card-<player>-2` under."""
    hands: dict[int, list[str]] = {}
    for key in sorted(k for k in post if k.startswith("card-")):
        player = _int(key.split("-")[1], "player")
        hands.setdefault(player, []).append(post[key])
    return hands
