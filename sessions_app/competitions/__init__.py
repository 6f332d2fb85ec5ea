"""Club competitions over several sessions: their sessions, entrants, standings, page
and PDF."""
