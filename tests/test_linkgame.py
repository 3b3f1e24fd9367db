"""Games by link (issue 26, item 6): the link format, its checks, and a link against the kept game."""

import base64
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lab import linkgame
from lab.linkgame import (NEWER, OLDER, OTHER_START, REWRITES, SAME, KeptLink, LinkError, LinkGame, LinkSeat,
                          compare, decode, encode, open_link, read, replay)
from lab.play import PlayController
from phutball.board import Position
from phutball.game import Game

START = str(Position.start("15x19"))
MOVES = ("H11", "H9", "H12", "G9")


def payload_of(text: str) -> str:
    """A payload made by hand (to test what a damaged or foreign link says)."""
    return base64.urlsafe_b64encode(zlib.compress(text.encode())).decode().rstrip("=")


# ---------------------------------------------------------------- the format

ids = st.text("0123456789abcdef", min_size=12, max_size=12)


@st.composite
def games(draw):
    """A legal game on a small board, as the link carries it (placements and jumps chosen by hypothesis)."""
    size = draw(st.sampled_from(["9x9", "11x11", "15x19", "5x7"]))
    game = Game(Position.start(size))
    for _ in range(draw(st.integers(0, 30))):
        pos = game.position
        if pos.winner:
            break
        moves = [str(j) for j in pos.jumps()] + [str(p) for p in pos.placements()]
        if not moves:
            break
        game.push(draw(st.sampled_from(moves)))
    return LinkGame(draw(ids), draw(st.sampled_from("OX")), str(game.start), tuple(game.moves),
                    draw(st.booleans()))


@settings(max_examples=60, deadline=None)
@given(games())
def test_a_link_round_trips_and_replays(link):
    payload = encode(link)
    assert set(payload) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    assert decode(payload) == link
    assert replay(decode(payload)).moves == list(link.moves)
    assert read(linkgame.PREFIX + payload) == link


@settings(max_examples=60, deadline=None)
@given(games(), st.data())
def test_a_damaged_or_cut_link_is_refused_never_read_as_another_game(link, data):
    payload = encode(link)
    cut = data.draw(st.integers(1, len(payload) - 1))
    with pytest.raises(LinkError):
        decode(payload[:cut])
    i = data.draw(st.integers(0, len(payload) - 1))
    c = data.draw(st.sampled_from("AQgw-_09"))
    damaged = payload[:i] + c + payload[i + 1:]
    if damaged != payload:
        try:
            # zlib's checksum lets (almost) nothing through: what decodes is the same game (a change to
            # the last character's unused bits), never another one.
            assert decode(damaged) == link
        except LinkError:
            pass


def test_a_150_ply_game_fits_a_messenger():
    compressed, plain = linkgame.measure(150)
    assert compressed < plain and compressed < 700  # measured: about 540 (plain text about 800)
    assert len(linkgame.url("https://example.org/phutball/index.html", LinkGame("0" * 12, "O", START))) < 200


@pytest.mark.parametrize("payload, words", [
    ("", "carries no game"),
    ("abc$def", "contains '$'"),
    ("AAAA", "damaged or cut short"),
    (payload_of("2\n0123456789ab\nO\n15x19_O_H10\n-\n"), "format this page does not know"),
    (payload_of("1\n0123456789ab\nO\n15x19_O_H10\n"), "5 lines instead of 6"),
    (payload_of("1\nxyz\nO\n15x19_O_H10\n-\n"), "is not 12 hex digits"),
    (payload_of("1\n0123456789ab\nL\n15x19_O_H10\n-\n"), "not a side of this game"),
    (payload_of("1\n0123456789ab\nO\n15x19_O_Z99\n-\n"), "start position"),
    (payload_of("1\n0123456789ab\nO\n15x19_O_H10\nchess\n"), "rules"),
])
def test_a_malformed_payload_says_what_is_wrong(payload, words):
    with pytest.raises(LinkError) as e:
        decode(payload)
    assert words in str(e.value) and str(e.value).startswith("This game link cannot be used")


def test_an_illegal_move_is_named_with_its_number():
    link = LinkGame("0123456789ab", "O", START, ("H11", "H11"))
    with pytest.raises(LinkError) as e:
        read(linkgame.PREFIX + encode(link))
    assert "move 2 (Eks: 'H11') is illegal: a man is already there" in str(e.value)


