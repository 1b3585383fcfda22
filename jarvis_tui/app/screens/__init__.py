"""Modal screens: menus, choices, the destructive confirmation, settings, secrets."""
from jarvis_tui.app.screens.choose import Choice, ChoiceScreen
from jarvis_tui.app.screens.confirm import ConfirmScreen
from jarvis_tui.app.screens.memories import MemoriesScreen
from jarvis_tui.app.screens.menu import MENU_ITEMS, MenuScreen
from jarvis_tui.app.screens.secrets import SecretsScreen
from jarvis_tui.app.screens.settings import SettingsScreen

__all__ = ["Choice", "ChoiceScreen", "ConfirmScreen", "MENU_ITEMS", "MemoriesScreen", "MenuScreen", "SecretsScreen",
           "SettingsScreen"]
