"""What the Python scripts under scripts/ share: one error path, the reading of
the apps' result files, the identity of a result row, and atomic writes.

Error path, the binaries' contract: bad input is one line on stderr
(`SCRIPT: error: ...`) and exit 2, a run that fails is one such line and
exit 1, never a traceback (KP_TRACEBACK=1 shows one, for debugging). A
script raises UsageError for bad input, Failure for a failed run, and runs
its main through main(). SIGINT, SIGTERM and SIGHUP unwind (write_atomic
removes its temporary), then end the script as the signal would have.

Identity: a row is the computation it timed (app, form, params, size) on a
space by a variant; the scripts pair, compare or put side by side only rows
whose identities agree. Rows written before the apps had a `form` column
(CSV, JSON or printed table) load with form "", which pairs with nothing
but itself.
"""
import argparse
import csv
import io
import json
import os
import re
import signal
import sys
import tempfile

SCRIPT = os.path.basename(sys.argv[0])
IDENTITY = ("app", "form", "params", "size", "space", "variant")
NAMES = tuple(k for k in IDENTITY if k != "size")  # the identity's strings (a JSON size is a number)


class UsageError(Exception):
    """Bad input (a file, a column, an option): one line and exit 2."""


class Failure(Exception):
    """A run that failed (a tool missing, a check that does not hold): one line and exit 1."""


class Stopped(BaseException):
    """A stop signal, raised where the script is so that it unwinds."""


class ArgumentParser(argparse.ArgumentParser):
    """argparse whose errors are one line and exit 2, like the rest of the scripts' errors."""

    def error(self, message):
        raise UsageError(message)


def describe(e):
    if isinstance(e, Failure):
        return str(e)
    if isinstance(e, OSError) and e.strerror:
        return f"{e.filename}: {e.strerror}" if e.filename else e.strerror
    return f"{type(e).__name__}: {e}"


def stop(signum, frame):
    raise Stopped(signum)


def main(run):
    """Runs run() (which returns an exit code or None) and exits: 2 and one line for
    UsageError, 1 and one line for anything else that goes wrong."""
    for signum in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, stop)
    code, message = 1, None
    try:
        code = run() or 0
    except UsageError as e:
        code, message = 2, str(e)
    except (Stopped, KeyboardInterrupt) as e:
        signum = e.args[0] if isinstance(e, Stopped) else signal.SIGINT
        signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)
    except BrokenPipeError:  # the reader went away (`| head`): nothing left to say
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except Exception as e:
        if os.environ.get("KP_TRACEBACK"):
            raise
        message = describe(e)
    if message is not None:
        print(f"{SCRIPT}: error: {' '.join(message.splitlines())}", file=sys.stderr)
    sys.exit(code)


def read_text(path):
    """The whole of a text file, or UsageError saying why it is not one."""
    try:
        with open(path, encoding="utf-8", newline="") as f:
            text = f.read()
    except IsADirectoryError:
        raise UsageError(f"{path} is a folder, not a file") from None
    except OSError as e:
        raise UsageError(f"cannot read {path}: {e.strerror}") from None
    except UnicodeDecodeError:
        text = None
    if text is None or "\0" in text:
        raise UsageError(f"{path} is not a text file")
    return text


def number(row, key):
    """row[key] as a float (nan, inf and numbers in strings included), or UsageError."""
    try:
        return float(row[key])
    except (TypeError, ValueError, OverflowError):
        raise UsageError(f"{row['_at']}: {key} {row[key]!r} is not a number") from None


def whole(row, key):
    """row[key] as an int (a size), or UsageError."""
    try:
        return int(row[key])
    except (TypeError, ValueError):
        raise UsageError(f"{row['_at']}: {key} {row[key]!r} is not a whole number") from None


def timed(row):
    """Whether the row has a time: the apps write nan or 0 for a run that did not time."""
    return 0 < row["median_s"] < float("inf")


def read_rows(path, need, numeric=()):
    """The rows of an app's --csv or --json output (JSON where the name ends in .json),
    as dicts with the columns `need` at least; `numeric` ones (where present) as floats,
    and "_at", the row's place in the file for messages."""
    text = read_text(path)
    if path.endswith(".json"):
        rows = json_rows(path, text)
    else:
        rows = csv_rows(path, text)
    if not rows:
        raise UsageError(f"{path} holds no result rows")
    missing = [k for k in need if k not in rows[0]]
    if missing:
        raise UsageError(f"{path} is not an app's results: no {', '.join(missing)} column")
    for r in rows:
        if any(k not in r for k in need):
            raise UsageError(f"{r['_at']} lacks one of {', '.join(need)}")
        if any(not isinstance(r.get(k, ""), str) for k in NAMES):
            raise UsageError(f"{r['_at']}: {', '.join(NAMES[:-1])} and {NAMES[-1]} must be strings")
        for k in numeric:
            if k in r:
                r[k] = number(r, k)
    return rows


def csv_rows(path, text):
    reader = csv.DictReader(io.StringIO(text, newline=""))
    rows = []
    try:
        for r in reader:
            if None in r or None in r.values():
                raise UsageError(f"{path}: line {reader.line_num}: not as many fields as the header has")
            r["_at"] = f"{path}: line {reader.line_num}"
            rows.append(r)
    except csv.Error as e:
        raise UsageError(f"{path}: line {reader.line_num}: {e}") from None
    return rows


def json_rows(path, text):
    try:
        rows = json.loads(text)
    except (ValueError, RecursionError) as e:
        raise UsageError(f"{path} is not JSON: {e}") from None
    if not isinstance(rows, list):
        raise UsageError(f"{path}: expected a list of result rows")
    for i, r in enumerate(rows):
        if not isinstance(r, dict):
            raise UsageError(f"{path}: row {i} is not an object")
        r["_at"] = f"{path}: row {i}"
    return rows


def identity(row, without=()):
    """The computation a row timed and who timed it where: its IDENTITY fields as strings
    (a JSON size and a CSV one alike, a missing form as ""), less those in `without`."""
    return tuple("" if row.get(k) is None else str(row[k]) for k in IDENTITY if k not in without)


def has_form(rows):
    return any(r.get("form") for r in rows)


def output_folder(path, option="--out"):
    """The folder an option names, made if missing; UsageError when it cannot be one."""
    if os.path.exists(path) and not os.path.isdir(path):
        raise UsageError(f"{option}: {path} is not a folder")
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as e:
        raise UsageError(f"{option}: cannot make {path}: {e.strerror}") from None
    return path


def file_name(name, what):
    """`name` unchanged when it is a plain file name (a chart named after an app, say);
    UsageError when it could name another folder (a `/`, `..`, a leading dot)."""
    if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_.,=+-]*", name):
        raise UsageError(f"{what} {name!r} cannot name a file (only letters, digits and _.,=+-)")
    return name


def write_atomic(path, write):
    """Writes `path` through write(binary file): into a temporary in the same folder,
    renamed over `path` once complete, removed if anything fails or interrupts."""
    folder = os.path.dirname(path) or "."
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{os.path.basename(path)}.", suffix=".tmp")
    try:
        umask = os.umask(0)
        os.umask(umask)
        os.fchmod(fd, os.stat(path).st_mode & 0o7777 if os.path.exists(path) else 0o666 & ~umask)
        with os.fdopen(fd, "wb") as f:
            fd = None
            write(f)
        os.replace(tmp, path)
    except BaseException:
        if fd is not None:
            os.close(fd)
        os.unlink(tmp)
        raise
