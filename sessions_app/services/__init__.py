"""The only place that writes, and the one place that scores a session from the database.

Writes are keyword-only `<entity>_<action>` functions inside one transaction each; every write
that can change a result bumps `Session.results_version`, which keys the cached results.
"""
