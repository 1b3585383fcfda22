"""The intent router (upstream `use_tool_classifier`): a classifier learned from what each discovered
command declares, that ranks the tools for an utterance and scores "no command fits".

Training data, all of it declared outside the core:
- each command's `generate_adapter_examples()` and `generate_prompt_examples()` -> that command;
- each command's `domain_words` -> that command (short samples, so its vocabulary counts);
- each command's `negative_examples` -> out of scope (unless the same text is another command's
  positive example);
- `assets/router/out_of_scope.txt`: requests a desktop assistant hears and no command serves,
  grouped by topic (the topic is what the spoken decline names). An out-of-scope example that
  contains a domain word some command declares is left out, so a command added for that topic takes
  those requests over by its declarations alone.
The core names no command: a plugin command in `<config dir>/commands/` is routed from its own
examples exactly as a built-in is.

Model: scikit-learn, TF-IDF over word 1-2-grams and character 2-5-grams (robust to the typos and
odd word forms of transcripts) side by side with a sentence embedding (all-MiniLM-L6-v2,
`sentence_embedder.py`: what the words mean, so that phrasings the declarations never used land
near the ones they did), one multinomial logistic regression over both (calibrated-enough
probabilities for thresholds). Without the embedding model (not installed, `routing.embedding =
false`) the n-grams alone. See the README for the figures that chose it.

Decisions (`decide`), thresholds from `[routing]` in config:
- "decline": out of scope ranks first (at `decline` or more) -> nothing fires, "I can't <topic>
  yet.";
- "direct": a direct-answer command (allow_direct_answer) is confident -> that command, no LLM call
  to route (the command itself may use the LLM to write its words);
- "tool": an action command is confident -> the LLM only fills its arguments;
- "shortlist": not confident -> the constrained output may name only the top tools that have a real
  share of the best one's probability (or decline); when "no command fits" ranks first, only the
  direct-answer commands (or a decline: with none of them on the list the router declines itself);
  when "no command fits" has almost no chance (under `declinable`), not a decline: the model only
  chooses which command (a destructive guess still asks first).
"""
from __future__ import annotations

import collections
import hashlib
import logging
import math
import os
import pickle
import re
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

from jarvis_tui.assistant.sentence_embedder import EmbedderError, SentenceEmbedder, load_embedder
from jarvis_tui.sdk.command import IJarvisCommand
from jarvis_tui.sdk.grammar import DECLINE_TOOL
from jarvis_tui.sdk.grounding import content_words
from jarvis_tui.sdk.text import DISCOURSE_WORDS, NUMBER_WORDS, expand_negations, main_clause, normalize_utterance, stem

log = logging.getLogger(__name__)

OUT_OF_SCOPE = "out_of_scope"
NO_TOPIC = ""                   # the topic model's "none of these topics": the decline names nothing
ASSET = Path(__file__).resolve().parents[2] / "assets" / "router" / "out_of_scope.txt"


@dataclass(frozen=True)
class RouterThresholds:
    decline: float = 0.2         # out-of-scope probability that declines when it ranks first (README:
                                 # on SLURP dev, the 0.5B asked to choose among chat/answer_question
                                 # when "no command" ranked first picked a wrong one 20 times more
                                 # often than a right one)
    direct: float = 0.55         # a direct-answer command's probability that skips the LLM routing call
    tool: float = 0.8            # an action command's probability that counts as confident (0.7 with the
                                 # n-grams alone; with the embedding the router is surer, and on SLURP dev
                                 # 0.8 decides more rows right with no more actions fired: README)
    shortlist_size: int = 4      # tools the constrained output may name when not confident
    shortlist_mass: float = 0.95  # ... or fewer, once their probabilities add up to this
    shortlist_share: float = 0.2  # ... each with at least this share of the best tool's probability
    shortlist_floor: float = 0.05  # ... and at least this probability
    declinable: float = 0.05     # "no command fits" probability under which a shortlist may not be declined:
                                 # the request is for one of the commands, the model only chooses which
                                 # (README: on SLURP dev no request that no command serves was under it)
    act_margin: float = 1.25     # an action the model picks from an unsure shortlist needs this many times the
                                 # probability of "no command fits" (README: on SLURP dev 1.0 -> 1.25 fired 3
                                 # fewer actions on no-command rows and lost no right one; 1.5 lost 5)
    argument: float = 0.7        # a choice argument's value (a command's "action") learned from its examples
                                 # at this probability or more is decided: the model writes the rest (README:
                                 # on SLURP dev 0.6-0.8 decided as many right; 0.5 and 0.9 fewer)


