"""LAN play (docs/protocol.md): an asyncio WebSocket server whose engine is the only
authority, a headless bot client, DNS-SD discovery. No Qt here."""
