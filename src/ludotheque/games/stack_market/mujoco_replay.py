"""Stack Market's buildings replayed in MuJoCo (the optional ``mujoco`` extra), against the static-equilibrium rule.

``physics.py`` decides whether a column of dice stands by exact rigid-body statics; here the same poses are handed
to a rigid-body simulator (a table and one free box per die: 16 mm, 4.5 g, friction 0.55) and left alone for the
rulebook's 3 seconds. The two agree except near the edge, where MuJoCo's contacts, stiff but not rigid, let a
tall building lean by some tens of micrometres and tip a little before the exact rule says. ``agreement``
measures how often they agree on random buildings made as a player's hand makes them (``random_building``);
``trajectory`` exports a collapse for the browser to animate.

MuJoCo's default contact (2 ms steps, a 20 ms spring) is made for robots of kilograms: a 4.5 g die sinks into the
one below and a perfect tower sinks by millimetres and falls. The settings (``Settings``) were found by
experiment against perfect towers, the two-dice tipping point and tall random buildings that stand by a margin
of 0.15–2 mm (measured with MuJoCo 4.0.0):

- time step 0.25 ms and a critically damped contact spring of time constant 0.5 ms (the stiffest MuJoCo allows:
  twice the step); 0.5 ms steps halve the cost but lean tall buildings four times as much, and a 20- or 30-die
  building standing by 0.15 mm then fell;
- solimp (0.998, 0.999, 0.1 mm): the constraint is almost hard from the first nanometre; 0.995 leans tall
  buildings three times more, (0.999, 0.9995) and stiffer let the solver throw the odd tower apart;
- a contact margin of 10 µm on every die (20 µm between two dice; each box is that much shorter, so dice still
  touch at 16 mm): without it a contact point drops out as soon as a corner lifts by a nanometre, the lightly
  loaded top of a tall building chatters, slides by millimetres over 3 seconds or is thrown off (a 20-die building
  standing by 0.8 mm fell);
- gravity released over 0.1 s (``Settings.release_s``) rather than at once, which sets tall buildings swaying;
- elliptic friction cones, the Newton solver, the implicit-fast integrator; noslip iterations and a higher
  impratio were tried and changed nothing but the cost.

With these, a perfect tower's top die sinks 0.26 µm at 15 dice and 1.08 µm at 30, with no horizontal drift or
tilt (none after 10 s either); two dice tip 2 to 7 µm before the exact edge, whatever the turn and direction.

``mujoco`` and ``numpy`` are imported when a simulation is asked for, so this module imports without them;
``available()`` says whether they are there.
"""

from __future__ import annotations

import importlib
import itertools
import math
import random
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from ludotheque.games.stack_market.physics import DIE_UM, Column, Pose, Verdict

DIE_M = DIE_UM * 1e-6
"""A die's edge in metres."""
DIE_KG = 0.0045
"""A die's mass: 4.5 g."""
G = 9.81
"""Gravity (m/s²)."""

MOVED_MM = 1.0
"""A building has fallen once a die's centre is this far from where it was placed (1 mm, a sixteenth of a die).

A building that stands moves only by its contacts' give: a perfect tower's top sinks 1.08 µm at 30 dice, and of
the 2075 random buildings that stood in the agreement run (up to 30 dice) none moved a die by more than 65 µm
(median 0.7 µm), fifteen times less than 1 mm. A building whose centre of mass is past an edge does not stop:
the overhang grows exponentially (a time constant of a few hundredths of a second for one die, more for a tall
stack), and all 1925 that fell had passed 1 mm 0.77 s after they were let go at the latest (median 0.09 s), well
within the 3 seconds. No building ended its 3 seconds between 65 µm and 1 mm."""
TILTED_DEG = 5.0
"""Or once a die's vertical axis leans this far from the vertical (5°): no standing building of the agreement run
leaned a die by more than 0.010°; a die tipped 5° over an edge has its centre some 1.4 mm off (a second test of
the same thing, for a die that would tip without its centre moving far, as a die on a corner)."""


