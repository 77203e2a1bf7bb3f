"""Who may see or do what in a game (R50, R51). Decided here only: views, the API, templates
(through the `game_access` tag library) and selectors ask these functions."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q
from django.http import Http404

from game.errors import ForbiddenError
from game.models import Game, GameModerator, GameStatus, Player, Visibility
from game.rulesets.live_action.roles.desperado import ROLE as DESPERADO
from game.rulesets.live_action.roles.innocent_child import ROLE as INNOCENT_CHILD
from game.rulesets.live_action.roles.stalker import ROLE as STALKER


@dataclass(frozen=True)
class Viewer:
    """The signed-in user (or anonymous) as one game sees them."""

    user: object
    game: Game
    player: Player | None
    is_moderator: bool

    @property
    def is_authenticated(self) -> bool:
        return bool(getattr(self.user, "is_authenticated", False))

    @property
    def is_living_player(self) -> bool:
        return (
            self.player is not None and self.game.status != GameStatus.SIGNUP and self.player.alive
        )


def viewer_for(user, game: Game) -> Viewer:
    """Two queries at most, whatever the game's size."""
    if not getattr(user, "is_authenticated", False):
        return Viewer(user=user, game=game, player=None, is_moderator=False)
    is_moderator = GameModerator.objects.filter(game=game, user=user).exists()
    player = game.players.filter(user=user).first()
    return Viewer(user=user, game=game, player=player, is_moderator=is_moderator)


def can_view_game(viewer: Viewer) -> bool:
    """Sign-up pages are open to every signed-in user; a running game only to its players and
    moderators (R51: spectators see nothing); a finished game to every signed-in user."""
    if not viewer.is_authenticated:
        return False
    if viewer.is_moderator or viewer.player is not None:
        return True
    return viewer.game.status in (GameStatus.SIGNUP, GameStatus.FINISHED)


def can_moderate(viewer: Viewer) -> bool:
    return viewer.is_moderator


def can_see_photos(viewer: Viewer) -> bool:
    """Sign-up photos help the game's own players find each other on campus: they are for the
    game's players and moderators, not for every signed-in user who may read the sign-up page
    (no ruling covers photos; R50's secrecy is the spirit)."""
    return viewer.is_moderator or viewer.player is not None


def can_see_setup(viewer: Viewer) -> bool:
    """How many of each role and item the deal gives: the moderators' while the game is set up
    and played, everyone's once it is over. No ruling covers the counts; they narrow down who
    holds which role, so R50's secrecy keeps them from the players until the end."""
    return viewer.is_moderator or viewer.game.status == GameStatus.FINISHED


def can_sign_up(viewer: Viewer) -> bool:
    game = viewer.game
    return (
        viewer.is_authenticated
        and game.status == GameStatus.SIGNUP
        and game.signups_open
        and viewer.player is None
        and not viewer.is_moderator
    )


def can_withdraw_signup(viewer: Viewer) -> bool:
    return viewer.player is not None and viewer.game.status == GameStatus.SIGNUP


def can_see_role_of(viewer: Viewer, player: Player) -> bool:
    """Only moderators see others' roles while the game runs; everyone after it ends (R50), and
    at once the role of a dead player where the rule set reveals it at death (C6)."""
    if viewer.is_moderator or viewer.game.status == GameStatus.FINISHED:
        return True
    if not player.alive and viewer.game.rules.deaths_reveal_roles:
        return True
    return viewer.player is not None and viewer.player.pk == player.pk


def role_revealed_by_death(game: Game, player: Player) -> bool:
    """A dead player's role is public where the rule set's deaths reveal it (C6: "They were the
    cop")."""
    rules = game.rules
    return not player.alive and rules.has_role(player.role) and bool(rules.role(player.role).reveal)


def votes_are_public(game: Game) -> bool:
    """Night-and-day votes are public as they are cast (C5), each announced to everyone."""
    return game.rules.night_and_day


def sees_mafia(viewer: Viewer) -> bool:
    """Mafia-aligned players see the mafia and their powers (R50); decided now, so a conscript
    sees what the mafia see from their next request on."""
    return (
        viewer.player is not None
        and viewer.player.alive
        and viewer.player.mafia_aligned
        and viewer.game.status == GameStatus.RUNNING
    )


def can_read_results_of(viewer: Viewer, player: Player) -> bool:
    """Investigation and shovel results: their owner and the moderators only (R50)."""
    if viewer.is_moderator:
        return True
    return viewer.player is not None and viewer.player.pk == player.pk


