import datetime as dt

from django.db import transaction

from game.errors import GameRuleError
from game.models import ApiToken, User
from game.models.accounts import hash_token

# "Last used" is for the owner's eyes, to the minute: a write on every API call would cost more
# than the call itself.
TOKEN_USE_RECORDED_EVERY = dt.timedelta(minutes=1)


@transaction.atomic
def display_name_change(*, user: User, display_name: str) -> User:
    display_name = display_name.strip()
    if len(display_name) > 60:
        raise GameRuleError("A display name has at most 60 characters.")
    user.display_name = display_name
    user.save(update_fields=["display_name"])
    return user


@transaction.atomic
def api_token_create(*, user: User, name: str) -> tuple[ApiToken, str]:
    """Returns the token and its raw value, which is shown once and never stored."""
    name = name.strip() or "API token"
    if user.api_tokens.count() >= 10:
        raise GameRuleError("You have 10 tokens already; revoke one first.")
    raw = ApiToken.new_raw_value()
    token = ApiToken.objects.create(
        user=user, name=name[:60], digest=hash_token(raw), prefix=raw[:8]
    )
    return token, raw


@transaction.atomic
def api_token_revoke(*, user: User, token_id: int) -> None:
    deleted, _ = ApiToken.objects.filter(user=user, pk=token_id).delete()
    if not deleted:
        raise GameRuleError("No such token.")


def api_token_user(raw: str, *, now: dt.datetime) -> User | None:
    try:
        # get(), not first(): on every API call, an ORDER BY costs more than it is worth.
        token = ApiToken.objects.select_related("user").get(digest=hash_token(raw))
    except ApiToken.DoesNotExist:
        return None
    if not token.user.is_active:
        return None
    if token.last_used_at is None or now - token.last_used_at >= TOKEN_USE_RECORDED_EVERY:
        ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
    return token.user
