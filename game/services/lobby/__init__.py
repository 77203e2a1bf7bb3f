"""Games before and around play: creation, sign-ups, the deal, accounts, inactivity notices and
replacements."""
