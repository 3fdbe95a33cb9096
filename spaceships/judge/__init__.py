"""Spaceships' judge side: its games by mail and Discord."""
