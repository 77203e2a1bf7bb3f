"""The mafia's powers: their one path from the spec, their uses and charges, the powers whose effect
reaches further (stalking among them), and conscription."""
