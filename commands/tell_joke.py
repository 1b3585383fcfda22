"""tell_joke: a joke from the offline collection in assets/jokes.json, by topic when one matches."""
from __future__ import annotations

import random
import re
from typing import Any

from commands._common import examples, load_asset_json, say
from commands._grounding import drop_ungrounded
from jarvis_tui.sdk import (CommandAntipattern, CommandExample, CommandResponse, FastPath,
                            JarvisCommandBase, JarvisParameter, PreRouteResult, RequestInformation)


def resolve_topic(topic: str | None) -> str | None:
    """A topic of the collection for what was said, or None when none matches."""
    if not topic:
        return None
    data = load_asset_json("jokes.json")
    t = " ".join(topic.lower().replace("-", " ").split())
    t = re.sub(r"^(?:the|a|an)\s+", "", t)
    t = re.sub(r"\s+jokes?$", "", t) if t not in ("dad joke", "dad jokes", "knock knock joke") else t
    if t in data["topics"]:
        return t
    if t in data["aliases"]:
        return data["aliases"][t]
    if t.endswith("s") and t[:-1] in data["aliases"]:
        return data["aliases"][t[:-1]]
    if t + "s" in data["topics"]:
        return t + "s"
    return None


def _joke_claim(m: re.Match[str], _text: str) -> PreRouteResult | None:
    g = m.groupdict()
    topic = (g.get("topic2") or g.get("topic") or "").strip()
    # the words before a determiner are how it was asked ("crack me a joke", "hit me with a dad joke"):
    # the topic is what comes after the last one
    asking = re.split(r"\b(?:a|an|another|some|any|one|the|your|me|us)\s+", f"{topic} ")
    if len(asking) > 1 and re.search(r"\b(?:was|is|were|are|that's|it's|wasn't|isn't|not)\b", asking[0]):
        return None             # "that was a rubbish joke" is a remark about one, not a request
    topic = asking[-1].strip()
    topic = re.sub(r"^(?:funny|good|bad|great|short|quick|clean|silly|new|another|other|random)\s+", "", topic)
    topic = re.sub(r"\s+(?:funny|good|bad|short|quick|clean|silly)$", "", topic).strip()
    if not topic:
        return PreRouteResult(arguments={})
    if len(topic.split()) > 3:
        return None
    resolved = resolve_topic(topic)
    # the topic as said ("cats"); only the joke forms are named by their collection ("dad jokes")
    return PreRouteResult(arguments={"topic": resolved if resolved in ("dad jokes", "knock knock") else topic})


# What the intent router learns from besides the adapter examples in the class: more ways
# people say it, requests that look alike but are not this command's, and its domain words.
_MORE_EXAMPLES: list[tuple[str, dict[str, Any]]] = [('make me laugh', {}), ('know any good jokes', {}), ('tell me something funny', {}),
 ('got a pun for me', {}), ('joke about computers', {'topic': 'computers'}), ('say something hilarious', {}),
 ('i need a laugh', {}), ('another joke please', {})]
_NEGATIVES: list[str] = ["that's not funny", "you're funny"]
_DOMAIN_WORDS: list[str] = ['joke', 'jokes', 'pun', 'puns']


