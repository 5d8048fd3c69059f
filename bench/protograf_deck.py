"""The issue's other yardstick: 52 poker cards on Letter, laid out by protograf, whole process.

    python3 -m venv /tmp/protograf && /tmp/protograf/bin/pip install protograf
    PROTOGRAF_PDF=/tmp/deck.pdf /tmp/protograf/bin/python bench/protograf_deck.py

Each card a coloured face and a label, nine to a sheet with protograf's own grid: a smaller job than
kitpress's card file (no backs, no bleed, no preflight), run by `bench/build_speed.py --protograf PYTHON`
beside `kitpress build newtonian-rummy --only cards --paper letter`. protograf reads the command line
itself, so the file to write comes in PROTOGRAF_PDF.
"""

import os

from protograf import Card, Create, Deck, Save, rectangle, text

Create(filename=os.environ["PROTOGRAF_PDF"], paper="Letter", margin=0.5, units="cm")
Deck(cards=52, card_size="poker")
Card("1-52", rectangle(x=0.3, y=0.3, width=5.75, height=8.29, fill="#d84315", stroke="white"))
Card("1-52", text(text="M × A = F", x=3.175, y=4.4, font_size=14, stroke="white"))
Save()
