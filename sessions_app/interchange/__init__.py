"""Files in and out: travellers and names CSV, PBN, USEBIO, results JSON/CSV/text."""
