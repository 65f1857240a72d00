"""Manatable's headless rules engine. Nothing below this package imports Qt."""
