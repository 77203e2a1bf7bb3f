"""The live-action items (R43-R45), one module each."""

from game.rulesets.base import codes_enum
from game.rulesets.live_action.items import shovel, taser

ITEMS = (
    shovel.ITEM,
    taser.ITEM,
)
ItemKind = codes_enum("ItemKind", ITEMS)
