"""Every page action is also an API operation (README, "The JSON API"): the actions that were
page-only (the mayor, giving an item, the priest's lists, the watch list, a power recorded by
hand) through the API, and a walk of the URL patterns that fails when a page is added without
saying which operation does what its form does."""

import json

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from game.models import Item, LogEntry, MafiaPowerUse, Player, PoliceWatch, PriestListEntry, Tazing
from game.rulesets.live_action.items import ItemKind
from game.services.killing.kills import kill_report
from mafia_mod.api import api
from tests.conftest import client_for
from tests.game.kills_setup import town

pytestmark = pytest.mark.django_db

# Each page whose form posts, and the operation that does the same.
PAGE_ACTIONS = {
    "game_new": "game_create",
    "signup": "signup_create",
    "signup_withdraw": "signup_remove",
    "desperado_request": "desperado_request",
    "desperado_cancel": "desperado_cancel",
    "taser_write": "taser_write",
    "taser_use": "taser_use",
    "vote": "vote_cast",
    "notice_ack": "inactivity_notice_ack",
    "kill_report": "kill_report",
    "kill_respond": "kill_respond",
    "site_visit": "site_visit_report",
    "investigation_request": "investigation_request",
    "shovel_use": "shovel_use",
    "watch_list": "watch_list_set",
    "priest": "priest_lists_set",
    "mafia_frame": "mafia_frame",
    "mafia_plant": "mafia_plant_evidence",
    "mafia_press": "mafia_manipulate_press",
    "mafia_don": "mafia_designate_don",
    "mod_day_extend": "day_extend",
    "vacation": "vacation_announce",
    "mod_day_undo": "day_end_undo",
    "mod_mayor": "mayor_set",
    "mod_notice_send": "inactivity_notice_send",
    "mod_settings": "game_settings_update",
    "mod_counts": "game_settings_update",
    "mod_moderator_add": "moderator_add",
    "mod_signups": "signups_close",
    "mod_signup_remove": "signup_remove",
    "mod_roles_assign": "roles_assign",
    "mod_role_set": "role_set",
    "mod_items_deal": "items_deal",
    "mod_item_give": "item_give",
    "mod_start": "game_start",
    "mod_day_end": "day_end_now",
    "game_review_publish": "review_publish",
    "mod_estimate_request": "estimate_request",
    "night_action": "night_action_submit",
    "mafia_poison": "mafia_poison",
    "mafia_conscript": "mafia_conscript",
    "mafia_trap": "mafia_trap_set",
    "mafia_hitman": "mafia_hitman_hire",
    "mafia_stalk": "mafia_stalk",
    "mafia_power": "mafia_power_use",
    "stalker_target_set": "stalker_target_set",
    "innocent_child_reveal": "innocent_child_reveal",
    "den_member_add": "mafia_den_member_add",
    "item_claim": "item_claim",
    "item_destroy": "item_destroy",
    "item_offer": "item_transfer_offer",
    "item_offer_accept": "item_transfer_accept",
    "item_offer_decline": "item_transfer_decline",
    "mayor_count_mafia": "mayor_count_mafia",
    "mod_answers_send_all": "answers_send_all",
    "mod_decision_undo": "decision_undo",
    "mod_kills_confirm_agreed": "kills_confirm_agreed",
    "mod_mafia_count_send": "mafia_count_send",
    "mod_missed_resume": "missed_day_ends_skip",
    "mod_missed_run": "missed_day_ends_run",
    "petition_create": "petition_create",
    "petition_sign": "petition_sign",
    "petition_use": "petition_use",
    "petition_withdraw": "petition_withdraw_signature",
    "thread_read": "thread_read",
    "mod_phase_end": "phase_end_now",
    "mod_night_override": "night_override_set",
    "mod_day_time": "day_end_time_change",
    "mod_clock": "clock_pause",
    "mod_mafia_record": "mafia_power_record",
    "mod_kill_confirm": "kill_confirm",
    "mod_kill_reject": "kill_reject",
    "mod_kill_edit": "kill_edit",
    "mod_investigation_answer": "investigation_answer",
    "mod_shovel_send": "shovel_result_send",
    "kill_announce": "kill_announce",
    "mod_desperado": "desperado_record",
    "mod_tazing": "tazing_record",
    "thread_pin": "thread_pin",
    "post_delete": "post_delete",
    "notifications_read": "notifications_read",
    "notification_setting": "notification_settings_update",
    "board_detail": "thread_create",
    "thread_detail": "post_create",
    "post_edit": "post_edit",
    "conversation_list": "message_send",
    "conversation_detail": "message_send",
    "chiang_mai_tap": "chiang_mai_enter",
    "chiang_mai_undo": "chiang_mai_undo",
    "chiang_mai_seat_add": "chiang_mai_seat_add",
    "chiang_mai_deal": "chiang_mai_deal",
    "pigs_deal": "pigs_simulate",
    "hp_choose": "hp_choose",
    "hp_solo_new": "hp_solo_create",
    "will": "will_update",
    # Its three forms: vote_count_post, player_replace and player_modkill.
    "forum_day_action": "player_replace",
    "game_watch_start": "spectate_start",
    "game_watch_stop": "spectate_stop",
}
# Pages that only show (their GET has an operation where it shows game data, or none is needed).
READ_ONLY_PAGES = {
    "game_watch",
    "game_review",
    "game_stats",
    "setup_list",
    "setup_detail",
    "mod_estimates",
    "mod_estimate",
    "home",
    "rulings",
    "mod_item_cards",
    "petitions",
    "petition_detail",
    "night",
    "healthz",
    "game_detail",
    "role_card",
    "game_log",
    "vote_tally",
    "game_over",
    "kills",
    "investigate",
    "investigation_suspects",
    "results",
    "player_results",
    "investigation_detail",
    "shovel_detail",
    "mafia",
    "mod_dashboard",
    "mod_queue",
    "mod_player_search",
    "board_list",
    "search",
    "thread_poll",
    "post_history",
    "post_vote_count",
    "replaced",
    "activity",
    "notification_list",
    "bell",
    "notification_open",
    "signup_photo",
    "game_rules",
    "deaths",
    "introductions",
    "archive",
    "mod_role_cards",
    "mod_export_csv",
    "mod_export_json",
    "manifest",
    "service_worker",
    "chiang_mai_host",
    "chiang_mai_hand",
    "chiang_mai_screen",
    "pigs_replay",
    "hp_game",
    "hp_rules",
    "hp_watch",
    "forum_day",
    # The overview's "Vote in the thread": a link that leads to the day's thread's reply box.
    "today",
}
# Actions that cannot have an operation: a personal token is made and revoked on the profile page
# only, signed in with the session, so that a leaked token cannot mint or keep others; the profile
# form changes the account, not a game. The live stream (server-sent events) is itself a machine
# interface, outside the JSON API's schema: a client of the API reads the same events there.
NO_OPERATION = {"token_create", "token_revoke", "profile", "stream"}
# Page actions that have no operation yet: each is a gap in the README's promise, listed so that
# this test names it; an entry leaves when its operation lands.
NOT_YET: set[str] = set()


