"""The router every game, sign-up, set-up and day clock operation is registered on."""

from ninja import Router

games_router = Router()
