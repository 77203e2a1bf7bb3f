from django.apps import AppConfig


class GameConfig(AppConfig):
    name = "game"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from game.services.hooks import register_all

        register_all()
