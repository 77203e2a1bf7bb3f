from django.apps import AppConfig


class GameConfig(AppConfig):
    name = "game"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Registers the game's tasks in this process too, so that an eager Celery (tests) runs
        # what the services enqueue by name.
        import game.tasks  # noqa: F401
        from game.services.hooks import register_all

        register_all()
