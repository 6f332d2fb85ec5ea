"""The players' results pages (rankings, travellers, score cards, winners), their
django-tables2 tables, rendered once per session version; the rows they show are rows/."""
