"""For the teacher (issue 19): the lessons with their learning goals and time, a link per lesson that opens it with
the class's seed, and a printable worksheet and answer sheet per lesson. The list is the core's catalogue
(:data:`monopoly_core.lessons.LESSONS`): a lesson appears here once it exists."""
from __future__ import annotations

import streamlit as st

from monopoly_core.lessons import DEFAULT_SEED, LESSONS, MAX_SEED, parse_seed
from pages import _lesson, _site
from pages._number_box import number_box
from pages._site import PRINT, ensure_navigation

ensure_navigation()

st.title("Lessons for the classroom")
st.markdown(
    "Short interactive lessons in probability, built on the game, that need no preparation and no code. Each "
    "has a few sentences, one formula, one simulation a student can run once, a hundred or ten thousand times "
    "(a thousand for the lessons that play whole games), and one exercise whose answer stays hidden until asked "
    "for. Every table can be downloaded as CSV for a spreadsheet.")

def _address_seed(value: str) -> str | None:
    if not value.strip():       # (passed over without a word, an outside review)
        return f"the address's seed part is empty (the lessons use the seed {st.session_state.get('teacher_seed', DEFAULT_SEED)})"
    try:
        st.session_state["teacher_seed"] = parse_seed(value)
    except ValueError as exc:
        words = str(exc).rstrip(".")
        return words[:1].lower() + words[1:]        # (it follows "The address was not all used: ")
    return None


st.session_state.setdefault("teacher_seed", DEFAULT_SEED)
LINKED_SEED = "teacher_seed_linked"     # the seed the lesson links carry: the last one the box held that was taken
_site.read_address("teacher_address", {"seed": _address_seed}, "seed, for example ?seed=2024")
# a text box read by pages/_number_box.py (a number box kept its last valid seed in the links while it showed
# another); a seed that cannot be used is refused in words, and the links keep the last seed taken, as they say
typed, why = number_box("Class seed", "teacher_seed", default=DEFAULT_SEED, lo=0, hi=MAX_SEED,
                        what="the class seed",
                        help="Every link below opens its lesson with this seed, so the whole class sees the same "
                             "simulated numbers. Pick a new one for another class or another day (0 to "
                             f"{MAX_SEED:,}).")
seed = st.session_state.get(LINKED_SEED, DEFAULT_SEED) if typed is None else typed
st.session_state[LINKED_SEED] = seed
if why is not None:
    st.error(f"{why} The links below still open the lessons with seed {seed}.", icon=":material/block:")
st.caption(f"Share a lesson link with the class: everyone who opens it runs the simulations with seed {seed}. "
           "The worksheet and the answer sheet are clean pages for the browser's Print (Ctrl+P).")

for lesson in LESSONS:
    with st.container(border=True):
        st.subheader(f"Lesson {lesson.number}: {lesson.title}")
        st.caption(f"About {lesson.minutes} minutes")
        st.markdown(lesson.summary)
        st.markdown("**Learning goals**\n\n" + "\n".join(f"- {goal}" for goal in lesson.goals))
        c1, c2, c3 = st.columns(3)
        path = _lesson.page_path(lesson)
        c1.page_link(path, label=f"Open lesson {lesson.number} (seed {seed})", icon=":material/play_circle:",
                     query_params={"seed": str(seed)})
        c2.page_link(path, label="Worksheet to print", icon=":material/print:",
                     query_params={PRINT: "worksheet", "seed": str(seed)})
        c3.page_link(path, label="Answer sheet", icon=":material/task_alt:",
                     query_params={PRINT: "answers", "seed": str(seed)})

st.subheader("The plan at a glance")
_lesson.table([{"lesson": x.number, "title": x.title, "minutes": x.minutes, "learning goals": " ".join(x.goals)}
               for x in LESSONS], "lesson-plan", "teacher_plan")
st.caption(f"In all about {sum(x.minutes for x in LESSONS)} minutes.")
