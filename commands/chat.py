"""chat: small talk. The LLM writes the assistant's reply (into `message`, or asked here with chat's own
prompt); a reply of a kind the bundled 0.5B model writes and cannot be taught out of (the user's words
said as its own, a refusal of a remark, cheer for a low mood, ...: `reply_fault`) is replaced by a short
one that fits the user's mood."""
from __future__ import annotations

import difflib
import logging
import re
from typing import Any

from commands._common import examples, fail, say
from jarvis_tui.sdk import (CommandAntipattern, CommandExample, CommandResponse, JarvisCommandBase,
                            JarvisParameter, RequestInformation, TextAnswerer)
from jarvis_tui.sdk.text import asks_question, expand_contractions, plain_text, points_back, stem

log = logging.getLogger(__name__)

NO_LLM = "The language model isn't loaded, so I can't chat right now."
# (what the user says, the reply): the small model answers like the nearest example, so each reply fits
# its whole kind of remark (any low mood, any plan, any mishap ...), not only its own line
_PROMPT_EXAMPLES = [
    ("How are you?", "Doing well, thanks for asking!"),
    ("I'm feeling really low today.", "Sorry to hear that. I hope things get better soon."),
    ("I got the job!", "That's wonderful news, congratulations!"),
    ("I'm making soup.", "Sounds lovely, enjoy!"),
    ("I'm going shopping later.", "Have fun out there!"),
    ("I burned the toast.", "Oh no, what a nuisance!"),
    ("My phone died on the way home.", "Oh no, that's annoying!"),
    ("It's so cold outside.", "Stay warm and cosy out there."),
    ("Hi there.", "Hi! Nice to hear from you."),
    ("I'm off to bed.", "Good night, sleep well!"),
    ("Thanks a lot.", "You're welcome, any time."),
    ("You're brilliant.", "Thank you, that's kind of you to say!"),
    ("You're so stupid.", "Sorry I let you down. I'll try to do better."),
    ("Cheer me up.", "Here's a happy thought: sea otters hold hands while they sleep so they don't drift apart."),
]
_INSTRUCTIONS = ("You are Jarvis, a friendly voice assistant that runs entirely on the user's own computer, offline. "
                 "You are an open-source project, not a product of any company. The user is just chatting with you, "
                 "not asking for anything, so there is nothing to refuse. Answer in one short, warm spoken sentence "
                 "of your own, about them. No lists, no markdown.")
SYSTEM = _INSTRUCTIONS + "\nExamples:\n" + "\n".join(f"User: {said}\nJarvis: {reply}" for said, reply in _PROMPT_EXAMPLES)
MAX_TOKENS = 48         # two short sentences; a longer answer is a list or a lecture, cut anyway


_VOCATIVE = re.compile(r"^\s*(?:(?:hey|hi|ok|okay)\s+)?jarvis\b[,.!?]*\s*|[,\s]+jarvis\b[.!?]*\s*$", re.I)
# the assistant's own name said in its reply as if to the user ("Goodnight, Jarvis!"): the user is not Jarvis
_REPLY_VOCATIVE = re.compile(r",\s*jarvis(?=\s*(?:[!.?,]|$))|^\s*(?:hey\s+|hi\s+)?jarvis\s*[,!]\s*", re.I)


# What the intent router learns from besides the adapter examples in the class: more ways
# people say it, requests that look alike but are not this command's, and its domain words.
_MORE_EXAMPLES: list[tuple[str, dict[str, Any]]] = [('okay thanks', {}), ('i just got back from the gym', {}),
 ('my day was pretty long', {}), ("i'm feeling a bit down today", {}),
 ('the train was late again this morning', {}), ('i finally finished my project', {}),
 ('we had pasta for dinner', {}), ("it's my birthday today", {}), ('do you like music', {}),
 ("what's your favourite colour", {}), ('are you a robot', {}), ("you're really helpful", {}),
 ('good night jarvis', {}), ('i love you', {}), ('can you keep a secret', {}), ('tell me about yourself', {}),
 ("i'm so tired", {}), ('my team won the match', {}), ('sorry my mistake', {}), ('what are you up to', {}),
 ('do you ever sleep', {}), ('i had a great weekend', {}), ('the weather was lovely at the park today', {}),
 ('my cat just knocked over a plant', {}), ("you're funny", {}),
 ("what's the best thing about being an assistant", {}), ('guess what happened today', {}), ("i'm bored", {}),
 ('how old are you', {}), ('who made you', {})]