@dataclass
class RouterResult:
    ranked: list[tuple[str, float]]            # every tool and OUT_OF_SCOPE, most probable first
    decision: str                              # decline | direct | tool | shortlist
    tool: str | None = None                    # decided tool (direct / tool)
    shortlist: tuple[str, ...] = ()            # tools the constrained output may name
    topic: str | None = None                   # for a decline: what the user asked for
    confident: bool = False                    # the top tool may be acted on without asking
    elapsed_ms: float = 0.0
    weighed: dict[str, Any] | None = None      # a shortlist decided with the model's own probabilities
    declinable: bool = True                    # the model may answer "no command fits" (a shortlist)
    holding: tuple[str, ...] = ()              # the commands that hold something the request names (the turn's)
    # the decided tool's choice arguments as its examples say them: name -> (most probable value, probability)
    argument_values: dict[str, tuple[str, float]] = field(default_factory=dict)

    def shown_arguments(self) -> dict[str, list[Any]]:
        """The choice arguments as JSON shows them (route's output, the Routed event): {"action": ["list", 0.93]}."""
        return {k: [v, round(q, 3)] for k, (v, q) in self.argument_values.items()}

    @property
    def out_of_scope(self) -> float:
        return next((p for n, p in self.ranked if n == OUT_OF_SCOPE), 0.0)

    def top(self, k: int = 3) -> list[tuple[str, float]]:
        return [(n, round(p, 3)) for n, p in self.ranked[:k]]

    def to_dict(self, k: int = 3) -> dict[str, Any]:
        return {"top": [[n, p] for n, p in self.top(k)], "out_of_scope": round(self.out_of_scope, 3),
                "decision": self.decision, "tool": self.tool, "shortlist": list(self.shortlist),
                "topic": self.topic, "confident": self.confident, "ms": round(self.elapsed_ms, 2),
                **({} if self.declinable else {"declinable": False}),
                **({"holding": list(self.holding)} if self.holding else {}),
                **({"arguments": self.shown_arguments()} if self.argument_values else {}),
                **({"weighed": self.weighed} if self.weighed else {})}


def routed_words(text: str) -> str:
    """What the router reads of an utterance: its words normalised, without a clause that says why it
    is asked ("remind me to take an umbrella because it might rain" is a reminder, not weather), with
    "n't" said as "not": "that wasn't even funny" read as "that wasn ... funny" was nearer praise and a
    joke than "that was not even funny", a remark about the last reply (holdout 27)."""
    return main_clause(normalize_utterance(expand_negations(text)))


@dataclass
class TrainingSet:
    texts: list[str] = field(default_factory=list)
    labels: list[str] = field(default_factory=list)
    weights: list[float] = field(default_factory=list)
    topics: dict[str, str] = field(default_factory=dict)     # out-of-scope text -> topic
    # (command, choice parameter) -> {example text: the value its example gives}: what a choice
    # argument (an enum: "action") means, learned per command from its own examples
    values: dict[tuple[str, str], dict[str, str]] = field(default_factory=dict)
    dropped_out_of_scope: int = 0
    dropped_negatives: int = 0                  # negatives naming another command's domain words

    def add(self, text: str, label: str, weight: float = 1.0) -> None:
        t = routed_words(text)
        if t:
            self.texts.append(t)
            self.labels.append(label)
            self.weights.append(weight)

    def digest(self) -> str:
        h = hashlib.sha256()
        for t, lab, w in zip(self.texts, self.labels, self.weights):
            h.update(f"{lab}\t{w}\t{t}\n".encode())
        for (command, param), said in sorted(self.values.items()):
            for t, v in sorted(said.items()):
                h.update(f"{command}.{param}={v}\t{t}\n".encode())
        return h.hexdigest()[:16]


