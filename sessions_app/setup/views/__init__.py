"""The director's set-up pages."""
