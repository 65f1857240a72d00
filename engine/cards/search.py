"""The card search language (Scryfall's and Cockatrice's common subset), compiled to SQL.

A small recursive-descent parser turns a query into a WHERE clause with `?` parameters:
user input never becomes SQL text. Every mistake comes back as a QueryError (message key,
named parameters, English default, position), never as an exception. Syntax: docs/search.md.

Grammar (implicit AND binds tighter than OR)::

    query   := or_expr EOF
    or_expr := and_expr ( "OR" and_expr )*
    and_expr:= unary ( ["AND"] unary )*
    unary   := "-" unary | "(" or_expr ")" | term
    term    := keyword op value | "!" name | word | "phrase"
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Union

from engine.cards.colors import COLOR_BITS
from engine.cards.importers.common import RARITY_RANK, fold, normalize_rarity
from engine.cards.search_keywords import accent_reading, keyword_of, value_of
from engine.messages import english


@dataclass(frozen=True)
class QueryError:
    """A query the parser cannot accept; `position` is a 0-based index into the query text."""

    key: str
    params: dict[str, Any]
    message: str
    position: int

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True)
class CompiledQuery:
    where: str
    params: list[Any]
    needs_implemented: bool = False     # the caller must provide temp.implemented(name)


class _Fail(Exception):
    def __init__(self, error: QueryError) -> None:
        super().__init__(error.message)
        self.error = error


def _error(key: str, position: int, **params: Any) -> _Fail:
    """A search error: its key's sentence (engine/messages/) in English, with the position."""

    params["position"] = position
    return _Fail(QueryError(key, params, english(key, **params), position))


# -- tokens ------------------------------------------------------------------------------

@dataclass
class _Tok:
    kind: str                    # word, phrase, exact, term, lparen, rparen, neg, or, and, eof
    pos: int
    value: str = ""
    keyword: str = ""
    op: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


# (letters of any language: German and Italian keyword names, engine/cards/search_keywords.py)
_KEYWORD = re.compile(r"([^\W\d_]+)(<=|>=|!=|==|=|:|<|>)")
_STOP = set(" \t\r\n()")


def _read_quoted(text: str, start: int) -> tuple[str, int]:
    """The text between the quote at `start` and the next quote; (value, index after it)."""
    end = text.find('"', start + 1)
    if end < 0:
        raise _error("search.unclosed_quote", start)
    return text[start + 1:end], end + 1


def _read_word(text: str, i: int) -> tuple[str, int]:
    j = i
    while j < len(text) and text[j] not in _STOP:
        j += 1
    return text[i:j], j


def tokenize(text: str) -> list[_Tok]:
    toks: list[_Tok] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch.isspace():
            i += 1
        elif ch == "(":
            toks.append(_Tok("lparen", i))
            i += 1
        elif ch == ")":
            toks.append(_Tok("rparen", i))
            i += 1
        elif ch == "-":
            toks.append(_Tok("neg", i))
            i += 1
        elif ch == '"':
            value, i2 = _read_quoted(text, i)
            toks.append(_Tok("phrase", i, value))
            i = i2
        elif ch == "!" and i + 1 < n and text[i + 1] not in _STOP:
            if text[i + 1] == '"':
                value, i2 = _read_quoted(text, i + 1)
            else:
                value, i2 = _read_word(text, i + 1)
            toks.append(_Tok("exact", i, value))
            i = i2
        else:
            m = _KEYWORD.match(text, i)
            if m:
                j = m.end()
                if j < n and text[j] == '"':
                    value, j2 = _read_quoted(text, j)
                    quoted = True
                else:
                    value, j2 = _read_word(text, j)
                    quoted = False
                toks.append(_Tok("term", i, value, m.group(1).lower(), m.group(2),
                                 {"quoted": quoted, "value_pos": j}))
                i = j2
            else:
                word, i2 = _read_word(text, i)
                low = word.lower()
                kind = "or" if low == "or" else "and" if low == "and" else "word"
                toks.append(_Tok(kind, i, word))
                i = i2
    toks.append(_Tok("eof", n))
    return toks


# -- SQL for each keyword ----------------------------------------------------------------

