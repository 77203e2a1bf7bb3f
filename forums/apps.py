from django.apps import AppConfig


class ForumsConfig(AppConfig):
    name = "forums"

    def ready(self) -> None:
        from forums.services.game_events import forum_side_of_log_entry
        from game.services.log import LOG_HOOKS

        if forum_side_of_log_entry not in LOG_HOOKS:
            LOG_HOOKS.append(forum_side_of_log_entry)
