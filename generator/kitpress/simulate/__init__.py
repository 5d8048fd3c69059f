"""Simulated games for balance: agents, playouts, metrics, reports."""
