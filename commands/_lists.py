"""What the shopping and to-do list commands share: items in the SQLite `list_items` table, several
at once, check off / complete, remove, and a clear that waits for a Clear / Cancel button (or a spoken
yes). This module defines no commands (ListCommandBase is abstract)."""
from __future__ import annotations

import re
from typing import Any, Callable

from commands._common import fail, say
from commands._grounding import drop_ungrounded
from commands._parsing import join_words, split_items
from jarvis_tui.sdk.text import stem
from jarvis_tui.sdk import (CommandResponse, IJarvisButton, JarvisCommandBase, PreRouteResult,
                            RequestInformation, ValidationResult)

CLEAR_ACTION = "clear_confirm"


# words that name the whole list, not an item on it: "remove everything from my to-do list" is a clear
_WHOLE_LIST = re.compile(r"(?:(?:all|everything|every\s+(?:single\s+)?(?:item|task|thing|one))"
                         r"(?:\s+(?:of\s+)?(?:it|them|the\s+\w+|my\s+\w+|items|tasks|things|on\s+(?:it|there)))?"
                         r"|the\s+(?:whole\s+)?lot|the\s+whole\s+(?:list|thing))", re.I)


def _stems(text: str) -> list[str]:
    return [stem(w) for w in re.findall(r"[a-z0-9']+", text.lower())]


def names_whole_list(items: list[str]) -> bool:
    """Whether the items said are the whole list ("everything", "all of them"), not items on it."""
    return bool(items) and all(_WHOLE_LIST.fullmatch(" ".join(str(i).split())) for i in items)


def items_claim(action: str, param: str):
    """A fast-path handler: the `items` group split into items; None when it does not look like items
    (or names the whole list: the clear's fast path has it)."""
    def handler(m: re.Match[str], _text: str) -> PreRouteResult | None:
        raw = (m.groupdict().get("items") or "").strip()
        if not raw:
            return None
        items = split_items(raw)
        if not items or names_whole_list(items) or any(
                len(i.split()) > 5 or re.search(r"\b(?:list|timer|reminder|remind)\b", i) for i in items):
            return None
        return PreRouteResult(arguments={"action": action, param: items})
    return handler


def action_claim(action: str):
    def handler(m: re.Match[str], _text: str) -> PreRouteResult | None:
        return PreRouteResult(arguments={"action": action})
    return handler


