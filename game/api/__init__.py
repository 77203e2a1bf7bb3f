"""The game's operations of the JSON API (/api/v1/), one router per module, over the same
services as the pages, with stable operationIds. mafia_mod.api assembles them."""
