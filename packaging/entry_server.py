"""PyInstaller entry point of the `manatable-server` executable (engine.net.server:main)."""
import sys

from engine.net.server import main

if __name__ == "__main__":
    sys.exit(main())
