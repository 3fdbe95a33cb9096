"""What every game and the judge core share, naming no game."""
