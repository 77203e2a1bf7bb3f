"""Reads, with the viewer's visibility applied (R50). Each returns plain data for pages and the
API alike, in a number of queries that does not grow with the game."""
