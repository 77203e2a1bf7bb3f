"""Kills: reports, the moderators' decisions, deaths and their clocks, stalking, tazings and the
victims' announcements."""