def test_a_fragment_that_is_not_a_game_link_is_not_read():
    assert read("15x19_O_H10") is None
    assert not linkgame.is_game_link("9x9_O_E5")


def test_new_ids_are_random_hex():
    assert linkgame.new_id(lambda n: bytes(range(n))) == "000102030405"
    assert len({linkgame.new_id() for _ in range(20)}) == 20


# ---------------------------------------------------------------- a link against the kept game


def test_compare_says_same_newer_older_or_rewrites():
    assert compare(MOVES, MOVES) == SAME
    assert compare(MOVES[:2], MOVES) == NEWER
    assert compare(MOVES, MOVES[:3]) == OLDER
    assert compare(MOVES, ("H11", "J9")) == REWRITES


def test_a_new_link_seats_the_receiver_on_the_other_side():
    opening = open_link(LinkGame("0123456789ab", "O", START, MOVES[:1]), None)
    assert opening.kind == "new" and opening.seat == LinkSeat("0123456789ab", "X")
    assert opening.game.moves == ["H11"] and "you play Eks" in opening.message


def test_a_link_that_extends_the_kept_game_continues_it():
    kept = KeptLink("O", START, MOVES[:1])
    opening = open_link(LinkGame("0123456789ab", "X", START, MOVES[:2]), kept)
    assert opening.kind == NEWER and not opening.refused
    assert opening.game.moves == list(MOVES[:2]) and opening.seat.you == "O"
    assert "1 new move: H9" in opening.message


def test_an_older_link_shows_the_kept_game_and_says_where_you_are():
    kept = KeptLink("X", START, MOVES)
    opening = open_link(LinkGame("0123456789ab", "O", START, MOVES[:1]), kept)
    assert opening.kind == OLDER and opening.game.moves == list(MOVES)
    assert "older than your game" in opening.message and "you are at move 4" in opening.message


def test_a_link_that_rewrites_history_is_refused_and_the_kept_game_stays():
    kept = KeptLink("X", START, MOVES)
    opening = open_link(LinkGame("0123456789ab", "O", START, ("H11", "J9", "H12")), kept)
    assert opening.kind == REWRITES and opening.refused and opening.game.moves == list(MOVES)
    assert "at move 2" in opening.message and "'J9' instead of 'H9'" in opening.message
    other = open_link(LinkGame("0123456789ab", "O", "9x9_O_E5", ()), kept)
    assert other.kind == OTHER_START and other.refused and other.game.moves == list(MOVES)


# ---------------------------------------------------------------- the seat on the play page


def test_the_friend_s_turn_is_refused_on_the_board_and_the_status_says_whose_move():
    ctl = PlayController.new(START)
    ctl.link = LinkSeat("0123456789ab", "O")
    assert ctl.status().startswith("Your move (Ohs") and "send the link back" in ctl.status()
    ctl.play_text("H11")
    assert ctl.status().startswith("Waiting for your friend's move")
    before = list(ctl.game.moves)
    ctl.click(Position.from_str(START).ball)
    assert ctl.game.moves == before and "your friend's move" in ctl.error
    link = ctl.link.link(ctl.game)
    assert link.moves == ("H11",) and link.sender == "O"


def test_a_link_game_ends_with_you_won_or_your_friend_won():
    ctl = PlayController.new("9x9_O_E7_E8")
    ctl.link = LinkSeat("0123456789ab", "O")
    ctl.play_text("E7-E9")
    assert ctl.result_title() == "You won in 1 move!"
    ctl.link = LinkSeat("0123456789ab", "X")
    assert ctl.result_title() == "Your friend won in 1 move."


def test_the_seat_follows_a_pie_swap():
    game = Game(Position.start("15x19"), pie=True)
    seat = LinkSeat("0123456789ab", "X")
    game.push("H11")
    assert seat.side(game) == "X" and not seat.waiting(game)
    game.push("swap")
    assert seat.side(game) == "O" and seat.waiting(game)  # Eks (now the friend) to move
    link = seat.link(game)
    assert link.pie and decode(encode(link)) == link and replay(link).moves == ["H11", "swap"]
