"""Arguments only from the user's words, for every command, in the turn (not per command).

A small model copies text from its prompt (examples, rules, a retry instruction) into arguments when
the user said nothing of the kind ("What is the capital of France?" as the query of a remark about
food). Before a command sees an LLM-written call, each free-text argument (a string, or each string
of a list) whose content words were mostly not said in the utterance or the recent conversation is
dropped; a required one is then asked for by the usual validation question instead of being made up.
Enum values are constrained by the schema; a parameter that declares `enum_evidence` (the words
that say each value) has the model's choice checked against the utterance: when the user said the
words of some values, the first said wins (usually the verb: "email bob saying send me the report"
is a draft); when they said none, a choice that declares words is dropped ("what is the volume of a
cylinder" is not "volume up"), unless it is the parameter's default (what a request means when it
says none: a reminder is set by "tuesday meeting noon"). A parameter that declares `question_value`
(its command's read) takes that value when the request asks about something ("did my sister write
back to my email" lists the inbox, it sends nothing).

A value the user said only part of that is text of the prompt the model read (an example's
argument, an example request, a rule, a retry instruction: `prompt`) is dropped too, however much
of it was said: "tell me a joke" is an example of the prompt, not the user's words, when they said
"tell me what to do". Words of the prompt blended into the user's ("call the bank at 9 AM Wednesday
at Dr Greens Office" for "add an appointment at nine am wednesday at dr greens office") are taken
out: a run of two or more unsaid content words that stands in the prompt (`without_prompt_runs`); a
few words the model put in place of the user's, between words both share, are the user's again
("I parked on level 42" for "i parked in bay 42": `with_said_words`).
Parameters declared `from_user=False` (text the assistant writes itself, or
values the command grounds by its own tables) are exempt, except that a sentence of three words or
more copied from the prompt, or the user's own words said back, is dropped (the command then words
its own). A number the model wrote must have been said too, as a number or a length of time
(`sdk.grounding.number_said`: relative_minutes 30 on "what alarms do i have" is dropped, 120 for "in
two hours" is kept). Fast paths are not touched: their arguments come from the user's words by
construction."""
from __future__ import annotations

import difflib
import json
import re
from dataclasses import dataclass, field
from typing import Any, Mapping

from jarvis_tui.sdk.command import IJarvisCommand
from jarvis_tui.sdk.grounding import content_words, number_said, said_share, said_values
from jarvis_tui.sdk.text import NUMBER_WORDS, asks_question, normalize_utterance, plain_text, stem

MIN_SHARE = 0.5          # at least half of a value's content words must have been said
MAX_SWAPPED = 3          # words the model may have put in place of the user's, to be put back
PROMPT_RUN_MIN = 2       # content words in a row, none of them said, that make a run copied from the prompt
OWN_WORDS_MIN = 3        # the assistant's own words are checked against the prompt from this many words
                         # (a unit like "miles" the command grounds by its own table is not a copy)


@dataclass
class Grounded:
    arguments: dict[str, Any]
    dropped: dict[str, Any] = field(default_factory=dict)     # name -> the value the user never said
    corrected: dict[str, Any] = field(default_factory=dict)   # name -> the model's value, replaced by the said one


def _grounded_items(chosen: list[Any], evidence: dict[str, list[str]], said: dict[str, int]) -> list[Any]:
    """An enum list checked the same way: the chosen items the user said (and those that declare no
    words); none of them said but others were: those, in the order said; nothing said: the items
    that declare no words."""
    if any(v in said for v in chosen):
        return [v for v in chosen if v in said or not evidence.get(v)]
    if said:
        return sorted(said, key=said.__getitem__)
    return [v for v in chosen if not evidence.get(v)]


def once_each(items: list[Any]) -> list[Any]:
    """A list with each item once (the first time it is written; text compared in plain words): the
    small model repeats an item it is sure of until the token limit (one task nine times in a to-do
    list's tasks, SLURP dev), and nobody adds the same thing to a list twice in one request."""
    seen: set[Any] = set()
    out = []
    for v in items:
        key = plain_text(v) if isinstance(v, str) else json.dumps(v, sort_keys=True, default=str)
        if key not in seen:
            seen.add(key)
            out.append(v)
    return out


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def copied_from_prompt(value: str, share: float, prompt: str) -> bool:
    """A value not said in full (`share`: of its words said) whose words stand, in that order, in the
    prompt's text (`prompt`: its plain words, a space at each end)."""
    words = plain_text(value)
    return share < 1.0 and bool(words and prompt) and f" {words} " in prompt


