"""The retail ``calculate`` tool without ``eval``: a small recursive-descent arithmetic parser.

τ²-bench evaluates the expression with Python's ``eval`` after checking that it only holds
``0123456789+-*/(). ``; the result is ``str(round(float(value), 2))``. This module accepts the
same language (what Python's grammar makes of those characters) and computes with Python's own
operators on the same number types, so results and arithmetic errors are those of the original:

    expr   := term (("+" | "-") term)*
    term   := factor (("*" | "/" | "//") factor)*
    factor := ("+" | "-") factor | power
    power  := atom ["**" factor]                 (right-associative, binds tighter than unary -)
    atom   := NUMBER | "(" expr ")"

Numbers are Python literals: ``12`` is an int (``012`` is rejected, ``00`` is not), ``1.5``,
``1.`` and ``.5`` are floats, ``...`` is Ellipsis. ``()`` and a call such as ``(1)(2)`` fail with
the TypeError Python would raise (a starred call such as ``2(*3)`` is a syntax error here, a
TypeError there: both are errors). Syntax errors carry the message Python gives for the common cases. One guard the
original lacks: an integer power whose result would exceed a million bits fails at once with the
OverflowError that converting it to float would raise anyway, instead of computing it.
"""

from __future__ import annotations

import math
import re

ALLOWED = frozenset("0123456789+-*/(). ")
_TOKEN = re.compile(r"\s*(?:(\d+\.\d*|\.\d+|\d+)|(\.\.\.|\*\*|//|[-+*/()]))")
_MAX_POWER_BITS = 1_000_000

Number = int | float
Node = tuple


def _syntax(message: str = "invalid syntax", line: int = 1) -> SyntaxError:
    return SyntaxError(f"{message} (<string>, line {line})")


def _tokens(expression: str) -> list[str]:
    out: list[str] = []
    pos, end = 0, len(expression.rstrip(" "))
    while pos < end:
        m = _TOKEN.match(expression, pos)
        if m is None:  # only a lone "." or similar can get here
            raise _syntax()
        number, op = m.group(1), m.group(2)
        if number is not None:
            if "." not in number and len(number) > 1 and number[0] == "0" and number.strip("0"):
                raise _syntax("leading zeros in decimal integer literals are not permitted; "
                              "use an 0o prefix for octal integers")
            out.append(number)
        else:
            out.append(op)
        pos = m.end()
    return out


def _power(base: Number, exponent: Number) -> Number:
    if isinstance(base, int) and isinstance(exponent, int) and exponent > 0 and abs(base) > 1:
        if exponent * math.log2(abs(base)) > _MAX_POWER_BITS:
            raise OverflowError("int too large to convert to float")
    return base ** exponent


class _Parser:
    """Builds a tree first (syntax errors come before any arithmetic, as with ``compile``)."""

    def __init__(self, tokens: list[str]):
        self.tokens = tokens
        self.i = 0
        self.open = 0  # parentheses opened and not yet closed

    def peek(self) -> str | None:
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def take(self) -> str:
        tok = self.tokens[self.i]
        self.i += 1
        self.open += (tok == "(") - (tok == ")")
        return tok

    def end_of_input(self) -> SyntaxError:
        return _syntax("'(' was never closed") if self.open > 0 else _syntax()

    def parse(self) -> Node:
        if not self.tokens:
            raise _syntax(line=0)
        node = self.expr()
        tok = self.peek()
        if tok == ")":
            raise _syntax("unmatched ')'")
        if tok is not None:
            raise _syntax()
        return node

    def expr(self) -> Node:
        node = self.term()
        while self.peek() in ("+", "-"):
            op = self.take()
            node = (op, node, self.term())
        return node

    def term(self) -> Node:
        node = self.factor()
        while self.peek() in ("*", "/", "//"):
            op = self.take()
            node = (op, node, self.factor())
        return node

    def factor(self) -> Node:
        if self.peek() in ("+", "-"):
            return ("u" + self.take(), self.factor())
        return self.power()

    def power(self) -> Node:
        node = self.primary()
        if self.peek() == "**":
            self.take()
            return ("**", node, self.factor())
        return node

    def primary(self) -> Node:
        node = self.atom()
        while self.peek() == "(":  # "(2)(3)" or "2 (3)": a call, which fails when run
            self.take()
            args = [] if self.peek() == ")" else [self.expr()]
            if self.peek() is None:
                raise self.end_of_input()
            if self.take() != ")":
                raise _syntax()
            node = ("call", node, *args)
        return node

    def atom(self) -> Node:
        tok = self.peek()
        if tok is None:
            raise self.end_of_input()
        if tok == "...":
            self.take()
            return ("const", ...)
        if tok == "(":
            self.take()
            if self.peek() == ")":  # "()" is the empty tuple
                self.take()
                return ("const", ())
            node = self.expr()
            if self.peek() is None:
                raise self.end_of_input()
            if self.take() != ")":
                raise _syntax()
            return node
        if tok[0].isdigit() or tok[0] == ".":
            self.take()
            return ("const", float(tok) if "." in tok else int(tok))
        raise _syntax()


_BINARY = {
    "+": lambda a, b: a + b,
    "-": lambda a, b: a - b,
    "*": lambda a, b: a * b,
    "/": lambda a, b: a / b,
    "//": lambda a, b: a // b,
    "**": _power,
}


def _run(node: Node) -> object:
    kind = node[0]
    if kind == "const":
        return node[1]
    if kind == "u+":
        return +_run(node[1])  # type: ignore[operator]
    if kind == "u-":
        return -_run(node[1])  # type: ignore[operator]
    if kind == "call":
        callee = _run(node[1])
        for arg in node[2:]:
            _run(arg)
        raise TypeError(f"'{type(callee).__name__}' object is not callable")
    return _BINARY[kind](_run(node[1]), _run(node[2]))


def evaluate(expression: str) -> object:
    """The value Python's ``eval`` gives for an expression in the allowed language."""
    return _run(_Parser(_tokens(expression)).parse())


def calculate(expression: str) -> str:
    """The tool: validate the characters, evaluate, round to 2 decimals, format like ``str``."""
    if not all(ch in ALLOWED for ch in expression):
        raise ValueError("Invalid characters in expression")
    return str(round(float(evaluate(expression)), 2))  # type: ignore[arg-type]