def can_see_kill_method(viewer: Viewer, kill, *, named_it: bool) -> bool:
    """How a kill was made names the killer's role (a free kill is the mafia's, a vigilante's
    shot the vigilante's): the moderators, the killer and a victim who named that method in their
    own report see it; the other party, alive until the kill is confirmed (R11), does not (R50).
    Everyone sees it once the game is over."""
    if viewer.is_moderator or viewer.game.status == GameStatus.FINISHED:
        return True
    if viewer.player is None:
        return False
    return kill.killer_id == viewer.player.pk or named_it


def can_act_in_game(viewer: Viewer) -> bool:
    """Kill reports, site visits, investigations, shovels: the players of a running game (the
    services then check life, role and limits)."""
    return viewer.player is not None and viewer.game.status == GameStatus.RUNNING


def can_use_items(viewer: Viewer) -> bool:
    """Writing on and using a taser (R44): living players of a running game (the services then
    check the item and its holder)."""
    return viewer.is_living_player and viewer.game.status == GameStatus.RUNNING


def can_go_desperado(viewer: Viewer) -> bool:
    """The desperado's own request and its cancelling (R25): the living desperado of a running
    game (the service then checks the day and once-per-game)."""
    return can_use_items(viewer) and viewer.player.role == DESPERADO.code


def can_see_petitions(viewer: Viewer) -> bool:
    """Petitions, their signers and counts are for the game's players, dead ones included, and
    moderators, once the game has started (R47; spectators see nothing of a running game, R51),
    in rule sets with elected offices."""
    if viewer.game.status == GameStatus.SIGNUP or not viewer.game.rules.offices:
        return False
    return viewer.is_moderator or viewer.player is not None


def can_petition(viewer: Viewer) -> bool:
    """Starting, signing and using petitions (R46, R47): living players of a running game."""
    return viewer.is_living_player and viewer.game.status == GameStatus.RUNNING


def can_stalk(viewer: Viewer) -> bool:
    """The stalker's daily target (R29): the living stalker of a running game."""
    return can_use_items(viewer) and viewer.player.role == STALKER.code


def can_reveal_innocence(viewer: Viewer) -> bool:
    """The innocent child's reveal (R27): the living innocent child of a running game."""
    return can_use_items(viewer) and viewer.player.role == INNOCENT_CHILD.code


def log_visibility_filter(viewer: Viewer) -> Q:
    """The log entries a viewer may read, as one filter (R50)."""
    if viewer.is_moderator:
        return Q()
    if viewer.game.status == GameStatus.FINISHED and viewer.is_authenticated:
        return Q()
    if viewer.player is None:
        return Q(pk__in=[])
    visible = Q(visibility=Visibility.PUBLIC) | Q(
        visibility=Visibility.PLAYERS, recipients=viewer.player
    )
    if sees_mafia(viewer):
        visible |= Q(visibility=Visibility.MAFIA)
    return visible


def can_see_hp_of(viewer: Viewer, player: Player) -> bool:
    """H12: each player sees their own HP, nobody else's; moderators see everyone's."""
    return viewer.is_moderator or (viewer.player is not None and viewer.player.pk == player.pk)


def can_take_hp_turn(viewer: Viewer) -> bool:
    """The night pick and the vote of an HP game (H3, H8): its living players while it runs."""
    return viewer.is_living_player and viewer.game.status == GameStatus.RUNNING


def require(allowed: bool) -> None:
    """Hide what the viewer may not know exists: the same 404 for 'forbidden' and 'missing'."""
    if not allowed:
        raise Http404("No such page.")


NOT_ALLOWED = "You may not do this."


def require_mafia(viewer: Viewer, *, or_moderator: bool = False) -> None:
    """The mafia's operations are for the game's living mafia-aligned players (R50), and for its
    moderators where a power has a moderator override. Any other player of the game gets a 403
    whose message names nothing of the mafia, so the answer tells them no more than the public
    schema does; anyone else gets the 404 of what they may not know exists."""
    if sees_mafia(viewer) or (or_moderator and can_moderate(viewer)):
        return
    if viewer.player is not None:
        raise ForbiddenError(NOT_ALLOWED)
    require(False)


def game_for(user, game_id: int) -> tuple[Game, Viewer]:
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        raise Http404("No such game.")
    viewer = viewer_for(user, game)
    require(can_view_game(viewer))
    return game, viewer


