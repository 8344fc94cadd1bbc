"""Solve ids no back end hands out, as a client may send them (URL-encoded path segments): each must
be answered 404 with a JSON reason, never parsed into a 5xx."""

FOREIGN_JOB_IDS = [
    "%C2%B2",  # '²': str.isdigit() says yes, int() says no
    "%C2%B2.AAAAAAAAAAAAAAAAAAAAAA",  # a host id's shape, its generation a superscript two
    "%D9%A1.AAAAAAAAAAAAAAAAAAAAAA",  # an Arabic-Indic digit one
    "1" + "0" * 40 + ".AAAAAAAAAAAAAAAAAAAAAA",  # a generation far past any host's
    "1." + "A" * 500,  # far longer than any id
    "0.",
    "-1.AAAAAAAAAAAAAAAAAAAAAA",
    "a%00b",  # a NUL
    "a%0Ab",  # a line break
    "0123456789abcdef0123456789abcdeg",  # a Redis id's shape, one letter off hex
]
