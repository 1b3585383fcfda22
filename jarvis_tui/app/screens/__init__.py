"""Screens: the main screen (the panels), and the modal ones: menus, choices, the destructive
confirmation, settings, secrets, memories, routines, the inbox."""
from jarvis_tui.app.screens.choose import Choice, ChoiceScreen
from jarvis_tui.app.screens.confirm import ConfirmScreen
from jarvis_tui.app.screens.inbox import InboxScreen
from jarvis_tui.app.screens.main import MainScreen
from jarvis_tui.app.screens.memories import MemoriesScreen
from jarvis_tui.app.screens.menu import MENU_ITEMS, MenuScreen
from jarvis_tui.app.screens.routines import RoutinesResult, RoutinesScreen
from jarvis_tui.app.screens.secrets import SecretsScreen
from jarvis_tui.app.screens.settings import SettingsScreen

__all__ = ["Choice", "ChoiceScreen", "ConfirmScreen", "InboxScreen", "MENU_ITEMS", "MainScreen", "MemoriesScreen",
           "MenuScreen", "RoutinesResult", "RoutinesScreen", "SecretsScreen", "SettingsScreen"]
