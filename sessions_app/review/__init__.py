"""What the director checks: lines missing, results that look wrong and the director's
word that they are right, what players are told."""
