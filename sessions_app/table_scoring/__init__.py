"""Scoring at the table (docs/table-scoring.md): codes, phones, a table's round and
lines, calls, the director's console, the tables' printed cards."""