def said_back(value: str, utterance: str) -> bool:
    """Whether the assistant's words are, or open with, the user's own words said back: the whole of it,
    or its first sentence of OWN_WORDS_MIN words or more ("I went to Walmart today. What can I do for you
    today?" for "i went to walmart today")."""
    if said_share(value, utterance) >= 1.0:
        return True
    first = re.split(r"(?<=[.!?])\s+", value.strip(), maxsplit=1)[0]
    return first != value.strip() and len(plain_text(first).split()) >= OWN_WORDS_MIN and said_share(first, utterance) >= 1.0


def without_prompt_runs(value: str, heard: str, prompt: str) -> str:
    """`value` without the words of the prompt that the model blended into the user's: each run of
    words the user did not say, with PROMPT_RUN_MIN or more words with letters among them (function
    words and numbers between them), that stands, in that order, in the prompt's text (`prompt`: its
    plain words, a space at each end). "call the bank at 9 AM Wednesday at Dr Greens Office" for "add
    an appointment at nine am wednesday at dr greens office" (an example's "call the bank") keeps the
    rest; the function words left at an end are trimmed. The value itself when it has no such run; ""
    when nothing of the user's is left. A number alone is never taken out ("9:30" for "half nine")."""
    if not prompt:
        return value
    tokens = value.split()
    kinds = [_kind(t, heard) for t in tokens]
    gone: set[int] = set()
    i = 0
    while i < len(tokens):
        if kinds[i] not in "un":
            i += 1
            continue
        end = i
        while end + 1 < len(tokens) and kinds[end + 1] in "unf":
            end += 1
        ends = [k for k in range(i, end + 1) if kinds[k] in "un"]
        # the longest stretch from one unsaid word to another that the prompt holds
        for a, b in sorted(((a, b) for a in ends for b in ends if b >= a), key=lambda ab: ab[0] - ab[1]):
            lettered = sum(len(_lettered(tokens[k])) for k in range(a, b + 1) if kinds[k] == "u")
            if lettered >= PROMPT_RUN_MIN and f" {plain_text(' '.join(tokens[a:b + 1]))} " in prompt:
                gone.update(range(a, b + 1))
                break
        i = end + 1
    if not gone:
        return value
    kept = [k for k in range(len(tokens)) if k not in gone]
    while kept and kinds[kept[0]] == "f":
        kept.pop(0)
    while kept and kinds[kept[-1]] == "f":
        kept.pop()
    return " ".join(tokens[k] for k in kept)


def with_said_words(value: str, utterance: str, heard: str) -> str:
    """`value` with the user's words put back where the model wrote others in their place: a stretch of
    up to MAX_SWAPPED words, none of them said (in `heard`), between two stretches the value and the
    utterance share, where the user said other words ("I parked on level 42" for "i parked in bay 42":
    the prompt's example "on level 3"). The value itself when it swapped nothing."""
    tokens = value.split()
    ours = [plain_text(t) for t in tokens]
    said = plain_text(normalize_utterance(utterance)).split()
    if not tokens or not said:
        return value
    ops = difflib.SequenceMatcher(a=ours, b=said, autojunk=False).get_opcodes()
    out = list(tokens)
    for k, (tag, i1, i2, j1, j2) in enumerate(ops):
        if tag != "replace" or not 0 < k < len(ops) - 1 or ops[k - 1][0] != "equal" or ops[k + 1][0] != "equal":
            continue
        if i2 - i1 > MAX_SWAPPED or j2 - j1 > MAX_SWAPPED:
            continue
        kinds = [_kind(t, heard) for t in tokens[i1:i2]]
        theirs = " ".join(said[j1:j2])
        if "s" in kinds or "u" not in kinds or not _lettered(theirs) or said_share(theirs, value) > 0:
            continue
        out[i1:i2] = [theirs] + [""] * (i2 - i1 - 1)
    return " ".join(t for t in out if t) if out != tokens else value


def in_users_spelling(value: str, utterance: str) -> str:
    """`value` with each word the user did not say, but said one letter apart from it, spelt as they said
    it: the model writes a said word its own way ("call mom" for "remind me to call mum", "organize" for
    "organise", "yogurt" for "yoghurt"), and then it is no longer the user's words (a value that stands in
    the prompt was dropped: "What should I remind you about?"). Only a word of three letters or more,
    with the same first and last letters ("timer" is not "time"), and only when one said word is that
    near; not another form of the same word ("divided" for "divide": the model's grammar), nor a sound
    without a vowel ("mmm"); numbers are left alone. The turn takes it only when every word of the value
    is then the user's (`ground_arguments`): "last" is a word of its own beside a said "list"."""
    from rapidfuzz.distance import Levenshtein

    said = [w for w in dict.fromkeys(plain_text(normalize_utterance(utterance)).split())
            if len(w) >= 3 and w.isalpha() and w not in NUMBER_WORDS and re.search("[aeiouy]", w)]
    out = []
    for token in value.split():
        m = re.fullmatch(r"(\W*)([A-Za-z]+)(\W*)", token)
        word = m.group(2).lower() if m else ""
        if len(word) < 3 or word in NUMBER_WORDS or said_share(word, utterance) > 0:
            out.append(token)
            continue
        near = [w for w in said if (w[0], w[-1]) == (word[0], word[-1]) and Levenshtein.distance(word, w, score_cutoff=1) <= 1
                and stem(w) != stem(word)]
        if len(near) != 1:
            out.append(token)
            continue
        theirs = near[0].capitalize() if m.group(2)[0].isupper() else near[0]
        out.append(m.group(1) + theirs + m.group(3))
    return " ".join(out) if out != value.split() else value


