"""The engine must import without Qt (DESIGN.md): every module under engine/, PySide6 blocked."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = r'''
import sys, pkgutil, importlib
class Block:
    def find_spec(self, name, path=None, target=None):
        if name == "PySide6" or name.startswith("PySide6.") or name == "shiboken6":
            raise ImportError("Qt is not allowed in engine/")
sys.meta_path.insert(0, Block())
import engine
bad = []
for m in pkgutil.walk_packages(engine.__path__, "engine."):
    try:
        importlib.import_module(m.name)
    except SystemExit:
        pass
    except Exception as e:
        bad.append(f"{m.name}: {e!r}")
print("\n".join(bad))
sys.exit(1 if bad else 0)
'''


def test_every_engine_module_imports_without_qt() -> None:
    out = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr
