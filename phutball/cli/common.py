"""What every sub-command shares: one-line usage errors, bounded numbers, bounded file and line
input, JSON or text output.

Two bounds keep every command's input and error output small, whatever it is given:

* every file argument is read by :func:`read_file` (a regular file or ``-``, standard input; at
  most :data:`MAX_FILE_BYTES`, strict UTF-8; a named pipe, a device such as ``/dev/zero``, a
  directory, a missing file or a name too long is one line, exit 2), and
  every line ``play`` reads by :func:`read_line` (at most :data:`MAX_LINE_CHARS`, strict UTF-8);
* every error line goes through :func:`error_line`: input is quoted by
  :func:`phutball.errors.quote` (cut to 60 characters) and the whole line is cut to
  :data:`MAX_ERROR_LINE` characters -- argparse's own messages ("invalid choice", "unrecognized
  arguments") included, through :class:`OneLineParser`.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import stat
import sys
from typing import Any, BinaryIO, NoReturn, Sequence, TextIO

from ..errors import QUOTE_MAX, quote


#: Largest file a file argument may be (a game record, a puzzle file): 10 MB. The biggest
#: shipped puzzle file is about 50 KB; anything bigger (``/dev/zero``) is refused unread.
MAX_FILE_BYTES = 10_000_000

#: Longest line ``play`` reads (a move or a command is a few dozen characters).
MAX_LINE_CHARS = 10_000

#: Longest error line the command line prints (room for a value quoted cut and a list of the 19
#: levels); a longer one is cut: its start, ``…`` and its length.
MAX_ERROR_LINE = 400


#: The file argument that stands for standard input.
STDIN = "-"


class CliError(Exception):
    """A usage problem reported as one line (exit status 2)."""


class FileArgumentError(CliError):
    """A file argument that cannot be read as text: missing, a directory or anything else that is
    not a regular file (a named pipe, a device), a name too long, not readable, bigger than
    :data:`MAX_FILE_BYTES` or not UTF-8.

    ``path`` is kept whole; the message quotes it once, cut: ``cannot read '/a/b…' (5000
    characters): file name too long``.
    """

    def __init__(self, path: str, reason: str) -> None:
        self.path = path
        self.reason = reason
        super().__init__(f"cannot read {quote(path)}{' (standard input)' if path == STDIN else ''}: {reason}")


class InputLineError(CliError):
    """A line of interactive input that is not UTF-8 or is too long; ``play`` reports it and goes on."""


def cut(text: str, limit: int) -> str:
    """``text`` on one line and at most ``limit`` characters long (else its start, ``…`` and its length)."""
    text = text.replace("\r", " ").replace("\n", " ")
    if len(text) <= limit:
        return text
    tail = f"… ({len(text)} characters)"
    return text[:max(limit - len(tail), 0)] + tail


def error_line(message: str, command: str = "", kind: str = "error") -> str:
    """The one error line of the command line: ``phutball COMMAND: error: MESSAGE`` (``kind``: "error" or
    "internal error"), cut to :data:`MAX_ERROR_LINE` characters."""
    return cut(f"phutball {command}: {kind}: {message}" if command else f"phutball: {kind}: {message}",
               MAX_ERROR_LINE)


def fail(err: TextIO, message: str, command: str = "") -> int:
    """Print :func:`error_line` to ``err``; return the exit status of bad input, 2."""
    print(error_line(message, command), file=err)
    return 2


def tolerant_output() -> None:
    """Let stdout and stderr escape what their encoding cannot write (``\\udcff`` for a byte of a
    file name that is not UTF-8, ``\\u2026`` under an ASCII locale) instead of failing."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.reconfigure(errors="backslashreplace")  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):  # not a TextIOWrapper (a test's StringIO)
            pass


