"""What several test files share: 2D positions (lost, full and dense boards), an in-memory localStorage."""

from __future__ import annotations

import random

from phutball.board import BoardSize, Position

#: Positions lost for the side to move, on which the computer once answered with the null move "P-1".
LOST_1 = ("15x19_O_C3_A1A2A3A4A5A6A7A8A9A10A11A12A13A14A15A16A17A18A19B1B2B3B4B5B6B7B8B9B10B11B12B13B14B15"
          "B16B17B18B19C1C2C5C6C10C11C12C13C14C15C16C17C18C19D1D2D3E1E2E3E15E16E17E18E19F2F3F11F12G2G3G12G13"
          "G15G16G17G18G19H12H18J15J16J17J19K18L5L15L16L17L19M15M18N15N16N17N19O14O15O18P15P16P17P19")
LOST_2 = ("15x19_X_B16_A2A10A13B1B3B4B5B6B8B10B11B12B14B19C6C8C12C16D7D8D9D10D12D14D16D17D18E2E4E5E8E9E10"
          "E11E12E13E14E16E17E19F4F6F7F12F14F16F18G5G6G7G8G9G10G12G14G17G18H1H2H6H7H10H13H14J6J7J8J9J15J16"
          "J17K2K3K6K7K14K16K18K19L1L4L7L8L9L10L11L12L13L16L17L19M1M10M11M12M14N2N3N5N12N13N19O2O5O8O10O12"
          "O15O17O18O19P1P3P4P6P11P12P17P18P19")

#: Full boards: no placement is left, only the jumps along the ball's column.
FULL_5 = "5x5_O_C3_A1A2A3A4A5B1B2B3B4B5C1C2C4C5D1D2D3D4D5E1E2E3E4E5"
FULL_7 = ("7x7_X_D3_A1A2A3A4A5A6A7B1B2B3B4B5B6B7C1C2C3C4C5C6C7D1D2D4D5D6D7E1E2E3E4E5E6E7F1F2F3F4F5F6F7"
          "G1G2G3G4G5G6G7")


def dense(width: int = 25, height: int = 25, seed: int = 1) -> Position:
    """Men on 80% of rows 5..height-4 and none near the goals: thousands of jump results, no win in one."""
    rng = random.Random(seed)
    size = BoardSize(width, height)
    ball = size.centre
    men = frozenset(p for p in size.points() if 5 <= p.row <= height - 4 and p != ball and rng.random() < 0.8)
    return Position(size, men, ball, "O")


# Ohs to move, attacking the top.  Their chain E3-E5-E7 stops a row short; a man on E8, five rows
# from the ball, makes it reach the goal (E3-E5-E7-E9), and no Eks man can stop it: on E5 or E7 the
# chain still jumps the longer line, on E9 it lands beyond, on the goal.  The strongest level plays it
# (issue 30), and the analysis and the review find it (issue 44).
FAR_WIN = """
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . . .
6 . . . . o . . . .
5 . . . . . . . . .
4 . . . . o . . . .
3 . . . . * . . . .
2 . . . . . . . . .
1 . . . . . . . . .
  A B C D E F G H J
"""

# A 6-ply cycle (seen in a real game; issue 14's computer player used to repeat it while judging
# itself 4 rows ahead): Ohs jump up two, Eks and Ohs put the men back, Eks jump down.
# 15 . . . o o          Ohs E12-C14-E16, Eks E13, Ohs D15, Eks E16-E14-E12, Ohs D13, Eks E15:
# 14 . . . . .          the same men, ball and side to move again.
# 13 . . . o .
# 12 . . . . *          Ohs (aiming at row 19) to move, ahead.
CYCLE_START = "15x19_O_E12_D13D15E15"
CYCLE = ["E12-C14-E16", "E13", "D15", "E16-E14-E12", "D13", "E15"]


def run_async(coro):
    """Run a coroutine to the end in a fresh thread (the browser tests' Playwright loop may be running here)."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(1) as ex:
        return ex.submit(asyncio.run, coro).result()


class FakeStorage:
    """localStorage in memory, as the pages' controllers see it (``get_item``/``set_item``)."""

    def __init__(self) -> None:
        self.items: dict[str, str] = {}

    def get_item(self, key: str) -> str | None:
        return self.items.get(key)

    def set_item(self, key: str, value: str) -> None:
        self.items[key] = value


#: Ohs to move on 9x9, and both sides threaten to score down the E file: Ohs win with E5-E9, Eks with E5-E1.
BOTH_THREATEN = """
 9 . . . . . . . . .
 8 . . . . o . . . .
 7 . . . . o . . . .
 6 . . . . o . . . .
 5 . . . . * . . . .
 4 . . . . o . . . .
 3 . . . . o . . . .
 2 . . . . o . . . .
 1 . . . . . . . . .
"""