@dataclass(frozen=True, slots=True)
class Settings:
    """MuJoCo's contact and solver settings for dice (SI units: metres, kilograms, seconds)."""

    timestep: float = 2.5e-4
    solref: tuple[float, float] = (5e-4, 1.0)
    """Contact time constant (s) and damping ratio: critically damped, as stiff as the step allows."""
    solimp: tuple[float, float, float, float, float] = (0.998, 0.999, 1e-4, 0.5, 2.0)
    friction: float = 0.55
    """Sliding friction of wood or plastic dice on each other and on a table."""
    iterations: int = 100
    tolerance: float = 1e-8
    margin: float = 1e-5
    """Contact margin of each die (m): contacts are kept while two dice are within twice this of each other."""
    release_s: float = 0.1
    """Gravity grows from 0 to 9.81 m/s² over this time (s), as a hand lets go gently. Dropped at once, the dice
    start unloaded, sink and rebound: tall buildings sway up to 1.7 times as far, and one standing by 0.15 mm
    fell."""


SETTINGS = Settings()


def available() -> bool:
    """Whether MuJoCo (and numpy, which it brings) can be imported."""
    try:
        importlib.import_module("mujoco")
        importlib.import_module("numpy")
    except ImportError:
        return False
    return True


def _mujoco() -> Any:
    return importlib.import_module("mujoco")


def _numpy() -> Any:
    return importlib.import_module("numpy")


def _quaternion(turn: int) -> tuple[float, float, float, float]:
    """A turn about the vertical axis (hundredths of a degree) as a unit quaternion (w, x, y, z)."""
    half = math.radians(turn / 100) / 2
    return math.cos(half), 0.0, 0.0, math.sin(half)


def mjcf(poses: Sequence[Pose], settings: Settings = SETTINGS) -> str:
    """The MJCF of a building: a table (a plane) and one free box per die, die i resting on die i - 1 (its centre
    at height (i + 1/2) × 16 mm), each exactly as placed.

    Each box is ``2 × margin`` shorter than a die and carries a contact margin of that thickness all round (the
    table none): the margins of two dice add up, so a die's 16 mm is the box plus its margins and the dice start
    exactly touching (a nanometre into each other, so that every contact is found at once)."""
    s = settings
    half = DIE_M / 2
    bodies = []
    for i, pose in enumerate(poses):
        w, x, y, z = _quaternion(pose.turn)
        height = half + i * DIE_M - (i + 1) * 1e-9
        bodies.append(
            f'<body name="die{i}" pos="{pose.x * 1e-6!r} {pose.y * 1e-6!r} {height!r}" '
            f'quat="{w!r} {x!r} {y!r} {z!r}"><freejoint/>'
            f'<geom type="box" size="{half!r} {half!r} {half - s.margin!r}" mass="{DIE_KG!r}"/></body>'
        )
    solref = " ".join(map(repr, s.solref))
    solimp = " ".join(map(repr, s.solimp))
    return (
        '<mujoco model="stack_market">'
        f'<option timestep="{s.timestep!r}" gravity="0 0 -{G!r}" cone="elliptic" solver="Newton" '
        f'iterations="{s.iterations}" tolerance="{s.tolerance!r}" integrator="implicitfast"/>'
        f'<default><geom condim="3" friction="{s.friction!r} 0.005 0.0001" solref="{solref}" solimp="{solimp}" '
        f'margin="{s.margin!r}"/></default>'
        f'<worldbody><geom name="table" type="plane" size="1 1 0.01" margin="0"/>{"".join(bodies)}</worldbody>'
        "</mujoco>"
    )


