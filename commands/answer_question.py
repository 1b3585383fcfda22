"""answer_question: general knowledge, answered by the language model in a sentence or two."""
from __future__ import annotations

import re

from typing import Any

from commands._common import examples, fail, say
from commands._grounding import drop_ungrounded
from jarvis_tui.sdk import (CommandAntipattern, CommandExample, CommandResponse, FastPath, JarvisCommandBase,
                            JarvisParameter, PreRouteResult, RequestInformation)
from jarvis_tui.sdk.text import normalize_utterance, points_back

NO_LLM = "The language model isn't loaded, so I can't answer questions right now."
# Under this sureness (the geometric mean probability of the tokens of the answer's first sentence)
# an answer says it may be wrong. On 40 questions of fact of our own the bundled 0.5B answered 16
# wrongly; under 0.6 were 7 of them and none of the 24 right ones. On 40 others, run once after
# choosing: 5 of its 17 wrong answers, 2 of 23 right. 11 of 12 explanations ("how do vaccines work")
# are under it too; 8 of those 12 were wrong or empty ("the sky is blue because it is a shade of blue").
SURE_ENOUGH = 0.6
NOT_SURE = "I'm not sure about that, though."
SYSTEM = ("You are Jarvis, a voice assistant. Answer the question correctly in one to three short spoken "
          "sentences. Say numbers plainly. No lists, no markdown. If you don't know, say so.")


# What the intent router learns from besides the adapter examples in the class: more ways
# people say it, requests that look alike but are not this command's, and its domain words.
_MORE_EXAMPLES: list[tuple[str, dict[str, Any]]] = [('what does photosynthesis mean', {'query': 'what does photosynthesis mean'}),
 ('define serendipity', {'query': 'define serendipity'}),
 ('who was the first person on the moon', {'query': 'who was the first person on the moon'}),
 ('how tall is mount everest', {'query': 'how tall is mount everest'}),
 ('when did the second world war end', {'query': 'when did the second world war end'}),
 ('what is the population of canada', {'query': 'what is the population of canada'}),
 ('how many legs does a spider have', {'query': 'how many legs does a spider have'}),
 ('why is the sea salty', {'query': 'why is the sea salty'}),
 ('where is the great barrier reef', {'query': 'where is the great barrier reef'}),
 ("what's the meaning of the word ubiquitous", {'query': "what's the meaning of the word ubiquitous"}),
 ('who wrote pride and prejudice', {'query': 'who wrote pride and prejudice'}),
 ('how far is the sun from the earth', {'query': 'how far is the sun from the earth'}),
 ('what language do they speak in brazil', {'query': 'what language do they speak in brazil'}),
 ('what is the boiling point of water', {'query': 'what is the boiling point of water'}),
 ('who is the president of france', {'query': 'who is the president of france'}),
 ("what's a black hole", {'query': "what's a black hole"}),
 ('how does a rainbow form', {'query': 'how does a rainbow form'}),
 ('what is the capital city of australia', {'query': 'what is the capital city of australia'}),
 ('who discovered penicillin', {'query': 'who discovered penicillin'}),
 ("what's the longest river in africa", {'query': "what's the longest river in africa"})]
