"""Specific error types of the rules core.

Every refusal names what was wrong, so a page can show the message as it is and a test can assert on it.
All derive from :class:`MonopolyError`, so a caller can catch the family at once.
"""


class MonopolyError(Exception):
    """Base class of every error the rules core raises on purpose."""


class IllegalAction(MonopolyError):
    """An action that the pending decision does not allow. The game is left exactly as it was."""


class NoDecisionPending(IllegalAction):
    """``act()`` was called while the next step is automatic (or the game is over)."""


class DecisionPending(MonopolyError):
    """``step()`` was called while a person has to decide; answer with ``act()`` first."""


class GameOver(MonopolyError):
    """The game has ended; nothing more can happen."""


class GameStuck(MonopolyError):
    """A turn ran past the step budget (``flow.MAX_STEPS_PER_TURN``): a cycle the rules did not break. The message
    names the seed, the turn and the step, so it can be replayed; no game the rules accept should ever raise it."""


class InvalidRules(MonopolyError, ValueError):
    """A RuleSet (or a rule setting) that ``validate()`` refuses. The message starts with the field name."""

    def __init__(self, field: str, reason: str):
        self.field = field
        self.reason = reason
        super().__init__(f"{field}: {reason}")


class DataError(MonopolyError):
    """A board, deck or preset file that is missing or malformed."""


class BadSave(MonopolyError, ValueError):
    """A saved game or share link that cannot be loaded (broken, edited, or from another version)."""


class IllegalReplay(BadSave):
    """A history (a saved file, a link) whose answer at some step is not one the game offers there: an edited
    file, or one of another game. Carries the step, the action's kind and the decision asked, so that a loader
    can say it in words ("step 12 answers 'buy' where the game asked before the roll"), and the decision's own
    reason for the refusal (``reason``: "there is no player 9")."""

    def __init__(self, message: str, step: int, action: str, asked: str, reason: str):
        super().__init__(message)
        self.step = step
        self.action = action
        self.asked = asked
        self.reason = reason
