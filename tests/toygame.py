"""Secret Bids: a small Goofspiel with hidden hands, implementing the full engine contract.

Seats A, B (and C) are each dealt ``rounds`` bid cards from a shuffled deck numbered
1 .. rounds * players + 2; the cards left over stay face down.  The prize deck 1 .. rounds
is shuffled too.  Each round the top prize is turned up and the seats bid one card each,
in turn from a starting seat that moves one place every round.  A bid stays secret
until every seat has bid: then all bids are shown and the highest bid (no two cards are
equal) takes the prize.  After the last round the most points win; equal top scores share
the win.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import NamedTuple

from game.core.contract import PUBLIC, BadConfig, BadNotation, IllegalAction, RulesBase
from game.core.notation import action_reader
from game.core.rng import Rng

NAMES = "ABC"
_CONFIG_KEYS = {"players", "rounds"}
_TEXT = re.compile(r"\s*([A-Z])\s*:\s*BID\s+(\d+)\s*")


class Bid(NamedTuple):
    seat: str  # the seat's letter
    card: int

    def __str__(self) -> str:
        return f"{self.seat}: BID {self.card}"


def parse_bid(text: str) -> Bid:
    if not isinstance(text, str):
        raise BadNotation(f"an action must be text, not {type(text).__name__}")
    m = _TEXT.fullmatch(text)
    if not m or m.group(1) not in NAMES:
        raise BadNotation(f"'{text}' is not a Secret Bids action: expected 'A: BID 3'")
    return Bid(m.group(1), int(m.group(2)))


#: an action or its text, read one way (game.core.notation)
read_bid = action_reader(Bid, parse_bid, "Secret Bids", (str, int))


@dataclass
class BidsState:
    players: int
    rounds: int
    hands: list[list[int]]  # sorted
    bids: list[int | None]  # this round's bids, None until made
    prizes: list[int]  # face-down prize deck, the next prize last
    prize: int | None  # the face-up prize being bid for; None once over
    won: list[list[int]]
    history: list[tuple[int, list[int]]]  # (prize, bids in seat order) of finished rounds
    rng: Rng

    @property
    def deck_size(self) -> int:
        return self.rounds * self.players + 2


def normalize_config(config: dict) -> dict:
    if not isinstance(config, dict):
        raise BadConfig("the configuration must be a mapping")
    unknown = set(config) - _CONFIG_KEYS
    if unknown:
        raise BadConfig(f"unknown Secret Bids option(s): {', '.join(sorted(unknown))}")
    players = config.get("players", 2)
    rounds = config.get("rounds", 5)
    if type(players) is not int or not 2 <= players <= 3:
        raise BadConfig("Secret Bids takes 2 or 3 players")
    if type(rounds) is not int or not 1 <= rounds <= 9:
        raise BadConfig("Secret Bids lasts 1 to 9 rounds")
    return {"players": players, "rounds": rounds}


class SecretBids(RulesBase):
    name = "secret-bids"
    title = "Secret Bids"
    min_seats = 2
    max_seats = 3

    def default_config(self, seats: int) -> dict:
        return {"players": seats, "rounds": 5}

    def new_game(self, config: dict, seed: int, log: list | None = None) -> BidsState:
        cfg = normalize_config(config)
        if type(seed) is not int:
            raise BadConfig("the seed must be an integer")
        n, r = cfg["players"], cfg["rounds"]
        rng = Rng(seed)
        deck = list(range(1, r * n + 3))
        rng.shuffle(deck)
        hands = [sorted(deck[i * r : (i + 1) * r]) for i in range(n)]
        prizes = list(range(1, r + 1))
        rng.shuffle(prizes)
        prize = prizes.pop()
        return BidsState(n, r, hands, [None] * n, prizes, prize, [[] for _ in range(n)], [], rng)

    def seat_names(self, state: BidsState) -> list[str]:
        return list(NAMES[: state.players])

    def _order(self, state: BidsState) -> list[int]:
        start = len(state.history) % state.players
        return [(start + i) % state.players for i in range(state.players)]

    def to_act(self, state: BidsState) -> int | None:
        if state.prize is None:
            return None
        for s in self._order(state):
            if state.bids[s] is None:
                return s
        return None

    def legal_actions(self, state: BidsState) -> list[Bid]:
        seat = self.to_act(state)
        if seat is None:
            return []
        return [Bid(NAMES[seat], c) for c in state.hands[seat]]

    def random_action(self, state: BidsState, rng: Rng) -> Bid:
        seat = self.to_act(state)
        return Bid(NAMES[seat], rng.choice(state.hands[seat]))

    def apply(self, state: BidsState, action: Bid | str, log: list | None = None) -> None:
        action = read_bid(action)
        seat = self.to_act(state)
        if seat is None:
            raise IllegalAction("the game is over")
        if action.seat != NAMES[seat]:
            raise IllegalAction(f"it is {NAMES[seat]}'s turn to bid, not {action.seat}'s")
        if action.card not in state.hands[seat]:
            raise IllegalAction(f"{NAMES[seat]} holds no {action.card}")
        state.hands[seat].remove(action.card)
        state.bids[seat] = action.card
        if log is not None:
            log.append((seat, "BID", NAMES[seat], action.card))
            log.append((PUBLIC, "BID_MADE", NAMES[seat]))
        if all(b is not None for b in state.bids):
            self._resolve(state, log)

    def _resolve(self, state: BidsState, log: list | None) -> None:
        bids: list[int] = list(state.bids)  # type: ignore[arg-type]
        prize = state.prize
        taker = bids.index(max(bids))
        state.won[taker].append(prize)
        state.history.append((prize, bids))
        state.bids = [None] * state.players
        state.prize = state.prizes.pop() if state.prizes else None
        if log is not None:
            shown = " ".join(f"{NAMES[s]}{b}" for s, b in enumerate(bids))
            log.append((PUBLIC, "REVEAL", prize, shown))
            log.append((PUBLIC, "TAKE", NAMES[taker], prize))
            if state.prize is not None:
                log.append((PUBLIC, "PRIZE", state.prize))
            else:
                log.append((PUBLIC, "OVER"))

    def parse_action(self, text: str) -> Bid:
        return parse_bid(text)

    def observation(self, state: BidsState, seat: int) -> dict:
        return {
            "game": self.name,
            "seat": seat,
            "players": state.players,
            "rounds": state.rounds,
            "hand": list(state.hands[seat]),
            "my_bid": state.bids[seat],
            "hand_counts": [len(h) for h in state.hands],
            "bid_made": [b is not None for b in state.bids],
            "prize": state.prize,
            "prizes_left": len(state.prizes),
            "won": [list(w) for w in state.won],
            "history": [[p, list(b)] for p, b in state.history],
        }

    def determinize(self, obs: dict, rng: Rng) -> BidsState:
        n, r, seat = obs["players"], obs["rounds"], obs["seat"]
        known = set(obs["hand"])
        if obs["my_bid"] is not None:
            known.add(obs["my_bid"])
        for _, bids in obs["history"]:
            known.update(bids)
        unseen = [c for c in range(1, r * n + 3) if c not in known]
        rng.shuffle(unseen)
        hands: list[list[int]] = []
        bids: list[int | None] = []
        for s in range(n):
            if s == seat:
                hands.append(list(obs["hand"]))
                bids.append(obs["my_bid"])
                continue
            bids.append(unseen.pop() if obs["bid_made"][s] else None)
            hands.append(sorted(unseen.pop() for _ in range(obs["hand_counts"][s])))
        shown = {p for p, _ in obs["history"]}
        if obs["prize"] is not None:
            shown.add(obs["prize"])
        prizes = [p for p in range(1, r + 1) if p not in shown]
        rng.shuffle(prizes)
        return BidsState(
            n,
            r,
            hands,
            bids,
            prizes,
            obs["prize"],
            [list(w) for w in obs["won"]],
            [(p, list(b)) for p, b in obs["history"]],
            Rng(rng.next64()),
        )

    def is_over(self, state: BidsState) -> bool:
        return state.prize is None

    def scores(self, state: BidsState) -> list[float]:
        return [float(sum(w)) for w in state.won]

    def winners(self, state: BidsState) -> list[int]:
        if state.prize is not None:
            return []
        scores = self.scores(state)
        best = max(scores)
        return [s for s, v in enumerate(scores) if v == best]

    def clone(self, state: BidsState) -> BidsState:
        return BidsState(
            state.players,
            state.rounds,
            [list(h) for h in state.hands],
            list(state.bids),
            list(state.prizes),
            state.prize,
            [list(w) for w in state.won],
            [(p, list(b)) for p, b in state.history],
            state.rng.clone(),
        )

    def to_json(self, state: BidsState) -> dict:
        return {
            "players": state.players,
            "rounds": state.rounds,
            "hands": [list(h) for h in state.hands],
            "bids": list(state.bids),
            "prizes": list(state.prizes),
            "prize": state.prize,
            "won": [list(w) for w in state.won],
            "history": [[p, list(b)] for p, b in state.history],
            "rng": state.rng.state,
        }

    def from_json(self, data: dict) -> BidsState:
        return BidsState(
            data["players"],
            data["rounds"],
            [list(h) for h in data["hands"]],
            list(data["bids"]),
            list(data["prizes"]),
            data["prize"],
            [list(w) for w in data["won"]],
            [(p, list(b)) for p, b in data["history"]],
            Rng(data["rng"]),
        )

    def check_invariants(self, state: BidsState) -> list[str]:
        out = []
        done = len(state.history)
        cards = [c for h in state.hands for c in h]
        cards += [b for b in state.bids if b is not None]
        cards += [b for _, bids in state.history for b in bids]
        if len(cards) != len(set(cards)):
            out.append("a bid card is in two places at once")
        if any(not 1 <= c <= state.deck_size for c in cards):
            out.append("a bid card is outside the deck")
        for s in range(state.players):
            expected = state.rounds - done - (state.bids[s] is not None)
            if len(state.hands[s]) != expected:
                out.append(f"{NAMES[s]} holds {len(state.hands[s])} cards, not {expected}")
        shown = done + (state.prize is not None) + len(state.prizes)
        if shown != state.rounds:
            out.append(f"{shown} prizes are accounted for, not {state.rounds}")
        taken = sorted(p for w in state.won for p in w)
        if taken != sorted(p for p, _ in state.history):
            out.append("the prizes held are not those of the finished rounds")
        if (state.prize is None) != (done == state.rounds):
            out.append("the game ends exactly after the last round")
        return out

    def heuristic(self, state: BidsState, seat: int) -> float:
        scores = self.scores(state)
        others = [v for s, v in enumerate(scores) if s != seat]
        total = state.rounds * (state.rounds + 1) / 2
        margin = (scores[seat] - max(others)) / total
        strength = sum(state.hands[seat]) - max(
            sum(h) for s, h in enumerate(state.hands) if s != seat
        )
        value = 0.8 * margin + 0.2 * strength / (state.deck_size * state.rounds)
        return max(-1.0, min(1.0, value))

    def describe_event(self, event: tuple) -> str:
        _, kind, *args = event
        if kind == "BID":
            return f"{args[0]} bids {args[1]}"
        if kind == "BID_MADE":
            return f"{args[0]} has bid"
        if kind == "REVEAL":
            return f"bids for prize {args[0]}: {args[1]}"
        if kind == "TAKE":
            return f"{args[0]} takes prize {args[1]}"
        if kind == "PRIZE":
            return f"next prize: {args[0]}"
        if kind == "OVER":
            return "the game is over"
        return " ".join(str(a) for a in (kind, *args))


RULES = SecretBids()
