"""Database rows turned into the rules' dataclasses, in a fixed number of queries."""
