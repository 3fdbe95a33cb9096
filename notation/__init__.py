"""How every game is written and read: what all notations share, and a part per game."""
