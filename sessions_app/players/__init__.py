"""Players: a session's pair names, the club's register, names linked to it, merged entries,
each pair's stored standing, a player's and a partnership's history."""
