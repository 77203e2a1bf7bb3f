import datetime as dt

from django.db import connection, transaction

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
    """The active user a token belongs to, in one query on every API call: hand-written SQL,
    because the ORM's compilation of this join costs more than the query. The token's use is
    recorded at most once a minute (TOKEN_USE_RECORDED_EVERY)."""
    users, tokens = User._meta.db_table, ApiToken._meta.db_table
    recorded_since = connection.ops.adapt_datetimefield_value(now - TOKEN_USE_RECORDED_EVERY)
    found = User.objects.raw(
        f"SELECT u.*, t.id AS api_token_id, "  # noqa: S608 (table names are ours)
        f"(t.last_used_at IS NULL OR t.last_used_at <= %s) AS api_token_use_unrecorded "
        f"FROM {users} u JOIN {tokens} t ON t.user_id = u.id WHERE t.digest = %s",
        [recorded_since, hash_token(raw)],
    )
    user = next(iter(found), None)
    if user is None or not user.is_active:
        return None
    if user.api_token_use_unrecorded:
        ApiToken.objects.filter(pk=user.api_token_id).update(last_used_at=now)
    return user
