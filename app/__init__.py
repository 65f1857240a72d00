"""Manatable's PySide6 GUI: the only package that imports Qt."""
