"""Regressions from the hostile-input audit: long strings."""

from puzzlekit.twist import is_placement_string_valid, is_placement_string_well_formed


def test_long_strings_are_refused_before_being_cut_up():
    # was: a 10 MB string was cut into 2.5 million chunks first (about a second)
    longest = "a7A7b6A7c1A3d2A6e2C3f3C2g4A7h6D0i6B0j2B0j1C0k3C0l4B0l5C0"
    assert is_placement_string_well_formed(longest)
    assert is_placement_string_valid(longest)
    assert not is_placement_string_well_formed(longest + "l6C0")  # more than 15 placements
    assert not is_placement_string_well_formed("a7A7" * 1_000_000)
    assert not is_placement_string_well_formed("")