def voter_for(user, game_id: int) -> Viewer:
    """The viewer of a vote: the user as a player of the game, with the game's status, in one
    hand-written query (a vote is the hot path, and compiling the ORM's join costs more than
    running it). Player and game carry what `can_vote` reads, and the game's rule set for the
    rulings a refusal cites; other fields load on access.
    Moderators never play in the games they moderate (services refuse both ways), so a player
    is no moderator. Anyone else gets the same 404 as from `game_for` and a check for a player."""
    player = None
    if getattr(user, "is_authenticated", False):
        players, games = Player._meta.db_table, Game._meta.db_table
        found = Player.objects.raw(
            "SELECT p.id, p.game_id, p.user_id, p.alive, g.status AS game_status, "  # noqa: S608
            f"g.ruleset AS game_ruleset "
            f"FROM {players} p JOIN {games} g ON g.id = p.game_id "
            "WHERE p.game_id = %s AND p.user_id = %s",
            [game_id, user.pk],
        )
        player = next(iter(found), None)
    require(player is not None)
    player.game = Game.from_db(
        player._state.db,
        ["id", "ruleset", "status"],  # in the model's field order, as from_db reads them
        [game_id, player.game_ruleset, player.game_status],
    )
    return Viewer(user=user, game=player.game, player=player, is_moderator=False)


def moderated_game_for(user, game_id: int) -> tuple[Game, Viewer]:
    game, viewer = game_for(user, game_id)
    require(can_moderate(viewer))
    return game, viewer


def can_vote(viewer: Viewer) -> bool:
    """Every living player of a running game has one vote a day (R5)."""
    return viewer.is_living_player and viewer.game.status == GameStatus.RUNNING


def can_see_ballots(viewer: Viewer) -> bool:
    """Who voted for whom is public at day end (R50) unless the game has secret ballots; then
    only moderators see it until the game is over."""
    return (
        viewer.is_moderator
        or not viewer.game.secret_ballots
        or viewer.game.status == GameStatus.FINISHED
    )


def can_see_vote_notes(viewer: Viewer) -> bool:
    """Notes and conditions of votes are for moderators only (R7, R50)."""
    return viewer.is_moderator


def can_see_live_tally(viewer: Viewer) -> bool:
    """Totals are public at day end (R50); before it only moderators see the running count. In
    night-and-day games votes are public as they are cast (C5): the players see it too."""
    if viewer.game.rules.night_and_day:
        return viewer.is_moderator or viewer.player is not None
    return viewer.is_moderator


def can_take_night_actions(viewer: Viewer) -> bool:
    """Night actions (C2-C4): the living players of a running night-and-day game (the services
    then check the role, the night and the choice)."""
    return viewer.is_living_player and viewer.game.status == GameStatus.RUNNING


def can_see_night_actions(viewer: Viewer) -> bool:
    """Every night action, and the resolution the app will apply at dawn: the moderators only,
    while the game runs (C2-C4, R50); everyone once it is over."""
    return viewer.is_moderator or viewer.game.status == GameStatus.FINISHED


def can_see_mafia_picks(viewer: Viewer) -> bool:
    """Tonight's picks of the mafia are the mafia's and the moderators' (C2, R50)."""
    return can_see_night_actions(viewer) or sees_mafia(viewer)


def can_host_chiang_mai(viewer: Viewer) -> bool:
    """M12: the host of a Chiang Mai game sees everything and enters every tap."""
    return viewer.is_moderator and viewer.game.ruleset == "chiang_mai"


def can_see_cards_of(viewer: Viewer, player_id: int) -> bool:
    """M12: a player sees their own two cards, the host everyone's; the end reveals them all."""
    own = viewer.player is not None and viewer.player.pk == player_id
    return own or viewer.is_moderator or viewer.game.status == GameStatus.FINISHED


def can_see_thumbs(viewer: Viewer, policemen: tuple[int, ...]) -> bool:
    """M4: only the Policemen active that night, and the host, learn the thumbs."""
    return viewer.is_moderator or (viewer.player is not None and viewer.player.pk in policemen)


def can_see_hand(viewer: Viewer, player: Player) -> bool:
    """A hand of role cards is secret as a role is (R50): its holder sees it, the moderators
    every hand, and everyone once the game is over."""
    if viewer.is_moderator or viewer.game.status == GameStatus.FINISHED:
        return True
    return viewer.player is not None and viewer.player.pk == player.pk
