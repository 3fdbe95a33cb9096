"""Spaceship Battles' rules: designs, movement, combat, tractors, victory; a record replayed."""
