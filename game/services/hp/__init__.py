"""Services of HP games (seed 000, H1-H12): the solo game's creation, the players' night picks
and votes, and the advance of a round as soon as every person has acted (H10). The rules are
`game.rulesets.hp`; these write their results."""
