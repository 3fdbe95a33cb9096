"""The coordinate values of the notation [11.4]: colours, letters, numbers, colour orders."""

COLOURS = "ROYGB"  # the letters a colour may be [11.4.1]; order-neutral here
COLOUR_ORDERS = ("ROYGB", "RYGOB")  # 11.4.1 (default) and seed 004 section 1 (option)
LETTERS = "vwxyz"  # [11.4.2]
NUMBERS = (1, 2, 3, 4, 5)  # [11.4.3]
