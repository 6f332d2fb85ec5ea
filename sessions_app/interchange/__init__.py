"""Files in and out: travellers and names CSV, results JSON/CSV/text (PBN and USEBIO later)."""
