"""What Schemathesis is asked to send and check in `make fuzz` (fuzz/run.py): the checks, the
operations each identity's stateful phase leaves out, and the configuration that points path ids
and body fields at the seeded games' objects."""

from __future__ import annotations

import json
from pathlib import Path

CHECKS = (
    "not_a_server_error",
    "status_code_conformance",
    "response_schema_conformance",
    "negative_data_rejection",
    "positive_data_acceptance",
)
# Operations only a game's moderators can do, and those only its players can: the stateful phase
# of each identity leaves out the other side's (the other phases still send them all, for the
# refusals), so that its steps go to what the identity may do. A player's own new game makes them
# its moderator, but the moderator's run covers those operations.
MODERATORS_ONLY = frozenset(
    {
        "game_settings_update",
        "moderator_add",
        "signups_close",
        "roles_assign",
        "role_set",
        "items_deal",
        "item_give",
        "game_start",
        "day_end_now",
        "day_end_time_change",
        "clock_pause",
        "clock_resume",
        "missed_day_ends_run",
        "missed_day_ends_skip",
        "day_extend",
        "day_end_undo",
        "inactivity_notice_send",
        "mayor_set",
        "kill_confirm",
        "kill_reject",
        "kill_edit",
        "investigation_answer",
        "shovel_result_send",
        "kills_confirm_agreed",
        "answers_send_all",
        "decision_undo",
        "mafia_power_record",
        "moderator_queue",
        "desperado_record",
        "tazing_record",
        "mafia_count_send",
        "phase_end_now",
        "night_override_set",
        "thread_pin",
        "post_delete",
    }
)
PLAYERS_ONLY = frozenset(
    {
        "signup_create", "vote_cast", "kill_report", "kill_respond", "kill_announce",
        "site_visit_report", "investigation_suspects", "investigation_request", "shovel_use",
        "watch_list_set", "priest_lists_set", "mafia_frame", "mafia_plant_evidence",
        "mafia_manipulate_press", "mafia_designate_don", "desperado_request", "desperado_cancel",
        "taser_write", "taser_use", "stalker_target_set", "innocent_child_reveal",
        "petition_create", "petition_sign", "petition_withdraw_signature", "petition_use",
        "mayor_count_mafia", "police_watch_list_set", "item_transfer_offer", "item_transfer_accept",
        "item_transfer_decline", "item_destroy", "item_claim", "night_action_submit",
        "inactivity_notice_ack",
    }
)  # fmt: skip
STATEFUL_LEFT_OUT = {
    "moderator": PLAYERS_ONLY,
    "dead": MODERATORS_ONLY,
    "townie": MODERATORS_ONLY,
    "mafia": MODERATORS_ONLY,
}


# Fields of request bodies that name the seeded game's objects ("[*]": each id of a list).
BODY_IDS = {
    "target_id": "player",
    "fallback_id": "player",
    "voter_id": "player",
    "player_id": "player",
    "other_player_id": "player",
    "victim_id": "player",
    "suspect_id": "player",
    "dead_player_id": "player",
    "don_id": "player",
    "holder_id": "player",
    "killer_id": "player",
    "suspect_ids[*]": "player",
    "recipient_ids[*]": "player",
    "saint_ids[*]": "player",
    "sinner_ids[*]": "player",
    "player_ids[*]": "player",
    "receiver_id": "player",
    "candidate_id": "player",
    "partner_id": "player",
    "kill_ids[*]": "kill",
    "investigation_ids[*]": "investigation",
    "shovel_ids[*]": "use",
    "last_post_id": "post",
    "kill_id": "kill",
    "conversation_id": "conversation",
}


# Path parameters that are not ids: the boards' kinds and the days of a game on day 1.
VALUES = {"board_kind": ["town_square", "mafia_den", "graveyard"], "day": [0, 1]}
# Request-body fields whose free text or number the rules read: the seeded games' day and night,
# a reason (the moderators' overrides need one), and the codes the rules know.
BODY_VALUES = {
    "day": [1],
    "night": [0],
    "reason": ["Seen by the moderators"],
    "power": ["set_trap", "slaughter_the_weak"],
    "kind": ["election", "impeachment"],
    "office": ["mayor", "police_officer"],
    "code": ["day", "night"],
}


def config(ids: dict[str, list[int]], game_ids: list[int], values: dict[str, list]) -> str:
    """Schemathesis's configuration: path ids are mostly those of the seeded games (the running
    one twice as often as the others), so that generated requests reach the rules and not only
    the 404 of an unknown id; body fields take `values` half the time."""
    dictionaries = {"game": game_ids} | {name: found for name, found in ids.items() if found}
    lines = [(Path(__file__).resolve().parent / "schemathesis.toml").read_text(), ""]
    body_values = {f"body_{field}": choices for field, choices in values.items()}
    for name, choices in (dictionaries | VALUES | body_values).items():
        lines += [f"[dictionaries.{name}]", f"values = {json.dumps(choices)}", ""]
    lines.append("[parameters]")
    for name in dictionaries:
        probability = 0.9 if name == "game" else 0.7
        lines.append(f'"path.{name}_id" = {{ dictionary = "{name}", probability = {probability} }}')
    lines.append('"path.victim_id" = { dictionary = "player", probability = 0.7 }')
    lines.append('"path.kind" = { dictionary = "board_kind", probability = 0.8 }')
    lines.append('"path.day" = { dictionary = "day", probability = 0.8 }')
    for field, dictionary in BODY_IDS.items():
        lines.append(f'"body.{field}" = {{ dictionary = "{dictionary}", probability = 0.7 }}')
    for field in values:
        lines.append(f'"body.{field}" = {{ dictionary = "body_{field}", probability = 0.5 }}')
    return "\n".join(lines) + "\n"
