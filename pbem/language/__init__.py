"""The judge's command language: the words (synopses, aliases, settings), a submission's text
read into commands, and the help and guide written from the same words.

Floor 2: it imports the floors below it (the root's plain values, pbem.registry, the store).
"""
