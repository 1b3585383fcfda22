#!/usr/bin/env python3
"""Compare intent-router models on a scored routing set (router only, no LLM), trained on exactly
what the router trains on (every discovered command's declarations + assets/router/out_of_scope.txt).

  python scripts/compare_router_models.py tests/data/slurp/dev.jsonl

For each model: top-1 accuracy over tools + "none" (a request no command serves), actions that the
top-1 would fire on "none" rows, fit time and milliseconds per utterance."""
from __future__ import annotations

import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from jarvis_tui.assistant.intent_router import OUT_OF_SCOPE, build_training_set  # noqa: E402
from jarvis_tui.commands_registry import discover_commands  # noqa: E402
from jarvis_tui.sdk.text import normalize_utterance  # noqa: E402


def models():
    from sklearn.calibration import CalibratedClassifierCV
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.linear_model import LogisticRegression
    from sklearn.naive_bayes import ComplementNB
    from sklearn.pipeline import FeatureUnion, make_pipeline
    from sklearn.svm import LinearSVC

    def words():
        return TfidfVectorizer(analyzer="word", ngram_range=(1, 2), sublinear_tf=True, token_pattern=r"(?u)\b\w[\w']*\b")

    def chars():
        return TfidfVectorizer(analyzer="char_wb", ngram_range=(2, 5), sublinear_tf=True)

    both = lambda: FeatureUnion([("words", words()), ("chars", chars())])   # noqa: E731
    lr = lambda: LogisticRegression(C=20.0, max_iter=3000, class_weight="balanced")   # noqa: E731
    embedding = _embedding_models(words, chars, both, lr)
    return {
        "words 1-2 + logistic regression": make_pipeline(words(), lr()),
        "chars 2-5 + logistic regression": make_pipeline(chars(), lr()),
        "words+chars + logistic regression (before)": make_pipeline(both(), lr()),
        "words+chars + linear SVM (calibrated)": make_pipeline(both(), CalibratedClassifierCV(LinearSVC(C=1.0), cv=3)),
        "words+chars + complement naive Bayes": make_pipeline(both(), ComplementNB(alpha=0.3)),
        **embedding,
    }


def _embedding_models(words, chars, both, lr) -> dict:
    """The sentence embedding (all-MiniLM-L6-v2, jarvis_tui/assistant/sentence_embedder.py) alone, joined
    with the n-grams at a few scales (the router uses x1), and two ways of combining two separate models."""
    import numpy as np
    from scipy.sparse import csr_matrix
    from sklearn.pipeline import FeatureUnion, make_pipeline
    from sklearn.preprocessing import FunctionTransformer

    from jarvis_tui.assistant.sentence_embedder import EmbedderError, load_embedder
    try:
        embedder = load_embedder()
    except EmbedderError as exc:
        print(f"(no embedding models: {exc})")
        return {}
    memo: dict[str, np.ndarray] = {}

    def embed(texts, scale=1.0):
        todo = [t for t in dict.fromkeys(texts) if t not in memo]
        if todo:
            memo.update(zip(todo, embedder.embed(todo)))
        return csr_matrix(np.vstack([memo[t] for t in texts]) * scale)

    def joined(scale):
        return make_pipeline(FeatureUnion([("words", words()), ("chars", chars()),
                                           ("embedding", FunctionTransformer(embed, kw_args={"scale": scale}))]), lr())

    class TwoModels:
        """The n-gram model and the embedding model fitted apart, their probabilities combined."""
        def __init__(self, geometric: bool) -> None:
            self.geometric = geometric

        def fit(self, texts, labels):
            self.ngrams = make_pipeline(both(), lr()).fit(texts, labels)
            self.embedding = make_pipeline(FunctionTransformer(embed), lr()).fit(texts, labels)
            return self

        def predict(self, texts):
            a, b = self.ngrams.predict_proba(texts), self.embedding.predict_proba(texts)
            p = np.exp((np.log(a + 1e-9) + np.log(b + 1e-9)) / 2) if self.geometric else (a + b) / 2
            return self.ngrams.classes_[p.argmax(1)]

    return {
        "embedding + logistic regression": make_pipeline(FunctionTransformer(embed), lr()),
        "words+chars, embedding: probabilities averaged": TwoModels(geometric=False),
        "words+chars, embedding: geometric mean": TwoModels(geometric=True),
        "words+chars+embedding x0.5 + logistic regression": joined(0.5),
        "words+chars+embedding x1 + logistic regression (chosen)": joined(1.0),
        "words+chars+embedding x2 + logistic regression": joined(2.0),
        "words+chars+embedding x3 + logistic regression": joined(3.0),
    }


def main(argv: list[str]) -> int:
    rows = [json.loads(x) for x in Path(argv[0]).read_text(encoding="utf-8").splitlines() if x.strip()]
    commands = list(discover_commands())
    direct = {c.command_name for c in commands if c.allow_direct_answer}
    data = build_training_set(commands)
    texts = [normalize_utterance(r["text"]) for r in rows]
    print(f"{len(data.texts)} training samples, {len(set(data.labels))} labels; {len(rows)} rows of {argv[0]}")
    for name, model in models().items():
        t0 = time.perf_counter()
        model.fit(data.texts, data.labels)
        fit_ms = (time.perf_counter() - t0) * 1000
        t1 = time.perf_counter()
        predicted = model.predict(texts)
        per_ms = (time.perf_counter() - t1) * 1000 / len(texts)
        ok = fired = none_rows = 0
        for row, label in zip(rows, predicted):
            got = None if label == OUT_OF_SCOPE else str(label)
            accept = set(row.get("accept") or [row["tool"]])
            ok += (got in accept) or (got is None and "none" in accept)
            if "none" in accept:
                none_rows += 1
                fired += got is not None and got not in direct
        print(f"{name:<45} top-1 {ok / len(rows):6.1%}  fires on none {fired:3d}/{none_rows}  "
              f"fit {fit_ms:6.0f} ms  {per_ms:5.2f} ms/utterance")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:] or [str(ROOT / "tests/data/slurp/dev.jsonl")]))
