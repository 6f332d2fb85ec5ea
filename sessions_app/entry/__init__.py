"""The director's entry of travellers: the grid, its forms and rows, one line stored,
one board scored alone, pairs that missed rounds."""
