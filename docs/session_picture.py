"""Draw docs/assets/session.svg: a real seeded session, as the game shows it.

Why a script: a screenshot drifts from the code the day a message changes; this one is played again. It makes a
Minim campaign with a seeded random character, opens the real :class:`GameSession` with the embedded narrator model
(the default ``narrator play`` loads), plays a few lines and draws every block the player reads with the game's
own colours (:data:`narrator.game.app.STYLE`, as rich styles) into an SVG. Run it from the repository root::

    python docs/session_picture.py            # writes docs/assets/session.svg
    python docs/session_picture.py --out x.svg

The dice are seeded and the model decodes greedily, so a rerun on the same build draws the same picture.
"""

from __future__ import annotations

import argparse
import io
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

LINES = ["I look around for a way out", "I sneak past the guards", "I ask the innkeeper what she saw", "/why"]
STYLES = {"echo": "bold cyan", "prompt": "bold yellow", "narration": "italic", "mechanics": "green",
          "info": "bright_black", "error": "bold red", "explain": "", "odds": "", "view": ""}
"""The game's prompt_toolkit classes (``narrator.game.app.STYLE``) as rich styles."""


def play(root: Path, seed: int) -> list:
    from narrator.memory.campaign import Campaign
    from narrator.game.resources import BackgroundResources
    from narrator.game.session import GameSession, SessionConfig

    with Campaign.new("Picture", "minim", seed=seed, root=root) as c:
        c.call("minim_add_random_character", {"name": "Aria"})
    resources = BackgroundResources()
    resources.wait()
    session = GameSession(SessionConfig(campaign="Picture", root=root, seed=seed, memory=False), resources)
    try:
        blocks = list(session.start())
        for line in LINES:
            blocks += session.handle(line)
        return blocks
    finally:
        session.close()
        resources.close()


def draw(blocks: list, out: Path, width: int) -> None:
    from rich.console import Console
    from rich.text import Text

    console = Console(record=True, width=width, file=io.StringIO(), force_terminal=True)  # recorded, not shown
    for block in blocks:
        if block.kind == "chunk":
            continue
        if block.renderable is not None:
            console.print(block.renderable)
        else:
            console.print(Text(("> " if block.kind == "echo" else "") + block.text, style=STYLES.get(block.kind, "")))
        console.print()
    out.parent.mkdir(parents=True, exist_ok=True)
    console.save_svg(str(out), title="narrator play")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "assets" / "session.svg"))
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--width", type=int, default=100)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as root:
        blocks = play(Path(root), args.seed)
    draw(blocks, Path(args.out), args.width)
    print(f"wrote {args.out} ({len(blocks)} blocks)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
