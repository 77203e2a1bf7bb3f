"""A guest for a visitor who plays a solo HP game without an account (game.permissions.guests):
an account with no password and no email, signed in in the visitor's browser only."""

from __future__ import annotations

import secrets

from django.db import transaction

from game.models import User

GUEST_NAME = "Guest"


@transaction.atomic
def guest_create() -> User:
    user = User(username=f"guest-{secrets.token_hex(8)}", display_name=GUEST_NAME)
    user.set_unusable_password()
    user.save()
    return user
