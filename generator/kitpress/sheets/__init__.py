"""Imposition: where pieces go on print sheets (pure geometry), and writing those sheets as PDF."""
