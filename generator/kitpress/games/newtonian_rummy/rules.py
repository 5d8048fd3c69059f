"""Newtonian Rummy: Tug-of-War Edition: two teams reveal M × A = F melds at once; net force pushes a block.

Seats are players ("blue-1", "red-1", ...); Outcome winners are the teams "blue" (+edge) and "red"
(-edge). One shared momentum marker (direction, StreakCount) sits beside the track. A round is
resolved in the order of the document's §7, and movement and momentum follow its §8 (rulings R1-R3).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, ClassVar

from kitpress.engine import Engine, Event, ExampleError, Outcome, Step
from kitpress.games.newtonian_rummy.cards import TEAMS, Config, Deck, Play, legal_plays, problem, worth
from kitpress.games.newtonian_rummy.examples import example_plays, stack_deck


@dataclass(frozen=True)
class State:
    seats: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]  # per seat, in deck order
    draw_pile: tuple[str, ...]  # top card first
    discard: tuple[str, ...]
    position: int  # the block; Blue's edge is +track.edge
    direction: str | None  # the momentum marker
    streak: int  # StreakCount
    ties: int  # rounds tied in a row, for the optional stalemate rule
    round: int = 0
    result: Outcome | None = None
    totals: tuple[int, int] | None = None  # (Blue, Red) final totals of the last round, for diagrams


# Outcome.reason openings, to name what ended a game
END_REASONS = (("the block reached", "edge"), ("deck out", "deck-out"), ("stalemate", "stalemate"), ("time", "time"))


def team_of(seat: str) -> str:
    return seat.rsplit("-", 1)[0]


def seat_name(seat: str) -> str:
    """"blue-2" → "Blue 2", as the rule book would say it."""
    team, _, number = seat.rpartition("-")
    return f"{team.capitalize()} {number}"


def other(team: str) -> str:
    return "red" if team == "blue" else "blue"


def signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


class NewtonianRummy(Engine[Config, State]):
    id = "newtonian-rummy"
    title = "Newtonian Rummy: Tug-of-War Edition"
    config_model = Config
    sections = (
        "format", "design_intent", "components_and_deck", "win_end", "setup", "valid_plays", "modifiers",
        "round_flow", "resolution_order", "movement_momentum", "tuning_notes",
    )  # fmt: skip
    figures: ClassVar[dict[str, str]] = {
        "forces": "each seat's force from its meld or partial (0 for an invalid meld, a lone card or a pass)",
        "cancelled": "step 1: the J and Q cards a K cancelled, as 'team rank', e.g. 'red q'",
        "friction_on": "step 2: the teams marked by a surviving Q",
        "base_blue": "step 3: Blue's base force", "base_red": "step 3: Red's base force",
        "impulse_on": "step 4: the teams whose total a surviving J multiplies",
        "after_impulse_blue": "step 4: Blue's total after J", "after_impulse_red": "step 4: Red's total after J",
        "reset_by_friction": "step 5: the team whose momentum Friction reset (none if it held none)",
        "total_blue": "step 5: Blue's final total", "total_red": "step 5: Red's final total",
        "winner": "blue | red | none (a tie): the round's winner",
        "delta": "Δ = |BlueTotal − RedTotal|",
        "direction": "blue | red | none: the momentum marker after the update",
        "streak_count": "StreakCount after the update",
        "bonus": "the momentum bonus applied this round",
        "total_move": "TotalMove = Δ + bonus (0 on a tie)",
        "travelled": "spaces the block really moved (less than total_move when it stops on an edge)",
        "position": "the block after the round",
        "ties": "rounds tied in a row",
        "game_winner": "blue | red | draw | none: the game's result after the round",
        "end": "edge | deck-out | stalemate | none: what ended the game",
    }  # fmt: skip
    start_keys: ClassVar[dict[str, str]] = {
        "players": "how many players (default 2: one Blue, one Red); plays name seats blue-1, red-1, ...",
        "position": "where the block starts (default 0)",
        "direction": "blue | red | none: the momentum marker at the start",
        "streak_count": "StreakCount at the start (default 1 with a direction, else 0)",
        "ties": "rounds just tied in a row",
    }

    def __init__(self, config: Config) -> None:
        super().__init__(config)
        self.deck = Deck(config)
        self.impulse = Fraction(str(config.impulse_factor))

    # --- helpers ---------------------------------------------------------------------------
    def team(self, team_id: str) -> Any:
        return next(t for t in self.config.teams if t.id == team_id)

    def sign(self, team_id: str) -> int:
        return 1 if self.team(team_id).edge == "max" else -1

    def bonus_for(self, streak: int) -> int:
        cap = self.config.bonus_cap
        return max(0, streak - 1 if cap is None else min(streak - 1, cap))

    def bonus_formula(self) -> str:
        cap = self.config.bonus_cap
        return "StreakCount − 1" if cap is None else f"min(StreakCount − 1, {cap})"

    def params(self) -> dict[str, Any]:
        c = self.config
        deck = self.deck
        ranks = c.numbers.high - c.numbers.low + 1
        return {
            "track_edge": c.track.edge, "blue_edge": f"+{c.track.edge}", "red_edge": f"−{c.track.edge}",
            "hand_size": c.hand_size, "players_min": c.players.min, "players_max": c.players.max,
            "players_default": c.players.default, "number_low": c.numbers.low, "number_high": c.numbers.high,
            "deck_size": len(deck.ids), "categories": len(c.categories), "number_cards": ranks * len(c.categories),
            "face_card_count": len(deck.ids) - ranks * len(c.categories), "ranks_per_category": len(deck.ids) // len(c.categories),
            "impulse_factor": f"{c.impulse_factor:g}", "friction_divisor": c.friction_divisor,
            "partial_divisor": c.partial_divisor, "bonus_cap": "none" if c.bonus_cap is None else c.bonus_cap,
            "bonus_formula": self.bonus_formula(), "faces_per_player": c.faces_per_player,
            "bonus_limit": "without limit" if c.bonus_cap is None else f"at most +{c.bonus_cap}",
            **{f"bonus_at_{n}": self.bonus_for(n) for n in (1, 2, 3)},
            "stack_limit": c.stack_limit, "stalemate_ties": c.stalemate.ties, "valid_melds": len(deck.valid_melds()),
            "wild_category": c.wild_category,
        }  # fmt: skip

    # --- playing ---------------------------------------------------------------------------
    def seats(self, players: int | None = None) -> tuple[str, ...]:
        p = self.config.players
        n = p.default if players is None else players
        if not p.min <= n <= p.max:
            raise ValueError(f"{self.title} is for {p.min} to {p.max} players, not {n}")
        size = {t: n // 2 for t in TEAMS}
        size[self.config.odd_extra_team] = n - n // 2
        return tuple(f"{t}-{i}" for i in range(1, n - n // 2 + 1) for t in TEAMS if i <= size[t])

    def new_game(self, rng: random.Random, players: int | None = None) -> State:
        seats = self.seats(players)
        cards = list(self.deck.ids)
        rng.shuffle(cards)
        h = self.config.hand_size
        hands = tuple(self.deck.sort(cards[i * h : (i + 1) * h]) for i in range(len(seats)))
        return State(seats, hands, tuple(cards[len(seats) * h :]), (), 0, None, 0, 0)

    def to_move(self, state: State) -> tuple[str, ...]:
        return () if state.result else state.seats

    def legal_moves(self, state: State, seat: str) -> list[Play]:
        return [] if state.result else legal_plays(state.hands[state.seats.index(seat)], self.deck)

    def outcome(self, state: State) -> Outcome | None:
        return state.result

    def apply(self, state: State, moves: Mapping[str, Any], rng: random.Random) -> Step[State]:
        if state.result:
            raise ValueError("the game is over")
        plays: dict[str, Play] = {}
        for seat, hand in zip(state.seats, state.hands, strict=True):
            play = moves.get(seat)
            if not isinstance(play, Play):
                raise ValueError(f"{seat}: expected a Play, got {play!r}")
            why = problem(play, self.deck) or next((f"{c} is not in {seat}'s hand" for c in play.cards if c not in hand), None)
            if why:
                raise ValueError(f"{seat} cannot play {play.text()}: {why}")
            plays[seat] = play
        unknown = sorted(set(moves) - set(state.seats))
        if unknown:
            raise ValueError(f"no seat {unknown[0]!r}; seats are {', '.join(state.seats)}")
        shown = {seat: f"reveals {plays[seat].text()}" if plays[seat].cards else "passes" for seat in state.seats}
        events = [Event("reveal", f"{seat_name(seat)} {shown[seat]}.", {"seat": seat, "play": plays[seat].text()}) for seat in state.seats]
        state = replace(state, round=state.round + 1)
        state = self._resolve(state, plays, events)
        state = self._discard_and_draw(state, plays, rng, events)
        return Step(state, tuple(events))

    def name(self, team_id: str | None) -> str:
        return "None" if team_id is None else str(self.team(team_id).name)

    def marker(self, direction: str | None, streak: int) -> str:
        return f"({self.name(direction)}, {streak})"

    def _cancel(self, state: State, plays: dict[str, Play], events: list[Event]) -> tuple[dict[str, list[tuple[str, Any]]], list[str]]:
        """§7 step 1: each K cancels one J or Q of the other team, its aim first (ruling R5).
        All Ks act at once and never on a K (ruling R6). Returns the surviving J and Q per team."""
        faces = {t: [(s, f) for s in state.seats if team_of(s) == t for f in plays[s].faces] for t in TEAMS}
        is_k = {t: [self.deck[f.card].effect == "equilibrium" for _, f in faces[t]] for t in TEAMS}
        live = {t: [x for x, k in zip(faces[t], is_k[t], strict=True) if not k] for t in TEAMS}
        cancelled: list[str] = []
        if not any(is_k["blue"] + is_k["red"]):
            events.append(Event("equilibrium", "Step 1: no K played.", {}))
        for t in TEAMS:
            for (seat, k), k_card in zip(faces[t], is_k[t], strict=True):
                if not k_card:
                    continue
                pool = live[other(t)]
                hit = next((x for x in pool if self.deck[x[1].card].rank == k.aim), None) or next(iter(pool), None)
                if hit is None:
                    events.append(Event("equilibrium", f"Step 1: {seat}'s {k.text()} finds no J or Q of {self.name(other(t))} to cancel.", {}))
                    continue
                pool.remove(hit)
                cancelled.append(f"{other(t)} {self.deck[hit[1].card].rank}")
                events.append(Event("equilibrium", f"Step 1: {seat}'s {k.text()} cancels {hit[0]}'s {hit[1].card}.", {}))
        return live, sorted(cancelled)

    def _resolve(self, state: State, plays: dict[str, Play], events: list[Event]) -> State:
        """§7 steps 1-5, then step 6 and §8 in `_move`."""
        c = self.config
        live, cancelled = self._cancel(state, plays, events)
        counts = {t: {r: sum(self.deck[f.card].rank == r for _, f in live[t]) for r in "JQ"} for t in TEAMS}
        frictions = {t: min(counts[other(t)]["Q"], c.stack_limit) for t in TEAMS}  # at most stack_limit act (ruling R4)
        impulses = {t: min(counts[t]["J"], c.stack_limit) for t in TEAMS}
        marked = [t for t in TEAMS if frictions[t]]
        said = "marked for Friction: " + " and ".join(map(self.name, marked)) if marked else "no surviving Q, nobody is marked"
        events.append(Event("friction-mark", f"Step 2: {said}.", {"cancelled": cancelled, "friction_on": marked}))
        worths = {s: worth(plays[s], self.deck) for s in state.seats}
        for s in state.seats:
            if worths[s].kind != "pass":
                events.append(Event("force", f"Step 3: {s}: {worths[s].why}.", {}))
        base = {t: sum(w.force for s, w in worths.items() if team_of(s) == t) for t in TEAMS}
        events.append(Event("base", f"Step 3: base force Blue {base['blue']}, Red {base['red']}.", {"forces": {s: w.force for s, w in worths.items()}, "base_blue": base["blue"], "base_red": base["red"]}))
        total = dict(base)
        for t in TEAMS:
            for _ in range(impulses[t]):
                new = math.ceil(total[t] * self.impulse)
                events.append(Event("impulse", f"Step 4: Impulse on {self.name(t)}: {total[t]} × {c.impulse_factor:g} = {new}, rounded up.", {}))
                total[t] = new
        if not any(impulses.values()):
            events.append(Event("impulse", "Step 4: no surviving J.", {}))
        events.append(Event("impulse-total", f"Step 4: totals after J: Blue {total['blue']}, Red {total['red']}.", {"impulse_on": [t for t in TEAMS if impulses[t]], "after_impulse_blue": total["blue"], "after_impulse_red": total["red"]}))
        for t in marked:
            for _ in range(frictions[t]):
                new = total[t] // c.friction_divisor
                events.append(Event("friction", f"Step 5: Friction on {self.name(t)}: {total[t]} ÷ {c.friction_divisor} = {new}, rounded down.", {}))
                total[t] = new
            if state.direction == t:
                events.append(Event("friction-reset", f"Step 5: {self.name(t)}'s momentum {self.marker(t, state.streak)} is reset to (None, 0).", {"reset_by_friction": t}))
                state = replace(state, direction=None, streak=0)
            else:
                events.append(Event("friction-reset", f"Step 5: {self.name(t)} holds no momentum, so the marker stays {self.marker(state.direction, state.streak)} (ruling R3).", {}))
        return self._move(state, total, marked, events)

    def _move(self, state: State, total: dict[str, int], marked: list[str], events: list[Event]) -> State:
        """§7 step 6 and §8: compare, update momentum, bonus from the updated count, move, clamp."""
        c = self.config
        blue, red = total["blue"], total["red"]
        state = replace(state, totals=(blue, red))
        delta = abs(blue - red)
        winner = None if blue == red else ("blue" if blue > red else "red")
        figures = {"total_blue": blue, "total_red": red, "winner": winner, "delta": delta}
        if winner is None:
            events.append(Event("tie", f"Step 6: Blue {blue} against Red {red}: a tie, ΣF = 0. The block stays; momentum goes to (None, 0).", figures))
            state = replace(state, direction=None, streak=0, ties=state.ties + 1)
            events.append(Event("momentum", f"Ties in a row: {state.ties}.", {"direction": None, "streak_count": 0, "bonus": 0, "total_move": 0}))
            if c.stalemate.enabled and state.ties >= c.stalemate.ties:
                events.append(Event("stalemate", f"Stalemate: {state.ties} ties in a row, so the game is a draw.", {}))
                state = replace(state, result=Outcome((), f"stalemate: {state.ties} ties in a row"))
            return state
        events.append(Event("compare", f"Step 6: Blue {blue} against Red {red}: {self.name(winner)} wins the round, Δ = {delta}.", figures))
        if winner in marked:  # ruling R2: a winner hit by Friction builds no momentum and gets no bonus
            direction, streak, bonus = None, 0, 0
            why = f"{self.name(winner)} was hit by Friction and takes no part in the update: marker (None, 0), bonus 0 (ruling R2)"
        else:
            direction, streak = winner, (state.streak + 1 if state.direction == winner else 1)
            bonus = self.bonus_for(streak)
            formula = self.bonus_formula().replace("StreakCount", str(streak))
            why = f"marker {self.marker(state.direction, state.streak)} → {self.marker(winner, streak)}; bonus {formula} = {bonus}"
        events.append(Event("momentum", f"Momentum: {why}.", {"direction": direction, "streak_count": streak, "bonus": bonus}))
        move = delta + bonus
        edge = self.sign(winner) * c.track.edge
        target = state.position + self.sign(winner) * move
        stop = edge if abs(target) >= c.track.edge else target
        events.append(Event("move", f"TotalMove {delta} + {bonus} = {move} towards {self.name(winner)}: block {signed(state.position)} → {signed(stop)}.", {"total_move": move, "travelled": abs(stop - state.position)}))
        state = replace(state, position=stop, direction=direction, streak=streak, ties=0)
        if stop == edge:
            past = f" (the move would end on {signed(target)}; the block stops on the edge)" if target != edge else ""
            events.append(Event("win", f"The block reached {signed(edge)}{past}: {self.name(winner)} wins.", {}))
            state = replace(state, result=Outcome((winner,), f"the block reached {signed(edge)}"))
        return state

    def _discard_and_draw(self, state: State, plays: dict[str, Play], rng: random.Random, events: list[Event]) -> State:
        hands = [[card for card in hand if card not in plays[seat].cards] for seat, hand in zip(state.seats, state.hands, strict=True)]
        discard = list(state.discard) + [card for seat in state.seats for card in plays[seat].cards]
        pile = list(state.draw_pile)
        if state.result is None:
            for hand in hands:  # seat order (ruling R13)
                while len(hand) < self.config.hand_size:
                    if not pile and discard and self.config.reshuffle:
                        pile, discard = discard, []
                        rng.shuffle(pile)
                        events.append(Event("reshuffle", "Draw pile empty: the discard pile is shuffled into a new draw pile.", {}))
                    if not pile:
                        break
                    hand.append(pile.pop(0))
            if any(len(h) < self.config.hand_size for h in hands):
                state = replace(state, result=self._side_of_zero(state.position, "deck out"))
                events.append(Event("deck-out", f"Deck out: the hands cannot be refilled. {state.result.reason}.", {}))  # type: ignore[union-attr]
        return replace(state, hands=tuple(self.deck.sort(h) for h in hands), draw_pile=tuple(pile), discard=tuple(discard))

    def _side_of_zero(self, position: int, why: str) -> Outcome:
        if position == 0:
            return Outcome((), f"{why}: the block is on 0, a draw")
        side = next(t for t in TEAMS if self.sign(t) * position > 0)
        return Outcome((side,), f"{why}: the block is on {self.name(side)}'s side of 0")

    def side_of(self, seat: str) -> str:
        return team_of(seat)

    def heuristic(self, state: State, seat: str) -> float:
        """The block's progress towards the seat's team edge, nudged by that team's momentum; ±1 at the end.
        Seats are players, results name teams, so the base default would misread a win."""
        team = team_of(seat)
        if state.result:
            return 0.0 if state.result.is_draw else (1.0 if team in state.result.winners else -1.0)
        lean = 0 if state.direction is None else (1 if state.direction == team else -1)
        score = 0.9 * self.sign(team) * state.position / self.config.track.edge + 0.05 * lean * min(state.streak, 2)
        return max(-0.99, min(0.99, score))

    def stop(self, state: State) -> Outcome:
        """A game stopped by the clock is scored like a deck-out (ruling R18)."""
        return state.result or self._side_of_zero(state.position, "time")

    # --- worked examples -------------------------------------------------------------------
    def example_state(self, start: Mapping[str, Any], steps: list[Mapping[str, Any]], rng: random.Random) -> State:
        c = self.config
        players = start.get("players", 2)
        if not isinstance(players, int) or not c.players.min <= players <= c.players.max:
            raise ExampleError(("start", "players"), f"expected {c.players.min} to {c.players.max} players, got {players!r}")
        seats = self.seats(players)
        position = start.get("position", 0)
        if not isinstance(position, int) or not abs(position) < c.track.edge:
            raise ExampleError(("start", "position"), f"position must be a whole number from {1 - c.track.edge} to {c.track.edge - 1}, got {position!r}")
        direction = start.get("direction", "none")
        if direction not in (*TEAMS, "none", None):
            raise ExampleError(("start", "direction"), f"expected blue, red or none, got {direction!r}")
        direction = None if direction in ("none", None) else direction
        streak = start.get("streak_count", 1 if direction else 0)
        if not isinstance(streak, int) or streak < 0 or (streak == 0) != (direction is None):
            raise ExampleError(("start", "streak_count"), f"StreakCount must be 1 or more with a direction and 0 without, got {streak!r}")
        ties = start.get("ties", 0)
        ended = c.stalemate.enabled and isinstance(ties, int) and ties >= c.stalemate.ties
        if not isinstance(ties, int) or ties < 0 or ended or (ties and direction):
            raise ExampleError(("start", "ties"), f"ties in a row must be 0 or more, below the stalemate limit if it is on, and 0 when a team holds momentum; got {ties!r}")
        rounds = example_plays(self.deck, seats, steps)
        hands, pile = stack_deck(self.deck, seats, rounds, rng)
        return State(seats, hands, pile, (), position, direction, streak, ties)

    def example_moves(self, state: State, play: Mapping[str, Any]) -> dict[str, Any]:
        return example_plays(self.deck, state.seats, [{"play": play}], state.hands)[0]

    def observe(self, before: State, step: Step[State]) -> dict[str, Any]:
        found: dict[str, Any] = {
            "cancelled": [], "friction_on": [], "impulse_on": [], "reset_by_friction": None,
            "winner": None, "delta": 0, "bonus": 0, "total_move": 0, "travelled": 0,
        }  # fmt: skip
        for event in step.events:
            found.update({k: v for k, v in event.data.items() if k in self.figures})
        after = step.state
        result = after.result
        end = "none" if result is None else next(e for p, e in END_REASONS if result.reason.startswith(p))
        found.update(
            position=after.position, direction=after.direction, streak_count=after.streak, ties=after.ties, end=end,
            game_winner="none" if result is None else (result.winners[0] if result.winners else "draw"),
        )  # fmt: skip
        return found

    def describe_state(self, state: State) -> dict[str, Any]:
        c = self.config
        return {
            "track_min": -c.track.edge, "track_max": c.track.edge, "position": state.position,
            "edges": {t: self.sign(t) * c.track.edge for t in TEAMS},
            "colours": {t.id: t.colour for t in c.teams},
            "momentum": {"direction": state.direction, "streak_count": state.streak},
            "ties": state.ties, "round": state.round,
            "totals": None if state.totals is None else {"blue": state.totals[0], "red": state.totals[1]},
            "teams": {t: [s for s in state.seats if team_of(s) == t] for t in TEAMS},
            "hands": {s: list(h) for s, h in zip(state.seats, state.hands, strict=True)},
            "draw_pile": len(state.draw_pile), "discard": len(state.discard),
            "discard_top": state.discard[-1] if state.discard else None,
            "result": None if state.result is None else {"winners": list(state.result.winners), "reason": state.result.reason},
        }  # fmt: skip


ENGINE = NewtonianRummy
