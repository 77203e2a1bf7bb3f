"""H1: the mafias know the mafias, the detectives the detectives, the healers the healers, and
each group has a private board of its own, in the order the night calls them (H2)."""

from game.rulesets.groups import PrivateGroup, holding
from game.rulesets.hp.roles import Role

GROUPS = (
    PrivateGroup("mafias", "Mafias", holding(Role.MAFIA)),
    PrivateGroup("detectives", "Detectives", holding(Role.DETECTIVE)),
    PrivateGroup("healers", "Healers", holding(Role.HEALER)),
)
