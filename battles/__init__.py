"""Spaceship Battles, the judge's second game: Ship Codes and designs, the hex map, volleys,
damage, tractor beams, the judge's committed dice, and battle records (docs/battles.md; the
open points decided in docs/battles-readings.md). Pure: no I/O, no clock, no hidden dice."""
