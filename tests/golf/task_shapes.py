"""Rules and inputs for the search idioms written for one real task each (read from RE-ARC's
verifier for it): each rule is written apart from its idiom, in plain loops and flood fills,
and each `draw_` function draws inputs like the task's. `test_search` plants them as it plants
its own shapes."""

DRAWN = {}  # name: (rule, draw, its real task, the longest its program may be)
