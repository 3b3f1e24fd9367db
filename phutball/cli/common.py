"""What every sub-command shares: one-line usage errors, bounded numbers, JSON or text output."""

from __future__ import annotations

import argparse
import json
import re
from typing import Any, TextIO

from ..errors import quote


class CliError(Exception):
    """A usage problem reported as one line (exit status 2)."""


def emit(args: argparse.Namespace, data: dict[str, Any], text: str) -> None:
    if getattr(args, "json", False):
        print(json.dumps(data, ensure_ascii=False))
    else:
        print(text)


def bounded_int(lo: int, hi: int) -> Any:
    """An argparse ``type`` for a whole number in ``lo..hi`` (ASCII digits, at most 12 of them).

    Anything else -- huge, negative, not a number -- is a usage error: one line, exit status 2.
    """
    def parse(text: str) -> int:
        t = text.strip()
        if not re.fullmatch(r"[+-]?[0-9]{1,12}", t) or not lo <= int(t) <= hi:
            raise argparse.ArgumentTypeError(f"must be a whole number, at least {lo} and at most {hi}, not {quote(text)}")
        return int(t)
    parse.__name__ = f"whole number {lo}..{hi}"
    return parse


#: Bounds of the CLI's work limits (``--limit``, ``--max-nodes``).
MAX_LIMIT = 1_000_000
MAX_NODES = 100_000_000


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line (``phutball moves: error: ...``), exit status 2.

    Sub-command parsers inherit it (argparse makes them of the parent's class).
    """

    def error(self, message: str) -> Any:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def fail(err: TextIO, message: str, command: str = "") -> int:
    print(f"phutball {command}: error: {message}" if command else f"phutball: error: {message}", file=err)
    return 2


def read_file(path: str) -> str:
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except (OSError, UnicodeDecodeError) as e:
        raise CliError(f"cannot read {path!r}: {e}") from None