def build_model(poses: Sequence[Pose], settings: Settings = SETTINGS) -> tuple[Any, Any]:
    """MuJoCo's model and data of a building, the dice at their poses and at rest (``mj_forward`` done)."""
    mujoco = _mujoco()
    model = mujoco.MjModel.from_xml_string(mjcf(poses, settings))
    data = mujoco.MjData(model)
    mujoco.mj_forward(model, data)
    return model, data


@dataclass(frozen=True, slots=True)
class Outcome:
    """What MuJoCo made of a building: whether it stood, the largest displacement of a die's centre (mm) and
    tilt (degrees) seen (up to the moment it was seen to fall: the simulation stops there), when that was (s,
    from the start of the release) and the CPU time the simulation took (s)."""

    stands: bool
    moved_mm: float
    tilted_deg: float
    seconds: float
    cpu_s: float


CHECK_EVERY_S = 0.01
"""How often the dice are looked at during a simulation (a fall ends it early)."""


def _run_to(model: Any, data: Any, until: float, settings: Settings) -> None:
    """Step until the simulation's clock reads ``until`` (s), gravity growing over the release."""
    mujoco = _mujoco()
    dt = model.opt.timestep
    while data.time < settings.release_s and data.time < until - dt / 2:
        model.opt.gravity[2] = -G * min(1.0, (data.time + dt) / settings.release_s)
        mujoco.mj_step(model, data)
    steps = round((until - data.time) / dt)
    if steps > 0:
        model.opt.gravity[2] = -G
        mujoco.mj_step(model, data, nstep=steps)


def simulate(poses: Sequence[Pose], seconds: float = 3.0, settings: Settings = SETTINGS) -> Outcome:
    """Leave the building alone for ``seconds``: it has fallen as soon as a die's centre has moved more than
    ``MOVED_MM`` or a die leans more than ``TILTED_DEG`` (see those for why)."""
    np = _numpy()
    cpu = time.process_time()
    model, data = build_model(poses, settings)
    start = data.xpos[1:].copy()
    cos_tilted = math.cos(math.radians(TILTED_DEG))
    moved = tilted = 0.0
    end = settings.release_s + seconds
    while data.time < end - model.opt.timestep / 2:
        _run_to(model, data, min(end, data.time + CHECK_EVERY_S), settings)
        moved = max(moved, float(np.max(np.linalg.norm(data.xpos[1:] - start, axis=1))) * 1e3)
        upright = float(np.min(data.xmat[1:, 8]))  # the z component of each die's vertical axis
        tilted = max(tilted, math.degrees(math.acos(max(-1.0, min(1.0, upright)))))
        if moved > MOVED_MM or upright < cos_tilted:
            return Outcome(False, moved, tilted, float(data.time), time.process_time() - cpu)
    return Outcome(True, moved, tilted, float(data.time), time.process_time() - cpu)


def stands(poses: Sequence[Pose], seconds: float = 3.0) -> bool:
    """Whether MuJoCo's building stands for ``seconds`` (the rulebook's 3) once let go (over the 0.1 s release):
    no die's centre moved more than ``MOVED_MM`` (1 mm) and no die leaned more than ``TILTED_DEG`` (5°)."""
    return simulate(poses, seconds).stands


Frame = list[list[float]]


def trajectory(poses: Sequence[Pose], seconds: float = 2.0, fps: int = 30) -> list[Frame]:
    """The dice over time, for the browser: ``seconds × fps + 1`` frames (the first as placed, the time counted
    from the start of the 0.1 s release), each a list per die of ``[x, y, z, qw, qx, qy, qz]``: its centre in
    millimetres (to 0.01 mm, z up from the table) and its orientation as a unit quaternion (to 1e-4), plain floats
    (JSON as they are)."""
    model, data = build_model(poses)

    def frame() -> Frame:
        return [
            [*(round(float(v) * 1e3, 2) for v in data.xpos[b]), *(round(float(q), 4) for q in data.xquat[b])]
            for b in range(1, model.nbody)
        ]

    frames = [frame()]
    for k in range(1, round(seconds * fps) + 1):
        _run_to(model, data, k / fps, SETTINGS)
        frames.append(frame())
    return frames