def emit(args: argparse.Namespace, data: dict[str, Any], text: str) -> None:
    """Print ``data`` as one JSON line with ``--json``, else ``text``."""
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
    """An argument parser whose usage errors are one short line (``phutball moves: error: ...``),
    exit status 2.

    Sub-command parsers inherit it (argparse makes them of the parent's class).  The values
    argparse would quote whole -- an unknown choice or command, unrecognized arguments -- are
    quoted by :func:`~phutball.errors.quote`, any other long word of its messages is cut the same
    way, and the line is cut to :data:`MAX_ERROR_LINE`.
    """

    def error(self, message: str) -> NoReturn:
        """Exit 2 with one line; a word of argparse's message longer than a quote may be (an
        ambiguous ``--m=VALUE``, an ``ignored explicit argument``) is cut like :func:`quote` cuts."""
        message = re.sub(r"\S{%d,}" % (QUOTE_MAX + 20), lambda m: f"{m[0][:QUOTE_MAX]}… ({len(m[0])} characters)", message)
        suffix = f" (see {self.prog} --help)"
        self.exit(2, cut(f"{self.prog}: error: {message}", MAX_ERROR_LINE - len(suffix)) + suffix + "\n")

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        """argparse's check of ``choices`` (options and sub-command names), quoting the value cut."""
        if action.choices is not None and value not in action.choices:
            names = ", ".join(map(str, action.choices))
            raise argparse.ArgumentError(action, f"invalid choice: {quote(value)} (choose from {names})")

    def parse_args(self, args: Sequence[str] | None = None,  # type: ignore[override]
                   namespace: argparse.Namespace | None = None) -> argparse.Namespace:
        """argparse's ``parse_args``, naming at most three unrecognized arguments, each quoted cut."""
        parsed, extra = self.parse_known_args(args, namespace)
        if extra:
            more = f" and {len(extra) - 3} more" if len(extra) > 3 else ""
            self.error(f"unrecognized arguments: {', '.join(quote(a) for a in extra[:3])}{more}")
        return parsed


def _reason(e: OSError) -> str:
    """An OSError as a short lower-case reason, without the file name it may repeat."""
    text = e.strerror or type(e).__name__
    return text[:1].lower() + text[1:]


#: What a file argument may not be, by its kind (:func:`stat.S_IFMT`): each refused with this reason.
_NOT_REGULAR = {stat.S_IFDIR: "is a directory", stat.S_IFIFO: "not a regular file (a named pipe)",
                stat.S_IFCHR: "not a regular file (a character device)",
                stat.S_IFBLK: "not a regular file (a block device)", stat.S_IFSOCK: "not a regular file (a socket)"}


def check_regular(path: str, mode: int) -> None:
    """Raise :class:`FileArgumentError` unless ``mode`` (a ``stat`` result's) is a regular file's.

    The one check of every file argument, made by :func:`read_file`: a named pipe would block
    its reader until a writer comes, for ever (``mkfifo f; phutball check f``), a device may
    never end (``/dev/zero``) or act when opened.  Standard input is :data:`STDIN`, ``-``.
    """
    if not stat.S_ISREG(mode):
        raise FileArgumentError(path, _NOT_REGULAR.get(stat.S_IFMT(mode), "not a regular file"))


#: How a file argument is opened: never waiting (a FIFO put there since its check), never taking a terminal.
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)


def _read_regular(path: str, limit: int, too_big: str) -> bytes:
    """At most ``limit + 1`` bytes of the regular file ``path``; anything else is refused unopened.

    The name is looked at first (a FIFO or a device is never opened), then what was opened (opened
    without waiting, so a FIFO swapped in between is refused too, not waited on).
    """
    try:
        check_regular(path, os.stat(path).st_mode)
        fd = os.open(path, _OPEN_FLAGS)
        with open(fd, "rb") as f:
            st = os.fstat(f.fileno())
            check_regular(path, st.st_mode)
            if st.st_size > limit:  # refused unread
                raise FileArgumentError(path, too_big)
            return f.read(limit + 1)
    except OSError as e:
        raise FileArgumentError(path, _reason(e)) from None
    except ValueError:  # a NUL in the name
        raise FileArgumentError(path, "a NUL character in the name") from None


