"""The command a measuring tool wraps (`TOOL [OPTIONS] -- COMMAND [ARGS...]`): shared by
peak_mappings.py and thread_timeline.py."""
import argparse


def add_command_argument(ap: argparse.ArgumentParser) -> None:
    """The wrapped command: everything after the tool's own options (after `--`)."""
    ap.add_argument("command", nargs=argparse.REMAINDER, help="the command to run, after --")


def wrapped_command(ap: argparse.ArgumentParser, parsed: argparse.Namespace) -> list:
    """The command without its leading `--`; a usage error when there is none."""
    command = parsed.command[1:] if parsed.command[:1] == ["--"] else parsed.command
    if not command:
        ap.error("a command to run is needed, after --")
    return command
