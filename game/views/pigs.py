"""The pig game (seed 003, P1-P6): deal a game and replay it event by event. Open to anyone,
signed in or not: a deal is simulated on the spot, nothing is stored and no other game is read."""

import secrets
from urllib.parse import urlencode

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods

from game.forms.pigs import PigDealForm, PigRandomForm
from game.rulesets.pigs import (
    Deal,
    DealError,
    deal_code,
    deal_from_code,
    deal_random,
    deal_text,
    original_output,
    simulate,
)
from game.rulesets.pigs.cards import CARD_NAMES, ROLE_NAMES
from game.rulesets.pigs.deal import MAX_SEED
from game.rulesets.pigs.replay import SIDE_WORDS, frames, named_cards, public_side
from game.views.refusals import mark_refused, refusal_of

# Events a replay page steps through: an endless game (P6) has hundreds of thousands.
WATCHED = 2000
SPEEDS = (
    (2000, "Slow: a step every 2 seconds"),
    (1000, "A step a second"),
    (250, "Fast: 4 steps a second"),
    (40, "Fastest"),
)
"""The replay's autoplay speeds: milliseconds a step, and their words."""
SAMPLE = "3 10\nMP D D F F\nZP N N N D\nFP J J J J\nF F D D J J F F K D\n"


def _replay_url(**query: object) -> str:
    return f"{reverse('pigs_replay')}?{urlencode({k: v for k, v in query.items() if v})}"


def _deal_page(request: HttpRequest, paste: PigDealForm, random: PigRandomForm, status: int):
    return render(
        request,
        "game/pigs/deal.html",
        {"paste": paste, "random": random, "sample": SAMPLE},
        status=status,
    )


@require_http_methods(["GET", "POST"])
def pigs_deal(request: HttpRequest) -> HttpResponse:
    """Paste a deal in the original's format, or deal one from a seed; either opens its replay."""
    paste = PigDealForm(request.POST if request.POST.get("form") == "paste" else None)
    random = PigRandomForm(request.POST if request.POST.get("form") == "random" else None)
    if request.method == "GET":
        return _deal_page(request, paste, random, 200)
    form = paste if paste.is_bound else random
    if not form.is_valid():
        return _deal_page(
            request, paste, random, mark_refused(request, refusal_of(request, form=form))
        )
    if form is paste:
        return redirect(_replay_url(deal=deal_code(form.cleaned_data["deal"])))
    seed = form.cleaned_data["seed"]
    seed = secrets.randbelow(MAX_SEED) if seed is None else seed
    return redirect(_replay_url(seed=str(seed), pigs=form.cleaned_data["pigs"]))


def _deal_of(query) -> Deal:
    """The deal a replay link names: its code, or a seed (and a number of pigs)."""
    if "deal" in query:
        return deal_from_code(query["deal"])
    random = PigRandomForm({"seed": query.get("seed", ""), "pigs": query.get("pigs", "")})
    if not random.is_valid() or random.cleaned_data["seed"] is None:
        raise DealError("A replay link names a deal (deal=…) or a seed (seed=0…2147483647).")
    return deal_random(random.cleaned_data["seed"], random.cleaned_data["pigs"])


@require_GET
def pigs_replay(request: HttpRequest) -> HttpResponse:
    """The game of a deal, replayed: the table, a slider and step buttons, the result."""
    try:
        deal = _deal_of(request.GET)
    except DealError as error:
        status = mark_refused(request, refusal_of(request, message=str(error)))
        return _deal_page(request, PigDealForm(), PigRandomForm(), status)
    result = simulate(deal, watch=WATCHED)
    shown = frames(result)
    pigs = [
        {
            "number": i + 1,
            "role": role,
            "role_name": ROLE_NAMES[role],
            "hand": None if hand is None else named_cards(hand),
        }
        for i, (role, hand) in enumerate(zip(deal.roles, result.hands, strict=True))
    ]
    start = [
        {**pig, "hp": hp, "cards": cards, "seen": public_side(pig["role"], flags)}
        for pig, (hp, flags, cards) in zip(pigs, shown[0]["pigs"], strict=True)
    ]
    return render(
        request,
        "game/pigs/replay.html",
        {
            "result": result,
            "pigs": pigs,
            "start": start,
            "frames": shown,
            "roles": list(deal.roles),
            "words": {"cards": CARD_NAMES, "sides": SIDE_WORDS},
            "shown_events": len(shown) - 1,
            "all_events": len(result.events),
            "output": original_output(result),
            "deal_text": deal_text(deal),
            "code_url": _replay_url(deal=deal_code(deal)),
            "speeds": SPEEDS,
        },
    )
