"""Whether a building of dice stands: rigid-body static equilibrium of a column of 16 mm dice (RULINGS).

A die sits flat on the one below; its pose is the centre of its square in the horizontal plane (micrometres)
and its turn about the vertical axis (hundredths of a degree). The building stands when, at every interface,
the centre of mass of the dice above (all dice weigh the same, so the mean of their centres) lies inside the
overlap of the two touching faces, the edge included (RULINGS: "exactly on the edge … counts as standing").
The overlap of two squares is a convex polygon, kept once the upper die is placed; a new die changes only the
centres of mass, so checking a placement is one point-in-polygon test per interface.

Coordinates are whole micrometres and hundredths of a degree, so that poses round-trip exactly through text;
the geometry is computed in floating point with a tolerance of a nanometre, far below the micrometre.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

DIE_UM = 16_000
"""A die's edge: 16 mm."""
HALF = DIE_UM / 2
TOLERANCE_UM = 1e-3
"""A centre of mass this close to an edge (a nanometre) counts as on it."""

Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class Pose:
    """Where a die sits: its centre (µm) and its turn about the vertical axis (hundredths of a degree)."""

    x: int
    y: int
    turn: int = 0

    def corners(self) -> list[Point]:
        """The four corners of its square, counter-clockwise."""
        a = math.radians(self.turn / 100)
        c, s = math.cos(a) * HALF, math.sin(a) * HALF
        return [(self.x + dx * c - dy * s, self.y + dx * s + dy * c) for dx, dy in ((-1, -1), (1, -1), (1, 1), (-1, 1))]


@dataclass(frozen=True, slots=True)
class HalfPlane:
    """``a x + b y <= c`` with (a, b) a unit vector: the signed distance inside is ``c - a x - b y``."""

    a: float
    b: float
    c: float

    def inside(self, p: Point) -> float:
        return self.c - self.a * p[0] - self.b * p[1]


def edges(polygon: list[Point]) -> list[HalfPlane]:
    """The half-planes of a counter-clockwise convex polygon."""
    planes = []
    for i, (x0, y0) in enumerate(polygon):
        x1, y1 = polygon[(i + 1) % len(polygon)]
        length = math.hypot(x1 - x0, y1 - y0)
        if length < 1e-9:
            continue
        a, b = (y1 - y0) / length, (x0 - x1) / length  # the outward normal of a counter-clockwise edge
        planes.append(HalfPlane(a, b, a * x0 + b * y0))
    return planes


def overlap(lower: Pose, upper: Pose) -> list[Point]:
    """The overlap of two dice's squares (a convex polygon, counter-clockwise; empty if they do not touch)."""
    polygon = lower.corners()
    for plane in edges(upper.corners()):
        clipped: list[Point] = []
        for i, p in enumerate(polygon):
            q = polygon[(i + 1) % len(polygon)]
            dp, dq = plane.inside(p), plane.inside(q)
            if dp >= 0:
                clipped.append(p)
            if (dp >= 0) != (dq >= 0):
                t = dp / (dp - dq)
                clipped.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
        polygon = clipped
        if len(polygon) < 3:
            return []
    return polygon


@dataclass(frozen=True, slots=True)
class Verdict:
    """What a placement did: whether the building stands, the lowest interface that gave way (its index:
    0 is between the first and second die), and the smallest margin (µm) by which a centre of mass lies
    inside its overlap (negative: outside)."""

    stands: bool
    failed_at: int | None
    margin: float


class Column:
    """A building as the physics sees it: the dice's poses, from the bottom up, and each interface's overlap."""

    __slots__ = ("_planes", "_sx", "_sy", "poses")

    def __init__(self, poses: list[Pose] | None = None) -> None:
        self.poses: list[Pose] = []
        self._planes: list[list[HalfPlane]] = []
        """Per interface (between die i and i + 1): the overlap's half-planes (empty: the dice do not touch)."""
        self._sx: list[float] = [0.0]
        self._sy: list[float] = [0.0]
        """Prefix sums of the centres (``_sx[i]``: the first i dice), for the centres of mass above."""
        for pose in poses or []:
            self._add(pose)

    def copy(self) -> Column:
        c = object.__new__(Column)
        c.poses, c._planes, c._sx, c._sy = self.poses[:], self._planes[:], self._sx[:], self._sy[:]
        return c

    def __len__(self) -> int:
        return len(self.poses)

    def _add(self, pose: Pose) -> None:
        if self.poses:
            self._planes.append(edges(overlap(self.poses[-1], pose)))
        self.poses.append(pose)
        self._sx.append(self._sx[-1] + pose.x)
        self._sy.append(self._sy[-1] + pose.y)

    def place(self, pose: Pose) -> Verdict:
        """Put a die on top and say whether the building still stands (the die stays: a fallen building is
        rebuilt by the rules, not here)."""
        self._add(pose)
        return self.check()

    def check(self) -> Verdict:
        """Every interface, from the bottom up: is the centre of mass of the dice above inside the overlap?"""
        n = len(self.poses)
        total_x, total_y = self._sx[n], self._sy[n]
        margin = math.inf
        for i, planes in enumerate(self._planes):
            above = n - i - 1
            com = ((total_x - self._sx[i + 1]) / above, (total_y - self._sy[i + 1]) / above)
            inside = min((p.inside(com) for p in planes), default=-math.inf)
            if inside < -TOLERANCE_UM:
                return Verdict(False, i, inside)
            margin = min(margin, inside)
        return Verdict(True, None, margin if margin != math.inf else HALF)


QUARTER_TURN = 9000
"""A square turned by 90° (in hundredths of a degree) is the same square."""


def normal_turn(turn: int) -> int:
    """A turn brought into -45° < turn ≤ 45° (hundredths of a degree)."""
    return -((-turn + QUARTER_TURN // 2) % QUARTER_TURN - QUARTER_TURN // 2)


def stacked_on(top: Pose | None, dx: int, dy: int, dturn: int) -> Pose:
    """The pose of a die put on ``top`` (None: on the table at the origin), moved by (dx, dy) µm and turned by
    ``dturn`` more than it: whole numbers only, so the same on every machine."""
    if top is None:
        return Pose(dx, dy, normal_turn(dturn))
    return Pose(top.x + dx, top.y + dy, normal_turn(top.turn + dturn))
