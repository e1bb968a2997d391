"""The command line: editions, play (log and JSON, byte-for-byte repeatable), bench."""
import json

import pytest

from monopoly_core.cli import main


def run(capsys, *args):
    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_editions_lists_every_preset_with_a_description(capsys):
    code, out, _ = run(capsys, "editions")
    lines = out.strip().splitlines()
    assert code == 0 and any(line.startswith("classic-us ") for line in lines)
    assert any(line.startswith("classic-uk ") and "UK" in line for line in lines)


def test_play_json_has_the_promised_fields_and_repeats_byte_for_byte(capsys):
    args = ("play", "--edition", "classic-uk", "--players", "3", "--seed", "9", "--json")
    _, first, _ = run(capsys, *args)
    _, second, _ = run(capsys, *args)
    assert first == second
    data = json.loads(first)
    for key in ("edition", "seed", "end_reason", "winner", "turns", "rolls", "events", "players"):
        assert key in data
    assert data["edition"] == "classic-uk" and data["seed"] == 9 and len(data["players"]) == 3
    assert all("cash" in p and "net_worth" in p for p in data["players"])
    _, other, _ = run(capsys, "play", "--edition", "classic-uk", "--players", "3", "--seed", "10", "--json")
    assert other != first


def test_play_log_is_readable_and_ends_with_the_result(capsys):
    code, out, _ = run(capsys, "play", "--seed", "3", "--turn-limit", "20", "--bots", "cautious,random")
    assert code == 0
    assert "rolls" in out and "Result:" in out and "turn limit" in out.splitlines()[-3] or "Result:" in out
    assert "[turn    1]" in out


def test_play_refuses_bad_arguments_with_status_2(capsys):
    code, _, err = run(capsys, "play", "--edition", "atlantis")
    assert code == 2 and "preset" in err
    code, _, err = run(capsys, "play", "--bots", "genius")
    assert code == 2 and "unknown strategy" in err
    code, _, err = run(capsys, "play", "--players", "9")
    assert code == 2 and "2 to 8 players" in err


def test_bench_reports_rolls_and_games_per_second(capsys):
    code, out, _ = run(capsys, "bench", "--json", "--only", "core", "--games", "4", "--repeat", "1")
    data = json.loads(out)["core"]
    assert code == 0 and data["dice_rolls_per_second"] > 0 and data["games_per_second"] > 0
    assert data["events_per_game"] > 0
    assert data["dice_rolls_per_second_answers_replayed"] > 0 and data["dice_rolls_per_second_always_buy_table"] > 0


def test_bench_sets_an_edition_beside_its_classic_board_per_roll_event_and_answer(capsys):
    """Issue 15's figures: what a Mega roll, event and answered decision cost against classic, and how many of each
    a roll makes (a Mega roll asks more of the players: a bonus move, more auctions and building)."""
    code, out, _ = run(capsys, "bench", "--json", "--only", "mega", "--games", "3", "--repeat", "1")
    data = json.loads(out)["mega"]
    assert code == 0
    for name in ("classic-us", "mega"):
        assert data[f"{name}_events_per_roll"] > 1 and data[f"{name}_answers_per_roll"] > 1
    assert data["mega_answers_per_roll"] > data["classic-us_answers_per_roll"]
    for what in ("roll_cost", "roll_cost_answers_replayed", "event_cost", "answer_cost"):
        assert data[f"{what}_vs_classic"] > 0


def test_bench_replays_recorded_answers_into_the_same_games():
    # The "answers replayed" figure times the rules engine alone: it is only meaningful if the recorded answers
    # rebuild exactly the games the bots played (a diverging replay would run out of answers or act illegally).
    from monopoly_core.bench import play_batch, record_answers
    played = play_batch(6, first_seed=40)
    replayed = play_batch(6, first_seed=40, answers=record_answers(6, first_seed=40))
    keys = ("rolls", "turns", "events")
    assert [played[k] for k in keys] == [replayed[k] for k in keys]


def test_unknown_subcommand_exits_2(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["fly"])
    assert exc.value.code == 2


# --- issue 13: every option refuses a value out of its range, with a message and status 2 -----------------------
def _refused(capsys, *args) -> str:
    """Run the command; it must refuse with status 2 (from argparse or from the subcommand) and say why."""
    try:
        code = main(list(args))
    except SystemExit as exc:
        code = exc.code
    err = capsys.readouterr().err
    assert code == 2 and "Traceback" not in err, (args, code, err)
    return err


