from django.urls import path

from game.views import (
    home,
    investigations,
    kills,
    mafia,
    moderator,
    moderator_day,
    player,
    profile,
    queue,
    roles,
    votes,
)

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
    path("games/<int:game_id>/me/desperado/", roles.desperado_request, name="desperado_request"),
    path(
        "games/<int:game_id>/me/desperado/cancel/",
        roles.desperado_cancel,
        name="desperado_cancel",
    ),
    path(
        "games/<int:game_id>/me/tasers/<int:item_id>/write/", roles.taser_write, name="taser_write"
    ),
    path("games/<int:game_id>/me/tasers/<int:item_id>/use/", roles.taser_use, name="taser_use"),
    path("games/<int:game_id>/vote/", votes.vote, name="vote"),
    path("games/<int:game_id>/votes/", votes.tally, name="vote_tally"),
    path("games/<int:game_id>/over/", votes.game_over, name="game_over"),
    path("games/<int:game_id>/notice/ack/", votes.notice_ack, name="notice_ack"),
    path("games/<int:game_id>/mod/day/extend/", moderator_day.day_extend, name="mod_day_extend"),
    path("games/<int:game_id>/mod/day/undo/", moderator_day.day_end_undo_view, name="mod_day_undo"),
    path("games/<int:game_id>/mod/mayor/", moderator_day.mayor_set, name="mod_mayor"),
    path("games/<int:game_id>/mod/notices/", moderator_day.notice_send, name="mod_notice_send"),
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

urlpatterns += [
    path("games/<int:game_id>/kills/", kills.kills_page, name="kills"),
    path("games/<int:game_id>/kills/report/", kills.kill_report, name="kill_report"),
    path(
        "games/<int:game_id>/kills/<int:kill_id>/respond/", kills.kill_respond, name="kill_respond"
    ),
    path(
        "games/<int:game_id>/kills/<int:kill_id>/announce/",
        kills.kill_announce,
        name="kill_announce",
    ),
    path("games/<int:game_id>/investigate/", investigations.investigate, name="investigate"),
    path("games/<int:game_id>/investigate/visit/", investigations.site_visit, name="site_visit"),
    path(
        "games/<int:game_id>/investigate/ask/",
        investigations.investigation_request,
        name="investigation_request",
    ),
    path("games/<int:game_id>/investigate/shovel/", investigations.shovel_use, name="shovel_use"),
    path("games/<int:game_id>/investigate/watch/", investigations.watch_list, name="watch_list"),
    path("games/<int:game_id>/investigate/priest/", investigations.priest_lists, name="priest"),
    path("games/<int:game_id>/results/", investigations.results, name="results"),
    path(
        "games/<int:game_id>/players/<int:player_id>/results/",
        investigations.results,
        name="player_results",
    ),
    path(
        "games/<int:game_id>/results/investigations/<int:investigation_id>/",
        investigations.investigation_detail,
        name="investigation_detail",
    ),
    path(
        "games/<int:game_id>/results/shovels/<int:use_id>/",
        investigations.shovel_detail,
        name="shovel_detail",
    ),
    path("games/<int:game_id>/mafia/", mafia.mafia_page, name="mafia"),
    path("games/<int:game_id>/mafia/frame/", mafia.frame, name="mafia_frame"),
    path("games/<int:game_id>/mafia/plant/", mafia.plant_evidence, name="mafia_plant"),
    path("games/<int:game_id>/mafia/press/", mafia.manipulate_press, name="mafia_press"),
    path("games/<int:game_id>/mafia/don/", mafia.designate_don, name="mafia_don"),
    path("games/<int:game_id>/mod/mafia/record/", mafia.power_record, name="mod_mafia_record"),
    path("games/<int:game_id>/mod/queue/", queue.queue, name="mod_queue"),
    path(
        "games/<int:game_id>/mod/kills/<int:kill_id>/confirm/",
        queue.kill_confirm,
        name="mod_kill_confirm",
    ),
    path(
        "games/<int:game_id>/mod/kills/<int:kill_id>/reject/",
        queue.kill_reject,
        name="mod_kill_reject",
    ),
    path(
        "games/<int:game_id>/mod/kills/<int:kill_id>/edit/", queue.kill_edit, name="mod_kill_edit"
    ),
    path(
        "games/<int:game_id>/mod/investigations/<int:investigation_id>/answer/",
        queue.investigation_answer,
        name="mod_investigation_answer",
    ),
    path(
        "games/<int:game_id>/mod/shovels/<int:use_id>/send/",
        queue.shovel_send,
        name="mod_shovel_send",
    ),
    path("games/<int:game_id>/mod/desperado/", queue.desperado_record, name="mod_desperado"),
    path("games/<int:game_id>/mod/tazing/", queue.tazing_record, name="mod_tazing"),
]
