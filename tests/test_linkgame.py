"""Games by link (issue 26, item 6): the link format, its checks, and a link against the kept game."""

import base64
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lab import linkgame
from lab.linkgame import (DIVERGED, NEW, NEWER, OLDER, OTHER_START, OWN, REWRITES, SAME, STRANGER, WATCH,
                          LinkError, LinkGame, LinkSeat, compare, decode, encode, open_link, read, replay)
from lab.play import PlayController
from phutball.board import Position
from phutball.game import Game
from lab.opponent import FriendByLink

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
    seats = st.text("0123456789abcdef", min_size=8, max_size=8) | st.just("")
    return LinkGame(draw(ids), draw(st.sampled_from("OX")), str(game.start), tuple(game.moves),
                    draw(st.booleans()), draw(seats), draw(seats), draw(st.sampled_from(["", "draw", "abort"])),
                    draw(st.sampled_from(["", "draw", "declined", "takeback 0", "accepted 12"])))


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
            # gzip's CRC-32 lets no changed character through: what decodes is the same game (a change to
            # the last character's unused bits), never another one (zlib's Adler-32 let one through).
            assert decode(damaged) == link
        except LinkError:
            pass


def test_a_150_ply_game_fits_a_messenger():
    compressed, plain = linkgame.measure(150)
    assert compressed < plain and compressed < 700  # measured: about 580 (plain text about 810)
    assert len(linkgame.url("https://example.org/phutball/index.html", LinkGame("0" * 12, "O", START))) < 200


