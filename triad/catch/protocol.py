"""The text protocol of Triangle Catch, as on CodinGame (TRYANGLE.md).

Input, first turn only: ``houseCount``, then ``houseCount`` lines ``houseId x
y``. Every turn (the first one right after that): ``myScore
opponentScore``; ``houseCount`` lines ``houseId myUnits opponentUnits``;
``pathCount`` then lines ``house1 house2``; ``triangleCount`` then lines
``house1 house2 house3 owner meCanCapture opponentCanCapture`` (owner -1
neutral, 0 me, 1 opponent); ``linkableCount`` then lines ``house1 house2``,
the paths that could be added now (at most 400 long, crossing no path, through
no house). Pairs are written smaller id first and sorted; triangle corners
ascending, triangles sorted.

Output: one line of commands separated by ``;``: ``MOVE from to amount``,
``SPAWN h1 h2 h3``, ``ATTACK h1 h2 h3 target``, ``ADD_PATH h1 h2 h3
target``, ``REMOVE_PATH h1 h2 h3 target``, ``WAIT``, and ``MSG text``.

Parsing follows the CodinGame referee: keywords are upper case; ``MSG`` is
recognised in any case and takes the rest of its segment (kept up to 100
characters); surrounding whitespace and empty segments are ignored; a command
with another keyword, a wrong number of arguments, an argument that is not a
non-negative decimal integer below 2**31, or a house id outside the map is
unrecognised, and the player loses (``CommandError`` names the command). A
well-formed command that cannot be applied is only skipped by the referee.
"""

from triad.catch.referee import ARITY, MOVE, NEUTRAL, Action, Orders, State

MESSAGE_LIMIT = 100
_INT_LIMIT = 2**31
_DIGITS = frozenset("0123456789")


class CommandError(ValueError):
    """A bot printed a command the referee does not recognise."""

    def __init__(self, command: str, why: str) -> None:
        super().__init__(f"unrecognised command {command!r}: {why}")
        self.command = command
        self.why = why


def initial_input(state: State) -> str:
    """Return the first-turn-only lines: house count and house positions."""
    houses = state.layout.houses
    lines = [str(len(houses))]
    lines.extend(f"{h} {x} {y}" for h, (x, y) in enumerate(houses))
    return "\n".join(lines) + "\n"


def turn_input(state: State, player: int) -> str:
    """Return the lines one player reads at the start of a turn."""
    me, them = player, 1 - player
    lines = [f"{state.scores[me]} {state.scores[them]}"]
    mine, theirs = state.units[me], state.units[them]
    lines.extend(f"{h} {mine[h]} {theirs[h]}" for h in range(len(mine)))
    layout = state.layout
    paths = layout.paths_of(state.paths)
    lines.append(str(len(paths)))
    lines.extend(f"{a} {b}" for a, b in paths)
    tris = state.triangles()
    lines.append(str(len(tris)))
    corners = layout.tri_corners
    for t in sorted(tris, key=lambda t: corners[t]):
        a, b, c = corners[t]
        owner = state.owner[t]
        seen = NEUTRAL if owner == NEUTRAL else (0 if owner == me else 1)
        lines.append(
            f"{a} {b} {c} {seen} {int(state.eligible[me][t])} {int(state.eligible[them][t])}"
        )
    links = layout.linkable(state.paths)
    lines.append(str(len(links)))
    lines.extend(f"{a} {b}" for a, b in links)
    return "\n".join(lines) + "\n"


def parse_orders(line: str, house_count: int) -> Orders:
    """Parse one output line into orders.

    :raises CommandError: naming the first unrecognised command.
    """
    actions: list[Action] = []
    message = ""
    for segment in line.split(";"):
        text = segment.strip()
        if not text:
            continue
        head = text.split(None, 1)
        if head[0].upper() == "MSG":
            message = (head[1].strip() if len(head) > 1 else "")[:MESSAGE_LIMIT]
            continue
        actions.append(parse_action(text, house_count))
    return Orders(tuple(actions), message)


def parse_action(text: str, house_count: int) -> Action:
    """Parse one command (not ``MSG``).

    :raises CommandError: if it is not a recognised, well-formed command.
    """
    tokens = text.split()
    if not tokens:
        raise CommandError(text, "empty command")
    kind = tokens[0]
    if kind not in ARITY:
        raise CommandError(text, f"unknown keyword {kind!r}")
    if len(tokens) - 1 != ARITY[kind]:
        raise CommandError(text, f"{kind} takes {ARITY[kind]} numbers")
    args = []
    for i, token in enumerate(tokens[1:]):
        if not token or not set(token) <= _DIGITS or int(token) >= _INT_LIMIT:
            raise CommandError(text, f"{token!r} is not a number")
        value = int(token)
        is_amount = kind == MOVE and i == 2
        if not is_amount and value >= house_count:
            raise CommandError(text, f"there is no house {value}")
        args.append(value)
    return Action(kind, tuple(args))


def format_orders(orders: Orders) -> str:
    """Return the output line that ``parse_orders`` reads back as ``orders``."""
    parts = [str(a) for a in orders.actions]
    if orders.message:
        parts.append(f"MSG {orders.message}")
    return ";".join(parts) if parts else "WAIT"
