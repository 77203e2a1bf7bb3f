"""Chiang Mai games (seed 004, M1-M12), run by their host at a real table: `seats` adds the
players who play without a phone and deals (M1); `entries` records the host's and the phones'
taps, checked by replaying the story through the rules (`game.snapshots.chiang_mai` loads it),
and undoes the host's last one; `written` writes what the story decides back to the players."""
