"""Newtonian Rummy's rules-aware player for simulations: a player who knows what a play is worth.

Random play makes a valid meld in about 1% of rounds, so a streak, a cap on its bonus or the wild
melds option hardly ever comes into play and their variants look like base. This player plays as a
pupil who has learnt the rules would: its strongest meld, else its strongest partial force, with the
face card that helps most; with nothing to play it lays down the card least likely to make a meld,
so its hand keeps turning over. It sees only its own hand and the board; ties go to the game's RNG.
"""

from __future__ import annotations

import functools
import random
from typing import Any

from kitpress.games.newtonian_rummy.cards import Play, worth
from kitpress.games.newtonian_rummy.rules import NewtonianRummy, State, team_of
from kitpress.simulate.agents import Agent, best_of


@functools.cache
def _melds(engine: NewtonianRummy) -> tuple[tuple[str, str, str], ...]:
    return tuple(engine.deck.valid_melds())


def melds(engine: NewtonianRummy) -> tuple[tuple[str, str, str], ...]:
    """Every valid meld of the engine's deck (the answer key), worked out once per engine."""
    return _melds(engine)


class RummyPlayer(Agent):
    name = "rules"

    def choose(self, engine: Any, state: Any, seat: str, rng: random.Random) -> Any:
        assert isinstance(engine, NewtonianRummy) and isinstance(state, State)
        scored = [(play, self.score(engine, state, seat, play)) for play in engine.legal_moves(state, seat)]
        return best_of(scored, rng)

    @staticmethod
    def score(engine: NewtonianRummy, state: State, seat: str, play: Play) -> float:
        """Force first; a face card by what it is likely to do; a spare card laid down to draw anew."""
        deck, config = engine.deck, engine.config
        force = worth(play, deck).force
        team = team_of(seat)
        holding = state.direction == team  # our momentum, which a Q of theirs would reset
        value = float(force)
        for face in play.faces:
            effect = deck[face.card].effect
            if effect == "impulse":
                value += force * (config.impulse_factor - 1) if force else -0.5  # a J on nothing is wasted
            elif effect == "friction":
                value += 2.5 + (1.0 if state.direction not in (None, team) else 0.0)
            else:  # a K guards our momentum against a Q, otherwise our total against their J
                value += 1.5 if face.aim == ("Q" if holding else "J") else 1.0
        if not force and len(play.numbers) == 1:  # a lone card or a weak partial: turn the hand over,
            card = play.numbers[0]  # laying down the card that builds the fewest melds with the rest
            hand = set(state.hands[state.seats.index(seat)]) - {card}
            value += 0.2 + 0.3 / (1 + sum(card in meld and bool(hand & set(meld)) for meld in melds(engine)))
        return value

    def describe(self) -> str:
        return (
            "rules: a player who knows the rules — its strongest valid meld, else its strongest partial "
            "force, with the face card that helps most; a spare card laid down to draw anew; ties at random"
        )