# remarks about the user's own day (nothing to do, just to answer) and questions about the assistant
_MORE_EXAMPLES += [
 ('i went to the dentist this morning', {}), ('work was so stressful today', {}),
 ('i ran into an old friend at the supermarket', {}), ('the bus was packed on the way home', {}),
 ('i had back to back calls all afternoon', {}), ("i'm off to bed soon", {}),
 ('i got a promotion at work', {}), ('my kids are driving me crazy', {}),
 ('i got caught in a downpour on the way back', {}), ('traffic was awful this morning', {}),
 ('i spent the whole afternoon in the garden', {}), ("we're having friends over tonight", {}),
 ('what can you not do', {}), ('what do you think of me', {}), ('do you have feelings', {}),
 ('are you smarter than me', {}), ("what's your favourite food", {}), ('give me some life advice', {}),
 ('cheer me up', {}), ("i can't sleep", {}), ('how was your day', {}), ('do you dream', {}),
 ('what languages do you speak', {}), ('you would not believe the day i had', {}),
]
# opinions, wishes, hypotheticals and remarks: answered in words, nothing to do
_MORE_EXAMPLES += [(t, {}) for t in [
 'i just won a hundred dollars on a scratch card',
 "what's the meaning of life",
 'what happens after we die',
 'do you believe in ghosts',
 'if you could be any animal what would you be',
 'would you rather be rich or famous',
 "what's your opinion on pineapple on pizza",
 "i think i'm in love",
 'i need some motivation',
 'say something nice',
 'can you sing',
 'what do you do for fun',
 'are you listening to me',
 "that's not what i asked",
 "you're wrong about that",
 "i'm hungry",
 "i'm nervous about my exam tomorrow",
 'my best friend is getting married',
 "what's your star sign",
 'tell me a secret',
 'the world is a strange place',
 'who is your best friend',
 'what is love',
 'why are you so slow',
 'you are the best assistant ever',
 'i feel lonely',
 'what do you think about artificial intelligence',
 'are you alive',
 'can you think for yourself',
 'what would you do with a million dollars',
 'i wish i was on holiday',
 'should i learn to play the guitar',
 'do you get bored',
 'i miss my family',
]]
# thanks, and what the user says of the assistant's last answer (a reaction, not a request): answered
# in words; "thanks for your help" went to the capabilities list, "that was awful" was declined
_MORE_EXAMPLES += [(t, {}) for t in [
 'thanks a lot', 'cheers for that', 'much appreciated', 'thank you for helping me out', 'thanks that was useful',
 'thanks a million', "thanks that's very kind of you", 'thank you for the help earlier',
 'that was awful', "that's not right", 'that answer makes no sense', 'nice one', 'wow really',
 'that made me laugh', "that's hilarious", 'that joke was lame', 'not funny at all', 'good answer',
 'interesting', "i didn't know that", 'you got that wrong', 'well done', 'ha good one',
 # laughing, as people write it or speech recognition spells it
 'lol', 'lol that was funny', 'haha brilliant', 'lmao',
]]
# greetings and "how are you" in other words: a greeting, not a question about what it can do ("how are
# things" listed its abilities) nor a request to let something go ("you alright" was dismissed)
_MORE_EXAMPLES += [(t, {}) for t in [
 'how do you do', 'how goes it', 'you alright', 'are you well', 'are you doing ok', 'how are you holding up',
 "how's the world treating you", 'how are you feeling today', 'all good with you', 'hiya', 'hello again',
 'long time no see', 'good afternoon', "yo what's going on", 'how are you getting along', 'hey how are you doing',
]]
# the shortest greetings, in the words of other places ("howdy" was declined)
_MORE_EXAMPLES += [(t, {}) for t in ['howdy', "g'day", 'hi there', 'hey there', 'morning', 'evening', 'greetings',
                                     'hello hello', 'ahoy', 'top of the morning']]