def _lettered(token: str) -> list[str]:
    return [w for w in content_words(token) if re.search(r"[a-z]", w)]


def _kind(token: str, heard: str) -> str:
    """One word of a value: "u" a word with letters the user did not say, "n" a number not said, "s"
    said, "f" a function word or punctuation."""
    words = content_words(token)
    if not words:
        return "f"
    if _lettered(token):
        return "u" if said_share(token, heard) < 1.0 else "s"
    return "n" if any(not number_said(n, heard) for n in re.findall(r"\d+(?:\.\d+)?", token)) else "s"


def ground_arguments(command: IJarvisCommand, arguments: dict[str, Any], utterance: str, conversation: str = "",
                     prompt: str = "", learned: Mapping[str, Any] | None = None) -> Grounded:
    """`prompt`: the text the model read (system prompt and messages), when the caller has it.
    `learned`: the choice arguments the intent router decided from the command's own examples
    (`IntentRouter.decided_arguments`): such a value is used, whatever value the model chose and
    whatever other value's words were said ("the alarm rundown for tomorrow" is a list), except
    that a question is still a read (`question_value`)."""
    heard = f"{utterance}\n{conversation}"
    prompt = f" {plain_text(prompt)} " if prompt else ""

    def kept(v: Any) -> bool:
        """A value (or a list's item) the user said: text mostly said and not the prompt's, a number
        said; anything else is left to the command."""
        if _is_number(v):
            return number_said(v, heard)
        if not isinstance(v, str):
            return True
        share = said_share(v, heard)
        return share >= MIN_SHARE and not copied_from_prompt(v, share, prompt)

    def unblend(v: Any) -> Any:
        """A value in the user's spelling, with the prompt's words taken out; a value that is all the
        prompt's is left whole (`kept` drops it)."""
        if not isinstance(v, str):
            return v
        spelt = in_users_spelling(v, utterance)
        if spelt != v and said_share(spelt, heard) >= 1.0:
            v = spelt                   # all of it the user's words, some in the model's spelling
        if copied_from_prompt(v, said_share(v, heard), prompt):
            return v
        return with_said_words(without_prompt_runs(v, heard, prompt) or v, utterance, heard)

    out = dict(arguments)
    dropped: dict[str, Any] = {}
    corrected: dict[str, Any] = {}
    question = asks_question(utterance)
    for p in command.parameters:
        if p.question_value is not None and question and not isinstance(out.get(p.name), list):
            if out.get(p.name) != p.question_value:     # a question is a read, whatever verb it says
                corrected[p.name] = out.get(p.name)
                out[p.name] = p.question_value
            continue
        if learned and p.name in learned and p.enum_values and not isinstance(out.get(p.name), list):
            if out.get(p.name) != learned[p.name]:
                if p.name in out:
                    corrected[p.name] = out[p.name]
                out[p.name] = learned[p.name]
            continue
        if p.name not in out:
            continue
        if p.from_words:            # the command reads it from the words: the model was never asked for it
            dropped[p.name] = out.pop(p.name)
            continue
        if not p.from_user:
            # the assistant's own words may not be a sentence of the prompt (chat's reply written as the
            # example request "Hey Jarvis, how's it going?") nor open with the user's words said back ("I
            # fancy a cup of tea now.", "I'm cooking dinner! What can I do for you?"): without them the
            # command words its own
            value = out[p.name]
            if isinstance(value, str) and len(plain_text(value).split()) >= OWN_WORDS_MIN and (
                    copied_from_prompt(value, said_share(value, heard), prompt) or said_back(value, utterance)):
                dropped[p.name] = out.pop(p.name)
            continue
        if p.enum_values:
            evidence = p.enum_evidence
            chosen = out[p.name]
            if not evidence:
                continue
            said = said_values(evidence, utterance)
            if isinstance(chosen, list):
                items = _grounded_items(chosen, evidence, said)
                if items != chosen:
                    if items:
                        corrected[p.name] = chosen
                        out[p.name] = items
                    else:
                        dropped[p.name] = out.pop(p.name)
                continue
            if not isinstance(chosen, str):
                continue
            if said:                        # the value the user said (the first, when several: the verb)
                first = min(said, key=said.__getitem__)
                if first != chosen:
                    corrected[p.name] = chosen
                    out[p.name] = first
            elif evidence.get(chosen) and chosen != p.default:     # the default needs no words
                dropped[p.name] = out.pop(p.name)
            continue
        value = out[p.name]
        # the prompt's words taken out of a blend (a value wholly the prompt's is left whole: dropped below)
        unblended = [unblend(v) for v in value] if isinstance(value, list) else unblend(value)
        if unblended != value:
            corrected[p.name] = value
            out[p.name] = value = unblended
        if not isinstance(value, list):
            if not kept(value):
                dropped[p.name] = out.pop(p.name)
        else:
            good = [v for v in value if kept(v)]
            if len(good) != len(value):
                # the items dropped, as the model wrote them (before a blend was taken out of them)
                dropped[p.name] = [w for v, w in zip(value, corrected.get(p.name, value)) if v not in good]
                if good:
                    out[p.name] = good
                else:
                    out.pop(p.name)
            if isinstance(out.get(p.name), list) and (single := once_each(out[p.name])) != out[p.name]:
                corrected.setdefault(p.name, arguments[p.name])       # an item written again is taken once
                out[p.name] = single
    for name in dropped:
        if name not in out:
            corrected.pop(name, None)    # taken out of a blend, then dropped whole: dropped
    return Grounded(out, dropped, corrected)


