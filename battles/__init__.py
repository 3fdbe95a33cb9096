"""Spaceship Battles, the judge's second game: its rules (engine/: designs, movement, volleys,
damage, tractor beams, the judge's committed dice, a record replayed; pure: no I/O, no clock,
no hidden dice), computer, battle map, judge side and commands. How it is written (Ship Codes,
hexes, records) is notation.battles (docs/battles.md; the open points decided in
docs/battles-readings.md)."""