# how warm or cold it feels where the user is: a remark (nothing here heats or cools a room), not a
# question about the weather; "it's freezing in here" was declined
_MORE_EXAMPLES += [(t, {}) for t in [
 "it's so cold in this house", "i'm freezing", "it's roasting in the kitchen", "it's really stuffy in here",
 'brr it is cold tonight', 'the office is way too hot', 'my hands are frozen', "it's like an oven in the bedroom",
]]
# asking for an idea of what to eat or do (nothing here cooks or books): answered in words; "what should i
# have for tea" read the shopping list
_MORE_EXAMPLES += [(t, {}) for t in [
 'what should i make for dinner tonight', 'any ideas what to cook for lunch', 'what shall we have for supper',
 'what should i eat for breakfast', 'give me an idea for tea tonight', "i can't decide what to have for lunch",
 'what should we do this weekend', 'what film should i watch tonight',
]]
# a sigh or a cheer, alone or with what it is about: a remark, not a request ("ugh" and a day went to the
# reminder, which asked what to remind of)
_MORE_EXAMPLES += [(t, {}) for t in [
 'ugh what a day', 'ugh not again', 'yay the weekend is here', 'phew that was close', 'oh no not the rain again',
 'oh dear what a mess', 'finally friday', 'woohoo we won',
]]
_NEGATIVES: list[str] = []
_DOMAIN_WORDS: list[str] = []


class ChatCommand(JarvisCommandBase):
    @property
    def command_name(self) -> str:
        return "chat"

    @property
    def description(self) -> str:
        return ("Small talk: greetings, thanks, how are you, opinions, chit-chat. `message` is YOUR OWN short "
                "conversational reply to the user, spoken exactly as written.")

    @property
    def parameters(self) -> list[JarvisParameter]:
        return [JarvisParameter("message", "string", required=False, from_user=False,
                                description="The assistant's reply to speak, e.g. 'Doing great, thanks! How about you?'")]

    @property
    def allow_direct_answer(self) -> bool:
        return True

    @property
    def keywords(self) -> list[str]:
        return ["hello", "hi", "thanks", "how are you", "good morning"]

    @property
    def rules(self) -> list[str]:
        return ["Write the reply itself in message, not the user's words.", "Keep it to one or two sentences."]

    @property
    def antipatterns(self) -> list[CommandAntipattern]:
        return [CommandAntipattern("answer_question", "Who invented the telephone? (a factual question)"),
                CommandAntipattern("tell_joke", "Tell me a joke")]

    # what the intent router learns from besides the examples (the module's constants above)
    negative_examples = _NEGATIVES
    domain_words = _DOMAIN_WORDS

    def generate_prompt_examples(self) -> list[CommandExample]:
        return examples([
            ("Hey Jarvis, how's it going?", {"message": "Pretty good, thanks! What can I do for you?"}),
            ("Good morning!", {"message": "Good morning! Hope you slept well."}),
            ("Thanks Jarvis, you're awesome", {"message": "You're welcome, happy to help."}),
            ("What do you think about space travel?", {"message": "I think it's thrilling. Mars would be quite a trip."}),
        ])

    def generate_adapter_examples(self) -> list[CommandExample]:
        return examples(_MORE_EXAMPLES, primary=None) + examples([
            ("Hey Jarvis, how's it going?", {"message": "Pretty good, thanks! What can I do for you?"}),
            ("Good morning!", {"message": "Good morning! Hope you slept well."}),
            ("Hello there", {"message": "Hi there! What's up?"}),
            ("Hi Jarvis", {"message": "Hi! Ready when you are."}),
            ("Good evening, how are you?", {"message": "I'm well, thanks. How's your evening going?"}),
            ("What's up?", {"message": "Not much, just hanging out. What's on your mind?"}),
            ("How's your day going?", {"message": "Can't complain. How's yours?"}),
            ("Do you have a favorite color?", {"message": "I'll pick deep blue. It feels calm."}),
            ("Tell me about yourself", {"message": "I'm Jarvis, your voice assistant. I do timers, lists, weather and more."}),
            ("I'm having a great day", {"message": "Love to hear it! Anything fun going on?"}),
            ("Thanks Jarvis, you're awesome", {"message": "You're welcome, happy to help."}),
            ("Let's just chat for a bit", {"message": "Sure, what's on your mind?"}),
            ("Good night", {"message": "Good night! Sleep well."}),
            ("I'm bored", {"message": "Want a joke, or shall we plan something fun?"}),
            ("You're funny", {"message": "Thanks, I try my best."}),
            ("How are you doing today?", {"message": "Doing great, thanks for asking!"}),
            ("Tell me something interesting", {"message": "Octopuses have three hearts. Pretty neat, right?"}),
            ("What do you think about space travel?", {"message": "I think it's thrilling. Mars would be quite a trip."}),
            ("I'm tired", {"message": "Sounds like it's time for a break. Maybe a cup of tea?"}),
            ("Nice to meet you", {"message": "Nice to meet you too!"}),
            ("Are you a robot?", {"message": "I'm a voice assistant running right here on your computer."}),
        ])

    def run(self, request_info: RequestInformation, **kwargs: Any) -> CommandResponse:
        # the assistant's name said to it ("good morning jarvis") is not the user's: the small model
        # answered "Good morning, Jarvis!"
        said = _VOCATIVE.sub("", request_info.voice_command).strip() or request_info.voice_command
        # a remark that points back ("that was terrible"), or a bare judgement ("boring", "haha nice one"),
        # is about what the assistant just said
        about_reply = points_back(said) or judges_the_reply(said)
        # a reply the routing model wrote itself has the same faults as one asked for here
        message = tidy_reply(str(kwargs.get("message") or ""), said)
        if message and reply_fault(message, said, about_reply) is None:
            return say(message)
        llm = self.services.llm if self.services else None
        if llm is None:
            return fail(NO_LLM, reason="no_llm")
        # a remark that points back ("that was terrible" after a joke) is read after what it is about:
        # alone, the model answered it as news ("Sorry to hear that. I hope things get better soon.")
        before = self.services.last_exchange() if about_reply else None
        return say(small_talk_reply(llm, said, earlier=[before] if before else []))