def read_out_of_scope(path: Path = ASSET) -> list[tuple[str, str]]:
    """(topic, text) pairs from the built-in out-of-scope file."""
    pairs: list[tuple[str, str]] = []
    topic = "do that"
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or (line.startswith("#") and not line.startswith("##")):
            continue
        if line.startswith("##"):
            topic = line.lstrip("#").strip()
            continue
        pairs.append((topic, line))
    return pairs


def _contains_word(text: str, word: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(word.lower())}(?![\w-])", text) is not None


def _stems(text: str, stemmed: bool = True) -> list[str]:
    """The content words of a text, each cut to its stem ("cancelling", "cancels" -> "cancel"; the
    Snowball English stemmer), so that a word form the examples did not use still counts as taught.
    Numbers and the words said around a request ("hey", "just") are not words here. `stemmed=False`:
    the same words as said."""
    out = []
    for w in content_words(text):
        w = w.strip(".'")
        if not w.isalpha() or w in NUMBER_WORDS or w in DISCOURSE_WORDS or len(w) < 3:
            continue
        out.append(stem(w) if stemmed else w)
    return out


def build_training_set(commands: Iterable[IJarvisCommand], out_of_scope: list[tuple[str, str]] | None = None) -> TrainingSet:
    commands = list(commands)
    data = TrainingSet()
    positives: dict[str, str] = {}
    domain: list[str] = []
    for c in commands:
        name = c.command_name
        examples = list(c.generate_adapter_examples()) + list(c.generate_prompt_examples())
        seen: set[str] = set()
        choices = [p.name for p in c.parameters if p.enum_values and not p.is_array]
        for e in examples:
            t = normalize_utterance(e.voice_command)
            if t and t not in seen:
                seen.add(t)
                positives.setdefault(t, name)
                data.add(t, name)
            for param in choices:
                value = (e.expected_parameters or {}).get(param)
                if t and isinstance(value, str):
                    data.values.setdefault((name, param), {}).setdefault(t, value)
        for w in c.domain_words:
            if str(w).strip():
                domain.append(str(w).strip().lower())
                data.add(str(w), name, 0.5)
    own_domain = {c.command_name: {str(w).strip().lower() for w in c.domain_words}
                  for c in commands}
    for c in commands:
        # a negative trains as "no command", so one that names another command's domain ("turn the lights
        # up" beside a lights plugin, "remind me" beside reminders) is left out: it is that command's
        others = [w for name, words in own_domain.items() if name != c.command_name for w in words - own_domain[c.command_name]]
        for text in c.negative_examples:
            t = normalize_utterance(text)
            if not t or t in positives:
                continue
            if any(_contains_word(t, w) for w in others if w):
                data.dropped_negatives += 1
                continue
            data.add(t, OUT_OF_SCOPE)
    pairs = [(topic, normalize_utterance(text)) for topic, text in (read_out_of_scope() if out_of_scope is None else out_of_scope)]
    taken = {(topic, t) for topic, t in pairs if any(_contains_word(t, w) for w in domain) or t in positives}
    # a topic most of whose requests the commands' own words take over is theirs, all of it: "turn it down a
    # bit" stayed out of scope beside a volume command ("I can't change the volume yet.")
    size = collections.Counter(topic for topic, _t in pairs)
    owned = {topic for topic, n in collections.Counter(topic for topic, _t in taken).items() if 2 * n > size[topic]}
    for topic, t in pairs:
        if (topic, t) in taken or topic in owned:
            data.dropped_out_of_scope += 1
            continue
        data.topics[t] = topic
        data.add(t, OUT_OF_SCOPE)
    return data


EMBEDDING_SCALE = 1.0      # the embedding's length beside the two unit-length TF-IDF vectors (README: 0.5-3
                           # compared on SLURP dev; 1 was best)
FIT_VERSION = 3            # what `_fit` makes of the same training set; changed with it, so a cached router of
                           # the old form is refitted (2: the topic model learned "none of these topics";
                           # 3: the choice arguments' models)
MIN_VALUE_EXAMPLES = 3     # a choice argument is learned when at least two of its values have this many examples
NO_TOPIC_WEIGHT = 0.5      # "none of these topics" counts half beside the topics (balanced classes otherwise):
                           # README, declines that name a wrong topic on SLURP dev 69 -> 36, holdout 18 -> 5
