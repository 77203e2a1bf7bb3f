from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_http_methods, require_POST

from game.errors import GameRuleError
from game.forms.accounts import DisplayNameForm, TokenCreateForm
from game.services.lobby.accounts import api_token_create, api_token_revoke, display_name_change
from game.views.actions import form_refused, run_and_redirect
from game.views.refusals import mark_refused, refusal_of, refused_page


@login_required
@require_http_methods(["GET", "POST"])
def profile(request: HttpRequest) -> HttpResponse:
    form = DisplayNameForm(
        request.POST or None, initial={"display_name": request.user.display_name}
    )
    status = 200
    if request.method == "POST":
        if form.is_valid():
            return run_and_redirect(
                request,
                lambda: display_name_change(
                    user=request.user, display_name=form.cleaned_data["display_name"]
                ),
                success="Display name saved.",
                to="profile",
            )
        status = mark_refused(request, refusal_of(request, form=form))
    return render(
        request,
        "game/profile.html",
        {
            "form": form,
            "token_form": TokenCreateForm(),
            "tokens": request.user.api_tokens.order_by("-created_at"),
        },
        status=status,
    )


@login_required
@require_POST
def token_create(request: HttpRequest) -> HttpResponse:
    form = TokenCreateForm(request.POST)
    if not form.is_valid():
        return form_refused(request, form, "profile")
    try:
        _, raw = api_token_create(user=request.user, name=form.cleaned_data["name"])
    except GameRuleError as error:
        return refused_page(request, refusal_of(request, message=error.message), "/profile/")
    return render(request, "game/token_created.html", {"raw_token": raw})


@login_required
@require_POST
def token_revoke(request: HttpRequest, token_id: int) -> HttpResponse:
    return run_and_redirect(
        request,
        lambda: api_token_revoke(user=request.user, token_id=token_id),
        success="Token revoked.",
        to="profile",
    )
