"""The card layer's name for engine/rules/carddef.py: the data types a card's behaviour is
made of (CardDef, Activated, Ask, ...) live below the rules, which read them (issue #24)."""
from engine.rules.carddef import GRANTS, Activated, Ask, CardDef, Mode, SacrificeCost, Step, TargetSpec, Triggered

__all__ = ["GRANTS", "Activated", "Ask", "CardDef", "Mode", "SacrificeCost", "Step", "TargetSpec", "Triggered"]
