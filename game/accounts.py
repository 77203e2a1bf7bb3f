from allauth.account.adapter import DefaultAccountAdapter
from allauth.account.utils import filter_users_by_email
from allauth.account.views import SignupView
from allauth.core.exceptions import ImmediateHttpResponse
from django.contrib.sites.shortcuts import get_current_site
from django.db import IntegrityError, transaction

from game.models import User


def client_address(request) -> str:
    """The client's address as the proxy saw it: mafia_mod.proxy.TrustedProxyMiddleware has put
    it in REMOTE_ADDR, believing the proxy's header from the proxy only."""
    return request.META.get("REMOTE_ADDR", "")


def login_account_key(credentials: dict) -> str:
    """The account a login names, whether by username or by email, so that both ways of logging
    in share one count of failures; a login that names no account counts under its own text."""
    if credentials.get("email"):
        email = credentials["email"].lower()
        users = filter_users_by_email(email, prefer_verified=True)
        return f"user-{users[0].pk}" if users else f"email-{email}"
    username = credentials.get("username", "")
    user = User.objects.filter(username__iexact=username).only("pk").first()
    return f"user-{user.pk}" if user else f"username-{username.lower()}"


class AccountAdapter(DefaultAccountAdapter):
    def _get_login_attempts_cache_key(self, request, **credentials) -> str:
        """Failed logins count per (account, address) pair: a player on a shared campus network
        who mistypes, or tries, another player's name cannot lock that player out from
        elsewhere, and someone guessing one account from one address is stopped after five
        tries however they name it. The address is the one the proxy saw (mafia_mod.proxy)."""
        site = get_current_site(request)
        return f"{site.domain}:{login_account_key(credentials)}:{client_address(request)}"

    def get_client_ip(self, request) -> str:
        return client_address(request)

    def save_user(self, request, user, form, commit=True):
        """Two sign-ups with one username at the same moment both pass the form's check; the
        second write then breaks the unique key. That sign-up is answered as the form answers a
        name already taken (the form, asked again, now finds it), never with a 500."""
        try:
            with transaction.atomic():
                return super().save_user(request, user, form, commit)
        except IntegrityError:
            raise ImmediateHttpResponse(SignupView.as_view()(request)) from None
