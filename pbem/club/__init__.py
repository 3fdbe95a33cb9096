"""The club: its ladder (which games are rated, ratings and their updates), a mail address and a
Discord member linked as one player, and rematches.

Floor 4: it imports the floors below it (pbem.steps and lower), never pbem.kinds or the judge.
"""
