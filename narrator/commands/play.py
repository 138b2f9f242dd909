"""``narrator play``: the interactive game (solo, assist or teach) in a full-screen terminal application."""

from __future__ import annotations

import argparse

from narrator.agent.setup import DEFAULT_PROPOSER, PROPOSERS
from narrator.commands.agent import add_model_options
from narrator.game.modes import MODES
from narrator.narration import STYLES
from narrator.tools.errors import UserError


def cmd_play(ns: argparse.Namespace) -> int:
    from narrator.game.app import GameApp
    from narrator.game.resources import BackgroundResources
    from narrator.game.session import GameSession, SessionConfig
    from narrator.tools.systems import get_system

    if ns.model and ns.server:
        raise UserError("Choose --model or --server, not both")
    if ns.system:
        get_system(ns.system)  # an unknown system is refused before the screen opens
    config = SessionConfig(campaign=ns.campaign, root=ns.campaign_dir, system=ns.system, mode=ns.mode,
                           seed=ns.seed, actor=ns.actor, memory=not ns.no_memory, memory_url=ns.memory_url,
                           narration=ns.narration)
    resources = BackgroundResources(model=ns.model, server=ns.server, no_model=ns.no_model,
                                    proposer_kind=ns.proposer, n_ctx=ns.ctx, threads=ns.threads,
                                    schema_mode=ns.schema_mode, server_model=ns.server_model)
    game = GameApp(GameSession(config, resources))
    game.run()
    for block in game.blocks[-1:]:
        print(block.text)
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("play", help="play interactively: a new-campaign wizard, then solo, assist or teach mode")
    p.add_argument("--campaign", "-c", help="campaign to resume or create (default: the only one, or ask)")
    p.add_argument("--system", help="rules system of a new campaign (default: ask)")
    p.add_argument("--mode", choices=tuple(MODES),
                   help="solo, assist or teach (default: the mode the campaign was last played in, else solo)")
    p.add_argument("--seed", type=int, help="master seed of a new campaign (random when omitted)")
    p.add_argument("--proposer", choices=PROPOSERS, default=DEFAULT_PROPOSER)
    p.add_argument("--no-model", action="store_true", help="no narrator model: the engine answers with dice only")
    p.add_argument("--actor", help="the character you speak for (default: the first player-character)")
    p.add_argument("--narration", choices=STYLES, default="auto",
                   help="who writes the story: auto (the engine's sentence alone with a small model, the model with a "
                   "capable one), engine, colour (the engine's sentence, then the model's), completion or chat")
    p.add_argument("--no-memory", action="store_true", help="do not read or write the campaign memory")
    p.add_argument("--memory-url", help="a Chroma server http://HOST:PORT instead of the campaign's own store")
    add_model_options(p)
    p.set_defaults(func=cmd_play)
