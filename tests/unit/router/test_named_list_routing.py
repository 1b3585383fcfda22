"""The router learns lists with a name of the user's choosing from the named_list command's own
declarations (phrasings written for this test, none of them its examples), and a list named without
a name ("read my list") stays the shopping list's, as before that command came."""
from __future__ import annotations

import pytest


@pytest.mark.parametrize("said", [
    "begin a list for my hiking trip", "tell me the lists i have", "do i have any lists",
    "i'd like a new list for the party", "new wishlist please", "remind me what lists i've got",
])
def test_a_list_of_the_users_own_is_the_named_list(router, said):
    assert router.rank(said)[0][0] == "named_list", router.rank(said)[:3]


@pytest.mark.parametrize("said", [
    "read out my list", "what's on our list", "tell me my list", "show my list", "read my list",
    "what have i got on my list", "can you list what's on my list",
])
def test_a_list_without_a_name_is_still_the_shopping_list(router, said):
    assert router.rank(said)[0][0] == "shopping_list", router.rank(said)[:3]