def random_building(height: int, spread_um: float, rng: random.Random) -> list[Pose]:
    """A building as a hand makes it: the first die at the origin, unturned; each next die aimed at the centre of
    the one below and turned like it, missed by a hand error: each of dx and dy ``round(gauss(0, spread_um))``
    micrometres and the turn ``round(gauss(0, spread_um / 4))`` hundredths of a degree (a 1000 µm spread turns by
    2.5°). The errors add up (a random walk), as they do when each die is aimed at the one below."""
    poses = [Pose(0, 0, 0)]
    while len(poses) < height:
        below = poses[-1]
        poses.append(
            Pose(
                below.x + round(rng.gauss(0, spread_um)),
                below.y + round(rng.gauss(0, spread_um)),
                below.turn + round(rng.gauss(0, spread_um / 4)),
            )
        )
    return poses


@dataclass(frozen=True, slots=True)
class Comparison:
    """One building judged both ways."""

    poses: tuple[Pose, ...]
    verdict: Verdict
    """physics.py's: ``margin`` (µm) is how far inside the overlap the tightest centre of mass is (standing), or
    how far outside the lowest failing one is (fallen)."""
    outcome: Outcome

    @property
    def agree(self) -> bool:
        return self.verdict.stands == self.outcome.stands

    def describe(self) -> str:
        """One line: both verdicts, the margin and where it fails, the die count."""
        v, o = self.verdict, self.outcome
        where = "" if v.failed_at is None else f" at interface {v.failed_at}"
        return (
            f"{len(self.poses)} dice: physics.py {'stands' if v.stands else 'falls' + where} "
            f"(margin {v.margin:+.0f} µm), MuJoCo {'stands' if o.stands else 'falls'} "
            f"(moved {o.moved_mm:.3f} mm, tilted {o.tilted_deg:.3f}° by {o.seconds:.2f} s)"
        )


def compare(poses: Sequence[Pose], seconds: float = 3.0) -> Comparison:
    """Judge a building by physics.py's rule and by MuJoCo."""
    return Comparison(tuple(poses), Column(list(poses)).check(), simulate(poses, seconds))


@dataclass(slots=True)
class Cell:
    """The agreement on ``samples`` random buildings of one height and hand spread."""

    height: int
    spread_um: int
    comparisons: list[Comparison] = field(default_factory=list)

    @property
    def samples(self) -> int:
        return len(self.comparisons)

    @property
    def physics_stands(self) -> int:
        return sum(c.verdict.stands for c in self.comparisons)

    @property
    def mujoco_stands(self) -> int:
        return sum(c.outcome.stands for c in self.comparisons)

    @property
    def agree(self) -> int:
        return sum(c.agree for c in self.comparisons)

    @property
    def disagreements(self) -> list[Comparison]:
        return [c for c in self.comparisons if not c.agree]

    @property
    def physics_only(self) -> int:
        """physics.py says it stands, MuJoCo that it falls."""
        return sum(c.verdict.stands for c in self.disagreements)

    @property
    def mujoco_only(self) -> int:
        """MuJoCo says it stands, physics.py that it falls."""
        return sum(not c.verdict.stands for c in self.disagreements)

    def disagreeing_margin_um(self, worst: bool = False) -> float | None:
        """The mean (or largest) |margin| of the disagreeing buildings (None: they all agree)."""
        margins = [abs(c.verdict.margin) for c in self.disagreements]
        if not margins:
            return None
        return max(margins) if worst else sum(margins) / len(margins)


def _compare(poses: list[Pose]) -> Comparison:
    return compare(poses)