@pytest.mark.parametrize("module, builder, args", [
    ("monopoly_core.cli.play", "parse_bots", ("play", "--players", "100000000")),
    ("monopoly_core.simulate", "bot_table", ("simulate", "--players", "100000000", "--games", "1")),
])
def test_player_count_is_checked_before_any_seat_is_built(capsys, monkeypatch, module, builder, args):
    import importlib
    mod = importlib.import_module(module)
    real = getattr(mod, builder)

    def guarded(*a, **k):
        assert all(n <= 8 for n in a if isinstance(n, int)), "seats built before the count was checked"
        return real(*a, **k)
    monkeypatch.setattr(mod, builder, guarded)
    assert "2 to 8 players, got 100000000" in _refused(capsys, *args)


def test_player_count_message_states_the_given_value(capsys):
    assert "got -3" in _refused(capsys, "play", "--players", "-3")
    assert "got 0" in _refused(capsys, "play", "--players", "0")


def test_bench_refuses_an_unknown_section_naming_the_known_ones(capsys):
    err = _refused(capsys, "bench", "--only", "nope")
    assert "'nope'" in err and all(name in err for name in ("core", "markov", "store"))
    assert "'nope'" in _refused(capsys, "bench", "--only", "core,nope", "--games", "2")


@pytest.mark.parametrize("args, words", [
    (("play", "--seed", "-1"), "from 0 to"), (("play", "--seed", "9223372036854775808"), "from 0 to"),
    (("play", "--seed", "1.5"), "whole number"), (("play", "--seed", "9" * 5000), "whole number"),
    (("play", "--seed", "\u0663"), "whole number"), (("play", "--seed", " 7 "), "whole number"),
    (("play", "--seed", "1_000"), "whole number"), (("simulate", "--games", "\uff11"), "whole number"),
    (("play", "--players", "many"), "--players: must be a whole number, got 'many'"),
    (("play", "--turn-limit", "0"), "turn_limit"),
    (("play", "--turn-limit", "-5"), "turn_limit"), (("play", "--turn-limit", "99999999999"), "turn_limit"),
    (("bench", "--games", "0"), "from 1 to"), (("bench", "--games", "-1"), "from 1 to"),
    (("bench", "--games", "10000000000"), "from 1 to"), (("bench", "--repeat", "0"), "from 1 to"),
    (("simulate", "--games", "0"), "from 1 to"), (("simulate", "--games", "10000000000"), "from 1 to"),
    (("simulate", "--workers", "0"), "from 1 to"), (("simulate", "--workers", "100000"), "from 1 to"),
    (("simulate", "--seed", "-5"), "from 0 to"), (("simulate", "--seed", "nan"), "whole number"),
    (("simulate", "--players", "-3", "--games", "1"), "got -3"),
    (("simulate", "--turn-limit", "-1", "--games", "1"), "turn_limit"),
    (("markov", "--jail", "forever"), "invalid choice"), (("native", "explode"), "invalid choice"),
    (("play", "--edition", "a" * 300), "no preset named"), (("markov", "--edition", "a" * 300), "no preset named"),
    (("simulate", "--edition", "a" * 300), "no preset named"),
])
def test_every_option_refuses_values_out_of_range(capsys, tmp_path, args, words):
    if args[0] == "simulate":
        args = (*args, "--db", str(tmp_path / "g.duckdb"), "--quiet")
    assert words in _refused(capsys, *args)
    assert not (tmp_path / "g.duckdb").exists()


def test_simulate_resume_completes_a_batch_and_without_it_says_how(capsys, tmp_path):
    """An interrupted or smaller run of the same games: refused with the way to complete it, then completed with
    --resume (only the missing games played, each game once), then nothing left to play."""
    import duckdb
    db = str(tmp_path / "games.duckdb")
    same = ("simulate", "--db", db, "--players", "2", "--seed", "5", "--bots", "always-buy,cautious", "--quiet")
    assert run(capsys, *same, "--games", "3")[0] == 0
    code, _, err = run(capsys, *same, "--games", "5")
    assert code == 2 and "already in the database" in err and "pass --resume" in err
    code, out, _ = run(capsys, *same, "--games", "5", "--resume")
    assert code == 0 and out.startswith("wrote 2 games") and "3 games were already in the batch and kept" in out
    code, out, _ = run(capsys, *same, "--games", "5", "--resume")
    assert code == 0 and out.startswith("nothing to play: all 5 games are already in batch 1")
    with duckdb.connect(db, read_only=True) as conn:
        assert conn.execute("SELECT count(DISTINCT batch), count(*), count(DISTINCT batch_index) FROM games"
                            ).fetchone() == (1, 5, 5)


@pytest.mark.parametrize("where", ["a-file.txt", "/dev/full", "/proc/no-such-folder", "p" * 300])
def test_simulate_refuses_a_parquet_folder_it_cannot_write_before_beginning_a_batch(capsys, tmp_path, where):
    # an outside review: each gave a traceback (NotADirectoryError, FileNotFoundError, OSError) after an empty
    # batch had been begun in the database
    (tmp_path / "a-file.txt").write_text("x")
    target = where if where.startswith("/") else str(tmp_path / where)
    code, out, err = run(capsys, "simulate", "--games", "2", "--players", "2", "--quiet",
                         "--db", str(tmp_path / "g.duckdb"), "--parquet", target)
    assert code == 2 and "is not a folder Parquet files can be written in" in err and "Traceback" not in err
    assert not (tmp_path / "g.duckdb").exists()