def small_talk_reply(llm: TextAnswerer, said: str, earlier: list[tuple[str, str]] | None = None) -> str:
    """The model's reply to `said`, or, when it is of a kind the small model cannot be taught out of
    (`reply_fault`), a short reply that fits the user's mood. (Asking the model once more, with the
    mood named, gave a right reply 1 time in 11 and cost a second generation.)"""
    # the whole reply is checked before a voice says any of it (streamed, its first sentence was spoken
    # before the check could replace it)
    reply = tidy_reply(llm.answer(said, system=SYSTEM, max_tokens=MAX_TOKENS, stream=False, earlier=earlier)
                       if earlier else llm.answer(said, system=SYSTEM, max_tokens=MAX_TOKENS, stream=False), said)
    fault = reply_fault(reply, said, about_reply=bool(earlier))
    if fault is None:
        return reply
    if fault == OTHER_IDENTITY or (fault == INSTRUCTIONS and asked_about_assistant(said)):
        return WHAT_I_AM        # its own identity, from the prompt, said as the prompt says it ("the user's computer")
    if fault == A_PERSONS_LIFE:
        return NOT_A_PERSON
    # "that was terrible" about the joke just told is about the assistant, not the user's day
    mood = user_mood(said, about_reply=bool(earlier))
    log.info("chat reply %r to %r: %s; said the %s fallback", reply, said, fault, mood)
    return _FALLBACK[mood]


def without_own_name(reply: str) -> str:
    """The model's reply without the assistant's name used as if the user were called that."""
    out = _REPLY_VOCATIVE.sub("", reply.strip()).strip()
    return out[:1].upper() + out[1:] if out else out


# ---- what a small model gets wrong in small talk, checked on its reply ----------------------------
# the user's words that say they are low, or are unhappy with the assistant (Snowball stems)
_LOW_STEMS = frozenset(stem(w) for w in """
    sad down low unhappy miserable depressed lonely upset tired exhausted drained stressed stressful anxious
    anxiety worried nervous scared afraid rough terrible awful horrible bad sick ill hurt hurts pain crying
    cry angry annoyed annoying frustrated bored fed useless hopeless pointless stupid dumb rubbish lame slow rude
    hate wrong gloomy glum shattered knackered overwhelmed heartbroken grumpy unwell disappointed waste sucks
    """.split())
