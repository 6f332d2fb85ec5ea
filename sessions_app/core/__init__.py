"""What every feature uses: the one scoping helper, permissions, read queries, the
scored results and their cache keys, the audit trail, bulk inserts, the JSON gate."""