# facts about people and places, descriptions, spellings and word use, asked plainly or half-said
# facts asked for as such
_MORE_EXAMPLES += [(q, {'query': q}) for q in [
 'give me a fun fact about space', 'tell me an interesting fact', 'tell me a random fact about animals',
 'share a fact about the human body', 'do you know any cool facts about sharks',
 # one more asked for ("another fact" after one ran a sum: the model chose calculate)
 'another fact please', 'one more fact', 'tell me another interesting fact', 'go on, another fun fact',
]]
_MORE_EXAMPLES += [(q, {'query': q}) for q in [
 'how old is the king of spain', 'when was mozart born', 'what year did the titanic sink',
 'where is mount kilimanjaro', 'which country is lisbon in', 'describe a koala to me',
 'what does an aardvark look like', 'give me a definition of entropy', 'how do you spell necessary',
 'what is a solar eclipse', 'is a tomato a fruit', 'who is the prime minister of canada married to',
 'give me a short history of ancient egypt', 'how many people live in tokyo',
 'find some information about giant pandas', 'look up the word resilient',
 'use ephemeral in a sentence', 'what is another word for happy', 'which country has the most people',
 'how far away is mars', 'what is the real name of lady gaga', 'did einstein win a nobel prize',
 'whats a volcano', 'explain how a fridge works', 'what is the tallest animal',
]]
# questions about people, music, sport and films are questions, not requests to play or book them
_MORE_EXAMPLES += [(q, {'query': q}) for q in [
 'who sang hotel california',
 'which band recorded the white album',
 'who won the last football world cup',
 'how many grand slams has serena williams won',
 'who is the richest person in the world',
 'what films has meryl streep been in',
 'who is the best basketball player of all time',
 'is the eiffel tower taller than big ben',
 'tell me everything you know about the roman empire',
 'give me some facts about octopuses',
 'how long do elephants live',
 "what's the difference between a frog and a toad",
 'how many calories are in a banana',
 'how far is it from london to paris by road',
 'what is the biggest country in south america',
 'how many people speak spanish',
 'what is the national animal of scotland',
 'how does a vaccine work',
 'search wikipedia for the french revolution',
 'look up the history of the olympic games',
 'who painted the mona lisa',
 'what instrument did jimi hendrix play',
 'who directed jaws',
 'when did the beatles break up',
 'what is the average lifespan of a cat',
 'who holds the marathon world record',

 'has tom hanks ever won an oscar',
 'what is the most popular sport in the world',
 'who is the lead singer of coldplay',
 'what was the first video game ever made',
]]
# what a thing is or how it works is a question, even when the thing is another command's domain (the
# weather, time, alarms, e-mail): asking about it is not asking for it
_MORE_EXAMPLES += [(q, {'query': q}) for q in [
 'how do weather forecasts work', 'what is the definition of climate', 'why do hurricanes form over the sea',
 'how does an alarm clock work', 'who invented the calendar', 'what is the history of email',
 'why is the weather so hard to predict', 'how do time zones work',
]]
# what a thing is, who made it, how it works or what a word means is a question too when the thing
# belongs to something no command does (devices, music, apps, shops, money, trades): the request to
# use it is declined, the question about it is answered
_MORE_EXAMPLES += [(q, {'query': q}) for q in [
 'what is a heat pump', 'how does a smoke detector work', 'what does the word album mean',
 'who invented television', 'what is a social network',
 'how much does a taxi driver earn', 'what does a plumber do', 'what is a news anchor', 'what is a symphony',
 'how does a phone camera work', 'what does inflation mean',
 'how do electric cars charge', 'how does a dishwasher clean plates', 'what is a games console',
 'who started the bbc', 'what is the history of rock and roll', 'what does a stockbroker do',
 'what is a hotel concierge', 'how do phone calls travel', 'what is a film trailer',
 'what does a radio presenter do', 'what is an online shop', 'who created the first web browser',
]]
# how-to and advice questions are questions, even when they name a thing another command does (a
# habit, a budget, a schedule): asking how to do it is not asking the assistant to do it
_MORE_EXAMPLES += [(q, {'query': q}) for q in [
 'how do i get rid of hiccups',
 'how can i fall asleep faster',
 'how do i get a red wine stain out of a carpet',
 'how should i prepare for a job interview',
 "what's the best way to learn spanish",
 'how do i make a habit stick',
 'how can i spend less money on food',
 'how do i get better at waking up early',
 'how do you keep a plant alive indoors',
 'how can i be more productive at work',
 'how do i write a good cover letter',
 'what is the best way to organise my week',
 'how do i stop procrastinating',
 'how do you boil an egg',
 'how can i remember names better',
 'how do i change a flat tyre',
 'any tips for running my first marathon',
 'how do i keep to a budget',
 'what makes a good bedtime routine for a toddler',
]]
# where a place is, what a thing is like, a person's name or age: asked as people ask a speaker ("where is
# <a country>" was declined as directions, "tell me about <a thing>" as nothing it does)
_MORE_EXAMPLES += [(q, {'query': q}) for q in [
 'where is portugal', 'where is the sahara desert', "where's mount fuji", 'where is the state of ohio',
 'where is nepal on the map', 'whereabouts is the grand canyon', 'where is the river danube',
 'tell me about volcanoes', 'tell me about the moon landing', 'tell me about penguins',
 'tell me something about the roman colosseum', 'tell me about the history of chocolate', 'tell me about abraham lincoln',
 "what's beyonce's full name", 'how tall is lebron james', "what is elton john's real name",
 'info on the great pyramid', 'give me some information on jupiter',
]]
# facts about a person, famous or not, asked as a speaker is asked: their age, birthday, height, family,
# worth, where they are from ("how old is <a singer>" was declined: a singer's name is near music, which no
# command plays, but a fact about the person is a question)
_MORE_EXAMPLES += [(q, {'query': q}) for q in [
 'how old is taylor swift', 'what age is brad pitt', 'how old is the pope', "when is oprah winfrey's birthday",
 'when was shakespeare born', 'who is david beckham married to', 'how much is elon musk worth',
 'where was adele born', 'is keanu reeves married', 'how many children does madonna have',
 'what nationality is rihanna', 'how old was mozart when he died', 'how tall is the tallest man alive',
]]
# questions of school maths and science in words that other commands use ("volume" of a shape is no loudness:
# "what's the volume of a sphere" read the speakers' volume)
_MORE_EXAMPLES += [(q, {'query': q}) for q in [
 'what is the formula for the volume of a cone', 'how do i work out the volume of a box',
 "what's the volume of the earth", 'how do you find the area of a triangle', 'what is the circumference of a circle',
]]
_NEGATIVES: list[str] = ["what's the latest news", "what's the price of gold shares", 'how much is a dollar in euros',
 'what song is playing', 'who sings this song']
