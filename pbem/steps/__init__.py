"""The steps every game shares: what a command works with (the desk), a game row's facts, its
deadlines and passwords, taking a seat, signing on, the lobby, the game master's settings, both
players' orders in, a game ended, a web link, and the limits on what one mail may ask.

Floor 3: it imports the floors below it (pbem.language, pbem.storage, pbem.replay, the root's
plain values and pbem.registry), never pbem.club, pbem.kinds or the judge.
"""
