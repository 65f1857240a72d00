"""Agents that play through the engine API: random (tests, benchmarks)."""
