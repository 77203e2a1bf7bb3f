import json

from allauth.account.models import EmailAddress
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from game.models import User
from game.services.lobby.accounts import api_token_create, api_token_revoke


class Command(BaseCommand):
    help = (
        "Print new API tokens, as JSON {username: token}, for the named users (a game's "
        "moderator, bot players): each user's earlier tokens of the same name are revoked first."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("usernames", nargs="+")
        parser.add_argument("--name", default="bots", help="the tokens' name (default: bots)")
        parser.add_argument(
            "--create-users",
            action="store_true",
            help="create missing users, with a verified address at example.com and no password",
        )

    @transaction.atomic
    def handle(self, *args, usernames: list[str], name: str, create_users: bool, **options):
        tokens = {}
        for username in usernames:
            user = User.objects.filter(username=username).first()
            if user is None and not create_users:
                raise CommandError(f"No user {username!r} (add --create-users to create it).")
            if user is None:
                user = _user_create(username)
            for token_id in user.api_tokens.filter(name=name).values_list("pk", flat=True):
                api_token_revoke(user=user, token_id=token_id)
            _, tokens[username] = api_token_create(user=user, name=name)
        self.stdout.write(json.dumps(tokens))


def _user_create(username: str) -> User:
    """A user who signs in by token only: no usable password, a verified address."""
    user = User.objects.create_user(username=username, email=f"{username}@example.com")
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    return user
