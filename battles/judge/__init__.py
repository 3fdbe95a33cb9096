"""Spaceship Battles' judge side: what the judge core asks of the game."""
