"""Space Chess: chess with spaceships on a hex-tiled ball (the board GP(4,0)): its rules
(engine/), computer, pictures, judge side and commands. How it is written (the ball's cells,
pieces, actions, records) is notation.spacechess."""
