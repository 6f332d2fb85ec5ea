"""Hand records: a session's deals with their double-dummy tables and par, and the
analysis of the play against them (the deals themselves: interchange/deals.py)."""
