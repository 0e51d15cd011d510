#!/usr/bin/env python3
# Time from launch to a program's first frame in a real pseudo-terminal (100x30), for the
# bench: runs `command…` on a new pty, waits until its output contains MARKER, then types
# Ctrl+C (or, with --then KEYS, those keys, in one write) and waits for it to end.
# Prints the milliseconds to the marker, then the CPU time the program used in all (user +
# system, its whole run); exits 1 with a reason when the marker never comes, or when the
# keys of --then do not end it with exit code 0.
#   python3 scripts/bench-first-frame.py MARKER [--then KEYS] command [args…]
#   (MARKER and KEYS may hold \x1b-style escapes)
import fcntl
import os
import pty
import select
import signal
import struct
import sys
import termios
import time

TIMEOUT_S = 30


def main():
    unescape = lambda text: text.encode().decode('unicode_escape').encode('latin-1')
    marker = unescape(sys.argv[1])
    then = unescape(sys.argv[3]) if sys.argv[2] == '--then' else None
    command = sys.argv[4:] if then is not None else sys.argv[2:]
    started = time.monotonic()
    pid, fd = pty.fork()
    if pid == 0:
        try:
            os.execvp(command[0], command)
        finally:
            os._exit(127)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack('HHHH', 30, 100, 0, 0))
    seen = b''
    frame_ms = None
    deadline = started + TIMEOUT_S
    while frame_ms is None and time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.5)
        if not ready:
            continue
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
        if marker in seen:
            frame_ms = (time.monotonic() - started) * 1000
    if frame_ms is not None:
        os.write(fd, then if then is not None else b'\x03')
    # Drain until it ends: a program that cannot write blocks on a full pty.
    end = time.monotonic() + 10
    usage = None
    status = None
    while time.monotonic() < end:
        done, status, rusage = os.wait4(pid, os.WNOHANG)
        if done:
            usage = rusage
            break
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            try:
                os.read(fd, 65536)
            except OSError:
                pass
    else:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    os.close(fd)
    if frame_ms is None:
        tail = seen[-300:].decode('utf8', 'replace').replace('\n', ' | ')
        sys.stderr.write(f'no "{marker.decode()}" within {TIMEOUT_S} s; the program wrote: {tail}\n')
        sys.exit(1)
    if then is not None and (usage is None or not os.WIFEXITED(status) or os.WEXITSTATUS(status) != 0):
        sys.stderr.write(f'the keys after the first frame did not end it with exit code 0 (wait status {status})\n')
        sys.exit(1)
    cpu_ms = (usage.ru_utime + usage.ru_stime) * 1000 if usage is not None else float('nan')
    print(f'{frame_ms:.3f} {cpu_ms:.3f}')


main()
