"""Balance estimates (`game.rulesets.balance`): a moderator's request becomes a row, and the
worker plays it chunk by chunk, each chunk saved with its progress; the periodic job restarts a
run whose worker stopped (the row's `due_at`)."""