def users_words(command: IJarvisCommand, arguments: Mapping[str, Any]) -> dict[str, Any]:
    """The arguments that hold the user's own words: free text from the user, not a choice among
    values ("action": "add") and not the assistant's own words (chat's reply)."""
    return {p.name: arguments[p.name] for p in command.parameters
            if p.from_user and not p.enum_values and arguments.get(p.name) is not None}


def unsaid_target(command: IJarvisCommand, arguments: Mapping[str, Any], utterance: str) -> list[str]:
    """The free-text arguments with a word this request did not say ("turn off my weekday alarm" written
    as "alarm tomorrow at 5:45 am", the alarm the assistant had named a turn before): what a destructive
    call would act on is then the model's guess, and it asks first."""
    out = []
    for name, value in users_words(command, arguments).items():
        values = [v for v in (value if isinstance(value, list) else [value]) if isinstance(v, str)]
        if any(said_share(v, utterance) < 1.0 for v in values):
            out.append(name)
    return out


def names_its_domain(command: IJarvisCommand, utterance: str) -> bool:
    """Whether the words say one of the command's domain words ("timer" of "cancel the timer", "shopping
    list"), in any of its forms (a phrase: all its words): a request that says none ("cancel") names
    nothing the command would act on."""
    said = {stem(w) for w in re.findall(r"[a-z']+", normalize_utterance(utterance))}
    return any(all(w in said for w in phrase) for phrase in _domain_stems(command))


def _domain_stems(command: IJarvisCommand) -> list[list[str]]:
    """Each of the command's domain words (a word or a phrase) as the stems of its words."""
    return [[stem(w) for w in re.findall(r"[a-z']+", str(d).lower())] for d in command.domain_words]


# words that address the assistant or are only polite, none of them a request's content
_ADDRESS = frozenset("hey hi ok okay jarvis so um uh".split())
# the head word of a noun phrase: the last word after a determiner before the phrase ends ("hit the mute
# button": "button"; "turn the volume up": "volume")
_DETERMINER = re.compile(r"\b(?:the|my|your|this|that|these|those|our)\s+(?:[a-z'-]+\s+)??([a-z'-]+)"
                         r"(?=\s*(?:$|[,.?!]|\s(?:to|for|on|off|up|down|in|at|of|by|and|or|with|from|please|now|"
                         r"back|again|too|then|a|an|the|is|are|was|were|has|have|going|goes|went|set|running|left)\b"
                         r"|\s[a-z]+(?:ed|ly)\b))")


def _things_named(command: IJarvisCommand) -> set[str]:
    """The words the command's own examples say after a determiner ("cancel the timer", "turn the volume
    up"): the names of things, where "louder" or "mute" say what to do."""
    said = " . ".join(str(e.voice_command).lower() for e in command.generate_adapter_examples())
    return {stem(w) for w in _DETERMINER.findall(said)}


def says_only_its_domain(command: IJarvisCommand, utterance: str) -> bool:
    """Whether the words say nothing but the thing the command acts on: "timer", "my timers", "the
    volume" (domain words its examples say as a thing). No verb and no value: what the user wants done
    with it is not said ("mute" or "louder" alone say it)."""
    domain = {w for phrase in _domain_stems(command) for w in phrase}
    words = [stem(w) for w in content_words(utterance) if w not in _ADDRESS]
    return bool(words) and all(w in domain for w in words) and all(w in _things_named(command) for w in words)
