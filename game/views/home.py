from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_http_methods

from game import selectors
from game.errors import GameRuleError
from game.forms.games import GameCreateForm
from game.models import SchedulerHeartbeat
from game.services.games import game_create
from game.views.refusals import mark_refused, refusal_of


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "game/home.html", {"games": selectors.home_games(request.user)})


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
                return redirect("mod_dashboard", game_id=game.pk)
        else:
            status = mark_refused(request, refusal_of(request, form=form))
    return render(request, "game/game_new.html", {"form": form}, status=status)


def healthz(request: HttpRequest) -> JsonResponse:
    """Liveness for load balancers, and when the periodic job last ran (for .ci/run and ops)."""
    beat = SchedulerHeartbeat.objects.filter(name=SchedulerHeartbeat.DUE_EVENTS).first()
    return JsonResponse(
        {"ok": True, "scheduler_last_run_at": beat.last_run_at.isoformat() if beat else None}
    )
