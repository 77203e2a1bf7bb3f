"""Kills: reports, the moderators' decisions, deaths and their clocks, tazings and the victims'
announcements."""