def agreement(
    heights: Iterable[int],
    spreads: Iterable[int],
    samples: int,
    rng: random.Random,
    processes: int = 1,
    progress: Callable[[Cell], None] | None = None,
) -> list[Cell]:
    """For each height and spread (µm), ``samples`` random buildings (``random_building``) judged both ways.

    The buildings are drawn from ``rng`` first, in order, so the table depends only on its seed; the
    simulations run in ``processes`` worker processes (1: in this one). ``progress`` is told of each cell done."""
    grid = [(h, s) for h in heights for s in spreads]
    buildings = [[random_building(h, s, rng) for _ in range(samples)] for h, s in grid]
    cells = []
    pool = ProcessPoolExecutor(processes) if processes > 1 else None
    try:
        for (h, s), batch in zip(grid, buildings, strict=True):
            results = pool.map(_compare, batch, chunksize=4) if pool else map(_compare, batch)
            cell = Cell(h, s, list(results))
            cells.append(cell)
            if progress:
                progress(cell)
    finally:
        if pool:
            pool.shutdown()
    return cells


def _percent(part: int, whole: int) -> str:
    """A share in per cent, to 0.1 % but never shown as 100 % unless it is (nor as 0 % unless it is)."""
    if whole == 0:
        return "–"
    share = 100 * part / whole
    digits = 1
    while digits < 4 and 0 < part < whole and round(share, digits) in (0, 100):
        digits += 1
    return f"{share:.{digits}f} %"


def markdown(cells: Sequence[Cell]) -> str:
    """The agreement table in Markdown: per height and spread, how many buildings each model calls standing,
    the agreement, the disagreements by kind and their mean and largest |margin| (µm)."""
    lines = [
        "| dice | spread µm | samples | physics.py stands | MuJoCo stands | agree | "
        "physics.py stands, MuJoCo falls | MuJoCo stands, physics.py falls | "
        "disagreements' margin (absolute), µm: mean / max |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for c in cells:
        mean, worst = c.disagreeing_margin_um(), c.disagreeing_margin_um(worst=True)
        margins = "–" if mean is None or worst is None else f"{mean:.0f} / {worst:.0f}"
        lines.append(
            f"| {c.height} | {c.spread_um} | {c.samples} | {c.physics_stands} | {c.mujoco_stands} | "
            f"{c.agree} ({_percent(c.agree, c.samples)}) | {c.physics_only} | {c.mujoco_only} | {margins} |"
        )
    total = sum(c.samples for c in cells)
    agree = sum(c.agree for c in cells)
    lines.append(
        f"| all | | {total} | {sum(c.physics_stands for c in cells)} | {sum(c.mujoco_stands for c in cells)} | "
        f"{agree} ({_percent(agree, total)}) | {sum(c.physics_only for c in cells)} | "
        f"{sum(c.mujoco_only for c in cells)} | |"
    )
    return "\n".join(lines)


def markdown_by_margin(cells: Sequence[Cell], edges_um: Sequence[float] = (10, 100, 1000)) -> str:
    """The agreement by distance to the edge: buildings grouped by physics.py's |margin| (µm; infinite for dice
    that do not touch at all)."""
    bounds = [0.0, *edges_um, math.inf]
    lines = [
        "| physics.py margin (absolute), µm | buildings | agree | physics.py stands, MuJoCo falls | "
        "MuJoCo stands, physics.py falls |",
        "|---|---:|---:|---:|---:|",
    ]
    comparisons = [c for cell in cells for c in cell.comparisons]
    for lo, hi in itertools.pairwise(bounds):
        group = [
            c for c in comparisons if lo <= abs(c.verdict.margin) and (abs(c.verdict.margin) < hi or hi == math.inf)
        ]
        agree = sum(c.agree for c in group)
        label = f"{lo:g} – {hi:g}" if hi != math.inf else f"≥ {lo:g}"
        lines.append(
            f"| {label} | {len(group)} | {agree} ({_percent(agree, len(group))}) | "
            f"{sum(c.verdict.stands and not c.agree for c in group)} | "
            f"{sum(not c.verdict.stands and not c.agree for c in group)} |"
        )
    return "\n".join(lines)