EVERYDAY_SPREAD = 3        # a word in the examples of this many commands is an everyday word of requests, not
                           # one command's ("can", "please", "now"): `untaught_words` never counts it
FOREIGN_EXAMPLES = 2       # a word only out-of-scope requests were taught marks one (`foreign_words`) when at least
                           # this many of them say it ("twitter", "contact"; not "question" of "play twenty
                           # questions" alone: README, SLURP dev)
KEEP_READ = 4              # utterances whose features are kept (`_read`)
KEEP_CACHED = 4            # fitted routers kept in the cache folder (data dirs and plugin sets share it)


class IntentRouter:
    """Fitted once per set of commands (at start-up, a few seconds; then cached), then `rank`/`decide`
    per utterance. `embedding`: use the sentence embedding beside the n-grams when the model is
    there (`embedder` gives one; otherwise the process's shared one is loaded)."""

    def __init__(self, commands: Iterable[IJarvisCommand], thresholds: RouterThresholds | None = None,
                 out_of_scope: list[tuple[str, str]] | None = None, cache_dir: Path | None = None,
                 embedding: bool = True, embedder: SentenceEmbedder | None = None) -> None:
        self.commands = {c.command_name: c for c in commands}
        self.thresholds = thresholds or RouterThresholds()
        t0 = time.perf_counter()
        self.embedder: SentenceEmbedder | None = embedder if embedding else None
        self.embedding_error: str | None = None      # why the n-grams route alone, when they do
        if embedding and self.embedder is None:
            try:
                self.embedder = load_embedder()
            except EmbedderError as exc:
                self.embedding_error = str(exc)
                log.warning("intent router without sentence embeddings: %s", exc)
        self.data = build_training_set(self.commands.values(), out_of_scope)
        self.from_cache = self._load(cache_dir)
        if not self.from_cache:
            self._fit()
            self._save(cache_dir)
        self.train_ms = (time.perf_counter() - t0) * 1000
        self._lock = threading.Lock()
        self._taught: tuple[dict[str, frozenset[str]], frozenset[str]] | None = None    # _vocabulary
        self._foreign_words: frozenset[str] | None = None                              # _foreign
        self._recent: collections.OrderedDict[str, Any] = collections.OrderedDict()   # the last utterances read, and their features
        log.info("intent router (%s): %d samples, %d labels, %s in %.0f ms", self.feature_names,
                 len(self.data.texts), len(self.classes), "loaded from cache" if self.from_cache else "fitted",
                 self.train_ms)

    @property
    def feature_names(self) -> str:
        """What the router reads: "n-grams" or "n-grams + all-MiniLM-L6-v2"."""
        return "n-grams" + (f" + {self.embedder.name}" if self.embedder is not None else "")

    # ---- model -----------------------------------------------------------------------------------
    def _cache_file(self, cache_dir: Path | None) -> Path | None:
        if cache_dir is None:
            return None
        import sklearn
        key = hashlib.sha256(f"{self.data.digest()}|{self.feature_names}|{EMBEDDING_SCALE}|{FIT_VERSION}".encode()).hexdigest()[:16]
        return Path(cache_dir) / f"router-{key}-sklearn{sklearn.__version__}.pkl"

    def _load(self, cache_dir: Path | None) -> bool:
        """The fitted model of exactly these training texts (same digest and scikit-learn version),
        written by this program into the user's own data dir; anything unreadable is refitted."""
        path = self._cache_file(cache_dir)
        if path is None or not path.is_file():
            return False
        try:
            with path.open("rb") as f:
                self.features, self.model, self.topic_model, self.value_models = pickle.load(f)
            self.classes = [str(c) for c in self.model.classes_]
            return True
        except Exception as exc:  # noqa: BLE001 - a bad cache file is only a slower start
            log.warning("router cache %s unreadable (%s): refitting", path, exc)
            return False

    def _save(self, cache_dir: Path | None) -> None:
        path = self._cache_file(cache_dir)
        if path is None:
            return
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(f".{os.getpid()}.{threading.get_ident()}.tmp")
            with tmp.open("wb") as f:
                pickle.dump((self.features, self.model, self.topic_model, self.value_models), f)
            tmp.replace(path)
            older = sorted(path.parent.glob("router-*.pkl"), key=lambda p: p.stat().st_mtime, reverse=True)
            for old in older[KEEP_CACHED:]:
                old.unlink(missing_ok=True)
        except OSError as exc:
            log.warning("router cache not written to %s: %s", path, exc)

    def _fit(self) -> None:
        from sklearn.feature_extraction.text import TfidfVectorizer
        from sklearn.linear_model import LogisticRegression
        from sklearn.pipeline import FeatureUnion
        self.features = FeatureUnion([
            ("words", TfidfVectorizer(analyzer="word", ngram_range=(1, 2), sublinear_tf=True,
                                      token_pattern=r"(?u)\b\w[\w']*\b")),
            ("chars", TfidfVectorizer(analyzer="char_wb", ngram_range=(2, 5), sublinear_tf=True, min_df=1)),
        ])
        x = self._with_embedding(self.features.fit_transform(self.data.texts), self.data.texts)
        self.model = LogisticRegression(C=20.0, max_iter=3000, class_weight="balanced")
        self.model.fit(x, self.data.labels, sample_weight=self.data.weights)
        self.classes: list[str] = [str(c) for c in self.model.classes_]
        # the topic of an out-of-scope request (what the decline says): a second classifier over the
        # topics of the out-of-scope examples, on the same features, with one more class, "none of
        # these", learned from everything else the router knows (the commands' examples, their
        # negatives): a declined request that is near none of the topics ("the cosmos", a question
        # about the user's plans) gets the plain decline, not the nearest topic's
        topics = [self.data.topics.get(t, NO_TOPIC) if lab == OUT_OF_SCOPE else NO_TOPIC
                  for t, lab in zip(self.data.texts, self.data.labels)]
        self.topic_model = None
        if len(set(topics) - {NO_TOPIC}) >= 2:
            weights = [w * (NO_TOPIC_WEIGHT if t == NO_TOPIC else 1.0) for t, w in zip(topics, self.data.weights)]
            self.topic_model = LogisticRegression(C=20.0, max_iter=3000, class_weight="balanced").fit(
                x, topics, sample_weight=weights)
        # each command's choice arguments ("action": set / list / delete), from its own examples, on
        # the same features: "the alarm rundown for tomorrow" is a list, whatever verb it says
        self.value_models: dict[tuple[str, str], Any] = {}
        row = {(t, lab): i for i, (t, lab) in reversed(list(enumerate(zip(self.data.texts, self.data.labels))))}
        for (command, param), said in self.data.values.items():
            counts = collections.Counter(said.values())
            if sum(n >= MIN_VALUE_EXAMPLES for n in counts.values()) < 2:
                continue
            texts = [t for t in said if (t, command) in row]
            self.value_models[(command, param)] = LogisticRegression(C=20.0, max_iter=3000, class_weight="balanced").fit(
                x[[row[(t, command)] for t in texts]], [said[t] for t in texts])

    def _with_embedding(self, ngrams: Any, texts: list[str]) -> Any:
        if self.embedder is None:
            return ngrams
        from scipy.sparse import csr_matrix, hstack
        return hstack([ngrams, csr_matrix(self.embedder.embed(texts) * EMBEDDING_SCALE)]).tocsr()

    def _vectors(self, texts: list[str]) -> Any:
        return self._with_embedding(self.features.transform(texts), texts)

    def digest(self) -> str:
        return self.data.digest()

    def _direct(self, name: str) -> bool:
        """A command that answers in words (chat, answer_question): no action to guard."""
        command = self.commands.get(name)
        return command is not None and command.allow_direct_answer

    # ---- what each command was taught -------------------------------------------------------------
    def _vocabulary(self) -> tuple[dict[str, frozenset[str]], frozenset[str]]:
        """Each command's words (the stems of its examples and domain words), and the everyday words of
        requests: those of the examples of EVERYDAY_SPREAD commands or out-of-scope topics or more
        ("hey", "please", "now")."""
        if self._taught is None:
            words: dict[str, set[str]] = collections.defaultdict(set)
            for text, label in zip(self.data.texts, self.data.labels):
                if label == OUT_OF_SCOPE:
                    label = f"{OUT_OF_SCOPE}:{self.data.topics.get(text, NO_TOPIC)}"
                words[label].update(_stems(text))
            spread = collections.Counter(w for stems in words.values() for w in stems)
            everyday = frozenset(w for w, n in spread.items() if n >= EVERYDAY_SPREAD)
            self._taught = ({name: frozenset(stems) for name, stems in words.items()
                             if not name.startswith(OUT_OF_SCOPE)}, everyday)
        return self._taught

    def _foreign(self) -> frozenset[str]:
        """The words only requests no command serves were taught: in `FOREIGN_EXAMPLES` or more of the
        out-of-scope examples and commands' negatives, in no action's examples or domain words, not
        everyday words ("twitter", "taxi", "lamp"). A direct answer's examples do not count: a question
        about taxis ("how much does a taxi driver earn") teaches no action that a taxi is its business,
        and the words mark only actions (`ConversationBrain._below_no_command`)."""
        if self._foreign_words is None:
            taught, everyday = self._vocabulary()
            actions = [stems for name, stems in taught.items()
                       if not getattr(self.commands.get(name), "allow_direct_answer", False)]
            commands = frozenset().union(*actions) if actions else frozenset()
            outside = collections.Counter(w for text, label in zip(self.data.texts, self.data.labels)
                                          if label == OUT_OF_SCOPE for w in set(_stems(text)))
            self._foreign_words = frozenset(w for w, n in outside.items() if n >= FOREIGN_EXAMPLES) - commands - everyday
        return self._foreign_words

    def foreign_words(self, text: str, values: Iterable[str] = ()) -> list[str]:
        """The words of `text` that only requests no command serves were taught (`_foreign`), not part
        of an argument value (`values`: a reminder "to book a taxi" keeps its own words): "send this
        message to bob on twitter" says "twitter", which e-mail was never taught and its negatives name."""
        known: set[str] = set()
        for value in values:
            known |= set(_stems(str(value)))
        foreign = self._foreign()
        said = _stems(normalize_utterance(text), stemmed=False)
        return [w for w in dict.fromkeys(said) if stem(w) in foreign and stem(w) not in known]

    def untaught_words(self, tool: str, text: str, values: Iterable[str] = ()) -> list[str]:
        """The words of `text` that `tool` was never taught: in none of its examples or domain words,
        not everyday words of requests, not part of an argument value (`values`: "pasta" of "cancel the
        pasta timer"). "pause the timer" routed to a cancel says "pause": a verb the command does not
        do, so a destructive call on it is a guess (the turn asks first)."""
        taught, everyday = self._vocabulary()
        known = taught.get(tool, frozenset()) | everyday
        for value in values:
            known |= set(_stems(str(value)))
        said = _stems(normalize_utterance(text), stemmed=False)
        return [w for w in dict.fromkeys(said) if stem(w) not in known]

    # ---- per utterance ---------------------------------------------------------------------------
    def _read(self, t: str) -> Any:
        """The features of one normalised utterance (n-grams and, with the model, its embedding). The
        last KEEP_READ are kept: a decline reads its topic from the same words `rank` just read, a turn
        decides the whole request and the words it asks about one after the other and again for the
        panel ("how do i cancel a timer"), and the embedding is most of a decision's time."""
        with self._lock:
            features = self._recent.pop(t, None)
            if features is None:
                features = self._vectors([t])
            self._recent[t] = features
            while len(self._recent) > KEEP_READ:
                self._recent.popitem(last=False)
            return features

    def rank(self, text: str) -> list[tuple[str, float]]:
        t = routed_words(text)
        if not t:
            return [(OUT_OF_SCOPE, 1.0)]
        x = self._read(t)
        with self._lock:
            probs = self.model.predict_proba(x)[0]
        ranked = sorted(zip(self.classes, (float(p) for p in probs)), key=lambda x: -x[1])
        return ranked

    def argument_values(self, tool: str, text: str) -> dict[str, tuple[str, float]]:
        """`tool`'s choice arguments for `text` as its examples say them: name -> (the most probable
        value, its probability); only the arguments learned (MIN_VALUE_EXAMPLES)."""
        models = [(param, m) for (command, param), m in self.value_models.items() if command == tool]
        t = routed_words(text)
        if not models or not t:
            return {}
        x = self._read(t)
        out: dict[str, tuple[str, float]] = {}
        with self._lock:
            for param, m in models:
                probs = m.predict_proba(x)[0]
                best = int(probs.argmax())
                out[param] = (str(m.classes_[best]), float(probs[best]))
        return out

    def decided_arguments(self, tool: str, text: str) -> dict[str, str]:
        """The choice arguments of `tool` decided for `text`: those at `thresholds.argument` or more."""
        return {k: v for k, (v, p) in self.argument_values(tool, text).items() if p >= self.thresholds.argument}

    def topic(self, text: str) -> str | None:
        """The most probable out-of-scope topic (what a decline says it cannot do); None when unsure."""
        if self.topic_model is None:
            return None
        x = self._read(routed_words(text))
        with self._lock:
            probs = self.topic_model.predict_proba(x)[0]
        best = int(probs.argmax())
        topic = str(self.topic_model.classes_[best])
        return topic if topic != NO_TOPIC and probs[best] >= 0.3 else None

    def decide(self, text: str, allow_decline: bool = True) -> RouterResult:
        t0 = time.perf_counter()
        ranked = self.rank(text)
        th = self.thresholds
        name, p = ranked[0]
        tools = [(n, q) for n, q in ranked if n != OUT_OF_SCOPE]
        p_oos = next((q for n, q in ranked if n == OUT_OF_SCOPE), 0.0)
        result: RouterResult
        if name == OUT_OF_SCOPE and p >= th.decline and allow_decline:
            result = RouterResult(ranked, "decline", topic=self.topic(text), confident=True)
        elif name != OUT_OF_SCOPE and p >= th.direct and self._direct(name):
            result = RouterResult(ranked, "direct", tool=name, shortlist=(name,), confident=True)
        elif name != OUT_OF_SCOPE and p >= th.tool:
            result = RouterResult(ranked, "tool", tool=name, shortlist=(name,), confident=True,
                                  argument_values=self.argument_values(name, text))
        else:
            # the model chooses among the tools the router gives a real chance (a share of the best
            # tool's probability), never among the long tail
            floor = max(th.shortlist_floor, th.shortlist_share * tools[0][1]) if tools else 1.0
            short: list[str] = []
            mass = 0.0
            for n, q in tools[: th.shortlist_size]:
                if short and q < floor:
                    break
                short.append(n)
                mass += q
                if mass >= th.shortlist_mass * (1.0 - (p if name == OUT_OF_SCOPE else 0.0)):
                    break
            if name == OUT_OF_SCOPE and allow_decline:
                # "no command fits" is the router's best guess: the model may answer in words or
                # decline, but not act
                short = [n for n in short if self._direct(n)]
                if not short:
                    result = RouterResult(ranked, "decline", topic=self.topic(text), confident=False)
                    result.elapsed_ms = (time.perf_counter() - t0) * 1000
                    return result
            result = RouterResult(ranked, "shortlist", shortlist=tuple(short), confident=False,
                                  declinable=not allow_decline or p_oos >= th.declinable)
        result.elapsed_ms = (time.perf_counter() - t0) * 1000
        return result


def weighed_choice(router: dict[str, float], model: dict[str, float], weight: float,
                   acts: Callable[[str], bool], careful: bool = True) -> str:
    """A shortlist decided by the router and the model together: over the same choices (tool names
    and DECLINE_TOOL, each classifier's probabilities normalised over them), the highest
    router x model^weight. `careful` (the brain's rule): an action (`acts(name)`) is taken only when
    it is the model's own first choice and the router ranks it above declining; the weighing can
    make the model decline or answer in words, never act where it would not. The brain decides with
    it, and scripts/weigh_shortlists.py replays logged probabilities through it."""
    def score(name: str) -> float:
        return math.log(max(router.get(name, 0.0), 1e-6)) + weight * math.log(max(model.get(name, 0.0), 1e-9))
    picked = max(router, key=score)
    alone = max(router, key=lambda n: model.get(n, 0.0))
    if careful and picked != DECLINE_TOOL and acts(picked) and DECLINE_TOOL in router \
            and (picked != alone or router[picked] < router[DECLINE_TOOL]):
        return DECLINE_TOOL
    return picked


def decline_message(topic: str | None) -> str:
    return f"I can't {topic} yet." if topic else "Sorry, I can't help with that yet."
