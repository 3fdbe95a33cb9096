"""Space Chess's rules: positions, reach, battles, check, a game played."""
