"""Guests: a visitor who starts a solo HP game without an account plays as a guest, signed in
in that browser only. A guest plays solo games; joining or creating a game with other people
needs an account (a verified email address, which the sign-up asks for)."""

from game.models import User

GUEST_REFUSAL = (
    "You are playing as a guest: create an account (Log out, then Sign up) to join or create "
    "a game with other people."
)


def is_guest(user: User) -> bool:
    """A guest's account has no password: nobody can sign in to it, it lives in the session
    that started it."""
    return (
        user.is_authenticated
        and user.username.startswith("guest-")
        and not (user.has_usable_password())
    )


def can_join_games(user: User) -> bool:
    """Signing up for a game or creating one: anyone signed in with an account, not a guest."""
    return user.is_authenticated and not is_guest(user)
