"""Which games the engine plays: a number moved on whenever a change to the rules engine or the bots makes the same
rules, bots and seed play a different game (a rule put right, a bot answering differently).

The game database keeps the number a simulation batch was played under (``batches.play_version``), and a run
reuses or completes only a batch of the current number (:meth:`.store.Writer.same_batch`). Without it, a class's
database kept across an upgrade would read back games the engine no longer plays as if it did, and a comparison
would mix them with new ones. ``tests/test_play_version.py`` holds the signatures of a few seeded games of each
preset under the current number, so a change that alters games fails there until the number moves on.
"""
from __future__ import annotations

from typing import Final

#: The current number. History:
#: 1. every game played before the number was kept (a batch without one reads as 1);
#: 2. the last buildings go to auction only if two or more players want them (nobody but the asker bidding: the
#:    printed price), and uneven building still asks four houses a street before a hotel (2026-11-28). (The same
#:    day the classic-uk preset began to roll for a utility's rent, RuleSet.utility_rent: its rule set changed, so
#:    its batches differ by their rules already.)
#: 3. a player who gains a colour group they may build in on someone else's turn is offered a window to build,
#:    mortgage and trade before the next player rolls (``turn.between_turns``; 004 BUILDINGS: "you don't have to
#:    wait for your turn"), and the bots take it (2026-11-28).
#: 4. the Mega Edition's last-property rule waits for the end of a Mr. Monopoly move to build up or redistribute
#:    another player's group (002: "An opponent can't build or trade until your Mr. Monopoly move is completed"), and
#:    the Cheaters Edition logs a held card as it is played (event ``card_played``) before what it does
#:    (2026-11-29).
PLAY_VERSION: Final = 4
#: What a batch planned before the number was kept reads as.
BEFORE: Final = 1
