"""Card characteristics (bundled assets), card behaviour per set, and the card database."""
