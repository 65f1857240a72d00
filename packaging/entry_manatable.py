"""PyInstaller entry point of the `manatable` executable (the console script app.main:main)."""
import sys

from app.main import main

if __name__ == "__main__":
    sys.exit(main())
