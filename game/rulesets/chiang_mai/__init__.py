"""Chiang Mai Mafia (seed 004, RULINGS M1-M12): two cards a player, run by a host at a real table.

`cards` says what each card makes its holder (M2); `deck` builds and deals the deck (M1);
`table` holds the hands, the sides and the win (M3, M5, M9); `night` resolves a night in the
seed's order (M4); `dawn` removes the cards and lets the Hunters shoot (M5, M6, M11); `day` holds
the farewells, the timers, the vote and the runoff (M7, M8); `script` is the host's night
script (M10)."""
