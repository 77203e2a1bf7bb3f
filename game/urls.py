from django.urls import path

from game.views import home, moderator, player, profile

urlpatterns = [
    path("", home.home, name="home"),
    path("healthz", home.healthz, name="healthz"),
    path("profile/", profile.profile, name="profile"),
    path("profile/tokens/", profile.token_create, name="token_create"),
    path("profile/tokens/<int:token_id>/revoke/", profile.token_revoke, name="token_revoke"),
    path("games/new/", home.game_new, name="game_new"),
    path("games/<int:game_id>/", player.game_detail, name="game_detail"),
    path("games/<int:game_id>/signup/", player.signup, name="signup"),
    path("games/<int:game_id>/signup/withdraw/", player.signup_withdraw, name="signup_withdraw"),
    path("games/<int:game_id>/me/", player.role_card, name="role_card"),
    path("games/<int:game_id>/log/", player.game_log, name="game_log"),
    path("games/<int:game_id>/mod/", moderator.dashboard, name="mod_dashboard"),
    path("games/<int:game_id>/mod/settings/", moderator.settings_update, name="mod_settings"),
    path("games/<int:game_id>/mod/counts/", moderator.counts_update, name="mod_counts"),
    path("games/<int:game_id>/mod/moderators/", moderator.moderator_add, name="mod_moderator_add"),
    path("games/<int:game_id>/mod/signups/", moderator.signups_close, name="mod_signups"),
    path(
        "games/<int:game_id>/mod/signups/<int:player_id>/remove/",
        moderator.signup_remove,
        name="mod_signup_remove",
    ),
    path("games/<int:game_id>/mod/roles/assign/", moderator.roles_assign, name="mod_roles_assign"),
    path("games/<int:game_id>/mod/roles/set/", moderator.role_set, name="mod_role_set"),
    path("games/<int:game_id>/mod/items/deal/", moderator.items_deal, name="mod_items_deal"),
    path(
        "games/<int:game_id>/mod/items/<int:item_id>/give/",
        moderator.item_give,
        name="mod_item_give",
    ),
    path("games/<int:game_id>/mod/start/", moderator.game_start, name="mod_start"),
    path("games/<int:game_id>/mod/day/end/", moderator.day_end_now, name="mod_day_end"),
    path("games/<int:game_id>/mod/day/time/", moderator.day_end_time_change, name="mod_day_time"),
    path("games/<int:game_id>/mod/clock/", moderator.clock_toggle, name="mod_clock"),
]