@pytest.mark.parametrize("payload, words", [
    ("", "carries no game"),
    ("abc$def", "contains '$'"),
    ("AAAA", "damaged or cut short"),
    (payload_of("3\n0123456789ab\nO\n15x19_O_H10\n-\n"), "format this page does not know"),
    (payload_of("2\n0123456789ab\nO\n-\n-\n15x19_O_H10\n-\n\n-"), "9 lines instead of 10"),
    (payload_of("2\n0123456789ab\nO\nxyz\n-\n15x19_O_H10\n-\n\n-\n-"), "seat 'xyz' is not 8 hex"),
    (payload_of("2\n0123456789ab\nO\n-\n-\n15x19_O_H10\n-\n\nresign Q\n-"), "ending"),
    (payload_of("2\n0123456789ab\nO\n-\n-\n15x19_O_H10\n-\n\n-\nplease"), "request"),
    (payload_of("2\n0123456789ab\nO\n-\n-\n15x19_O_H10\n-\n" + "H11 " * 2001 + "\n-\n-"), "2,001 moves"),
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
        open_link(read(linkgame.PREFIX + encode(link)), None, None)  # the opening replays the moves, once
    assert "move 1 (Eks: 'H11') is illegal: a man is already there" in str(e.value)


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


def seats(n: int = 0):
    """Seat ids 00000001, 00000002, ... (the seats browsers take)."""
    counter = iter(range(n + 1, 1000))
    return lambda: f"{next(counter):08x}"


A, B = "0000000a", "0000000b"
GAME = "0123456789ab"


def test_a_new_link_seats_the_receiver_on_the_other_side():
    opening = open_link(LinkGame(GAME, "O", START, MOVES[:1], seat=A), None, None, seats())
    assert opening.kind == NEW and opening.seat == LinkSeat(GAME, "X", "00000001", A, 1)
    assert opening.game.moves == ["H11"] and "you play Eks" in opening.message


def test_a_link_naming_two_seats_opened_by_a_third_browser_is_watched():
    opening = open_link(LinkGame(GAME, "X", START, MOVES[:2], seat=B, to=A), None, None, seats())
    assert opening.kind == WATCH and opening.seat.watching and not opening.refused
    ctl = PlayController.new(START)
    ctl.open_game(opening.game, GAME, FriendByLink(opening.seat))
    ctl.click(Position.from_str(START).ball)
    assert "You are watching this game" in ctl.state.error and len(ctl.game.moves) == 2
    assert ctl.words.status().startswith("You are watching") and ctl.state.live_link is False
    taken = opening.seat.take_over(opening.seat.seat)
    assert taken.seat == A and not taken.watching  # the abandoned seat: its id, so the other player accepts it


def test_a_link_that_extends_the_kept_game_continues_it():
    kept = LinkSeat(GAME, "O", A, "", 1)
    opening = open_link(LinkGame(GAME, "X", START, MOVES[:2], seat=B, to=A), kept, Game(Position.from_str(START),
                                                                                       list(MOVES[:1])))
    assert opening.kind == NEWER and not opening.refused
    assert opening.game.moves == list(MOVES[:2]) and opening.seat.you == "O" and opening.seat.friend == B
    assert opening.seat.sent == 2 and "1 new move: H9" in opening.message


def test_links_from_a_browser_that_is_not_the_friend_s_or_this_one_s_own_are_told_apart():
    kept = LinkSeat(GAME, "O", A, B, 2)
    game = Game(Position.from_str(START), list(MOVES[:2]))
    other = open_link(LinkGame(GAME, "X", START, MOVES[:3], seat="0000000c", to=A), kept, game)
    assert other.kind == STRANGER and other.refused and other.game is game and "another browser" in other.message
    own = open_link(LinkGame(GAME, "O", START, MOVES[:1], seat=A, to=B), kept, game)
    assert own.kind == OWN and own.game is game


def test_an_older_link_shows_the_kept_game_and_says_where_you_are():
    kept = LinkSeat(GAME, "X", B, A, 4)
    opening = open_link(LinkGame(GAME, "O", START, MOVES[:1], seat=A), kept, Game(Position.from_str(START),
                                                                                list(MOVES)))
    assert opening.kind == OLDER and opening.game.moves == list(MOVES)
    assert "older than your game" in opening.message and "you are at move 2 (Eks)" in opening.message and "stops at move 1 (Ohs)" in opening.message


def test_two_histories_that_differ_offer_a_way_out_and_the_kept_game_stays():
    kept = LinkSeat(GAME, "X", B, A, 4)
    mine = Game(Position.from_str(START), list(MOVES))
    opening = open_link(LinkGame(GAME, "O", START, ("H11", "J9", "H12"), seat=A, to=B), kept, mine)
    assert opening.kind == DIVERGED and opening.refused and opening.game is mine
    assert opening.theirs is not None and opening.theirs.moves == ["H11", "J9", "H12"]
    assert "at move 1 (Eks)" in opening.message and "'J9' instead of 'H9'" in opening.message
    other = open_link(LinkGame(GAME, "O", "9x9_O_E5", (), seat=A), kept, mine)
    assert other.kind == OTHER_START and other.refused and other.game is mine


def test_a_takeback_goes_as_a_request_and_comes_back_accepted():
    me = LinkSeat(GAME, "O", A, B)
    game = Game(Position.from_str(START), ["H11"])
    me = me.after_sending(game)
    assert not me.can_undo(game) and me.takeback_target(game) == 0
    me = LinkSeat(GAME, "O", A, B, 1, offer="takeback 0")
    link = me.link(game)
    assert link.request == "takeback 0" and decode(encode(link)) == link
    friend = open_link(link, LinkSeat(GAME, "X", B, A, 0), Game(Position.from_str(START)))
    assert friend.seat.incoming == "takeback 0" and "take back" in friend.message
    answer = LinkGame(GAME, "X", START, (), seat=B, to=A, request="accepted 0")
    back = open_link(answer, me, game)
    assert back.kind == NEWER and back.game.moves == [] and back.seat.offer == "" and "accepted" in back.message


def test_a_resignation_and_an_agreed_draw_travel_in_the_link():
    game = Game(Position.from_str(START), list(MOVES[:2]))
    friend_resigns = LinkGame(GAME, "X", START, MOVES[:2], seat=B, to=A, end="resign X")
    opening = open_link(friend_resigns, LinkSeat(GAME, "O", A, B, 1), Game(Position.from_str(START),
                                                                         list(MOVES[:1])))
    assert opening.game.result == "O" and opening.game.termination == "resignation"
    forged = LinkGame(GAME, "X", START, MOVES[:2], seat=B, to=A, end="resign O")  # nobody resigns for you
    assert open_link(forged, LinkSeat(GAME, "O", A, B, 1), Game(Position.from_str(START),
                                                              list(MOVES[:1]))).game.result == "*"
    unasked = LinkGame(GAME, "X", START, MOVES[:2], seat=B, to=A, end="draw")
    assert open_link(unasked, LinkSeat(GAME, "O", A, B, 2), game).game.result == "*"
    asked = open_link(unasked, LinkSeat(GAME, "O", A, B, 2, offer="draw"), Game(Position.from_str(START),
                                                                              list(MOVES[:2])))
    assert asked.game.result == "draw" and asked.seat.offer == ""


# ---------------------------------------------------------------- the seat on the play page


def test_the_friend_s_turn_is_refused_on_the_board_and_the_status_says_whose_move():
    ctl = PlayController.new(START)
    ctl.state.opponent = FriendByLink(LinkSeat("0123456789ab", "O"))
    assert ctl.words.status().startswith("Your move (Ohs") and "send the link back" in ctl.words.status()
    ctl.play_text("H11")
    assert ctl.words.status().startswith("Waiting for your friend's move")
    before = list(ctl.game.moves)
    ctl.click(Position.from_str(START).ball)
    assert ctl.game.moves == before and "your friend's move" in ctl.state.error
    link = ctl.state.link.link(ctl.game)
    assert link.moves == ("H11",) and link.sender == "O"


def test_a_link_game_ends_with_you_won_or_your_friend_won():
    ctl = PlayController.new("9x9_O_E7_E8")
    ctl.state.opponent = FriendByLink(LinkSeat("0123456789ab", "O"))
    ctl.play_text("E7-E9")
    assert ctl.words.result_title() == "You won in 1 move!"
    ctl.state.opponent = FriendByLink(LinkSeat("0123456789ab", "X"))
    assert ctl.words.result_title() == "Your friend won in 1 move."


def test_the_seat_follows_a_pie_swap():
    game = Game(Position.start("15x19"), pie=True)
    seat = LinkSeat("0123456789ab", "X")
    game.push("H11")
    assert seat.side(game) == "X" and not seat.waiting(game)
    game.push("swap")
    assert seat.side(game) == "O" and seat.waiting(game)  # Eks (now the friend) to move
    link = seat.link(game)
    assert link.pie and decode(encode(link)) == link and replay(link).moves == ["H11", "swap"]


def test_a_link_made_before_the_gzip_framing_still_opens():
    """Links sent before issue 40's stop carry zlib's framing: they open as the game they carry."""
    import base64
    import zlib
    text = "2\n0123456789ab\nO\n-\n-\n15x19_O_H10\n-\nH11 H9\n-\n-"
    old = base64.urlsafe_b64encode(zlib.compress(text.encode(), 9)).decode().rstrip("=")
    got = decode(old)
    assert (got.id, got.setup, got.moves) == ("0123456789ab", "15x19_O_H10", ("H11", "H9"))
    assert encode(got) != old and decode(encode(got)) == got  # sent again, it goes in gzip's framing