_OPS = {":": "=", "=": "=", "==": "=", "!=": "!=", "<": "<", ">": ">", "<=": "<=", ">=": ">="}
_COLOR_WORDS = {
    "white": "w", "blue": "u", "black": "b", "red": "r", "green": "g",
    "azorius": "wu", "dimir": "ub", "rakdos": "br", "gruul": "rg", "selesnya": "gw",
    "orzhov": "wb", "izzet": "ur", "golgari": "bg", "boros": "rw", "simic": "gu",
    "bant": "gwu", "esper": "wub", "grixis": "ubr", "jund": "brg", "naya": "rgw",
    "abzan": "wbg", "jeskai": "urw", "sultai": "bgu", "mardu": "rwb", "temur": "gur",
    "chaos": "ubrg", "aggression": "wbrg", "altruism": "wurg", "growth": "wubg",
    "artifice": "wubr", "wubrg": "wubrg", "rainbow": "wubrg",
    # the colour names a German or Italian user reads on the colour buttons (folded: "weiß")
    "weiss": "w", "blau": "u", "schwarz": "b", "rot": "r", "grun": "g", "gruen": "g",
    "bianco": "w", "blu": "u", "nero": "b", "rosso": "r", "verde": "g",
}
_COLORLESS = {"c", "colorless", "colourless", "farblos", "incolore"}
_MULTI = {"m", "multicolor", "multicolour", "multi", "gold", "mehrfarbig", "multicolore"}
# the rarities as the rarity filter names them in German and Italian (folded), for r:
_RARITY_WORDS = {
    "haufig": "common", "nicht ganz so haufig": "uncommon", "nicht so haufig": "uncommon",
    "selten": "rare", "sagenhaft selten": "mythic",
    "comune": "common", "non comune": "uncommon", "rara": "rare", "rara mitica": "mythic",
    "mitica": "mythic",
}
# Scryfall's (and Cockatrice's) format-legality keywords: Manatable has no legality lists, so
# they are refused with a sentence that says so (not "not a keyword", nor read as colours)
_FORMAT_KEYWORDS = frozenset({"f", "format", "legal", "banned", "restricted"})
_STAT_COLUMNS = {"pow": "c.power_num", "power": "c.power_num", "tou": "c.toughness_num",
                 "toughness": "c.toughness_num", "loy": "c.loyalty_num",
                 "loyalty": "c.loyalty_num"}
# the values of lang: and is: (their names in three languages: engine/cards/search_keywords.py)
_LANGS = {"en": None, "de": "c.name_de", "it": "c.name_it"}
_IS = {"implemented": None, "bundled": "c.bundled = 1", "imported": "c.bundled = 0"}
KEYWORDS: dict[str, str] = {
    "o": "oracle", "oracle": "oracle", "text": "oracle",
    "t": "type", "type": "type",
    "c": "color", "color": "color", "colour": "color",
    "ci": "identity", "id": "identity", "identity": "identity", "commander": "identity",
    "mv": "mv", "cmc": "mv", "manavalue": "mv",
    "pow": "stat", "power": "stat", "tou": "stat", "toughness": "stat",
    "loy": "stat", "loyalty": "stat",
    "r": "rarity", "rarity": "rarity",
    "s": "set", "e": "set", "set": "set", "edition": "set",
    "cn": "number", "number": "number",
    "is": "is", "not": "not",
    "lang": "lang", "language": "lang",
    "n": "name", "name": "name",
}


def _like(value: str) -> str:
    escaped = value.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def _name_sql(value: str) -> tuple[str, list[Any]]:
    return "c.name_search LIKE ? ESCAPE '\\'", [_like(fold(value))]


def _exact_name_sql(value: str) -> tuple[str, list[Any]]:
    return "c.id IN (SELECT card_id FROM names WHERE key = ?)", [fold(value)]


_WORDS = re.compile(r"\w+")
_SIGNIFICANT = re.compile(r"[^\w\s'.,;:!?\"-]")


def _oracle_sql(value: str) -> tuple[str, list[Any]]:
    """FTS5 phrase whose last word is a prefix ("fly" finds flying), in en, de and it text.

    FTS ignores punctuation, so when it matters ("+1/+1", "{T}") a LIKE on the text
    confirms the exact characters among the few rows FTS let through.
    """
    words = _WORDS.findall(fold(value))
    clauses: list[str] = []
    params: list[Any] = []
    if words:
        clauses.append("c.id IN (SELECT rowid FROM cards_fts WHERE cards_fts MATCH ?)")
        params.append('"' + " ".join(words) + '" *')
    if _SIGNIFICANT.search(value) or not words:
        pattern = _like(value)
        clauses.append("(c.text LIKE ? ESCAPE '\\' OR c.text_de LIKE ? ESCAPE '\\' "
                       "OR c.text_it LIKE ? ESCAPE '\\')")
        params += [pattern, pattern, pattern]
    return " AND ".join(clauses), params


