"""Space Chess: chess with spaceships on a hex-tiled ball (the board GP(4,0)), its rules and
notation."""
