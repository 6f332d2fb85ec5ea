"""Files in and out: the upload gate, the one import service, exports and backups."""
