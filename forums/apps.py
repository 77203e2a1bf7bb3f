from django.apps import AppConfig


class ForumsConfig(AppConfig):
    name = "forums"

    def ready(self) -> None:
        # Registers the email task in this process too, so that an eager Celery (tests) runs
        # what the services enqueue by name.
        import forums.tasks  # noqa: F401
        from forums.push_sessions import connect as push_sessions_connect
        from forums.services.forum_play_events import forum_play_side_of_log_entry
        from forums.services.game_events import forum_side_of_log_entry
        from forums.services.prods import prod_due
        from forums.services.thread_polls import access_changed_by_log_entry, death
        from forums.services.waiting_notices import waiting_notices_of_log_entry
        from forums.services.wills import will_post
        from game.rulesets.registry import PROD_EVENT
        from game.services.deadlines import HANDLERS
        from game.services.killing.deaths import DEATH_HOOKS
        from game.services.log import LOG_HOOKS

        self._review_readers()

        if forum_side_of_log_entry not in LOG_HOOKS:
            LOG_HOOKS.append(forum_side_of_log_entry)
        push_sessions_connect()
        HANDLERS.setdefault(PROD_EVENT, prod_due)
        for hooks, hook in (
            (LOG_HOOKS, access_changed_by_log_entry),
            (LOG_HOOKS, forum_play_side_of_log_entry),
            (LOG_HOOKS, waiting_notices_of_log_entry),
            (DEATH_HOOKS, death),
            (DEATH_HOOKS, will_post),
        ):
            if hook not in hooks:
                hooks.append(hook)

    @staticmethod
    def _review_readers() -> None:
        """A game's review links votes to their posts, and its statistics count posts."""
        from forums.selectors.review_posts import post_times, vote_posts
        from game.selectors.review import VOTE_POSTS
        from game.selectors.stats import POST_TIMES

        for readers, reader in ((VOTE_POSTS, vote_posts), (POST_TIMES, post_times)):
            if reader not in readers:
                readers.append(reader)
