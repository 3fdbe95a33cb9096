"""Spaceships: the first game the judge hosts (issue 21: one package per game)."""