def _color_mask(value: str, pos: int) -> int:
    letters = _COLOR_WORDS.get(value, value)
    mask = 0
    for ch in letters:
        bit = COLOR_BITS.get(ch.upper())
        if bit is None:
            raise _error("search.bad_color", pos, value=value)
        mask |= bit
    return mask


def _color_sql(tok: _Tok, identity: bool) -> tuple[str, list[Any]]:
    col, count = (("c.identity_mask", "c.identity_count") if identity
                  else ("c.colors_mask", "c.colors_count"))
    value, op, pos = fold(tok.value), tok.op, tok.extra["value_pos"]
    if value.isdigit():
        return f"{count} {_OPS[op]} ?", [int(value)]
    if value in _MULTI:
        if op in (":", "=", "=="):
            return f"{count} >= 2", []
        if op == "!=":
            return f"{count} < 2", []
        raise _bad_operator(tok)
    mask = 0 if value in _COLORLESS else _color_mask(value, pos)
    if op == ":":
        # Scryfall: "c:wu" is at least white and blue, "id:wu" fits a white-blue deck.
        op = "=" if mask == 0 else ("<=" if identity else ">=")
    if op in ("=", "=="):
        return f"{col} = ?", [mask]
    if op == "!=":
        return f"{col} != ?", [mask]
    superset = f"({col} & ?) = ?"
    subset = f"({col} & ?) = 0"
    if op == ">=":
        return superset, [mask, mask]
    if op == ">":
        return f"{superset} AND {col} != ?", [mask, mask, mask]
    if op == "<=":
        return subset, [31 & ~mask]
    return f"{subset} AND {col} != ?", [31 & ~mask, mask]          # "<"


def _number(tok: _Tok) -> float:
    try:
        return float(tok.value)
    except ValueError:
        raise _error("search.not_a_number", tok.extra["value_pos"],
                     value=tok.value) from None


def _bad_operator(tok: _Tok) -> _Fail:
    return _error("search.bad_operator", tok.pos,
                  keyword=tok.keyword, operator=tok.op)


def _text_op(tok: _Tok) -> bool:
    """True for ":"/"=", False for "!="; anything else is an error for text keywords."""
    if tok.op in (":", "=", "=="):
        return True
    if tok.op == "!=":
        return False
    raise _bad_operator(tok)


def _term_sql(tok: _Tok) -> tuple[str, list[Any], bool]:
    """(sql, params, uses temp.implemented) for one keyword term. The keyword may be named in
    English, German or Italian (`keyword_of`); messages name it as typed."""
    keyword = keyword_of(tok.keyword)
    kind = KEYWORDS.get(keyword) if keyword is not None else None
    if kind is None and tok.keyword in _FORMAT_KEYWORDS:
        raise _error("search.no_formats", tok.pos, keyword=tok.keyword)
    plain = accent_reading(tok.keyword)
    if kind is None and plain is not None:
        raise _error("search.accented_keyword", tok.pos, keyword=tok.keyword, plain=fold(tok.keyword))
    if kind is None or keyword is None:
        raise _error("search.unknown_keyword", tok.pos,
                     keyword=tok.keyword)
    if tok.value == "" and not tok.extra.get("quoted"):
        raise _error("search.missing_value", tok.pos,
                     keyword=tok.keyword)
    value, pos = tok.value, tok.extra["value_pos"]
    sql: str
    params: list[Any] = []
    if kind in ("color", "identity"):
        sql, params = _color_sql(tok, kind == "identity")
        return sql, params, False
    if kind in ("mv", "stat"):
        col = "c.mana_value" if kind == "mv" else _STAT_COLUMNS[keyword]
        op = _OPS[tok.op]
        low = value.lower()
        if kind == "mv" and low in ("even", "odd"):
            if op not in ("=", "!="):
                raise _bad_operator(tok)
            sql = ("(c.mana_value = CAST(c.mana_value AS INTEGER) "
                   "AND CAST(c.mana_value AS INTEGER) % 2 = ?)")
            return (sql if op == "=" else f"NOT {sql}"), [0 if low == "even" else 1], False
        other = keyword_of(low)             # (another stat, in any language: pow>tou, stärke>forza)
        if kind == "stat" and other in _STAT_COLUMNS:
            return f"{col} {op} {_STAT_COLUMNS[other]}", [], False
        return f"{col} {op} ?", [_number(tok)], False
    if kind == "rarity":
        rarity = normalize_rarity(_RARITY_WORDS.get(fold(value), value))
        if rarity is None:
            raise _error("search.bad_rarity", pos, value=value)
        op = _OPS[tok.op]
        return (f"c.id IN (SELECT card_id FROM printings WHERE rarity_rank {op} ?)",
                [RARITY_RANK[rarity]], False)
    positive = _text_op(tok)
    if kind == "name":
        sql, params = _name_sql(value)
    elif kind == "oracle":
        sql, params = _oracle_sql(value)
    elif kind == "type":
        sql, params = "c.type_search LIKE ? ESCAPE '\\'", [_like(fold(value))]
    elif kind == "set":
        sql, params = "c.id IN (SELECT card_id FROM printings WHERE set_code = ?)", [value.upper()]
    elif kind == "number":
        sql, params = "c.id IN (SELECT card_id FROM printings WHERE number = ?)", [value]
    elif kind == "lang":
        code = value_of("lang", value)
        if code is None:
            raise _error("search.bad_lang", pos, value=value)
        column = _LANGS[code]
        sql = "1" if column is None else f"{column} IS NOT NULL"
    else:                                    # is: / not:
        prop = value_of("is", value)
        if prop is None:
            raise _error("search.bad_is", pos,
                         value=value, keyword=tok.keyword)
        if kind == "not":
            positive = not positive
        if prop == "implemented":
            # Only bundled cards have behaviour: an imported card of the same name has none.
            sql = "c.bundled = 1 AND c.name IN (SELECT name FROM temp.implemented)"
            return (sql if positive else f"NOT ({sql})"), [], True
        sql = _IS[prop] or "1"
    return (sql if positive else f"NOT COALESCE(({sql}), 0)"), params, False


