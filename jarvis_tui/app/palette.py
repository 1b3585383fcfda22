"""The command palette's Jarvis commands (ctrl+p): the menu entries, searchable."""
from __future__ import annotations

from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider

from jarvis_tui.app.screens.menu import MENU_ITEMS


class JarvisCommands(Provider):
    async def _run(self, key: str) -> None:
        await self.app.run_action(key)        # the entry's id is an action of the app (as in the F2 menu)

    async def discover(self) -> Hits:
        for key, label, help_text in MENU_ITEMS:
            yield DiscoveryHit(label, partial(self._run, key), help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for key, label, help_text in MENU_ITEMS:
            score = matcher.match(label)
            if score > 0:
                yield Hit(score, matcher.highlight(label), partial(self._run, key), text=label, help=help_text)