# the user's words of praise, said of the assistant ("you're pretty clever")
_PRAISE_STEMS = frozenset(stem(w) for w in """
    great clever smart brilliant amazing awesome best helpful funny nice kind good love like lovely cool genius
    useful star legend wonderful fantastic superb excellent impressive handy hilarious witty
    """.split())
_NEGATED = re.compile(r"\b(?:not|no longer|never)\s+(?:so\s+|that\s+|too\s+|very\s+|feeling\s+|even\s+|really\s+|at\s+all\s+|any\s+)?(\w+)")
# a remark about the assistant or its last answer
_ABOUT_ASSISTANT = re.compile(r"\b(?:you|your|yours|yourself|answer|reply|response)\b")
# asking to be cheered up: the reply must be something cheerful, not a promise of it
_WANTS_CHEER = re.compile(r"\b(?:cheer(?:ing)? (?:me |us )?up|cheering|cheerful|smile|laugh|feel better|good news|"
                          r"(?:something|anything) (?:nice|positive|good|happy|cheerful|funny|uplifting)|happy thought)\b")
# what is said in place of a broken reply, by the user's mood (`user_mood`)
_FALLBACK = {
    "low": "Sorry to hear that. I hope things get better soon.",
    "cross": "Sorry I let you down. I'll try to do better.",
    "praise": "Thank you, that's kind of you to say!",
    "cheer": "Here's a happy thought: somewhere right now, a puppy is seeing snow for the first time.",
    "other": "Thanks for telling me!",
}

# the bundled model says it is another company's assistant ("Yes, I am a chatgpt.", "I was made by OpenAI")
_OTHER_ASSISTANT = re.compile(r"\b(?:chat\s*-?\s*gpt|open\s*ai|gpt-?\d|made by (?:google|microsoft|meta|alibaba)|qwen)\b", re.I)
OTHER_IDENTITY = "another assistant's identity"
WHAT_I_AM = "I'm Jarvis, an open-source assistant running right here on your computer."
# a person's life told as the assistant's own ("I'm 25 years old.", "I live in a small town in the
# United States.", "Yes, I do have feelings."): the small model answers questions about itself as a person
_PERSONS_LIFE = re.compile(
    r"\bi(?:'m| am) (?:\d+|[a-z]+(?:[ -][a-z]+)?) years? old\b|\bi(?:'ve| have)? (?:lived?|grew up|was born|went to school)\b"
    r"|\bi (?:do )?have (?:feelings|emotions|a body|a family|children|kids|a wife|a husband|parents|friends)\b"
    r"|\bmy (?:mother|mom|father|dad|parents|wife|husband|family|kids|children|house|home|job|boss|hometown)\b"
    r"|\bi (?:really )?(?:feel|felt) (?:sad|happy|lonely|tired|hungry|angry)\b|\bi(?:'m| am) (?:a )?(?:human|person|man|woman)\b"
    r"|\bi(?:'m| am) (?:from|alive)\b|\bi (?:do )?(?:sleep|eat|dream|breathe|get (?:tired|hungry|sleepy))\b",
    re.I)
A_PERSONS_LIFE = "a person's life told as its own"
NOT_A_PERSON = "I'm a program running on your computer, so I don't have a life like yours, but I'm happy to chat."
INSTRUCTIONS = "the prompt's instructions said"
_REFUSAL = re.compile(r"\b(?:can ?not|can't|unable to|not able to)\s+(?:assist|help)\b|\bas an ai\b|"
                      r"\bnot sure what you mean\b|\b(?:didn't|did not|don't|do not) understand\b|"
                      r"\b(?:more|some) context\b|\bclarify\b", re.I)
_CHEERFUL = re.compile(r"\b(?:glad|great|fun|awesome|fantastic|exciting|excited|wonderful|congratulations|"
                       r"feeling better|welcome|enjoy|helpful|happy to)\b", re.I)
_ASSUMED_WELL = re.compile(r"\b(?:glad|happy) (?:to hear )?(?:that )?you(?:'re| are) (?:feeling |doing )?"
                           r"(?:well|better|good|great|fine|happy|smiling)\b", re.I)