class ListCommandBase(JarvisCommandBase):
    single_word_items: frozenset[str] = frozenset()   # items bought by a one-word name (`_run_on`)

    """A named list (store.lists) with add/read/mark/remove/clear. Subclasses set the names."""

    __jarvis_abstract__ = True
    list_name = ""          # the list_items.list_name
    items_param = "items"
    noun = "list"           # "shopping list"
    item_word = "item"
    done_action = "check_off"
    undone_action: str | None = None

    def confirmation_question(self, args: dict[str, Any]) -> str | None:
        """Asked before a guessed removal (clearing the whole list asks with its own buttons)."""
        if args.get("action") != "remove":
            return None
        items = [str(x) for x in (args.get(self.items_param) or []) if str(x).strip()]
        if not items:
            return None
        from commands._parsing import join_words
        return f"Remove {join_words(items)} from your {self.noun}?"

    # ---- helpers ----------------------------------------------------------------------------------
    def _store(self):
        return self.services.store.lists

    @staticmethod
    def _singular(w: str) -> str:
        w = w.lower().strip()
        for suffix, repl in (("ies", "y"), ("oes", "o"), ("es", "e"), ("s", "")):
            if w.endswith(suffix) and len(w) > len(suffix) + 2:
                return w[: -len(suffix)] + repl
        return w

    def _resolve(self, spoken: str, done: bool | None = False) -> str | None:
        """The stored text a spoken item refers to (same text, singular/plural, or a unique part)."""
        rows = self._store().items(self.list_name, include_done=True)
        if done is not None:
            rows = [r for r in rows if bool(r["done"]) == done]
        want = spoken.strip().lower()
        for r in rows:
            if r["text"].lower() == want:
                return r["text"]
        for r in rows:
            if self._singular(r["text"]) == self._singular(want):
                return r["text"]
        part = [r for r in rows if want in r["text"].lower() or r["text"].lower() in want]
        if len(part) == 1:
            return part[0]["text"]
        said = _stems(want)                 # "painting the fence" is the task "paint the fence"
        same = [r for r in rows if _stems(r["text"]) == said]
        return same[0]["text"] if len(same) == 1 else None

    def _items_arg(self, kwargs: dict[str, Any]) -> list[str]:
        raw = kwargs.get(self.items_param) or []
        out: list[str] = []
        for entry in raw:
            out.extend(split_items(str(entry)) if ("," in str(entry) or " and " in str(entry)) else [str(entry).strip()])
        return [i for i in out if i]

    def post_process_tool_call(self, args: dict[str, Any], voice_command: str) -> dict[str, Any]:
        """Items the user did not say are dropped (the validation then asks which ones); the list's own
        name copied into an item ("finish the report on my to do list for tomorrow") is taken out."""
        out = drop_ungrounded(args, voice_command, [self.items_param])
        items = out.get(self.items_param)
        if isinstance(items, list):
            names = [re.escape(w) + r"(?:\s+list)?" for w in sorted(self.domain_words, key=len, reverse=True)]
            frame = re.compile(r"[\s,]*\b(?:on|to|onto|in|into|from|off)\s+(?:my|the|our)\s+(?:"
                               + "|".join(names + ["list"]) + r")\b", re.I)
            cleaned = [" ".join(frame.sub(" ", str(x)).split()) for x in items]
            out[self.items_param] = [part for c in cleaned if c for part in self._run_on(c)]
        return out

    def _run_on(self, item: str) -> list[str]:
        """An item that is several one-word items said in a row ("eggs milk", "bread butter cheese":
        speech recognition writes no commas) as those items; a phrase is kept whole unless all its
        words are the command's `single_word_items` and it has three of them or starts with a plural
        ("coffee beans", "milk chocolate" stay one item)."""
        words = item.split()
        known = self.single_word_items
        if len(words) < 2 or not all(w.lower() in known for w in words):
            return [item]
        if len(words) == 2 and not words[0].lower().endswith("s"):
            return [item]
        return words

    def validate_call(self, **kwargs: Any) -> list[ValidationResult]:
        action = kwargs.get("action")
        if action not in ("read", "clear") and not self._items_arg(kwargs):
            return [ValidationResult(False, self.items_param, self.command_name,
                                     f"Which {self.item_word}s should I {action.replace('_', ' ')}?")]
        return []

    # ---- run --------------------------------------------------------------------------------------
    def run(self, request_info: RequestInformation, **kwargs: Any) -> CommandResponse:
        if self.services is None:
            return fail(f"The {self.noun} needs a running assistant.")
        action = kwargs["action"]
        items = self._items_arg(kwargs)
        if action == "add":
            return self._add(items)
        if action == "read":
            return self._read()
        if action == self.done_action:
            return self._mark(items, True)
        if self.undone_action and action == self.undone_action:
            return self._mark(items, False)
        if action == "remove":
            if names_whole_list(items):         # "remove everything": the clear, which asks first
                return self._ask_clear()
            return self._remove(items)
        if action == "clear":
            return self._ask_clear()
        return fail(f"I can't {action} on the {self.noun}.")

    def _add(self, items: list[str]) -> CommandResponse:
        added = self._store().add(self.list_name, items)
        already = [i for i in items if i.lower() not in {a.lower() for a in added}]
        parts = []
        if added:
            parts.append(f"Added {join_words(added)} to your {self.noun}.")
        if already:
            verb = "is" if len(already) == 1 else "are"
            parts.append(f"{join_words(already).capitalize()} {verb} already on it.")
        return say(" ".join(parts), added=added, already=already, list=self.list_name)

    def _read(self) -> CommandResponse:
        rows = self._store().items(self.list_name)
        names = [r["text"] for r in rows]
        if not names:
            return say(f"Your {self.noun} is empty.", items=[], list=self.list_name)
        count = f"one {self.item_word}" if len(names) == 1 else f"{len(names)} {self.item_word}s"
        return say(f"Your {self.noun} has {count}: {join_words(names)}.", items=names, list=self.list_name)

    def _apply(self, items: list[str], done: bool | None,
               change: Callable[[str], bool]) -> tuple[list[str], list[str]]:
        """(stored names changed, spoken names not found): each item is matched to a stored one
        (open, done, or either when `done` is None) and `change`d."""
        changed, missing = [], []
        for item in items:
            stored = self._resolve(item, done=done)
            if stored and change(stored):
                changed.append(stored)
            else:
                missing.append(item)
        return changed, missing

    def _mark(self, items: list[str], done: bool) -> CommandResponse:
        changed, missing = self._apply(items, not done,
                                       lambda stored: self._store().set_done(self.list_name, stored, done))
        parts = []
        if changed:
            parts.append(f"{'Checked off' if done else 'Marked as not done'}: {join_words(changed)}.")
        if missing:
            where = f"open on your {self.noun}" if done else f"done on your {self.noun}"
            parts.append(f"I couldn't find {join_words(missing, 'or')} {where}.")
        data = {"changed": changed, "missing": missing, "list": self.list_name, "message": " ".join(parts)}
        return CommandResponse.success_response(data) if changed else CommandResponse.error_response(
            data["message"], context_data=data)

    def _remove(self, items: list[str]) -> CommandResponse:
        removed, missing = self._apply(items, None, lambda stored: self._store().remove(self.list_name, stored))
        parts = []
        if removed:
            parts.append(f"Removed {join_words(removed)} from your {self.noun}.")
        if missing:
            verb = "isn't" if len(missing) == 1 else "aren't"
            parts.append(f"{join_words(missing, 'or').capitalize()} {verb} on your {self.noun}.")
        data = {"removed": removed, "missing": missing, "list": self.list_name, "message": " ".join(parts)}
        return CommandResponse.success_response(data) if removed else CommandResponse.error_response(
            data["message"], context_data=data)

    def _ask_clear(self) -> CommandResponse:
        count = len(self._store().items(self.list_name, include_done=True))
        if count == 0:
            return say(f"Your {self.noun} is already empty.", list=self.list_name, count=0)
        what = f"the one {self.item_word}" if count == 1 else f"all {count} {self.item_word}s"
        return CommandResponse.follow_up_response(
            {"message": f"Clear {what} from your {self.noun}?", "list": self.list_name, "count": count},
            actions=[IJarvisButton("Clear", CLEAR_ACTION, "destructive", "trash"),
                     IJarvisButton("Cancel", "cancel_click", "secondary")])

    def handle_action(self, action_name: str, context: dict[str, Any]) -> CommandResponse:
        if action_name == CLEAR_ACTION:
            if self.services is None:
                return fail(f"The {self.noun} needs a running assistant.")
            n = self._store().clear(self.list_name)
            return CommandResponse.final_response(
                {"message": f"Cleared your {self.noun}." if n else f"Your {self.noun} was already empty.",
                 "cleared": n, "list": self.list_name})
        if action_name == "cancel_click":
            return CommandResponse.final_response({"message": f"OK, I left your {self.noun} as it is."})
        return super().handle_action(action_name, context)