def _read_stdin(limit: int) -> bytes:
    """At most ``limit + 1`` bytes of standard input (its bytes when it has them, else its text as UTF-8)."""
    source: BinaryIO | TextIO = getattr(sys.stdin, "buffer", sys.stdin)
    try:
        data = source.read(limit + 1)
    except OSError as e:
        raise FileArgumentError(STDIN, _reason(e)) from None
    # a text stream's characters: escaped bytes stay bytes that are not UTF-8
    return data.encode("utf-8", "surrogateescape") if isinstance(data, str) else data


def read_file(path: str, limit: int = MAX_FILE_BYTES) -> str:
    """The text of a file argument: at most ``limit`` bytes of strict UTF-8 (``\\r\\n`` and ``\\r``
    read as ``\\n``); ``-`` (:data:`STDIN`) is standard input.

    Reads at most ``limit + 1`` bytes, so a huge file (or input) costs no more than that.
    Raises :class:`FileArgumentError` (one line: the path quoted cut, and why) for a missing
    file, a directory, anything else that is not a regular file (:func:`check_regular`: a named
    pipe or a device is refused without being opened or read), a name too long, no permission,
    a file over ``limit`` bytes or bytes that are not UTF-8 (naming the first one's offset).
    """
    too_big = f"more than {limit:,} bytes (the most a game or puzzle file may be)"
    data = _read_stdin(limit) if path == STDIN else _read_regular(path, limit, too_big)
    if len(data) > limit:  # a file that grew, or standard input
        raise FileArgumentError(path, too_big)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise FileArgumentError(path, f"not UTF-8 text (byte 0x{data[e.start]:02x} at offset {e.start})") from None
    return text.replace("\r\n", "\n").replace("\r", "\n")


def file_kind(path: str) -> str:
    """``"dir"`` or ``"file"`` (anything else that exists, and ``-``, standard input: :func:`read_file`
    refuses what is not a regular file); a path that cannot be looked at (missing, a name too long,
    no permission) raises :class:`FileArgumentError`."""
    if path == STDIN:
        return "file"
    try:
        st = os.stat(path)
    except OSError as e:
        raise FileArgumentError(path, _reason(e)) from None
    except ValueError:  # a NUL in the name
        raise FileArgumentError(path, "a NUL character in the name") from None
    return "dir" if stat.S_ISDIR(st.st_mode) else "file"


def read_line(stdin: TextIO, limit: int = MAX_LINE_CHARS) -> str | None:
    """One line of interactive input without its line break, or None at the end of the input.

    Reads bytes when ``stdin`` has them (so the locale's encoding and error handler play no
    part) and decodes them as strict UTF-8.  Raises :class:`InputLineError` for a line that is
    not UTF-8 or longer than ``limit`` (its rest is skipped, so the next line is read next);
    input with no line break in :data:`MAX_FILE_BYTES` (``/dev/zero``) is a :class:`CliError`.
    """
    source: BinaryIO | TextIO = getattr(stdin, "buffer", stdin)
    line = source.readline(limit + 1)
    if not line:
        return None
    nl = b"\n" if isinstance(line, bytes) else "\n"
    if len(line) > limit and not line.endswith(nl):  # type: ignore[arg-type]
        skipped = len(line)
        while not line.endswith(nl):  # type: ignore[arg-type]
            line = source.readline(limit + 1)
            skipped += len(line)
            if not line:
                break
            if skipped > MAX_FILE_BYTES:
                raise CliError(f"no line break in the first {MAX_FILE_BYTES:,} bytes of the input")
        raise InputLineError(f"line longer than {limit:,} characters, skipped")
    if isinstance(line, bytes):
        try:
            line = line.decode("utf-8")
        except UnicodeDecodeError as e:
            raise InputLineError(f"line {quote(line)} is not UTF-8 text (byte 0x{line[e.start]:02x} "
                                 f"at offset {e.start})") from None
    return line.rstrip("\r\n")
