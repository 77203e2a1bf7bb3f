"""Bots that play classic games (seed 002) through the JSON API, from the player's machine: the
protocol of the seed, the program that runs one bot as a player, the example bots and `make
bots`. A client of the app, so nothing here imports the app."""