# thanks for feedback the user never gave ("tell me something positive" -> "I'm glad you found it helpful!")
_FEEDBACK = re.compile(r"\bglad (?:you found|i could help)|\byou(?:'re| are) welcome\b", re.I)
# a bad day wished better ("I hope things get better soon"): no answer to a complaint about the reply
_WISHED_BETTER = re.compile(r"\bhope (?:things|it|you|your day|tomorrow) (?:get|gets|will get|feel|goes) better\b"
                            r"|\bsorry to hear (?:that|it)\b", re.I)
# a bare judgement of the last reply ("boring", "nice one"): short, naming no one and nothing else
_BARE_REMARK_WORDS = 4
# words that judge a thing said, not how the user feels ("boring" judges, "bored", "tired" are the user's)
_JUDGING_WORDS = frozenset("""boring dull tedious lame rubbish awful terrible horrible bad stupid dumb useless pointless
    wrong rude slow sucks naff crap meh weak cringe cringey corny rotten""".split())
_SOMEONE_ELSE = re.compile(r"\b(?:i|me|my|mine|myself|we|us|our|he|him|his|she|her|they|them|their|today|day|week|"
                           r"work|job|life|weather|food|dinner|film|movie|book|game|match|party|trip)\b")
_SYMPATHY = re.compile(r"\b(?:sorry|oh no|hope|tough|hard|rough|hang in|take care|shame)\b", re.I)
_WELCOME = re.compile(r"\byou(?:'re| are) (?:very |most )?welcome\b", re.I)
# the assistant thanking for praise, or taking it warmly ("Thanks!", "That's kind of you", "I appreciate that")
_THANKS_GIVEN = re.compile(r"\b(?:thank|thanks|kind of you|appreciate|flattered|blush|means a lot|you're too kind|"
                           r"you're sweet|aw+)\b", re.I)
_THANKED = re.compile(r"\b(?:thank|thanks|thx|cheers|appreciate\w*)\b", re.I)
# a promise to do what was asked, and nothing done: "Sure, I'd be happy to make you smile!"
_EMPTY_PROMISE = re.compile(r"^(?:(?:sure|of course|okay|ok|certainly|absolutely)\W+)?"
                            r"(?:i(?:'d| would) (?:be )?(?:happy|glad|love) to|i can|i will|i'll|let me)\b[^.!?]*[.!?]?$", re.I)
# the user's question handed back after a remark that asked none
_THROWN_BACK = re.compile(r"^(?:and |so )?(?:how|what) about (?:you|yourself)\s*\??$|^and (?:you|yourself)\s*\??$",
                          re.I)
# the assistant telling of a mood of its own: the user's (or an example's) words taken as its own
_OWN_FEELING = re.compile(r"\bi(?:'m| am) feeling\b|\bi feel\b", re.I)
_SENTENCE = re.compile(r"(?<=[.!?])\s+")
_LIST_START = re.compile(r"\s(?:\d+\.|[-*\u2022])\s|\*\*|#+\s|:\s*$")
_CLAUSE = re.compile(r"[;:.!?]+\s*|,?\s+(?:but|and|so)\s+", re.I)
_PHRASE = re.compile(r"[,;:.!?]+\s*|\s+(?:but|and|so)\s+", re.I)      # clauses, and the parts between commas
_LEAD_WORDS = frozenset("sure oh well yes yeah ok okay hey hi so and sorry".split())
_FIRST_PERSON = frozenset("i my me mine we our".split())
_SECOND_PERSON = frozenset("you your yours yourself".split())
# what the assistant says of itself whatever the user said ("I'm glad I could help", "I'm happy for you")
_OWN_STOCK = frozenset("help glad sorry hear happy sure thank thanks welcome".split())
_STATEMENT_SUBJECTS = frozenset("you your it there they".split())     # not "that": "That's great!" reacts
_INSTRUCTION_WORDS = f" {plain_text(_INSTRUCTIONS)} "
_FILLER = frozenset("""i my me mine we our am is are was were be been it that this a an the to of and so very really
    just too not now do does did have has had will would can could""".split())


