"""A tiny XML tree with line numbers, for the XML deck formats (.cod, .dek).

ElementTree's C parser does not tell on which line an element starts, and every message
about a malformed file must name its line, so the deck readers build this tree with expat.
Deck files never have a DOCTYPE, so one is refused: that rules out entity tricks (external
entities, "billion laughs") on files downloaded from anywhere.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from xml.etree import ElementTree as ET
from xml.parsers import expat

from engine.decks.messages import DeckFormatError


@dataclass
class Node:
    tag: str
    attrs: dict[str, str]
    line: int
    children: list[Node] = field(default_factory=list)
    chunks: list[str] = field(default_factory=list, repr=False)

    @property
    def text(self) -> str:
        return "".join(self.chunks)

    def child(self, tag: str) -> Node | None:
        return next((c for c in self.children if c.tag == tag), None)

    def all(self, tag: str) -> list[Node]:
        return [c for c in self.children if c.tag == tag]


class _DoctypeFound(Exception):
    pass


def parse_xml(text: str) -> Node:
    """Parse `text`; raises DeckFormatError (key deck.file.bad_xml) with the line on errors."""
    parser = expat.ParserCreate()
    stack: list[Node] = []
    roots: list[Node] = []

    def start(tag: str, attrs: dict[str, str]) -> None:
        node = Node(tag, dict(attrs), parser.CurrentLineNumber)
        if stack:
            stack[-1].children.append(node)
        else:
            roots.append(node)
        stack.append(node)

    def end(tag: str) -> None:
        stack.pop()

    def chars(data: str) -> None:
        if stack:
            stack[-1].chunks.append(data)

    def doctype(*args: object) -> None:
        raise _DoctypeFound()

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = chars
    parser.StartDoctypeDeclHandler = doctype
    try:
        parser.Parse(text, True)
    except _DoctypeFound:
        line = parser.CurrentLineNumber
        raise DeckFormatError("deck.file.doctype", {"line": line}) from None
    except expat.ExpatError as exc:
        reason = expat.ErrorString(exc.code) if exc.code is not None else str(exc)
        line = exc.lineno
        raise DeckFormatError("deck.file.bad_xml", {"line": line, "reason": reason}) from None
    if not roots:
        raise DeckFormatError("deck.file.empty", {})
    return roots[0]


def expect_root(root: Node, tag: str, what: str) -> None:
    """Fail clearly when the file is XML but not the expected kind (e.g. a .dek renamed .cod)."""
    if root.tag != tag:
        raise DeckFormatError("deck.file.wrong_root",
                              {"line": root.line, "found": root.tag, "expected": tag,
                               "format": what})


def to_text(root: ET.Element) -> str:
    """Serialise with an XML declaration and four-space indentation (as Cockatrice does)."""
    ET.indent(root, space="    ")
    body = ET.tostring(root, encoding="unicode", short_empty_elements=True)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + body + "\n"
