"""The ``phutball`` command line: readable text by default, ``--json`` for machines.

Bad input prints one clear line to stderr and exits with status 2 (a file argument
that cannot be read as a game or puzzle file too: see :func:`~phutball.cli.common.read_file`);
a record that fails ``check`` exits with 1; an internal error (a bug) exits with 70; nothing
ever ends in a bare traceback, and no error line is longer than
:data:`~phutball.cli.common.MAX_ERROR_LINE` characters.
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
from .common import CliError, OneLineParser, error_line, fail, tolerant_output


def build_parser() -> argparse.ArgumentParser:
    p = OneLineParser(prog="phutball", description="Philosopher's Football: positions, moves, records, solving.")
    p.add_argument("--version", action="version", version=f"phutball {__version__}")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")
    twod.add_subcommands(sub)
    oned.add_subcommands(sub)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line on ``argv`` (default ``sys.argv[1:]``); return the exit status."""
    tolerant_output()
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:  # a usage error (one line, already printed) or --help / --version
        return 0 if e.code is None else e.code if isinstance(e.code, int) else 2
    try:
        return int(args.func(args) or 0)
    except (PhutballError, CliError) as e:
        return fail(sys.stderr, str(e), args.command)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception as e:  # never a bare traceback
        print(error_line(f"{type(e).__name__}: {e}", args.command, kind="internal error"), file=sys.stderr)
        return 70


if __name__ == "__main__":
    sys.exit(main())
