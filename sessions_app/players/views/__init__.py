"""A player's and a partnership's pages; the director's register."""
