"""A catalogue of hostile golf programs, reusable by any sandbox backend's tests.

Every program defines `p` and must be contained and judged NOT correct. Programs that try to
reach the host (files, network, secrets, signals) print `LEAK` + the marker when an attempt
succeeds, so a test only has to check that the token never appears in the worker's response;
the source spells the token in two halves, so it cannot show up by being echoed.

The task they are judged on is `TASK`: a mirror, so a program that returns its input is wrong.
"""

from __future__ import annotations

from dataclasses import dataclass

TASK_INPUTS = [[[1, 2], [3, 4]], [[5, 6, 7]]]
TASK_OUTPUTS = [[[2, 1], [4, 3]], [[7, 6, 5]]]
MIRROR = "p=lambda g:[r[::-1]for r in g]"  # the correct program, to check a worker afterwards


@dataclass(frozen=True)
class HostileContext:
    """Host-side bait for one test session."""

    marker: str  # unique per session
    pwned_paths: tuple[str, ...]  # files the programs try to create outside their scratch
    secret_file: str  # a task JSON holding `secret`
    secret: str
    port: int  # a TCP listener on 127.0.0.1 that must see no connection
    env_pid: int  # a host process whose environment holds `secret`

    @property
    def leak(self) -> str:
        return "LEAK" + self.marker


@dataclass(frozen=True)
class Hostile:
    name: str
    source: str
    errors: frozenset[str]  # verdict errors that count as contained
    attack: str = ""  # "network", "files", "secrets": which host check matters most


def _prelude(ctx: HostileContext) -> str:
    return f"import os, sys\nLEAK = 'LEAK' + {ctx.marker!r}\n"


