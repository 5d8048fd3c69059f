"""Spec files: YAML with positions → typed, validated models; variants applied here."""
