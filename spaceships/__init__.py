"""Spaceships, the 3D Battleships variant: rules, pictures, record checker, computer, judge
side. How it is written is notation.spaceships."""
