from django.apps import AppConfig


class ForumsConfig(AppConfig):
    name = "forums"

    def ready(self) -> None:
        # Registers the email task in this process too, so that an eager Celery (tests) runs
        # what the services enqueue by name.
        import forums.tasks  # noqa: F401
        from forums.services.game_events import forum_side_of_log_entry
        from game.services.log import LOG_HOOKS

        if forum_side_of_log_entry not in LOG_HOOKS:
            LOG_HOOKS.append(forum_side_of_log_entry)
