"""The game kinds' interface: the four parts a game provides, a kind with the command handler
that serves each command about its games, and what a game shows a player (pictures, sights).

Floor 5: it imports every floor below it; only the judge (pbem.judge, pbem.replies) and the
front ends stand above it.
"""
