"""The files kept for a session under MEDIA_ROOT (its stored PDFs): their folder, and deleting
them. Below both the printing package, which makes and stores the PDFs, and the trash, which
deletes them with their session, so neither imports the other.

Example: `forget_stored(7)` deletes every file of `printing/7/`; `delete_stored("printing/7",
keep="a1b2-")` keeps only the current version's files (named after its token).
"""

from __future__ import annotations

from django.core.files.storage import default_storage


def pdf_folder(session_id: int) -> str:
    return f"printing/{session_id}"


def forget_stored(session_id: int) -> None:
    """Delete every stored PDF of a session (e.g. when it is deleted)."""
    delete_stored(pdf_folder(session_id))


def delete_stored(folder: str, *, keep: str | None = None) -> None:
    """Delete the files in `folder`, but for those whose names begin with `keep`."""
    try:
        _, files = default_storage.listdir(folder)
    except FileNotFoundError:
        return
    for name in files:
        if keep is None or not name.startswith(keep):
            default_storage.delete(f"{folder}/{name}")