def catalogue(ctx: HostileContext) -> list[Hostile]:
    pre = _prelude(ctx)
    paths = list(ctx.pwned_paths) + [
        f"../golf_ray_pwned_{ctx.marker}",
        f"../../tmp/golf_ray_pwned_{ctx.marker}",
    ]
    fail = frozenset({"wrong_output"})  # the attempt fails quietly and p returns its input
    items = [
        ("infinite_loop", "def p(g):\n while 1: pass", {"timeout"}, ""),
        ("infinite_loop_at_import", "while 1: pass\np=lambda g:g", {"timeout"}, ""),
        ("sleep_forever", "import time\ndef p(g):\n time.sleep(10**6)", {"timeout"}, ""),
        (
            "stop_self",
            "import os, signal\ndef p(g):\n os.kill(os.getpid(), signal.SIGSTOP)\n return g",
            {"timeout"},
            "",
        ),
        ("deep_recursion", "def p(g):\n return p(g)", {"exception"}, ""),
        (
            "c_stack_overflow",
            "import sys\nsys.setrecursionlimit(10**8)\n"
            "def f(n): return f(n+1)+1\ndef p(g): return f(0)",
            {"crash", "memory", "exception", "timeout"},
            "",
        ),
        ("segfault_ctypes", "import ctypes\ndef p(g): return ctypes.string_at(0)", {"crash"}, ""),
        # Growing step by step, it can meet the 1 s test timeout first on a loaded machine.
        (
            "memory_bomb_list",
            "def p(g):\n x=[]\n while 1: x.append(bytearray(10**7))",
            {"memory", "timeout"},
            "",
        ),
        ("memory_bomb_string", "def p(g): return 'x'*10**11", {"memory"}, ""),
        (
            "raise_rlimit_then_bomb",
            "import resource\ndef p(g):\n"
            " try: resource.setrlimit(resource.RLIMIT_AS, (-1, -1))\n except Exception: pass\n"
            " return 'x'*10**11",
            {"memory"},
            "",
        ),
        ("fork_bomb", pre + "def p(g):\n while 1: os.fork()", {"exception"}, ""),
        (
            "subprocess_run",
            pre + "import subprocess\ndef p(g):\n"
            f" subprocess.run(['touch', {paths[0]!r}]); print(LEAK)\n return g",
            {"exception"},
            "files",
        ),
        (
            "os_system",
            pre + f"def p(g):\n if os.system('touch {paths[0]}') == 0: print(LEAK)\n return g",
            fail,
            "files",
        ),
        (
            "socket_connect",
            pre + "import socket\ndef p(g):\n"
            " try:\n"
            f"  s = socket.create_connection(('127.0.0.1', {ctx.port}), timeout=0.5)\n"
            "  s.sendall(LEAK.encode()); print(LEAK)\n"
            " except OSError as e: print(e)\n return g",
            fail,
            "network",
        ),
        (
            "dns_lookup",
            pre + "import socket\ndef p(g):\n"
            " try: socket.getaddrinfo('pypi.org', 443); print(LEAK)\n"
            " except OSError as e: print(e)\n return g",
            fail,
            "network",
        ),
        (
            "write_outside_scratch",
            pre + f"PATHS = {paths!r}\ndef p(g):\n for f in PATHS:\n"
            "  try:\n   open(f, 'w').write('x'); print(LEAK, f)\n  except OSError: pass\n return g",
            fail,
            "files",
        ),
        (
            "chroot_escape",
            pre + "def p(g):\n"
            " try:\n  os.mkdir('e'); os.chroot('e')\n  for _ in range(64): os.chdir('..')\n"
            "  os.chroot('.'); print(LEAK, os.listdir('/'))\n except OSError as e: print(e)\n"
            " return g",
            fail,
            "files",
        ),
        (
            "become_root",
            pre + "def p(g):\n try: os.setuid(0); print(LEAK)\n except OSError: pass\n return g",
            fail,
            "",
        ),
        (
            "read_task_file",
            pre + f"def p(g):\n try: print(LEAK, open({ctx.secret_file!r}).read())"
            "\n except OSError as e: print(e)\n return g",
            fail,
            "secrets",
        ),
        (
            "read_proc_environ",
            pre + "import glob\ndef p(g):\n"
            f" for f in ['/proc/{ctx.env_pid}/environ', '/proc/1/environ', '/proc/self/environ',"
            " f'/proc/{os.getppid()}/environ'] + glob.glob('/proc/*/environ'):\n"
            "  try: print(LEAK, f, open(f, 'rb').read())\n  except OSError: pass\n return g",
            fail,
            "secrets",
        ),
        (
            "kill_parent",
            pre + "def p(g):\n os.kill(os.getppid(), 9)\n return g",
            {"crash", "wrong_output", "exception", "sandbox"},
            "",
        ),
        (
            "kill_everything",
            pre + "def p(g):\n os.kill(-1, 9)\n return g",
            {"crash", "wrong_output", "exception", "sandbox"},
            "",
        ),
        ("os_exit", pre + "def p(g): os._exit(0)", {"crash"}, ""),
        ("sys_exit", "import sys\ndef p(g): sys.exit(0)", {"exception"}, ""),
        (
            "close_result_fd",
            pre + "def p(g):\n for fd in range(3, 64):\n"
            "  try: os.close(fd)\n  except OSError: pass\n return g",
            {"crash"},
            "",
        ),
        (
            "dup_over_result_fd",
            pre + "def p(g):\n for fd in range(3, 64):\n"
            "  try: os.dup2(1, fd)\n  except OSError: pass\n return g",
            {"crash"},
            "",
        ),
        (
            "forge_result_lines",
            pre + "def p(g):\n for fd in range(3, 64):\n  try:\n"
            '   os.write(fd, b\'{"compile": "ok", "message": ""}\\n\')\n'
            '   os.write(fd, b\'{"i": 7, "status": "ok", "output": "[[2, 1]]"}\\n\')\n'
            "   os.write(fd, b'x' * 10**7)\n  except OSError: pass\n return g",
            {"crash", "bad_output"},
            "",
        ),
        (
            "print_gigabytes",
            "import sys\ndef p(g):\n s = 'x' * (1 << 20)\n"
            " while 1: sys.stdout.write(s); sys.stderr.write(s)",
            {"timeout"},
            "",
        ),
        ("print_30mb_then_return", "def p(g):\n print('x' * 3 * 10**7)\n return g", fail, ""),
        (
            "fill_scratch",
            pre + "def p(g):\n try:\n  for i in range(8):\n"
            "   open(f'f{i}', 'wb').write(b'x' * (1 << 24))\n except OSError as e: print(e)\n"
            " return g",
            fail,
            "files",
        ),
        (
            "eq_always_true",
            "class E:\n def __eq__(s, o): return True\ndef p(g): return E()",
            {"bad_output"},
            "",
        ),
        (
            "list_eq_always_true",
            "class L(list):\n def __eq__(s, o): return True\ndef p(g): return L()",
            {"wrong_output"},
            "",
        ),
        ("return_true", "def p(g): return True", {"wrong_output"}, ""),
        ("return_float", "def p(g): return 1.0", {"wrong_output"}, ""),
        ("return_string", "def p(g): return '[[2, 1], [4, 3]]'", {"bad_output"}, ""),
        ("return_nan", "def p(g): return [[float('nan')]]", {"bad_output"}, ""),
        ("huge_output", "def p(g): return [[0] * 10**5] * 10", {"bad_output"}, ""),
        (
            "patch_json_dumps",
            "import json\njson.dumps = lambda *a, **k: '[[2, 1], [4, 3]]'\ndef p(g): return g",
            {"crash"},
            "",
        ),
        (
            "patch_builtins",
            "import builtins\nbuiltins.isinstance = lambda *a: True\n"
            "builtins.len = lambda x: 0\nbuiltins.repr = lambda x: ''\ndef p(g): return g",
            {"crash", "wrong_output", "exception", "bad_output"},
            "",
        ),
        (
            "threads_keep_running",
            pre + "import threading\ndef spin():\n while 1:\n"
            f"  try: open({paths[0]!r}, 'w'); print(LEAK)\n  except OSError: pass\n"
            "threading.Thread(target=spin, daemon=True).start()\ndef p(g): return g",
            {"exception", "wrong_output"},
            "files",
        ),
        (
            "ignore_sigterm",
            "import signal\nfor s in (signal.SIGTERM, signal.SIGINT, "
            "signal.SIGHUP, signal.SIGXCPU):\n signal.signal(s, signal.SIG_IGN)\n"
            "def p(g):\n while 1: pass",
            {"timeout"},
            "",
        ),
        (
            "hostile_exception_str",
            "class E(Exception):\n def __str__(s):\n  while 1: pass\ndef p(g): raise E()",
            {"timeout"},
            "",
        ),
    ]
    return [
        Hostile(name, source, frozenset(errors), attack) for name, source, errors, attack in items
    ]