def _url_names(resolver=None, prefix: str = ""):
    for pattern in (resolver or get_resolver()).url_patterns:
        if isinstance(pattern, URLResolver):
            route = str(pattern.pattern)
            if route.startswith(("api/", "admin/", "accounts/")):
                continue
            yield from _url_names(pattern, prefix + route)
        elif isinstance(pattern, URLPattern) and pattern.name:
            yield pattern.name


def test_every_page_is_an_action_with_an_operation_or_is_listed_as_why_not():
    names = set(_url_names())
    schema = api.get_openapi_schema()
    operations = {op["operationId"] for path in schema["paths"].values() for op in path.values()}
    unclassified = names - set(PAGE_ACTIONS) - READ_ONLY_PAGES - NO_OPERATION - NOT_YET
    assert unclassified == set(), "say which operation does what these pages' forms do"
    assert {page: op for page, op in PAGE_ACTIONS.items() if op not in operations} == {}
    assert set(PAGE_ACTIONS) | READ_ONLY_PAGES | NO_OPERATION | NOT_YET <= names


def send(client: Client, method: str, url: str, data: dict):
    return getattr(client, method)(url, json.dumps(data), content_type="application/json")


def test_the_moderators_set_the_mayor_through_the_api():
    t = town()
    response = send(
        client_for(t.mod),
        "post",
        f"/api/v1/games/{t.game.pk}/mayor",
        {"player_id": t.townies[0].pk},
    )
    assert response.status_code == 200
    assert Player.objects.get(pk=t.townies[0].pk).mayor_since is not None
    refused = send(
        client_for(t.townies[0].user),
        "post",
        f"/api/v1/games/{t.game.pk}/mayor",
        {"player_id": t.townies[1].pk},
    )
    assert refused.status_code in {403, 404}


