"""Every board's title fits the middle of the board where it is drawn smallest: the Markov page's two heat boards
side by side, 460 pixels high at 1280x800 (issue 16 review: "Monopoly for Sore Losers (UK board, bills for
utilities)" ran over the squares on both sides). About 40 characters fit there at the title's size; 30 leaves room."""
import pytest

from monopoly_core import datafiles
from monopoly_core.board import load_board


@pytest.mark.parametrize("name", datafiles.available("boards"))
def test_the_title_fits_in_the_middle_of_a_small_board(name):
    title = load_board(name).title
    assert 0 < len(title) <= 30, f"{name}: {title!r} is {len(title)} characters"
