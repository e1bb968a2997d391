"""The command line with the Mega Edition (issue 15): `markov --edition mega` with its documented default
assumptions and `--assume`, `play` and `simulate --edition mega`."""
from monopoly_core.cli import main


def run(capsys, *args):
    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_markov_mega_states_its_default_assumptions_and_takes_others(capsys):
    code, out, _ = run(capsys, "markov", "--edition", "mega")
    assert code == 0
    assert out.splitlines()[0] == "mega, jail policy long, assuming triples=uniform,mr_monopoly=next_property,bus=ride"
    assert "100.0000%" in out.splitlines()[-1]
    code, other, _ = run(capsys, "markov", "--edition", "mega", "--assume", "bus=ticket", "--csv")
    assert code == 0 and other.splitlines()[0] == "state,name,probability" and len(other.splitlines()) == 54
    code, _, err = run(capsys, "markov", "--edition", "mega", "--assume", "bus=walk")
    assert code == 2 and "bus must be one of ride, ticket" in err
    code, _, err = run(capsys, "markov", "--assume", "bus=ride")
    assert code == 2 and "only the Mega Edition" in err
    for huge in ("x" * 100_000, "bus=" + "x" * 100_000):     # (an outside review: the whole value was echoed)
        code, _, err = run(capsys, "markov", "--edition", "mega", "--assume", huge)
        assert code == 2 and len(err) < 300 and "..." in err


def test_play_a_mega_game_from_the_command_line(capsys):
    code, out, _ = run(capsys, "play", "--edition", "mega", "--players", "3", "--seed", "4", "--json")
    assert code == 0 and '"edition": "mega"' in out