# -- parser ------------------------------------------------------------------------------

_Node = tuple[str, list[Any]]      # (sql, params)


class _Parser:
    def __init__(self, toks: list[_Tok]) -> None:
        self.toks = toks
        self.i = 0
        self.needs_implemented = False

    @property
    def tok(self) -> _Tok:
        return self.toks[self.i]

    def parse(self) -> _Node:
        if self.tok.kind == "eof":
            return "1", []
        node = self.or_expr()
        if self.tok.kind == "rparen":
            raise _error("search.unexpected_paren", self.tok.pos)
        return node

    def or_expr(self) -> _Node:
        parts = [self.and_expr()]
        while self.tok.kind == "or":
            self.i += 1
            parts.append(self.and_expr(after=self.toks[self.i - 1]))
        if len(parts) == 1:
            return parts[0]
        return "(" + " OR ".join(p[0] for p in parts) + ")", [x for p in parts for x in p[1]]

    def and_expr(self, after: _Tok | None = None) -> _Node:
        parts: list[_Node] = []
        while self.tok.kind not in ("eof", "rparen", "or"):
            if self.tok.kind == "and":
                joiner = self.tok
                self.i += 1
                if not parts or self.tok.kind in ("eof", "rparen", "or", "and"):
                    raise _error("search.and_without_term", joiner.pos)
                continue
            parts.append(self.unary())
        if not parts:
            joiner = after or self.tok
            if after is not None or self.tok.kind == "or":
                raise _error("search.or_without_term", joiner.pos)
            raise _error("search.unexpected_paren", self.tok.pos)
        if len(parts) == 1:
            return parts[0]
        return "(" + " AND ".join(p[0] for p in parts) + ")", [x for p in parts for x in p[1]]

    def unary(self) -> _Node:
        tok = self.tok
        if tok.kind == "neg":
            self.i += 1
            if self.tok.kind in ("eof", "rparen", "or", "and"):
                raise _error("search.negation_without_term", tok.pos)
            sql, params = self.unary()
            return f"NOT COALESCE(({sql}), 0)", params
        if tok.kind == "lparen":
            self.i += 1
            if self.tok.kind == "rparen":
                raise _error("search.empty_parens", tok.pos)
            node = self.or_expr()
            if self.tok.kind != "rparen":
                raise _error("search.unclosed_paren", tok.pos)
            self.i += 1
            return node
        self.i += 1
        if tok.kind in ("word", "phrase"):
            return _name_sql(tok.value)
        if tok.kind == "exact":
            return _exact_name_sql(tok.value)
        if tok.kind == "term":
            sql, params, implemented = _term_sql(tok)
            self.needs_implemented |= implemented
            return sql, params
        raise _error("search.unexpected_paren", tok.pos)


def compile_query(text: str) -> Union[CompiledQuery, QueryError]:
    """The WHERE clause (over `cards c`) for a search query, or why it cannot be read."""
    try:
        parser = _Parser(tokenize(text))
        sql, params = parser.parse()
    except _Fail as fail:
        return fail.error
    return CompiledQuery(sql, params, parser.needs_implemented)
