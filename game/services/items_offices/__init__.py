"""Items and offices: item transfers, shovels, petitions and the mayor's mafia count."""