def test_a_database_name_too_long_for_the_file_system_is_a_message(capsys, tmp_path):
    # an outside review: the message itself failed (OSError: File name too long, from is_dir())
    code, out, err = run(capsys, "simulate", "--games", "2", "--players", "2", "--quiet",
                         "--db", str(tmp_path / ("a" * 300 + ".duckdb")))
    assert code == 2 and "a name in it is longer than 255 bytes" in err and "Traceback" not in err


def test_a_database_url_is_refused_not_made_a_local_folder(capsys, tmp_path, monkeypatch):
    # an outside review: --db s3://bucket/x.duckdb quietly made a local folder called "s3:" with the database in it
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "simulate", "--games", "2", "--players", "2", "--quiet", "--db", "s3://bucket/x.duckdb")
    assert code == 2 and "not a URL" in err and not (tmp_path / "s3:").exists()


def test_simulate_says_it_waits_for_a_database_another_program_is_writing(capsys, tmp_path):
    # an outside review: simulate waited up to 30 s for a database another process held, saying nothing
    import subprocess
    import sys
    db = tmp_path / "g.duckdb"
    assert run(capsys, "simulate", "--games", "1", "--players", "2", "--quiet", "--db", str(db))[0] == 0
    holder = subprocess.Popen([sys.executable, "-c", f"import duckdb, time; c = duckdb.connect({str(db)!r}); "
                               "print('held', flush=True); time.sleep(3)"], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        code, out, err = run(capsys, "simulate", "--games", "1", "--players", "2", "--quiet", "--seed", "5",
                             "--db", str(db))
    finally:
        holder.wait(timeout=60)
    assert code == 0 and "waiting for the database g.duckdb: another program is writing to it" in err


# --- an outside hostile review (third round): pipes, bytes that are not UTF-8, a key named twice, empty bots -------
@pytest.mark.parametrize("args", [
    ("compare", "--a", "{fifo}.json", "--b", "classic-us", "--games", "1", "--quiet"),
    ("simulate", "--games", "1", "--quiet", "--db", "{fifo}.duckdb"),
    ("compare", "--a", "classic-us", "--b", "classic-uk", "--games", "1", "--quiet", "--db", "{fifo}.duckdb"),
    ("sql", "SELECT 1", "--db", "{fifo}.duckdb"),
    ("simulate", "--games", "1", "--quiet", "--db", "{fifo}-log.duckdb"),
    ("sql", "SELECT 1", "--db", "{fifo}-log.duckdb"),
])
def test_a_named_pipe_given_as_a_file_is_refused_at_once(tmp_path, args):
    # (each waited for a writer for ever, with no word; sql waited 30 s, then blamed the query runner)
    import os
    import subprocess
    import sys
    for suffix in (".json", ".duckdb", "-log.duckdb.wal"):
        os.mkfifo(tmp_path / f"p{suffix}")     # (p-log.duckdb: a database whose write-ahead log is a pipe)
    argv = [a.replace("{fifo}", str(tmp_path / "p")) for a in args]
    done = subprocess.run([sys.executable, "-m", "monopoly_core", *argv], capture_output=True, text=True,
                          timeout=120, env={**os.environ, "MONOPOLY_DB": str(tmp_path / "g.duckdb")})
    assert done.returncode == 2 and "is not a regular file" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("args", [
    ("compare", "--a", "classic-us", "--b", "classic-uk", "--games", "2", "--label-a", "\udcff"),
    ("simulate", "--games", "2", "--db", "/tmp/\udcff.duckdb"),
    ("sql", "SELECT \udcff"),
])
def test_an_argument_that_is_not_utf8_is_refused_before_anything_runs(capsys, tmp_path, monkeypatch, args):
    # (bytes that are not UTF-8 arrive as lone surrogates: DuckDB refused them with tracebacks, after a
    # comparison's games were played and written)
    monkeypatch.setenv("MONOPOLY_DB", str(tmp_path / "g.duckdb"))
    assert "an argument is not text (UTF-8): " in _refused(capsys, *args)
    assert not (tmp_path / "g.duckdb").exists()


def test_a_rule_set_naming_a_key_twice_or_empty_bots_are_refused(capsys, tmp_path):
    # (json kept the last "preset" and played mega; --bots "" played the default table)
    err = _refused(capsys, "compare", "--a", '{"preset": "classic-us", "preset": "mega"}', "--b", "classic-uk",
                   "--games", "1", "--db", str(tmp_path / "g.duckdb"))
    assert "names 'preset' twice" in err
    assert "unknown strategy ''" in _refused(capsys, "play", "--bots", "")


def test_a_database_whose_log_cannot_be_written_is_a_message(capsys, tmp_path, monkeypatch):
    # (an outside review: a log linked to /dev/zero failed to sync, TransactionException, a traceback)
    import duckdb

    from monopoly_core import store

    def failing(conn):
        raise duckdb.TransactionException('Could not fsync file "g.duckdb.wal": Invalid argument')
    monkeypatch.setattr(store, "_create_schema", failing)
    code, out, err = run(capsys, "simulate", "--games", "1", "--quiet", "--db", str(tmp_path / "g.duckdb"))
    assert code == 2 and "cannot open the database g.duckdb: Could not fsync" in err and "Traceback" not in err


# --- a fourth outside hostile review ------------------------------------------------------------------------------
@pytest.mark.parametrize("args, words", [
    (("play", "--players", "\u0663"), "--players: must be a whole number, got '\u0663'"),   # (int() took it: 3)
    (("simulate", "--players", "1_0", "--games", "1"), "must be a whole number, got '1_0'"),
    (("compare", "--a", "classic-us", "--b", "classic-uk", "--players", " 3"), "must be a whole number"),
    (("simulate", "--parquet", "", "--games", "1"), "an empty value names nothing: leave --parquet out"),
    (("simulate", "--cluster", " ", "--games", "1"), "leave --cluster out to play on this machine"),
    (("compare", "--a", "classic-us", "--b", "classic-uk", "--cluster", ""), "leave --cluster out"),
    (("markov", "--edition", "mega", "--assume", "triples=go,triples=uniform"), "triples is named twice"),
])
def test_values_once_taken_or_ignored_in_silence_are_refused(capsys, tmp_path, args, words):
    """Non-ASCII digits were read as a number of players, an empty --parquet or --cluster as no option, and the
    last of two values of one Mega assumption was taken, each without a word."""
    err = _refused(capsys, *args, *(("--db", str(tmp_path / "g.duckdb")) if args[0] in ("simulate", "compare")
                                    else ()))
    assert words in err
    assert not (tmp_path / "g.duckdb").exists()


def test_a_rules_file_is_read_as_json_whatever_it_holds(capsys, tmp_path):
    """A .json file of 100,000 nested lists was called "no preset named '[[[[...'"."""
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    listed = tmp_path / "list.json"
    listed.write_text("[1, 2]")
    db = str(tmp_path / "g.duckdb")
    assert "--a: not valid JSON (it is nested too deeply)" in _refused(capsys, "compare", "--a", str(deep), "--b",
                                                                       "classic-us", "--db", db)
    assert "--a: must be a preset name or a JSON object" in _refused(capsys, "compare", "--a", str(listed), "--b",
                                                                      "classic-us", "--db", db)


def test_output_that_cannot_be_written_ends_in_one_line(tmp_path):
    """``play > /dev/full`` ended in a traceback (OSError: No space left on device)."""
    import os
    import subprocess
    import sys
    if not os.path.exists("/dev/full"):
        pytest.skip("this system has no /dev/full to write to")
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "monopoly_core", "play", "--turn-limit", "3"], stdout=full,
                              stderr=subprocess.PIPE, text=True, timeout=120)
    assert done.returncode == 1 and done.stderr.strip() == "error: cannot go on: No space left on device"


