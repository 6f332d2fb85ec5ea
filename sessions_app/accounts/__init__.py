"""Logging in and out, passwords, and the lock-out after wrong passwords (django-axes)."""
