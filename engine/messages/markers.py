"""The markers of an English message for `pybabel extract` (tools/i18n.py's keywords)."""
from __future__ import annotations

from typing import Union

# A message: its English text, (context, text), or ("", singular, plural) for a plural.
Message = Union[str, tuple[str, str], tuple[str, str, str]]


def N_(message: str) -> str:
    """Marks an English message for extraction; translated where it is shown."""
    return message


def NC_(context: str, message: str) -> tuple[str, str]:
    """A message with a context (one English word, two translations)."""
    return (context, message)


def NP_(singular: str, plural: str) -> tuple[str, str, str]:
    """A message with plural forms, chosen by the parameter `count`."""
    return ("", singular, plural)