def test_the_sql_command_shows_a_result_s_control_characters_as_escapes_on_a_terminal():
    """A result holding an escape sequence was sent to the terminal as it was (it could retitle or recolour it);
    written to a file or a pipe, the data stays as it is."""
    from monopoly_core.cli.sql import _shown_safely
    assert _shown_safely("t\r\n\x1b]0;pwned\x07\tok\x9b\n") == "t\r\n\\x1b]0;pwned\\x07\tok\\x9b\n"


@pytest.mark.parametrize("command", [("play",), ("simulate", "--games", "1"),
                                     ("compare", "--a", "classic-us", "--b", "classic-uk", "--games", "1")])
def test_more_bots_than_players_or_an_empty_list_are_refused_by_every_command(capsys, tmp_path, command):
    """``--players 2 --bots a,b,c`` played a and b and dropped c in silence; ``simulate --bots ""`` played the
    default table (play refused it). Each command says so, and nothing is written."""
    db = tmp_path / "g.duckdb"
    extra = () if command[0] == "play" else ("--db", str(db))
    err = _refused(capsys, *command, *extra, "--players", "2", "--bots", "random,cautious,strategist")
    assert "3 strategies named for 2 players: name at most 2, or set --players 3" in err
    assert "unknown strategy ''" in _refused(capsys, *command, *extra, "--bots", "")
    assert not db.exists()
