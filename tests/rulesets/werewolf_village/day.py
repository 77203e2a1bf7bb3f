"""The village's day: every living player votes in public for a player to eliminate, or for
no one, and may change their mind until the day ends; a missing vote is no one. The most votes
eliminate, a tie is drawn from the game's seed. The words are the village's own."""

from game.rulesets.days import DaySpec, DayTexts, Ending

VILLAGE_DAY = DaySpec(
    ends=frozenset({Ending.CLOCK, Ending.HOST}),
    texts=DayTexts(
        cannot_vote="Only living villagers of a running game vote.",
        dead_voter="The dead do not vote.",
        closed="Night has fallen: day {day} is over, and the village votes by day.",
        target_label="Vote to eliminate",
        not_living="{name} is dead: vote to eliminate a living player, or no one.",
        missing_help="If you do not vote, you count as voting to eliminate no one.",
        no_one_help="Vote to eliminate a living player or no one; the whole village sees it.",
        named_help="Vote to eliminate a living player; the whole village sees it.",
        tally_help="The whole village sees each vote as it is cast; a missing vote counts for no "
        "one; the most votes eliminate, and a tie is drawn from the game's seed.",
        executed="Eliminated by the village: {name}",
        nobody_executed="The village eliminated no one",
        executed_badge="eliminated",
        leading="Would eliminate: {name}",
        nobody_leading="Nobody would be eliminated",
        announced="The village has eliminated {name}. They were {reveal}.",
        announced_nobody="The village eliminated no one today.",
        vote_line="{voter} votes to eliminate {target}.",
        withdrawn_line="{voter} takes back their vote.",
        reminder="you have not voted yet; a missing vote counts for eliminating no one",
    ),
    outcomes=(
        ("executed", "the most votes"),
        ("no_one", "most votes were for no one"),
    ),
)
