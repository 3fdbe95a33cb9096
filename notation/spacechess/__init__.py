"""How Space Chess is written: the ball's cells, pieces, actions, records."""
