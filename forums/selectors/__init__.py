"""Reads of the forums, with the viewer's access applied through forums/access.py (R50, R51).
Each runs in a number of queries that does not grow with the boards' size."""