def test_the_moderators_give_an_item_through_the_api():
    t = town()
    item = Item.objects.create(game=t.game, kind=ItemKind.SHOVEL, holder=t.townies[0])
    response = send(
        client_for(t.mod),
        "post",
        f"/api/v1/games/{t.game.pk}/items/{item.pk}/holder",
        {"holder_id": t.townies[1].pk, "reason": "lost and found"},
    )
    assert response.status_code == 200
    item.refresh_from_db()
    assert item.holder_id == t.townies[1].pk


def test_the_priest_keeps_lists_through_the_api():
    t = town()
    response = send(
        client_for(t.priest.user),
        "put",
        f"/api/v1/games/{t.game.pk}/priest-lists",
        {"saint_ids": [t.vigilante.pk], "sinner_ids": [t.townies[0].pk]},
    )
    assert response.status_code == 200
    assert PriestListEntry.objects.filter(removed_at__isnull=True).count() == 2
    refused = send(
        client_for(t.townies[1].user),
        "put",
        f"/api/v1/games/{t.game.pk}/priest-lists",
        {"saint_ids": [], "sinner_ids": []},
    )
    assert refused.status_code == 400 and "R28" in refused.json()["detail"]


def test_the_police_officer_keeps_a_watch_list_through_the_api():
    t = town()
    officer = t.townies[0]
    Player.objects.filter(pk=officer.pk).update(police_officer_since=t.at(1))
    response = send(
        client_for(officer.user),
        "put",
        f"/api/v1/games/{t.game.pk}/watch-list",
        {"player_ids": [t.townies[1].pk]},
    )
    assert response.status_code == 200
    assert PoliceWatch.objects.filter(game=t.game).exists()


def test_the_moderators_record_by_hand_only_the_powers_not_in_the_app_yet():
    t = town()
    response = send(
        client_for(t.mod),
        "post",
        f"/api/v1/games/{t.game.pk}/mafia/record",
        {"power": "hitman", "note": "hired off the app"},
    )
    assert response.status_code == 400 and "not in the app yet" in response.json()["detail"]
    assert not MafiaPowerUse.objects.filter(game=t.game, power="hitman").exists()
    unknown = send(
        client_for(t.mod), "post", f"/api/v1/games/{t.game.pk}/mafia/record", {"power": "x"}
    )
    assert unknown.status_code == 422


def test_the_victim_announces_their_own_death_through_the_api_and_only_they_may():
    t = town()
    kill = kill_report(
        game_id=t.game.pk,
        by=t.townies[0].user,
        side="victim",
        other_player_id=t.mafia.pk,
        method="free_kill",
        location="Lobby 7",
        happened_at=t.at(60),
        now=t.at(61),
    )
    url = f"/api/v1/games/{t.game.pk}/kills/{kill.pk}/announce"
    refused = send(client_for(t.townies[1].user), "post", url, {})
    assert refused.status_code == 400
    assert refused.json() == {"detail": "Only the victim may announce their own death."}
    response = send(client_for(t.townies[0].user), "post", url, {})
    assert response.status_code == 200 and response.json()["id"] == kill.pk
    assert LogEntry.objects.filter(kind="kill_announced_by_victim").count() == 1
    again = send(client_for(t.townies[0].user), "post", url, {})
    assert again.status_code == 409


def test_the_moderators_record_a_desperado_through_the_api_and_players_may_not():
    t = town()
    url = f"/api/v1/games/{t.game.pk}/mod/desperado"
    player = send(client_for(t.desperado.user), "post", url, {"player_id": t.desperado.pk})
    assert player.status_code in {403, 404}
    not_one = send(client_for(t.mod), "post", url, {"player_id": t.townies[0].pk})
    assert not_one.status_code == 400 and "not a living desperado" in not_one.json()["detail"]
    response = send(client_for(t.mod), "post", url, {"player_id": t.desperado.pk})
    assert response.status_code == 201
    assert response.json() == {"player_id": t.desperado.pk, "desperado_since_day": 1}
    assert Player.objects.get(pk=t.desperado.pk).desperado_since_day == 1


def test_the_moderators_record_a_tazing_through_the_api_and_players_may_not():
    t = town()
    url = f"/api/v1/games/{t.game.pk}/mod/tazings"
    refused = send(client_for(t.townies[0].user), "post", url, {"player_id": t.mafia.pk})
    assert refused.status_code in {403, 404}
    assert not Tazing.objects.exists()
    nobody = send(client_for(t.mod), "post", url, {"player_id": 10**30})
    assert nobody.status_code == 400 and "not in this game" in nobody.json()["detail"]
    response = send(client_for(t.mod), "post", url, {"player_id": t.mafia.pk, "reason": "seen"})
    assert response.status_code == 201 and response.json()["target_id"] == t.mafia.pk
    assert Tazing.objects.get().target_id == t.mafia.pk
