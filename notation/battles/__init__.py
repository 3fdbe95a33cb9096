"""How Spaceship Battles is written: Ship Codes, hexes, battle records."""
