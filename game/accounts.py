from allauth.account.adapter import DefaultAccountAdapter
from django.contrib.sites.shortcuts import get_current_site


def client_address(request) -> str:
    """The client's address as the last proxy saw it. Behind our proxy (docker-compose.yml) the
    right-most X-Forwarded-For entry is the one the proxy added and cannot be forged."""
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    if forwarded:
        return forwarded.split(",")[-1].strip()
    return request.META.get("REMOTE_ADDR", "")


class AccountAdapter(DefaultAccountAdapter):
    def _get_login_attempts_cache_key(self, request, **credentials) -> str:
        """Failed logins count per (login, address) pair: a player on a shared campus network who
        mistypes, or tries, another player's name cannot lock that player out from elsewhere,
        and someone guessing one account from one address is still stopped."""
        site = get_current_site(request)
        login = credentials.get("email", credentials.get("username", "")).lower()
        return f"{site.domain}:{login}:{client_address(request)}"