_DOMAIN_WORDS: list[str] = ['define', 'definition', 'meaning']


# "how do you spell necessary": the letters of the word heard
_SPELL = re.compile(r"(?:how\s+(?:do\s+(?:you|i|we)|to|would\s+you)\s+spell|(?:can\s+you\s+)?spell)"
                    r"\s+(?:the\s+word\s+)?(?P<word>[a-z]+(?:-[a-z]+)?)"
                    r"|(?:how\s+is|how's)\s+(?:the\s+word\s+)?(?P<word2>[a-z]+(?:-[a-z]+)?)\s+(?:spelled|spelt)")


_NOT_A_WORD_TO_SPELL = frozenset(("it", "that", "this", "them", "they", "me", "you"))


def _spell_claim(m: re.Match[str], text: str) -> PreRouteResult | None:
    """"how do you spell rhythm": the word as heard, spelled without the model (it was declined)."""
    word = m.group("word") or m.group("word2")
    return None if word in _NOT_A_WORD_TO_SPELL else PreRouteResult(arguments={"query": text.strip()})


ANSWERED = "answer_question.answered"      # services.note: (question, answer) just said
FOLLOW_UP_S = 120                          # how long after an answer a question may point back at it


class AnswerQuestionCommand(JarvisCommandBase):
    @property
    def command_name(self) -> str:
        return "answer_question"

    @property
    def capability(self) -> str:
        return 'answer questions'

    @property
    def description(self) -> str:
        return ("Answer a general-knowledge question (facts, people, places, history, science, definitions) "
                "with the language model. query is the user's question.")

    @property
    def parameters(self) -> list[JarvisParameter]:
        return [JarvisParameter("query", "string", required=True, description="The question, as the user asked it.")]

    @property
    def allow_direct_answer(self) -> bool:
        return True

    def post_process_tool_call(self, args: dict[str, Any], voice_command: str) -> dict[str, Any]:
        """The query is the user's own question: a missing one is filled from the words, and one the
        user did not say (a prompt example, a retry instruction) is replaced by them."""
        out = dict(args)
        query = str(out.get("query") or "").strip()
        if not query or not drop_ungrounded({"query": query}, voice_command, ["query"]):
            out["query"] = re.sub(r"^(?:(?:hey|ok|okay)\s+)?jarvis[,\s]+", "", voice_command.strip(), flags=re.I)
        return out

    @property
    def keywords(self) -> list[str]:
        return ["who", "what is", "when", "where", "why", "how does", "explain"]

    @property
    def antipatterns(self) -> list[CommandAntipattern]:
        return [CommandAntipattern("chat", "How are you? (small talk, not a factual question)"),
                CommandAntipattern("get_weather", "Will it rain tomorrow?"),
                CommandAntipattern("get_current_time", "What time is it in Tokyo?"),
                CommandAntipattern("calculate", "What's 6 times 7?")]

    # what the intent router learns from besides the examples (the module's constants above)
    negative_examples = _NEGATIVES
    domain_words = _DOMAIN_WORDS

    @property
    def fast_paths(self) -> list[FastPath]:
        return [FastPath("answer_question.spell", _SPELL.pattern, _spell_claim, "how do you spell necessary")]

    def generate_prompt_examples(self) -> list[CommandExample]:
        return examples([(q, {"query": q}) for q in [
            "What is the capital of France?", "Who invented the telephone?", "How far is California from New Jersey?",
            "What is photosynthesis?"]])

    def generate_adapter_examples(self) -> list[CommandExample]:
        return examples(_MORE_EXAMPLES, primary=None) + examples([(q, {"query": q}) for q in [
            "What is the capital of France?", "Who invented the telephone?", "How far is California from New Jersey?",
            "What's the tallest mountain in the world?", "Where is the Great Wall of China?",
            "Who was the first president?", "When was the Declaration of Independence signed?",
            "Who invented the light bulb?", "What is photosynthesis?", "How does gravity work?",
            "What's the speed of light?", "What is the boiling point of water at sea level?", "How many bones are in the human body?",
            "What does DNA stand for?", "Tell me about Albert Einstein", "Explain the theory of relativity",
            "Why is the sea salty?", "How many planets are in the solar system?", "Who wrote Romeo and Juliet?",
            "What's the largest ocean?", "When did World War Two end?", "What language do they speak in Brazil?"]])

    def _asked_before(self, query: str) -> list[tuple[str, str]]:
        """The question and answer just said, when this one points back at them ("what's the difference
        between a stoat and a weasel", then "which one is bigger": it was answered "The number 1 is
        bigger than the number 2."); nothing for a question that stands on its own."""
        if self.services is None or "answer_question" not in self.services.last_commands():
            return []
        before = self.services.noted(ANSWERED, FOLLOW_UP_S)
        return [before] if before and points_back(query) else []

    def run(self, request_info: RequestInformation, **kwargs: Any) -> CommandResponse:
        query = str(kwargs.get("query") or "").strip() or request_info.voice_command
        spelled = _SPELL.fullmatch(normalize_utterance(query).strip(" ?.!"))
        word = (spelled.group("word") or spelled.group("word2")) if spelled else ""
        if word and word not in _NOT_A_WORD_TO_SPELL:
            # the word as heard, letter by letter (the small model spelled "necessary" as "necessary,")
            return say(f"{word[:1].upper()}{word[1:]} is spelled {'-'.join(c.upper() for c in word if c.isalpha())}.",
                       query=query)
        llm = self.services.llm if self.services else None
        if llm is None:
            return fail(NO_LLM, reason="no_llm")
        earlier = self._asked_before(query)
        answer = (llm.answer(query, system=SYSTEM, max_tokens=160, earlier=earlier) if earlier
                  else llm.answer(query, system=SYSTEM, max_tokens=160)).strip()
        if not answer:
            return say("I don't know the answer to that.", query=query)
        self.services.note(ANSWERED, (query, answer))
        sureness = getattr(llm, "sureness", None)
        if sureness is not None and sureness < SURE_ENOUGH:
            # the small model is often wrong where it is unsure of its own words: it says so (after
            # the answer, which a voice may already be speaking)
            answer = f"{answer.rstrip()} {NOT_SURE}"
        return say(answer, query=query, sureness=None if sureness is None else round(sureness, 3))
