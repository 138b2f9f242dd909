"""The deterministic rules engine: dice, exact odds, typed tools, the table and its state, one package per system.

Installed as ``narrator.tools``. ``__all__`` is the public surface: the modules a rules-system plugin may import (the
built-in systems use nothing else from here). Everything else is the engine's own and may change between versions.
"""

__all__ = [
    "arg_words",  # argument types read ignoring case (LOWER)
    "binding",  # a pure tool bound to the table: run_pure, bind
    "check_args",  # what a check names: skill_or
    "contract",  # results: ToolResult, CheckResult, ToolArgs, dice records
    "dice",  # the seeded Roller
    "draws",  # a generator's choice by dice
    "errors",  # who an error is for: ToolArgumentError, UserError ...
    "frozen",  # Frozen: the base of the records inside a result
    "name_lists",  # list-of-names arguments: each once, ignoring case
    "notation",  # dice notation
    "odds",  # exact distributions (Dist)
    "phrases",  # the words of steps: say, summary_of, steps_of, signed
    "problems",  # fail(): a refusal naming what is wrong
    "proposals",  # what the router and the model may propose: ProposalSpec, ProposalArgs, Circumstance
    "registry",  # validate -> run -> result, JSON Schemas
    "steps",  # a result's lines as data: step(kind, **values)
    "render",  # results in words, for the terminal, the prompt and Markdown
    "systems",  # the contract (systems.contract: SystemBase, RulesSystem, Vocabulary, Resource) and the registry
    "table",  # table state and its ops
    "table_fights",  # who fights when a fight starts; where a latecomer joins
    "table_people",  # seating created and random characters and NPCs
    "table_sheets",  # reading sheets off the table
    "table_tactics",  # how far a foe's targets are
    "tool",  # the @tool and @table_tool decorators
    "turns",  # turn and round bookkeeping, condition timers
    "violations",  # what a sheet check reports: Violation
]
