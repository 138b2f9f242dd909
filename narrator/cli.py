"""The ``narrator`` command line.

Errors meant for people (bad notation, bad tool arguments, unknown names, damaged or busy campaigns) print plainly
and exit with status 2; anything else is a bug and keeps its traceback.

A reader that goes away (``narrator campaign export C | head``) ends the command quietly with status 141, what a
shell reports for any tool stopped by SIGPIPE, so ``set -o pipefail`` scripts see narrator as they see ``cat``.
Python ignores SIGPIPE and raises :class:`BrokenPipeError` instead; stdout is then pointed at ``/dev/null`` so the
interpreter's final flush cannot raise again.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from narrator import __version__
from narrator.commands import agent, bench, campaign, memory, play, rules, systems
from narrator.tools.errors import NarratorError

EXIT_BAD_INPUT = 2
EXIT_BROKEN_PIPE = 128 + 13  # 128 + SIGPIPE


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="narrator", description="A local-first narrator for tabletop role-playing games.")
    p.add_argument("--version", action="version", version=f"narrator {__version__}")
    p.add_argument("--campaign-dir", help="where campaigns live (default: $NARRATOR_HOME/campaigns or ~/.local/share)")
    sub = p.add_subparsers(dest="command", required=True)
    rules.register(sub)
    campaign.register(sub)
    agent.register(sub)
    play.register(sub)
    memory.register(sub)
    bench.register(sub)
    systems.register(sub)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    ns = build_parser().parse_args(argv)
    try:
        code = ns.func(ns)
        sys.stdout.flush()  # a closed pipe is noticed here, inside the handler, not at interpreter exit
        return code
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
        return EXIT_BROKEN_PIPE
    except NarratorError as e:
        print(f"error: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except OSError as e:
        print(f"error: {e.strerror}: {e.filename}", file=sys.stderr)
        return EXIT_BAD_INPUT


if __name__ == "__main__":
    sys.exit(main())
