"""Deleting into the club's trash, restoring from it, and its pages."""
