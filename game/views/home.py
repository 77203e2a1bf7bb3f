from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from game.errors import GameRuleError
from game.forms.games import GameCreateForm
from game.selectors.demo import demo_logins
from game.selectors.games import home_games
from game.selectors.health import system_health
from game.selectors.rulings import rulings_by_family
from game.services.lobby.games import game_create
from game.views.refusals import mark_refused, refusal_of


def home(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "game/home.html",
        {"games": home_games(request.user), "demo_logins": demo_logins()},
    )


def rulings(request: HttpRequest) -> HttpResponse:
    """Every ruling of every rule set in plain words, for anyone: the page citations link to
    when their own game's rules page does not explain them."""
    return render(request, "game/rulings.html", {"families": rulings_by_family()})


@login_required
@require_http_methods(["GET", "POST"])
def game_new(request: HttpRequest) -> HttpResponse:
    form = GameCreateForm(request.POST or None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                game = game_create(created_by=request.user, now=timezone.now(), **form.cleaned_data)
            except GameRuleError as error:
                status = mark_refused(request, refusal_of(request, message=error.message))
            else:
                messages.success(request, f"{game.name} is open for sign-ups.")
                after = game.rules.pages.after_create
                return redirect(after.page if after else "mod_dashboard", game_id=game.pk)
        else:
            status = mark_refused(request, refusal_of(request, form=form))
    return render(request, "game/game_new.html", {"form": form}, status=status)


@never_cache
def healthz(request: HttpRequest) -> JsonResponse:
    """For load balancers, compose and ops: the database, the broker and the periodic job, 503
    when any is down or a day end is overdue (game.selectors.health)."""
    health = system_health(now=timezone.now())
    return JsonResponse(health.as_dict(), status=200 if health.ok else 503)
