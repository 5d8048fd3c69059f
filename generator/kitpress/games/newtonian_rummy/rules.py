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
from kitpress.games.newtonian_rummy.cards import (
    TEAMS,
    Config,
    Deck,
    FacePlay,
    Play,
    Worth,
    legal_plays,
    problem,
    worth,
)
from kitpress.games.newtonian_rummy.examples import example_plays, stack_deck
from kitpress.stacked_deck import reshuffled


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
    # A worked example's stacked deck: each coming reshuffle's new draw pile, top card first (empty in a
    # real game, where the reshuffle is the RNG's).
    restack: tuple[tuple[str, ...], ...] = ()


# Outcome.reason openings, to name what ended a game
END_REASONS = (("the block reached", "edge"), ("deck out", "deck-out"), ("stalemate", "stalemate"), ("time", "time"))


def team_of(seat: str) -> str:
    return seat.rsplit("-", 1)[0]


ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")


def shown(n: int) -> str:
    """A track space as the track prints it: +3, −2 (a true minus sign), 0."""
    return f"+{n}" if n > 0 else (f"−{-n}" if n < 0 else "0")


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
        "end": "edge | deck-out | stalemate | time | none: what ended the game",
        "reshuffles": "times the discard pile was shuffled into a new draw pile in the round",
        "draw_pile": "cards left in the draw pile after the round",
        "hands": "each seat's hand after the round, as card ids in deck order",
    }  # fmt: skip
    start_keys: ClassVar[dict[str, str]] = {
        "players": "how many players (default 2: one Blue, one Red); plays name seats blue-1, red-1, ...",
        "position": "where the block starts (default 0)",
        "direction": "blue | red | none: the momentum marker at the start",
        "streak_count": "StreakCount at the start (default 1 with a direction, else 0)",
        "ties": "rounds just tied in a row",
        "draw_pile": "cards in the draw pile at the start, the others not in a hand lying in the discard pile (default: all, as at set-up)",
        "shuffle_seed": "a whole number: reshuffles are left to a shuffle with this seed (default: a reshuffle brings up the cards the example plays next)",
        "stalemate": "on | off: the optional stalemate rule, ties in a row make a draw (default: as the rules in use say)",
        "reshuffle": "on | off: whether an empty draw pile is made again from the discards; off is the one-pass deck, which ends by deck out (default: as the rules in use say)",
        "wild_melds": "on | off: the wild melds option, a V card standing in for M, A or F (default: as the rules in use say)",
        "face_cards": "on | off: whether the deck has its J, Q and K cards (default: as the rules in use say)",
        "bonus_cap": "the cap on the momentum bonus, a whole number, or none for no cap (default: as the rules in use say)",
    }
    rule_keys: ClassVar[dict[str, str]] = {
        "stalemate": "stalemate.enabled", "reshuffle": "reshuffle", "wild_melds": "wild_melds",
        "face_cards": "face_cards", "bonus_cap": "bonus_cap",
    }  # fmt: skip

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
        # In words for the rule books, not as a formula: "streak count − 1, at most 2".
        cap = self.config.bonus_cap
        return "streak count − 1" if cap is None else f"streak count − 1, at most {cap}"

    def bonus_words(self, streak: int, bonus: int) -> str:
        """This round's bonus worked out in words: "2 − 1 = 1", or "4 − 1 = 3, but at most 2: 2"."""
        raw = streak - 1
        return f"{streak} − 1 = {raw}" if raw == bonus else f"{streak} − 1 = {raw}, but at most {bonus}: {bonus}"

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
            "bonus_more": "streak count − 1" if c.bonus_cap is None else f"{c.bonus_cap}, the most it can be",
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
        events = [Event("reveal", f"{self.player(seat, state.seats)} {self._reveal_text(plays[seat])}.", {"seat": seat, "play": plays[seat].text()}) for seat in state.seats]
        state = replace(state, round=state.round + 1)
        state = self._resolve(state, plays, events)
        state = self._discard_and_draw(state, plays, rng, events)
        return Step(state, tuple(events))

    def name(self, team_id: str | None) -> str:
        return "None" if team_id is None else str(self.team(team_id).name)

    def marker(self, direction: str | None, streak: int) -> str:
        # The design document's pair (Direction, StreakCount); no direction is written "none".
        return f"({'none' if direction is None else self.name(direction)}, {streak})"

    # --- the words of the worked examples ----------------------------------------------------
    def player(self, seat: str, seats: tuple[str, ...]) -> str:
        """"blue-2" → "Blue's second player"; the only player of a team is the team: "Blue"."""
        team = team_of(seat)
        if sum(team_of(s) == team for s in seats) == 1:
            return self.name(team)
        return f"{self.name(team)}'s {ORDINALS[int(seat.rpartition('-')[2]) - 1]} player"

    def whose(self, seat: str, seats: tuple[str, ...]) -> str:
        """The possessive: "Blue's", "Blue's second player's"."""
        return f"{self.player(seat, seats)}'s"

    def face_text(self, face: FacePlay, with_name: bool = True) -> str:
        """A face card as it is printed and laid: "a Q (Friction)", "a K aimed at the J"."""
        rank = self.deck[face.card].rank
        name = next(f.name for f in self.config.faces if f.rank == rank)
        said = f"a {rank} ({name})" if with_name else f"a {rank}"
        return f"{said} aimed at the {face.aim}" if face.aim else said

    def _reveal_text(self, play: Play) -> str:
        faces = " and ".join(self.face_text(f) for f in play.faces)
        if not play.numbers:
            return f"reveals only {faces}" if faces else "passes"
        cards = " ".join(play.numbers)
        said = f"reveals the meld {cards}" if len(play.numbers) == 3 else f"reveals {cards} alone"
        return f"{said}, with {faces}" if faces else said

    def _force_text(self, who: str, play: Play, w: Worth) -> str:
        """What one player's number cards are worth (§5.1, §5.2), with the sum behind it."""
        value = {self.deck[n].role: self.deck[n].value or 0 for n in play.numbers}
        if w.kind == "partial":
            card = play.numbers[0]
            return f"{who} {card} alone is a partial force of {value['force']} ÷ {self.config.partial_divisor} = {w.force}, rounded down"
        if w.kind == "lone card":
            return f"{who} {play.numbers[0]} alone gives no force"
        wild = next((n for n in play.numbers if self.deck[n].category == self.config.wild_category), None)
        stand = ""
        if wild is not None:
            missing = next(r for r in ("mass", "acceleration", "force") if r not in value)
            if w.kind == "invalid meld":
                return f"{wild} cannot stand in for any {missing} card, so {who} meld is invalid and gives no force"
            value[missing] = w.force if missing == "force" else w.force // value["acceleration" if missing == "mass" else "mass"]
            stand = f"with {wild} standing in as {self.deck.role_card(missing, value[missing])}, "
        m, a, f = value["mass"], value["acceleration"], value["force"]
        if w.kind == "meld":
            return f"{stand}{m} × {a} = {f}, so {who} meld is valid and gives {f}"
        return f"{m} × {a} = {m * a}, not {f}, so {who} meld is invalid and gives no force"

    def _play_rules(self, play: Play, w: Worth) -> tuple[str, ...]:
        """The rules a play's number cards put to work, for simulations' rule counts (event data)."""
        if w.kind == "meld":
            wild = any(self.deck[n].category == self.config.wild_category for n in play.numbers)
            return ("meld", "wild-meld") if wild else ("meld",)
        return {"partial": ("partial",), "lone card": ("lone-card",), "invalid meld": ("invalid-meld",)}.get(w.kind, ())

    def _bonus_rules(self, hit: bool, streak: int, bonus: int) -> tuple[str, ...]:
        """Ruling R2 (a winner hit by Friction builds no momentum), a streak's bonus, and its cap."""
        if hit:
            return ("friction-no-momentum",)
        return (("streak-bonus",) if bonus else ()) + (("bonus-cap",) if bonus < streak - 1 else ())

    def _cancel(self, state: State, plays: dict[str, Play], events: list[Event]) -> tuple[dict[str, list[tuple[str, Any]]], list[str]]:
        """§7 step 1: each K cancels one J or Q of the other team, its aim first (ruling R5).
        All Ks act at once and never on a K (ruling R6). Returns the surviving J and Q per team."""
        faces = {t: [(s, f) for s in state.seats if team_of(s) == t for f in plays[s].faces] for t in TEAMS}
        is_k = {t: [self.deck[f.card].effect == "equilibrium" for _, f in faces[t]] for t in TEAMS}
        live = {t: [x for x, k in zip(faces[t], is_k[t], strict=True) if not k] for t in TEAMS}
        cancelled: list[str] = []
        if not any(is_k["blue"] + is_k["red"]):
            events.append(Event("equilibrium", "Equilibrium: nobody played a K.", {}))
        for t in TEAMS:
            for (seat, k), k_card in zip(faces[t], is_k[t], strict=True):
                if not k_card:
                    continue
                pool = live[other(t)]
                hit = next((x for x in pool if self.deck[x[1].card].rank == k.aim), None) or next(iter(pool), None)
                if hit is None:
                    events.append(Event("equilibrium", f"Equilibrium: {self.whose(seat, state.seats)} K finds no J or Q of {self.name(other(t))}'s to cancel.", {}))
                    continue
                pool.remove(hit)
                cancelled.append(f"{other(t)} {self.deck[hit[1].card].rank}")
                rank = self.deck[hit[1].card].rank
                aimed = f"aimed at the {k.aim}," if rank == k.aim else f"aimed at the {k.aim}, finds none, so it"
                events.append(Event("equilibrium", f"Equilibrium: {self.whose(seat, state.seats)} K, {aimed} cancels {self.whose(hit[0], state.seats)} {rank}.", {"rule": "equilibrium"}))
        return live, sorted(cancelled)

    def _resolve(self, state: State, plays: dict[str, Play], events: list[Event]) -> State:
        """§7 steps 1-5, then step 6 and §8 in `_move`."""
        c = self.config
        live, cancelled = self._cancel(state, plays, events)
        counts = {t: {r: sum(self.deck[f.card].rank == r for _, f in live[t]) for r in "JQ"} for t in TEAMS}
        frictions = {t: min(counts[other(t)]["Q"], c.stack_limit) for t in TEAMS}  # at most stack_limit act (ruling R4)
        impulses = {t: min(counts[t]["J"], c.stack_limit) for t in TEAMS}
        marked = [t for t in TEAMS if frictions[t]]
        if not marked:
            said = "no Q survives, so neither team is marked"
        elif len(marked) == 1:
            said = f"a Q survives against {self.name(marked[0])}, so {self.name(marked[0])} is marked"
        else:
            said = "a Q survives against each team, so both are marked"
        events.append(Event("friction-mark", f"Friction: {said}.", {"cancelled": cancelled, "friction_on": marked}))
        worths = {s: worth(plays[s], self.deck) for s in state.seats}
        for s in state.seats:
            if worths[s].kind != "pass":
                events.append(Event("force", f"Base force: {self._force_text(self.whose(s, state.seats), plays[s], worths[s])}.", {"rule": self._play_rules(plays[s], worths[s])}))
        base = {t: sum(w.force for s, w in worths.items() if team_of(s) == t) for t in TEAMS}
        events.append(Event("base", f"Base force in all: Blue {base['blue']}, Red {base['red']}.", {"forces": {s: w.force for s, w in worths.items()}, "base_blue": base["blue"], "base_red": base["red"]}))
        total = dict(base)
        for t in TEAMS:
            for _ in range(impulses[t]):
                new = math.ceil(total[t] * self.impulse)
                events.append(Event("impulse", f"Impulse: {self.name(t)}'s {total[t]} × {c.impulse_factor:g} = {new}, rounded up.", {"rule": "impulse"}))
                total[t] = new
        if not any(impulses.values()):
            events.append(Event("impulse", "Impulse: no J survives.", {}))
        events.append(Event("impulse-total", f"After Impulse: Blue {total['blue']}, Red {total['red']}.", {"impulse_on": [t for t in TEAMS if impulses[t]], "after_impulse_blue": total["blue"], "after_impulse_red": total["red"]}))
        for t in marked:
            for _ in range(frictions[t]):
                new = total[t] // c.friction_divisor
                events.append(Event("friction", f"Friction: {self.name(t)}'s {total[t]} ÷ {c.friction_divisor} = {new}, rounded down.", {"rule": "friction"}))
                total[t] = new
            if state.direction == t:
                events.append(Event("friction-reset", f"Friction: {self.name(t)} loses its momentum; the marker goes from {self.marker(t, state.streak)} to (none, 0).", {"reset_by_friction": t, "rule": "friction-reset"}))
                state = replace(state, direction=None, streak=0)
            else:
                events.append(Event("friction-reset", f"Friction: {self.name(t)} holds no momentum, so the marker stays at {self.marker(state.direction, state.streak)} (ruling R3).", {}))
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
            events.append(Event("tie", f"Compare: {self.name('blue')} {blue}, {self.name('red')} {red}: a tie, ΣF = 0. The block stays where it is and the momentum marker goes back to (none, 0).", figures))
            state = replace(state, direction=None, streak=0, ties=state.ties + 1)
            in_a_row = "1 tie" if state.ties == 1 else f"{state.ties} ties"
            events.append(Event("momentum", f"That makes {in_a_row} in a row.", {"direction": None, "streak_count": 0, "bonus": 0, "total_move": 0}))
            if c.stalemate.enabled and state.ties >= c.stalemate.ties:
                events.append(Event("stalemate", f"Stalemate: {state.ties} ties in a row, so the game is a draw.", {"rule": "stalemate"}))
                state = replace(state, result=Outcome((), f"stalemate: {state.ties} ties in a row"))
            return state
        events.append(Event("compare", f"Compare: {self.name('blue')} {blue}, {self.name('red')} {red}: {self.name(winner)} wins the round, and Δ = |{blue} − {red}| = {delta}.", figures))
        if winner in marked:  # ruling R2: a winner hit by Friction builds no momentum and gets no bonus
            direction, streak, bonus = None, 0, 0
            why = f"{self.name(winner)} was hit by Friction, so its win builds no momentum: the marker stays at (none, 0) and the bonus is 0 (ruling R2)"
        else:
            direction, streak = winner, (state.streak + 1 if state.direction == winner else 1)
            bonus = self.bonus_for(streak)
            why = f"the marker goes from {self.marker(state.direction, state.streak)} to {self.marker(winner, streak)}, so the bonus is {self.bonus_words(streak, bonus)}"
        momentum = {"direction": direction, "streak_count": streak, "bonus": bonus, "rule": self._bonus_rules(winner in marked, streak, bonus)}
        events.append(Event("momentum", f"Momentum: {why}.", momentum))
        move = delta + bonus
        edge = self.sign(winner) * c.track.edge
        target = state.position + self.sign(winner) * move
        stop = edge if abs(target) >= c.track.edge else target
        events.append(Event("move", f"Move: {delta} + {bonus} = {move} spaces towards {self.name(winner)}: the block moves from {shown(state.position)} to {shown(stop)}.", {"total_move": move, "travelled": abs(stop - state.position), "rule": ("edge-stop",) if stop != target else ()}))
        state = replace(state, position=stop, direction=direction, streak=streak, ties=0)
        if stop == edge:
            said = f"The move would end on {shown(target)}, so the block stops on the edge at {shown(edge)}" if target != edge else f"The block reaches {shown(edge)}"
            events.append(Event("win", f"{said}: {self.name(winner)} wins.", {}))
            state = replace(state, result=Outcome((winner,), f"the block reached {signed(edge)}"))
        return state

    def _discard_and_draw(self, state: State, plays: dict[str, Play], rng: random.Random, events: list[Event]) -> State:
        hands = [[card for card in hand if card not in plays[seat].cards] for seat, hand in zip(state.seats, state.hands, strict=True)]
        discard = list(state.discard) + [card for seat in state.seats for card in plays[seat].cards]
        pile = list(state.draw_pile)
        restack = state.restack
        if state.result is None:
            for hand in hands:  # seat order (ruling R13)
                while len(hand) < self.config.hand_size:
                    if not pile and discard and self.config.reshuffle:
                        pile, discard = discard, []
                        pile, restack = reshuffled(pile, restack, rng)
                        events.append(Event("reshuffle", "The draw pile is empty, so the discard pile is shuffled to make a new one.", {"cards": len(pile), "rule": "reshuffle"}))
                    if not pile:
                        break
                    hand.append(pile.pop(0))
            if any(len(h) < self.config.hand_size for h in hands):
                state = replace(state, result=self._side_of_zero(state.position, "deck out"))
                if state.position == 0:
                    verdict = "the block is on 0, so the game is a draw"
                else:
                    side = next(t for t in TEAMS if self.sign(t) * state.position > 0)
                    verdict = f"the block is on {self.name(side)}'s side of 0, so {self.name(side)} wins"
                events.append(Event("deck-out", f"Deck out: the hands cannot be filled again, and {verdict}.", {"rule": "deck-out"}))
        return replace(state, hands=tuple(self.deck.sort(h) for h in hands), draw_pile=tuple(pile), discard=tuple(discard), restack=restack)

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
        return state.result or self._side_of_zero(state.position, "time called")

    def call_time(self, state: State) -> Step[State]:
        """Time called: the team on whose side of 0 the block stands wins; on 0 a draw (ruling R18)."""
        if state.result:
            raise ValueError("the game is over")
        result = self.stop(state)
        if result.is_draw:
            verdict = "on neither team's side, so the game is a draw"
        else:
            verdict = f"on {self.name(result.winners[0])}'s side of 0, so {self.name(result.winners[0])} wins"
        events = (Event("time", f"Time is called with the block on {shown(state.position)}, {verdict}.", {}),)
        return Step(replace(state, result=result, totals=None), events)

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
        seed = start.get("shuffle_seed")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or seed < 0):
            raise ExampleError(("start", "shuffle_seed"), f"expected a whole number 0 or more, got {seed!r}")
        undealt = len(self.deck.ids) - len(seats) * c.hand_size
        pile = start.get("draw_pile", undealt)
        if not isinstance(pile, int) or isinstance(pile, bool) or not 0 <= pile <= undealt:
            raise ExampleError(("start", "draw_pile"), f"expected a whole number from 0 to {undealt} (the cards not dealt to {len(seats)} players), got {pile!r}")
        rounds = example_plays(self.deck, seats, steps)
        stacked = stack_deck(self.deck, seats, rounds, rng, c.reshuffle, seeded=seed is not None, draw_pile=pile)
        hands = tuple(self.deck.sort(hand) for hand in stacked.hands)
        return State(seats, hands, stacked.pile, stacked.discard, position, direction, streak, ties, restack=stacked.restacks)

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
            reshuffles=sum(e.kind == "reshuffle" for e in step.events), draw_pile=len(after.draw_pile),
            hands={seat: list(hand) for seat, hand in zip(after.seats, after.hands, strict=True)},
        )  # fmt: skip
        return found

    def example_schema(self) -> dict[str, Any]:
        c = self.config
        # a card by its id, or a bare J, Q or K; a K may carry its aim (MK:Q)
        card = "(?:" + "|".join(sorted(self.deck.ids, key=len, reverse=True)) + "|[JQK])(?::[JQ])?"
        play = {"type": "string", "pattern": rf"^\s*(?:[Pp]ass|{card}(?:[\s+]+{card})*)\s*$", "description": "cards by id, e.g. 'M2 A4 F8 + FQ', or pass"}
        seat = "^(?:blue|red)(?:-[1-" + str(c.players.max) + "])?$"
        undealt = len(self.deck.ids) - c.players.min * c.hand_size
        return {
            "play": {"type": "object", "minProperties": 1, "patternProperties": {seat: play}, "additionalProperties": False},
            "start": {
                "players": {"type": "integer", "minimum": c.players.min, "maximum": c.players.max},
                "position": {"type": "integer", "minimum": 1 - c.track.edge, "maximum": c.track.edge - 1},
                "streak_count": {"type": "integer", "minimum": 0},
                "ties": {"type": "integer", "minimum": 0},
                "draw_pile": {"type": "integer", "minimum": 0, "maximum": undealt},
                "shuffle_seed": {"type": "integer", "minimum": 0},
                "bonus_cap": {"anyOf": [{"type": "integer", "minimum": 0, "maximum": 10}, {"const": "none"}, {"type": "null"}]},
            },
        }  # fmt: skip

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
