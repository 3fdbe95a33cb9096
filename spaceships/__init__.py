"""Spaceships, the 3D Battleships variant: rules, notation, pictures, computer, judge side."""
