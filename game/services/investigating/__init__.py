"""Investigations: site visits, requests and answers, the investigative roles' lists and the
desperado's capacity."""
