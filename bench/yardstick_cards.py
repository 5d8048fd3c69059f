"""The yardstick for kitpress's build speed: a plain ReportLab script that lays out the 52 cards of
Newtonian Rummy's deck 9-up on Letter — a coloured face, a category letter, a rank — with nothing of
what kitpress adds (no backs, bleed, marks, preflight or booklet).

    .venv/bin/python bench/yardstick_cards.py OUT.pdf
"""

from __future__ import annotations

import sys

from reportlab.lib.pagesizes import letter
from reportlab.pdfgen import canvas

CARD_W, CARD_H = 180.0, 252.0  # poker, in points
CATEGORIES = {"M": (0.16, 0.40, 0.75), "A": (0.80, 0.30, 0.20), "F": (0.20, 0.55, 0.30), "V": (0.55, 0.35, 0.65)}
RANKS = [str(n) for n in range(1, 11)] + ["J", "Q", "K"]


def draw(path: str) -> int:
    pdf = canvas.Canvas(path, pagesize=letter, invariant=True)
    cards = [(c, r) for c in CATEGORIES for r in RANKS]
    x0 = (letter[0] - 3 * CARD_W) / 2
    y0 = (letter[1] - 3 * CARD_H) / 2
    for i, (category, rank) in enumerate(cards):
        if i and i % 9 == 0:
            pdf.showPage()
        col, row = i % 9 % 3, i % 9 // 3
        x, y = x0 + col * CARD_W, y0 + (2 - row) * CARD_H
        pdf.setFillColorRGB(*CATEGORIES[category])
        pdf.rect(x + 6, y + 6, CARD_W - 12, CARD_H - 12, stroke=0, fill=1)
        pdf.setFillColorRGB(1, 1, 1)
        pdf.setFont("Helvetica-Bold", 48)
        pdf.drawCentredString(x + CARD_W / 2, y + CARD_H / 2 - 16, f"{category}{rank}")
        pdf.setFont("Helvetica", 14)
        pdf.drawString(x + 14, y + CARD_H - 28, category)
    pdf.showPage()
    pdf.save()
    return len(cards)


if __name__ == "__main__":
    print(f"{draw(sys.argv[1] if len(sys.argv) > 1 else 'yardstick.pdf')} cards")
