"""AppTest: the Play page asks a person to bid for the Mega Edition's last skyscraper and to place it (002 BUILDING
SHORTAGES: "the buildings must be sold at auction to the highest bidder"), in words a class reads."""
from apptest_helpers import open_page, texts

from monopoly_core import Action
from monopoly_core import actions as A
from monopoly_core import decisions as D
from monopoly_core import sales
from scenario import give, until


def show(at):
    """Run the page on the game as it stands, handing the device to the person who decides when two share it."""
    at.run()
    if any(b.key == "handover_go" for b in at.button):
        at.button(key="handover_go").click().run()
    assert not at.exception, [e.value for e in at.exception]


def test_the_page_asks_for_a_bid_on_a_skyscraper_and_where_to_place_it():
    at = open_page("pages/play.py")
    at.selectbox(key="setup_preset").set_value("mega").run()
    at.selectbox(key="setup_kind_1").set_value("person").run()
    # a fixed seed: the form's own is random, and some seeds ask a person for a bid before the first roll (a fresh
    # clone's run failed so)
    at.text_input(key="setup_seed").set_value("7").run()
    at.text_input(key="rule_skyscrapers").set_value("1").run()     # one skyscraper in the bank: it runs short
    at.button(key="start_game").click().run()
    assert not at.exception, [e.value for e in at.exception]
    g = at.session_state["play_game"]
    until(g, D.PRE_ROLL)
    first = g.pending.player
    other = next(s for s in range(len(g.players)) if s != first and s not in g.bots)
    give(g, first, 1, 3, 4, level=5)            # both people hold hotels on a whole group
    give(g, other, 48, 49, 51, level=5)
    g.act(Action(A.BUILD, 1))
    until(g, D.BID)
    assert g.pending.item == sales.ITEM_SKYSCRAPER
    show(at)
    assert "Auction of **a skyscraper**" in texts(at)
    # (arranged, the game is neither downloaded nor shared: its history would open as another game)
    assert "This game cannot be downloaded or shared: a game set up with Game.arrange()" in texts(at)
    assert not at.get("download_button") and at.button(key="share_link").disabled
    # (002 BUILDING SHORTAGES: auctioned when "two or more players wish to buy"; the lab's price for one taker)
    assert "If nobody but the player who asked for it bids, they buy it at its price, $50." in texts(at)
    while g.pending.kind == D.BID:              # the requester passes, the other person bids the minimum
        g.act(Action(A.BID, amount=g.pending.minimum) if g.pending.player == other else Action(A.PASS))
        until(g)
    assert g.pending.kind == D.PLACE_BUILDING and g.pending.player == other
    show(at)
    assert "You won a building at auction: choose where it goes." in texts(at)
    assert at.selectbox(key="place_pick_place_building").options == [
        "Place it on Florida Avenue", "Place it on Park Place", "Place it on Boardwalk"]
    at.selectbox(key="place_pick_place_building").set_value("Place it on Boardwalk").run()
    at.button(key="place_go_place_building").click().run()
    assert not at.exception, [e.value for e in at.exception]
    g = at.session_state["play_game"]
    assert g.level[51] == 6 and g.level[1] == 5
