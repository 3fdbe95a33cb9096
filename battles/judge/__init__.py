"""Spaceship Battles' judge side: its games by mail and Discord."""
