"""The entry pages: the grid, absences, the notation help."""
