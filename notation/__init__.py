"""How every game is written and read (the design card's notation/): errors that teach with
line, column, caret and hint (errors), text files as editors save them (textfile), counted
words (words), how marks look when drawn (ink, labels); and a part per game (spaceships,
battles, spacechess): grammars, parsers, writers, record formats, cell names, and how much a
text looks like the game's record (sniff). Imports no rules."""