def user_mood(said: str, about_reply: bool = False) -> str:
    """"cheer" (asks to be cheered up), "cross" (unhappy with the assistant: "you're useless", "that
    was a dumb answer"), "low" (a low mood, a bad day), "praise" (of the assistant) or "other".
    `about_reply`: the words are said of the assistant's last reply ("boring" after a joke)."""
    text = " ".join(_words(said))
    if _WANTS_CHEER.search(text):
        return "cheer"
    negated = {stem(m.group(1)) for m in _NEGATED.finditer(text)}
    stems = {stem(w) for w in text.split()}
    about = about_reply or bool(_ABOUT_ASSISTANT.search(text))
    if stems & (_LOW_STEMS - negated):
        return "cross" if about else "low"
    if negated & _PRAISE_STEMS:    # "you're not very smart are you", "the party wasn't nice" is no praise
        return "cross" if about else "low"
    if stems & (_PRAISE_STEMS - negated) and about and not asks_question(said):
        return "praise"         # "do you like music" asks; it does not praise
    return "other"


# words a question to the assistant opens with ("who made you", "can you sing"), besides those that
# sdk.text.asks_question reads as questions (it reads "can you ..." as a request to do something)
_QUESTION_OPENERS = frozenset("what when where who whom whose which why how do does did are is can could have has "
                              "were was will would".split())


def asked_about_assistant(said: str) -> bool:
    """A question put to the assistant about itself ("what's your name", "do you like music", "who made
    you"): an answer in its own first person is what was asked for."""
    words = _words(said)
    return bool(words) and (asks_question(said) or words[0] in _QUESTION_OPENERS) and bool(_SECOND_PERSON & set(words))


def tidy_reply(reply: str, said: str) -> str:
    """The reply as it is spoken: the assistant's name used as the user's dropped, a list or a lecture
    cut to its first two sentences, and a "How about you?" dropped after a remark that asked nothing."""
    text = without_own_name(re.split(r"\n\s*user\s*:", reply, flags=re.I)[0])
    text = re.sub(r"^\s*jarvis\s*:\s*", "", text, flags=re.I)
    text = _LIST_START.split(text, maxsplit=1)[0].strip()
    sentences = [s for s in _SENTENCE.split(text) if s.strip()][:2]
    if not asks_question(said):
        sentences = [s for s in sentences if not _THROWN_BACK.match(s.strip())]
    return " ".join(sentences).strip()


def judges_the_reply(said: str) -> bool:
    """A bare judgement, said of nothing else ("boring", "haha nice one", "brilliant"): at most four words,
    one of praise or complaint, and none that names the user, someone else or their day ("i'm tired",
    "my boss is useless" are about them)."""
    words = _words(said)
    return (len(words) <= _BARE_REMARK_WORDS and not _SOMEONE_ELSE.search(" ".join(words))
            and bool({stem(w) for w in words} & _PRAISE_STEMS or set(words) & _JUDGING_WORDS))


