#!/usr/bin/env python3
"""Property and unit tests of scripts/kp_rows.py: the row identity survives the
apps' CSV and JSON alike and tells any two computations apart; atomic writes
leave the old file or the new one and never a temporary; the error path is one
line and exit 2 or 1."""
import csv
import io
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import unittest

SCRIPTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts")
sys.path.insert(0, SCRIPTS)
import kp_rows  # noqa: E402

ALPHABET = "abz09=,-_. \"'/é\t\n"


def random_row(rng):
    text = lambda: "".join(rng.choice(ALPHABET) for _ in range(rng.randrange(0, 6)))
    row = {k: text() for k in kp_rows.NAMES}
    row["size"] = rng.choice([0, 1, 1000, 2 ** 40, rng.randrange(1 << 20)])
    row.update(median_s=rng.random(), gbps=1.0)
    return row


def expected(row):
    return tuple(str(row[k]) for k in kp_rows.IDENTITY)


class Identity(unittest.TestCase):
    def read(self, name, text):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, name)
            with open(path, "w", encoding="utf-8", newline="") as f:
                f.write(text)
            return kp_rows.read_rows(path, ("app", "space", "variant", "median_s"), ("median_s",))

    def test_csv_and_json_give_the_written_identity(self):
        rng = random.Random(53)
        for _ in range(200):
            rows = [random_row(rng) for _ in range(rng.randrange(1, 4))]
            text = io.StringIO()
            writer = csv.DictWriter(text, fieldnames=list(rows[0]))
            writer.writeheader()
            writer.writerows(rows)
            from_csv = self.read("r.csv", text.getvalue())
            from_json = self.read("r.json", json.dumps(rows))
            self.assertEqual([kp_rows.identity(r) for r in from_csv], [expected(r) for r in rows])
            self.assertEqual([kp_rows.identity(r) for r in from_json], [expected(r) for r in rows])

    def test_any_field_tells_rows_apart(self):
        rng = random.Random(54)
        for _ in range(500):
            a = random_row(rng)
            b = dict(a)
            field = rng.choice(kp_rows.IDENTITY)
            b[field] = a[field] + 1 if field == "size" else a[field] + "x"
            self.assertNotEqual(kp_rows.identity(a), kp_rows.identity(b), field)
            self.assertEqual(kp_rows.identity(a, without=(field,)), kp_rows.identity(b, without=(field,)))

    def test_rows_without_form_have_form_empty(self):
        rows = self.read("old.csv", "app,space,variant,median_s,size,params\nreduce,serial,kp,0.1,1000,\n")
        self.assertEqual(kp_rows.identity(rows[0]), ("reduce", "", "", "1000", "serial", "kp"))
        self.assertFalse(kp_rows.has_form(rows))


class FileName(unittest.TestCase):
    def test_only_plain_names(self):
        for name in ("reduce", "histogram-256", "sample", "scan-segmented-reduce"):
            self.assertEqual(kp_rows.file_name(name, "app"), name)
        for name in ("", ".", "..", "../x", "a/b", "/abs", ".hidden", "a\\b", "a\0b", "a b", "x\n"):
            with self.assertRaises(kp_rows.UsageError, msg=repr(name)):
                kp_rows.file_name(name, "app")


class WriteAtomic(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.TemporaryDirectory()
        self.path = os.path.join(self.folder.name, "chart.png")

    def tearDown(self):
        self.folder.cleanup()

    def test_writes_and_keeps_the_mode(self):
        kp_rows.write_atomic(self.path, lambda f: f.write(b"new"))
        umask = os.umask(0)
        os.umask(umask)
        self.assertEqual(os.stat(self.path).st_mode & 0o777, 0o666 & ~umask)
        os.chmod(self.path, 0o640)
        kp_rows.write_atomic(self.path, lambda f: f.write(b"newer"))
        self.assertEqual(os.stat(self.path).st_mode & 0o777, 0o640)
        self.assertEqual(os.listdir(self.folder.name), ["chart.png"])

    def test_a_failed_write_leaves_the_old_file_and_no_temporary(self):
        with open(self.path, "wb") as f:
            f.write(b"old")

        def fail(f):
            f.write(b"half")
            raise OSError(28, "No space left on device")

        with self.assertRaises(OSError):
            kp_rows.write_atomic(self.path, fail)
        self.assertEqual(os.listdir(self.folder.name), ["chart.png"])
        with open(self.path, "rb") as f:
            self.assertEqual(f.read(), b"old")

    def test_sigterm_mid_write_removes_the_temporary(self):
        code = ("import sys, time; sys.path.insert(0, sys.argv[1]); import kp_rows\n"
                "kp_rows.main(lambda: kp_rows.write_atomic(\n"
                "    sys.argv[2], lambda f: (f.write(b'x'), print(flush=True), time.sleep(30))))")
        with subprocess.Popen([sys.executable, "-c", code, SCRIPTS, self.path], stdout=subprocess.PIPE) as p:
            p.stdout.readline()  # the temporary exists and is being written
            self.assertEqual(len(os.listdir(self.folder.name)), 1)
            p.send_signal(signal.SIGTERM)
            self.assertEqual(p.wait(10), -signal.SIGTERM)  # ended by the signal, as without a handler
        self.assertEqual(os.listdir(self.folder.name), [])


class ErrorPath(unittest.TestCase):
    def run_main(self, body):
        code = ("import sys; sys.path.insert(0, sys.argv[1]); import kp_rows\n"
                f"def run():\n    {body}\nkp_rows.main(run)")
        return subprocess.run([sys.executable, "-c", code, SCRIPTS], capture_output=True, text=True,
                              env=dict(os.environ, KP_TRACEBACK=""))

    def test_usage_error_is_one_line_and_2(self):
        p = self.run_main("raise kp_rows.UsageError('bad input')")
        self.assertEqual((p.returncode, p.stderr), (2, "-c: error: bad input\n"))

    def test_a_bug_is_one_line_and_1(self):
        p = self.run_main("return {}['missing']")
        self.assertEqual((p.returncode, p.stderr), (1, "-c: error: KeyError: 'missing'\n"))

    def test_a_failure_is_its_message_and_1(self):
        p = self.run_main("raise kp_rows.Failure('matplotlib missing')")
        self.assertEqual((p.returncode, p.stderr), (1, "-c: error: matplotlib missing\n"))

    def test_exit_code_of_run(self):
        self.assertEqual(self.run_main("return 1").returncode, 1)
        self.assertEqual(self.run_main("return None").returncode, 0)


if __name__ == "__main__":
    unittest.main()
