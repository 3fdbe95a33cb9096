"""The Space Chess computer player (levels random, greedy, search) and `spaceships chess play`.

It reads only positions and plays only the rules' legal actions (spacechess.engine.rules); the rules
never import it. See docs/space-chess.md.
"""