def reply_fault(reply: str, said: str, about_reply: bool = False) -> str | None:
    """What is wrong with a small-talk reply, in words, or None: nothing said, a refusal or a request
    for context (the remark needed neither), the user's own first-person words said as the
    assistant's ("I'm making pasta!"), cheer for a low mood, thanks acknowledged that were never
    given, sympathy for a bad day in answer to a complaint about the reply, or a promise to cheer the
    user up in place of doing it."""
    if not reply.strip(" .!?"):
        return "empty"
    if _OTHER_ASSISTANT.search(reply):
        return OTHER_IDENTITY
    if _REFUSAL.search(reply):
        return "refusal"
    if _PERSONS_LIFE.search(reply):
        return A_PERSONS_LIFE
    if echoes_user(reply, said) and not asked_about_assistant(said):
        return "echo"
    if _OWN_FEELING.search(reply) and not asks_question(said):
        return "a feeling of its own, unasked"
    if parrots_user(reply, said):
        return "the user's words said back to them"
    if says_instructions(reply):
        return INSTRUCTIONS
    mood = user_mood(said, about_reply)
    if mood != "cheer" and copies_cheer_example(reply):
        return "a happy thought nobody asked for"     # "nice one" -> "That's a great idea! Sea otters hold hands ..."
    if mood == "cross" and _WISHED_BETTER.search(reply):
        return "sympathy for a bad day, not for a poor reply"     # "boring" after a joke -> "I hope things get better"
    if mood in ("low", "cross") and _CHEERFUL.search(reply) and not _SYMPATHY.search(reply):
        return "cheer for a low mood"
    if mood == "cross" and _THANKS_GIVEN.search(reply) and not _SYMPATHY.search(reply):
        return "thanks for a complaint"
    if mood in ("low", "cross") and _FEEDBACK.search(reply):
        return "glad of feedback never given"   # "you got that wrong" -> "... I'm glad you found the information helpful."
    if mood != "other" and _ASSUMED_WELL.search(reply):
        return "takes a low mood for a good one"
    if _WELCOME.search(reply) and not _THANKED.search(said):
        return "welcome without thanks"
    if mood == "cheer" and (_EMPTY_PROMISE.match(_SENTENCE.split(reply)[0]) or _FEEDBACK.search(reply)):
        return "no cheerful word"
    if mood == "praise" and not _THANKS_GIVEN.search(reply):
        return "praise not thanked"     # "you're pretty clever" -> "That's amazing! I'm glad you found it interesting."
    return None


def copies_cheer_example(reply: str, run: int = 6) -> bool:
    """Whether the reply says the happy thought of a prompt example that asks to be cheered up (`run` words
    or more of it in a row): the small model copies it for remarks that asked for nothing ("nice one",
    "actually not cheese")."""
    words = _words(reply)
    for said, example in _PROMPT_EXAMPLES:
        if user_mood(said) != "cheer":
            continue
        found = difflib.SequenceMatcher(None, words, _words(example), autojunk=False).find_longest_match(
            0, len(words), 0, len(_words(example)))
        if found.size >= run:
            return True
    return False


def parrots_user(reply: str, said: str) -> bool:
    """Whether a clause of the reply only says the user's statement back to them ("i'm back home" ->
    "You're back home!", "it's raining again" -> "It's raining again, but ..."): it has a subject
    ("you", "it" ...) and no content word the user did not say. (A greeting said back has none.)"""
    said_stems = {stem(w) for w in _words(said)}
    for clause in _PHRASE.split(reply):
        words = _words(clause)
        if len(words) < 2 or words[0] not in _STATEMENT_SUBJECTS:
            continue
        if {stem(w) for w in words if w not in _FILLER | _SECOND_PERSON} <= said_stems:
            return True
    return False


def says_instructions(reply: str) -> bool:
    """Whether the reply says four words in a row of the prompt's instructions (not of its examples)."""
    words = plain_text(reply).split()
    return any(f" {' '.join(words[i:i + 4])} " in _INSTRUCTION_WORDS for i in range(len(words) - 3))


def echoes_user(reply: str, said: str) -> bool:
    """Whether a clause of the reply is the user's own first-person statement said as the assistant's:
    it speaks of itself ("I ...", "My ..."), and before it speaks of the user it says the user's content words
    (two of them, or one when the user spoke of themselves: "i feel exhausted" -> "I'm feeling tired")."""
    said_words = _words(said)
    said_stems = {stem(w) for w in said_words} - {stem(w) for w in _FILLER}
    user_spoke_of_self = bool(_FIRST_PERSON & set(said_words))
    for clause in _CLAUSE.split(reply):
        words = _words(clause)
        while words and words[0] in _LEAD_WORDS:
            words = words[1:]
        if not words or words[0] not in _FIRST_PERSON:
            continue
        # up to the first "you": what follows it speaks of the user ("I'm glad you enjoyed the book")
        own = words[:next((i for i, w in enumerate(words) if w in _SECOND_PERSON), len(words))]
        shared = {stem(w) for w in own if w not in _FILLER | _OWN_STOCK} & said_stems
        if len(shared) >= (1 if user_spoke_of_self else 2):
            return True
    return False


def _words(text: str) -> list[str]:
    """Plain lower-case words with contractions spelled out ("it's" -> "it is")."""
    return re.sub(r"'s\b", " is", plain_text(expand_contractions(text))).split()
