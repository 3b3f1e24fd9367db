"""The ``phutball`` command line: readable text by default, ``--json`` for machines.

Bad input prints one clear line to stderr and exits with status 2; a record
that fails ``check`` exits with 1; nothing ever ends in a bare traceback.
The sub-commands live in :mod:`~phutball.cli.twod`, :mod:`~phutball.cli.oned` and
:mod:`~phutball.cli.puzzles`.
"""

from __future__ import annotations

import argparse
import sys
from typing import Sequence

from .. import __version__
from ..errors import PhutballError
from . import oned, twod
from .common import CliError, OneLineParser


def build_parser() -> argparse.ArgumentParser:
    p = OneLineParser(prog="phutball", description="Philosopher's Football: positions, moves, records, solving.")
    p.add_argument("--version", action="version", version=f"phutball {__version__}")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")
    twod.add_subcommands(sub)
    oned.add_subcommands(sub)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:  # a usage error (one line, already printed) or --help / --version
        return 0 if e.code is None else e.code if isinstance(e.code, int) else 2
    try:
        return int(args.func(args) or 0)
    except (PhutballError, CliError) as e:
        print(f"phutball {args.command}: error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception as e:  # never a bare traceback
        print(f"phutball {args.command}: internal error: {type(e).__name__}: {e}", file=sys.stderr)
        return 70


if __name__ == "__main__":
    sys.exit(main())