class TellJokeCommand(JarvisCommandBase):
    def __init__(self) -> None:
        super().__init__()
        self._recent: list[str] = []
        self._rng = random.Random()

    @property
    def command_name(self) -> str:
        return "tell_joke"

    @property
    def capability(self) -> str:
        return 'tell jokes'

    @property
    def description(self) -> str:
        return "Tell a short joke, optionally about a topic (animals, technology, programming, sports, food, science, dad jokes, knock knock)."

    @property
    def parameters(self) -> list[JarvisParameter]:
        return [JarvisParameter("topic", "string", description="What the joke should be about; omit for any joke.")]

    @property
    def keywords(self) -> list[str]:
        return ["joke", "funny", "laugh", "pun"]

    @property
    def antipatterns(self) -> list[CommandAntipattern]:
        return [CommandAntipattern("chat", "You're funny! (a remark, not a request for a joke)")]

    @property
    def fast_paths(self) -> list[FastPath]:
        return [
            FastPath("tell_joke.tell",
                     r"(?:tell|give|say|share|(?:let's|let\s+(?:me|us)|can\s+(?:i|we))\s+(?:hear|have))(?:\s+(?:me|us))?\s+"
                     r"(?:a|an|another|one more|one|some|any)\s+(?P<topic>[a-z -]+?\s+)?jokes?"
                     r"(?:\s+(?:about|on|with|involving)\s+(?P<topic2>[a-z -]+))?",
                     _joke_claim, "tell me a joke (about cats)"),
            FastPath("tell_joke.got_any",
                     r"(?:do you know|have you got|you got|got|know|do you have)\s+(?:a|an|any)\s+(?:good\s+)?(?P<topic>[a-z -]+?\s+)?jokes?"
                     r"(?:\s+(?:about|on)\s+(?P<topic2>[a-z -]+))?",
                     _joke_claim, "got any jokes about animals"),
            FastPath("tell_joke.laugh", r"(?:make me laugh|cheer me up with a joke|say something funny|tell me something funny)"
                     r"(?:\s+with\s+a\s+joke\s+about\s+(?P<topic2>[a-z -]+))?", _joke_claim, "make me laugh"),
            # right after a joke, one more about something with "joke" left out: "got any about the sea"
            FastPath("tell_joke.more_about",
                     r"(?:(?:and|ok|okay|ha|haha|go\s+on)[\s,]+)*(?:(?:do\s+you\s+)?(?:know|have)|(?:have\s+)?you\s+got|got|tell\s+(?:me|us)"
                     r"|give\s+(?:me|us)|what\s+about|how\s+about)?\s*(?:any|one|some|another)(?:\s+(?:more|other|else))?(?:\s+ones?)?"
                     r"\s+(?:about|on|with)\s+(?P<topic2>[a-z -]+)",
                     self._more_about_claim, "got any about the sea (right after a joke)"),
            FastPath("tell_joke.bare", r"(?:a\s+|another\s+)?(?P<topic>[a-z -]+?\s+)?joke(?:\s+about\s+(?P<topic2>[a-z -]+))?",
                     _joke_claim, "joke / dad joke"),
        ]

    def _more_about_claim(self, m: re.Match[str], text: str) -> PreRouteResult | None:
        if self.services is None or self.command_name not in self.services.last_commands():
            return None
        return _joke_claim(m, text)

    # what the intent router learns from besides the examples (the module's constants above)
    negative_examples = _NEGATIVES
    domain_words = _DOMAIN_WORDS

    def generate_prompt_examples(self) -> list[CommandExample]:
        return examples([
            ("Tell me a joke", {}),
            ("Tell me a joke about animals", {"topic": "animals"}),
            ("Make me laugh", {}),
            ("Tell me a dad joke", {"topic": "dad jokes"}),
        ])

    def generate_adapter_examples(self) -> list[CommandExample]:
        return examples(_MORE_EXAMPLES, primary=None) + examples([
            ("Tell me a joke", {}), ("Tell me a joke about animals", {"topic": "animals"}),
            ("Make me laugh with a joke about technology", {"topic": "technology"}), ("Make me laugh", {}),
            ("Say something funny", {}), ("Tell me a joke about cats", {"topic": "cats"}),
            ("Tell me a joke about programming", {"topic": "programming"}), ("Tell me a joke about sports", {"topic": "sports"}),
            ("Got any jokes about animals?", {"topic": "animals"}), ("Tell me a dad joke", {"topic": "dad jokes"}),
            ("Give me a knock knock joke", {"topic": "knock knock"}), ("Tell me another joke", {}),
            ("Do you know any good jokes?", {}), ("Tell me a science joke", {"topic": "science"}),
            ("Tell me a joke about food", {"topic": "food"}), ("I need a laugh, tell me a joke", {}),
            ("Share a joke about math", {"topic": "math"}), ("Tell us a music joke", {"topic": "music"}),
            ("Got a joke about the weather?", {"topic": "weather"}), ("Tell me a computer joke", {"topic": "computers"}),
            ("Tell me a pun", {"topic": "dad jokes"}), ("Say a funny joke about dogs", {"topic": "dogs"}),
        ])

    def _pick(self, pool: list[str]) -> str:
        fresh = [j for j in pool if j not in self._recent] or pool
        joke = self._rng.choice(fresh)
        self._recent = (self._recent + [joke])[-10:]
        return joke

    def post_process_tool_call(self, args: dict[str, Any], voice_command: str) -> dict[str, Any]:
        """A topic the user did not ask for is dropped (any joke); one they said ("a funny one about dogs")
        that the model left out is kept."""
        out = drop_ungrounded(args, voice_command, ["topic"])
        said = re.search(r"\b(?:about|involving|on the subject of)\s+(?:the\s+|a\s+|an\s+)?(?P<topic>[a-z][a-z -]*?)[.!?]*$",
                         voice_command.lower())
        if not out.get("topic") and said and len(said.group("topic").split()) <= 3:
            out["topic"] = said.group("topic").strip()
        return out

    def run(self, request_info: RequestInformation, **kwargs: Any) -> CommandResponse:
        data = load_asset_json("jokes.json")
        asked = (kwargs.get("topic") or "").strip()
        topic = resolve_topic(asked)
        pool = [j for jokes in data["topics"].values() for j in jokes]
        words = [w for w in re.findall(r"[a-z]+", asked.lower()) if len(w) > 2]
        matching = [j for j in pool if words and all(re.search(rf"\b{re.escape(w.rstrip('s'))}", j.lower()) for w in words)]
        fresh = any(j not in self._recent for j in matching)
        if topic and (topic == " ".join(asked.lower().split()) or not fresh):
            # the collection's own topic ("animals"), or one of its kind with no fresh joke that names it
            joke = self._pick(data["topics"][topic])
            return say(joke, topic=topic, joke=joke)
        if fresh:
            joke = self._pick(matching)
            return say(joke, topic=asked, joke=joke)
        if matching:                        # each one about it was just told: another, not the same again
            joke = self._pick(pool)
            return say(f"That's all I know about {asked}. Here's another: {joke}", topic=None, joke=joke)
        joke = self._pick(pool)
        if asked:
            return say(f"I don't know one about {asked}, but here's one: {joke}", topic=None, joke=joke)
        return say(joke, topic=None, joke=joke)
