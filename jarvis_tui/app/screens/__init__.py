"""Modal screens: menus, choices, the destructive confirmation, settings, secrets."""
from jarvis_tui.app.screens.choose import Choice, ChoiceScreen
from jarvis_tui.app.screens.confirm import ConfirmScreen
from jarvis_tui.app.screens.inbox import InboxScreen
from jarvis_tui.app.screens.memories import MemoriesScreen
from jarvis_tui.app.screens.menu import MENU_ITEMS, MenuScreen
from jarvis_tui.app.screens.routines import RoutinesResult, RoutinesScreen
from jarvis_tui.app.screens.secrets import SecretsScreen
from jarvis_tui.app.screens.settings import SettingsScreen

__all__ = ["Choice", "ChoiceScreen", "ConfirmScreen", "InboxScreen", "MENU_ITEMS", "MemoriesScreen", "MenuScreen", "RoutinesResult",
           "RoutinesScreen", "SecretsScreen",
           "SettingsScreen"]
