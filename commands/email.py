"""email: draft a message (shown with Send / Cancel buttons), send it over SMTP, list recent ones.

SMTP settings are secrets (smtp_host, smtp_port, smtp_user, smtp_password, smtp_from); the SDK's
execute() names the missing ones. Drafts and sent mail are kept in the settings table
(email.outbox) so a draft survives until it is sent or cancelled.
"""
from __future__ import annotations

import datetime as _dt
import re
import smtplib
import ssl
import uuid
from email.message import EmailMessage
from typing import Any

from commands._common import examples, fail, say
from commands._grounding import address_grounded, drop_ungrounded
from jarvis_tui.sdk.grounding import content_words, said_share
from jarvis_tui.sdk.memories import second_person
from jarvis_tui.sdk.text import corrected_value, normalize_utterance, with_value_replaced
from jarvis_tui.sdk import (CommandAntipattern, CommandExample, CommandResponse, FastPath, IJarvisButton,
                            JarvisCommandBase, JarvisParameter, JarvisSecret, PreRouteResult, RequestInformation,
                            ValidationResult)

SEND_ACTION = "send_click"
OUTBOX_KEY = "email.outbox"
_ADDRESS = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
TIMEOUT_S = 15
# what the message says, in the user's words: "... saying the report is ready", "... that says ...",
# "... and tell her I'm on my way", "email sam@mail.com that the meeting moved"
_SAYING = re.compile(r"(?:\bsaying|\bthat\s+says|\bto\s+say|\b(?:and\s+)?tell(?:ing)?\s+(?:him|her|them)(?:\s+that)?"
                     r"|\S+@\S+\.\S+\s+that"
                     # "email my boss that i'm sick today": the verb, who it goes to, "that"
                     r"|^(?:(?:please|can\s+you|could\s+you)\s+)?e-?mail\s+(?:[\w'-]+\s+){1,3}?that)\s+(?P<body>\S.*)$", re.I)
_TOLD_THAT = re.compile(r"(?:(?:please|can\s+you|could\s+you)\s+)?e-?mail\s+(?P<to>(?:my\s+|the\s+)?[a-z][\w'-]*(?:\s+[a-z][\w'-]*)?)"
                        r"\s+that\s+\S")
# words that only say it is an e-mail to someone: no subject ("email bob now" got the subject "Email to Bob")
_FRAME_WORDS = frozenset("email e-mail mail message note to for from a an the now please quick".split())


# What the intent router learns from besides the adapter examples in the class: more ways
# people say it, requests that look alike but are not this command's, and its domain words.
_MORE_EXAMPLES: list[tuple[str, dict[str, Any]]] = [('check my inbox', {'action': 'list'}), ('do i have any new emails', {'action': 'list'}),
 ('any mail from sarah', {'action': 'list'}), ('read my latest email', {'action': 'list'}),
 ('how many unread messages in my inbox', {'action': 'list'}),
 ('send an email to tom about the meeting', {'action': 'draft', 'subject': 'the meeting', 'to': 'tom'}),
 ('write an email to my boss', {'action': 'draft', 'to': 'my boss'}),
 ('reply to the last email', {'action': 'draft'}),
 ("email mum that i'll be late", {'action': 'draft', 'body': "i'll be late", 'to': 'mum'}),
 ('draft a message to the team', {'action': 'draft', 'to': 'the team'}),
 ('forward this email to john', {'action': 'draft', 'to': 'john'}),
 ('respond to the email from my landlord', {'action': 'draft', 'to': 'my landlord'})]
# "email X and tell him ...": the message said after the recipient (it was declined as a text message)
_MORE_EXAMPLES += [
 ('email jake and tell him the match is off', {'action': 'draft', 'to': 'jake', 'body': 'the match is off'}),
 ("email mum and let her know i'm on my way", {'action': 'draft', 'to': 'mum', 'body': "i'm on my way"}),
 ('email the team and say the meeting moved to ten', {'action': 'draft', 'to': 'the team', 'body': 'the meeting moved to ten'}),
 ('mail dad and tell him happy birthday', {'action': 'draft', 'to': 'dad', 'body': 'happy birthday'}),
 ('email lucy@example.com and tell her the keys are under the mat',
  {'action': 'draft', 'to': 'lucy@example.com', 'body': 'the keys are under the mat'}),
 # a time in the message is the message's, not a reminder's
 ('email tom that the meeting is at 3', {'action': 'draft', 'to': 'tom', 'body': 'the meeting is at 3'}),
 ('email the school that pickup is at 4 pm today', {'action': 'draft', 'to': 'the school', 'body': 'pickup is at 4 pm today'}),
 ("email dad and say dinner's at 8 tomorrow", {'action': 'draft', 'to': 'dad', 'body': "dinner's at 8 tomorrow"}),
]
# replies, searches and "did anyone write" in everyday words
_MORE_EXAMPLES += [
 ("reply to sarah's email", {'action': 'draft', 'to': 'sarah'}),
 ('write back to my manager', {'action': 'draft', 'to': 'my manager'}),
 ('did anyone email me this morning', {'action': 'list'}),
 ('have i got mail from the bank', {'action': 'list'}),
 ('who sent me emails today', {'action': 'list'}),
 ('search my emails for the invoice', {'action': 'list'}),
 ('find the email from dave about the trip', {'action': 'list'}),
 ('read the subjects of my unread emails', {'action': 'list'}),
 ('has paul written to me yet', {'action': 'list'}),
 ('compose a new email', {'action': 'draft'}),
 ('answer the message from my landlord', {'action': 'draft', 'to': 'my landlord'}),
 ('any new messages for me', {'action': 'list'}),
 ('tell me when an email from the school comes in', {'action': 'list'}),
 ('send a reply saying i can make it', {'action': 'draft', 'body': 'i can make it'}),
]
# questions about who wrote and what they said are inbox questions
_MORE_EXAMPLES += [(t, {'action': 'list'}) for t in [
 'did my sister write me back',
 'any messages from the school today',
 'has the landlord replied yet',
 'what did my boss say in his last message',
 'read me the message from the dentist',
 'check if the airline wrote to me',
 'is there anything new from work',
 'did i get a reply from the plumber',
]]
_NEGATIVES: list[str] = ['text my wife', 'call my mum', 'send a message on whatsapp', 'post on facebook',
 "what's sarah's email address", 'add a new contact', 'save this number']
# contacts and social posts are not e-mail (the out-of-scope set cannot say so in lines that name e-mail)
_NEGATIVES += [
 "find dave's email address",
 'save this email address to my contacts',
 "update tom's contact details",
 'post a tweet saying the game was great',
 'write a comment on her instagram photo',
 "what's my sister's phone number",
 'send a text to my brother',
 'text dad that i am on my way',
 'send an sms to the plumber',
 # a call or a text that says what to tell them is still no e-mail
 "call mum and tell her i'm running late",
 "text jake and tell him i'm outside",
 'ring dad and tell him happy birthday',
]
_DOMAIN_WORDS: list[str] = ['email', 'emails', 'e-mail', 'inbox', 'mail', 'mailbox', 'gmail']


# the words that say each action (grounding: a model's "send" stands only when the user said send)
ACTION_WORDS = {
    "send": ["send"],
    "list": ["list", "read", "check", "inbox", "unread", "any new", "new emails", "new mail", "what emails",
             "my emails", "my email", "show", "do i have", "have i got", "got any", "any emails", "any email",
             "any mail", "any messages", "received"],
    "draft": ["draft", "write", "compose", "email", "e-mail", "mail", "saying", "tell", "message"],
    # the words that change a draft, as they lead: "make" or "set" alone also begin new messages ("make a
    # draft for bob")
    "edit": ["edit", "change the", "update the", "make the subject", "make the message", "make the body",
             "set the subject", "should be", "should say"],
}

# "email" said as the thing, not the doing: after a word that points at one ("keep this email in my contacts",
# "the email problem", "my email address") it drafts nothing, nor after "an" unless where it goes is said after it
# ("an email to sam"); the other drafting words say it anyway ("write", "send ... saying")
_AN_EMAIL = re.compile(r"\b(?:(?:this|that|the|my|your|his|her|their|our|its|last|latest|old|each|every)\s+(?:[a-z]+\s+)?e-?mails?\b"
                       r"|an?\s+(?:[a-z]+\s+)?e-?mails?\b(?!\s+(?:to|for)\s))")
# the words that draft or send a message: the action words' own (one list for grounding and for this)
_DRAFTING = re.compile(r"\b(?:" + "|".join(map(re.escape, ACTION_WORDS["draft"] + ACTION_WORDS["send"])) + r")\b")


def _drafting_said(said: str) -> bool:
    """Whether the words ask for a message to be drafted: a drafting word said as one ("email sam", "write to
    sam", "an email to sam"), not "email" said only as the thing ("keep this email in my contacts")."""
    return bool(_DRAFTING.search(_AN_EMAIL.sub(" ", normalize_utterance(said))))


def _edited(m: re.Match[str]) -> dict[str, str] | None:
    """The part of a draft an `_EDIT` match changes, with its new words: {"subject": ...} or {"body": ...};
    None when no words are said for it."""
    field = (m.group("field") or m.group("field2")).split()[0]
    value = m.group("value").strip(" .!?")
    if not value:
        return None
    return {"subject" if field in ("subject", "title") else "body": value[:1].upper() + value[1:]}


# more for the open draft's message: "add that she should bring snacks", "and say i'll be late", "tell her that
# it's cancelled", "mention that the party starts at 8" ("tell her to ..." is not read: its words need rewording)
_ADD_TO_DRAFT = (r"(?:(?:and|also|oh|ok|okay|then|please)[,\s]+)*(?:add\s+that|say(?:\s+that)?|mention(?:\s+that)?"
                 r"|tell\s+(?:her|him|them)(?:\s+that)?)\s+"
                 r"(?P<said>(?!(?:(?:it|this|that)\s+)?(?:to|on|in|into|onto|again)\b)(?!.*\blist$).+?)"
                 r"(?:\s+(?:too|as\s+well|please))*")
# a change to the open draft: "actually make the subject weekly report", "change the message to see you
# at six", "the subject should be lunch" (it was declined: no command changed a draft)
_EDIT = re.compile(
    r"(?:(?:actually|no|oh|wait|sorry|and|also|then|ok|okay)[,\s]+)*"
    r"(?:(?:(?:can|could|would)\s+you\s+|please\s+)?(?:make|change|set|update|edit)\s+(?:the|its)\s+"
    r"(?P<field>subject(?:\s+line)?|title|message|body|text)(?:\s+(?:to|say|read|as|into))?"
    r"|(?:the|its)\s+(?P<field2>subject(?:\s+line)?|title|message|body|text)\s+(?:(?:should|must|can|will)\s+(?:be|say|read)"
    r"|is|'s|says|reads))"
    r"\s+(?P<value>.+?)(?:,?\s+(?:instead|please))*")

# the draft just made, asked to be read: "read it back", "read me the draft", "what does it say now"
_READ_IT = re.compile(r"(?:(?:ok|okay|now|so|and|can\s+you|could\s+you)[,\s]+)*(?:read\s+(?:it|that|the\s+(?:draft|email|e-mail|message))"
                      r"(?:\s+(?:back|out|again))?(?:\s+to\s+me)?|read\s+me\s+(?:it|that|the\s+(?:draft|email|e-mail|message))(?:\s+back)?"
                      r"|what\s+does\s+(?:it|the\s+(?:draft|email|e-mail|message))\s+say(?:\s+now)?|how\s+does\s+it\s+read(?:\s+now)?)")

# the subject said as an answer to "What should the email say?": "the subject is holiday plans", "subject: lunch"
_SUBJECT_ANSWER = re.compile(r"(?:(?:ok|okay|well|so|um)[,\s]+)*(?:the\s+|its\s+)?(?:subject(?:\s+line)?|title)"
                             r"(?:\s*:|\s+(?:is|will\s+be|should\s+be|can\s+be))\s*(?P<value>\S.*)", re.I)


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", normalize_utterance(text))


def _all_said(value: str, said: str, also: str = "") -> bool:
    """Whether every word of `value` was said (in any form the grounding reads: "meeting" for "meetings"),
    or is a word of `also` (the recipient the model wrote as an address)."""
    heard = set(_words(said)) | set(_words(also))
    return all(w in heard or said_share(w, said) == 1.0 for w in _words(value))


def _names_only(to: str) -> list[str]:
    """The recipients of `to` that are names, not addresses ("mike", "my boss"); an address said wrong
    ("sam at example") is neither."""
    return [a.strip() for a in to.split(",") if a.strip() and not _ADDRESS.match(a.strip())
            and re.fullmatch(r"(?:my\s+)?[a-z][a-z'-]*(?:\s+[a-z][a-z'-]*){0,2}", a.strip(), re.I)
            and not {"at", "dot"} & set(a.lower().split())]


# the words around an address said as an answer ("it's ...", "send it to ... please")
_ANSWER_LEADS = re.compile(r"^(?:(?:um|uh|oh|ok|okay|so|yes|yeah|sure)\s+)*(?:(?:it's|it\s+is|that's|that\s+is|the\s+address\s+is|"
                           r"his\s+is|hers\s+is|her\s+address\s+is|his\s+address\s+is|(?:send|email)\s+it\s+to|to)\s+)*")
_ANSWER_ENDS = re.compile(r"(?:\s+(?:please|thanks|thank\s+you))+$")
_WRITTEN_ADDRESS = r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+"
_SPOKEN_PART = r"[a-z0-9][a-z0-9_.+-]*"
_SPOKEN_ADDRESS = re.compile(rf"(?P<local>{_SPOKEN_PART}(?:\s+(?:dot|underscore|dash|hyphen)\s+{_SPOKEN_PART})*)"
                             rf"\s+at\s+(?P<domain>{_SPOKEN_PART}(?:\s+dot\s+{_SPOKEN_PART})*)")
_SPOKEN_MARKS = {"dot": ".", "underscore": "_", "dash": "-", "hyphen": "-"}


def spoken_address(words: str) -> str | None:
    """An e-mail address in words as written ("mike@example.com") or said ("it's mike dot jones at
    gmail dot com"); None when they hold none."""
    text = " ".join(words.lower().replace(",", " ").split()).strip(" .!?")
    written = re.search(_WRITTEN_ADDRESS, text)
    if written:
        return written.group(0)
    said = _SPOKEN_ADDRESS.search(text)
    if said is None:
        return None
    local, domain = (re.sub(r"\s+(dot|underscore|dash|hyphen)\s+", lambda m: _SPOKEN_MARKS[m.group(1)], said.group(g))
                     for g in ("local", "domain"))
    address = f"{local}@{domain}"
    return address if _ADDRESS.match(address) and re.search(r"\.[a-z]{2,}$", domain) else None   # "me at 5.30": none


def _without_address(body: str, to: str) -> str:
    """A message without the recipient's address said at its end: the answer to "Who should it go
    to?" is read with the request it completes ("email sarah saying the keys are under the mat" +
    "sarah at example dot com")."""
    m = re.search(rf"\s*(?<!\S)(?:{_WRITTEN_ADDRESS}|{_SPOKEN_ADDRESS.pattern})$", body, re.I)
    return body[:m.start()] if m and to and spoken_address(m.group(0)) == to.lower() else body


# who a message goes to, said before what it says: "email sarah saying ...", "send an email to my boss about ..."
_RECIPIENT = re.compile(r"^(?:please\s+)?(?:e-?mail|write(?:\s+an?\s+e-?mail)?\s+to|send(?:\s+an?\s+e-?mail)?\s+to"
                        r"|drop\s+a\s+line\s+to)\s+(?P<name>(?:my\s+)?(?!an?\b|the\b|it\b|back\b|me\b|us\b)[a-z]+"
                        r"(?:\s+(?!saying|that|about|to\b|now\b|please\b|today\b|tonight\b|tomorrow\b|later\b)[a-z]+)?)"
                        r"(?:\s+(?:saying|that|about|to\s+say)\b|(?:\s+(?:now|please))?$)")


# a message said after the words that say it is one: "say ...", "tell her that ...", "let them know ..."
_MESSAGE_SAID = re.compile(r"(?:(?:just|and|oh)\s+)?(?:say(?:ing)?|tell\s+(?:him|her|them)|let\s+(?:him|her|them)\s+know)"
                           r"(?:\s+that)?\s+(?P<body>\S.*)", re.I)


def _first_upper(text: str) -> str:
    return text[:1].upper() + text[1:]


def _said_name_of(address: str, voice_command: str) -> str | None:
    """The name part of one address the model wrote when the user said that name and not the address
    ("sarah@test.com" for "email sarah" -> "sarah", "john.smith@x.com" for "... to john smith"); None
    otherwise (several addresses, a name not said)."""
    local, at, _ = address.strip().lower().partition("@")
    words = [w for w in re.split(r"[._+-]+", local) if w.isalpha()]
    said = " ".join(normalize_utterance(voice_command).split())
    if not at or "," in address or not words or re.search(r"(?<![a-z])" + r"\s+".join(words) + r"(?![a-z])", said) is None:
        return None
    return " ".join(words)


def _asked(argument: str, question: str, arguments: dict[str, Any], request_info: RequestInformation,
           **context: Any) -> CommandResponse:
    """A question for one argument of a draft whose answer completes the request that asked it (its
    message stays the one said first)."""
    response = CommandResponse.ask_for(argument, question, arguments, **context)
    if response.awaits is not None:
        response.awaits["request"] = request_info.voice_command
    return response


def _draft_said(draft: dict[str, Any]) -> str:
    """The draft read back: "Here's a draft to sam@x.com, subject Lunch: See you at one. Shall I send it?";
    an empty subject or message is said so, not read as nothing."""
    said = draft["subject"].removesuffix("...")
    subject = ("" if said and draft["body"].startswith(said)           # a subject made of the message
               else f", subject {draft['subject']}" if draft["subject"] else ", with no subject")
    text = draft["body"].rstrip()
    body = f": {text}{'' if text[-1:] in '.!?' else '.'}" if text else " and no message yet."
    return f"Here's a draft to {draft['to']}{subject}{body} Shall I send it?"

def _subject_of(body: str) -> str:
    """The subject a draft without one is given: the start of its message."""
    return body[:40] + ("..." if len(body) > 40 else "")


class EmailCommand(JarvisCommandBase):
    @property
    def command_name(self) -> str:
        return "email"

    @property
    def capability(self) -> str:
        return 'draft e-mails'

    @property
    def description(self) -> str:
        return ("Email: draft a message (to, subject, body) that waits for a Send / Cancel button, change the "
                "open draft's subject or body (edit), send the current draft, or list recent drafts and sent messages.")

    @property
    def parameters(self) -> list[JarvisParameter]:
        return [
            JarvisParameter("action", "string", required=True, enum_values=["draft", "send", "list", "edit"],
                            description="draft a new message, send (the draft, or a new message after confirmation), list, "
                                        "edit the open draft (the new subject or body).",
                            enum_evidence=ACTION_WORDS, question_value="list"),
            JarvisParameter("to", "string", description="Recipient address, e.g. sam@example.com."),
            JarvisParameter("subject", "string", description="Subject line."),
            JarvisParameter("body", "string", description="The message text."),
        ]

    @property
    def required_secrets(self) -> list[JarvisSecret]:
        return [
            JarvisSecret("smtp_host", "SMTP server host name", value_type="string", is_sensitive=False, friendly_name="SMTP host"),
            JarvisSecret("smtp_port", "SMTP server port (587 STARTTLS, 465 TLS)", value_type="int", is_sensitive=False,
                         friendly_name="SMTP port"),
            JarvisSecret("smtp_user", "SMTP login name", friendly_name="SMTP user"),
            JarvisSecret("smtp_password", "SMTP password or app password", friendly_name="SMTP password"),
            JarvisSecret("smtp_from", "The From address", is_sensitive=False, friendly_name="From address"),
        ]

    def secrets_needed(self, arguments: dict[str, Any]) -> list[JarvisSecret]:
        """None to draft or list: a draft is kept without the mail server's login, and sending it
        (`_send`) names what is missing."""
        return []

    @property
    def all_possible_secrets(self) -> list[JarvisSecret]:
        return self.required_secrets + [JarvisSecret(
            "smtp_security", "starttls, ssl or none (default: ssl on port 465, else starttls when offered)",
            required=False, is_sensitive=False, friendly_name="SMTP security")]

    @property
    def keywords(self) -> list[str]:
        return ["email", "mail", "send", "message", "inbox"]

    @property
    def rules(self) -> list[str]:
        return ["Never send without the user's confirmation: a new message is always a draft first."]

    @property
    def antipatterns(self) -> list[CommandAntipattern]:
        return [CommandAntipattern("reminder", "Remind me to email Sam at 5 PM (a reminder, not an email)"),
                CommandAntipattern("todo_list", "Add email the landlord to my to-do list")]

    # what the intent router learns from besides the examples (the module's constants above)
    negative_examples = _NEGATIVES
    domain_words = _DOMAIN_WORDS

    def generate_prompt_examples(self) -> list[CommandExample]:
        return examples([
            ("Send an email to john@example.com saying I'll be late",
             {"action": "draft", "to": "john@example.com", "subject": "Running late", "body": "I'll be late"}),
            ("Email sarah@test.com about the project update",
             {"action": "draft", "to": "sarah@test.com", "subject": "Project update", "body": "Here's the project update"}),
            ("Send it", {"action": "send"}),
            ("What emails have I sent?", {"action": "list"}),
        ])

    def generate_adapter_examples(self) -> list[CommandExample]:
        drafts = [
            ("Send an email to john@example.com saying I'll be late", "john@example.com", "Running late", "I'll be late"),
            ("Email sarah@test.com about the project update", "sarah@test.com", "Project update", "Here's the project update"),
            ("Send a message to bob@company.com saying the report is ready", "bob@company.com", "Report ready", "The report is ready"),
            ("Write an email to team@company.com about tomorrow's standup", "team@company.com", "Tomorrow's standup",
             "Regarding tomorrow's standup"),
            ("Draft an email to mom@family.org saying happy birthday", "mom@family.org", "Happy birthday", "Happy birthday!"),
            ("Email alex@work.com that the meeting moved to 3", "alex@work.com", "Meeting moved", "The meeting moved to 3 PM."),
            ("Tell kim@site.io by email that the package arrived", "kim@site.io", "Package arrived", "The package arrived."),
            ("Send jo@mail.com an email with subject lunch saying are you free at noon", "jo@mail.com", "Lunch",
             "Are you free at noon?"),
            ("Compose an email to lisa@work.com saying thanks for the help", "lisa@work.com", "Thanks", "Thanks for the help!"),
            ("Email the invoice reminder to billing@shop.com", "billing@shop.com", "Invoice reminder",
             "A reminder about the open invoice."),
            ("Let pat@corp.com know by email that I'm out sick today", "pat@corp.com", "Out sick", "I'm out sick today."),
            ("Write to dev@team.org that the build is fixed", "dev@team.org", "Build fixed", "The build is fixed."),
            ("Send an email to ana@x.com telling her I'll call tonight", "ana@x.com", "Call tonight", "I'll call you tonight."),
            ("Email rob@y.net asking if he has the keys", "rob@y.net", "Keys", "Do you have the keys?"),
            ("Draft a message to sue@z.org saying see you Friday", "sue@z.org", "See you Friday", "See you Friday!"),
            ("Email hr@company.com about my vacation days", "hr@company.com", "Vacation days", "About my vacation days."),
        ]
        rows = [(t, {"action": "draft", "to": to, "subject": s, "body": b}) for t, to, s, b in drafts]
        rows += [("Send it", {"action": "send"}), ("Yes, send the email", {"action": "send"}),
                 ("Send the draft", {"action": "send"}), ("What emails have I sent?", {"action": "list"}),
                 ("List my drafts", {"action": "list"}), ("Show my recent emails", {"action": "list"})]
        return examples(_MORE_EXAMPLES, primary=None) + examples(rows)

    # ---- outbox (settings table) ------------------------------------------------------------------
    def _outbox(self) -> list[dict[str, Any]]:
        return list(self.services.settings.get(OUTBOX_KEY, []) or [])

    def _save(self, outbox: list[dict[str, Any]]) -> None:
        self.services.settings.set(OUTBOX_KEY, outbox[-50:])

    def _update(self, draft_id: str, **fields: Any) -> dict[str, Any] | None:
        outbox = self._outbox()
        for m in outbox:
            if m["id"] == draft_id:
                m.update(fields)
                self._save(outbox)
                return m
        return None

    def post_process_tool_call(self, args: dict[str, Any], voice_command: str) -> dict[str, Any]:
        """An address, subject or body the user did not say (copied from an example) is dropped;
        the validation then asks for what is missing instead of mailing a made-up recipient."""
        if args.get("action") == "list":
            return {"action": "list"}
        if args.get("action") == "draft" and not _drafting_said(voice_command):
            # "keep this email in my contacts": no message asked for (the draft was asked who it goes to)
            return {k: v for k, v in args.items() if k != "action"}
        out = drop_ungrounded(args, voice_command, ["subject", "body"])
        if out.get("to") and not address_grounded(out["to"], voice_command):
            # "email sarah" written "sarah@test.com": the name was said, the address made up (it is asked)
            name = _said_name_of(str(out.pop("to")), voice_command)
            out.update({"to": name} if name else {})
        subject = str(out.get("subject") or "") if out.get("action") in ("draft", "send") else ""    # not an edit's
        if subject and not _all_said(subject, voice_command, also=str(out.get("to") or "")):
            # a word the user did not say ("Dinner is at 8 AM" for "dinner is at 8"): the subject is made
            # from the message, or asked for with it
            out.pop("subject")
        elif subject and not set(_words(subject)) - _FRAME_WORDS - set(_words(str(out.get("to") or ""))):
            out.pop("subject")
        body = str(out.get("body") or "") if out.get("action") in ("draft", "send") else ""
        if body and not set(content_words(" ".join(_words(body)))) - _FRAME_WORDS - set(_words(str(out.get("to") or ""))):
            # a message made of nothing but the recipient and the frame ("email mark@example.com" drafted "Please
            # mark your email."): none was said (it is asked)
            out.pop("body")
        told = _TOLD_THAT.match(" ".join(normalize_utterance(voice_command).split()))
        if told and out.get("action") in ("draft", "send") and _names_only(str(out.get("to") or "")) \
                and not set(_words(str(out["to"]))) <= set(_words(told.group("to"))):
            out["to"] = told.group("to")      # "email the team that the office is closed on friday": not "friday"
        said = _SAYING.search(" ".join(voice_command.split()))
        if said and out.get("action") in ("draft", "send"):
            body = said.group("body").strip(" .!?")
            body = _without_address(body, str(out.get("to") or ""))
            out["body"] = _first_upper(body)     # the user's own words, not the model's retelling
        if out.get("action") in ("draft", "send") and not out.get("to"):
            named = _RECIPIENT.match(" ".join(normalize_utterance(voice_command).split()))
            if named:                   # "email sarah saying ...": the model left sarah out (her address is asked)
                out["to"] = named.group("name")
        if re.fullmatch(r"(?:some|any)\s?(?:one|body)|people|(?:a\s+)?(?:friend|person)", str(out.get("to") or "").strip(), re.I):
            out.pop("to")               # "email someone": who is asked, not "someone's" address
        to = str(out.get("to") or "")
        if _names_only(to) and re.search(r"\bmy\s+" + re.escape(to.lower()) + r"\b", normalize_utterance(voice_command)):
            out["to"] = "my " + to      # "email my boss": "What's your boss's email address?", not "Boss's"
        return out

    def validate_call(self, **kwargs: Any) -> list[ValidationResult]:
        if kwargs.get("action") == "draft" or (kwargs.get("action") == "send" and kwargs.get("to")):
            out = []
            to = (kwargs.get("to") or "").strip()
            named = _names_only(to)
            wrong = [a for a in to.split(",") if a.strip() and not _ADDRESS.match(a.strip()) and a.strip() not in named]
            if not to or wrong or (named and "," in to):    # one name alone: its address is asked in run
                out.append(ValidationResult(False, "to", self.command_name,
                                            "Who should it go to? I need an email address like name@example.com."))
            return out                  # a name's address, then a missing message, are asked in run
        return []

    # ---- run --------------------------------------------------------------------------------------
    def run(self, request_info: RequestInformation, **kwargs: Any) -> CommandResponse:
        if self.services is None:
            return fail("Email needs a running assistant.")
        action = kwargs["action"]
        if action == "list":
            draft = self._open_draft()
            if draft is not None and _READ_IT.fullmatch(normalize_utterance(request_info.voice_command)) \
                    and self.command_name in self.services.last_commands():
                return self._draft_read(draft)     # "read it back" right after a draft: the draft, not the outbox
            return self._list()
        if action == "edit":
            return self._edit(kwargs)
        if action == "send" and not kwargs.get("to"):
            draft = self._open_draft()
            if draft is None:
                return fail("There's no draft to send. Tell me who to email and what to say.")
            return self._send(draft["id"])
        named = _names_only(kwargs.get("to") or "")
        if named:                   # "send mike a note ...": the name is known, its address is not (asked)
            whose = second_person(named[0])
            whose = whose if whose.lower().startswith(("your ", "the ")) else whose.title()
            asked = dict(kwargs)           # the name stays: a message said instead of the address keeps it
            return _asked("to", f"What's {whose}'s email address?", asked, request_info, reason="no_address")
        if not (kwargs.get("body") or "").strip() and not (kwargs.get("subject") or "").strip():
            return _asked("body", "What should the email say?", kwargs, request_info)    # "email bob": then the message
        return self._draft(kwargs)

    def read_answer(self, argument: str, words: str, arguments: dict[str, Any]) -> dict[str, Any] | None:
        """The answer to "What's Mike's email address?": an address written ("mike@example.com") or
        said ("mike at example dot com", "mike dot jones at gmail dot co dot uk"); None when the words
        say none (a request of their own, routed as usual)."""
        if argument == "body" and _names_only(str(arguments.get("to") or "")):
            address = self.read_answer("to", words, arguments)
            if address is not None:             # "bob at example dot com" said to "What should the email say?"
                return address
        m = _EDIT.fullmatch(" ".join(normalize_utterance(words).split()).strip(" .!?")) if argument == "body" else None
        edit = _edited(m) if m is not None else None
        subject = _SUBJECT_ANSWER.fullmatch(" ".join(words.split()).strip(" .!?")) if argument == "body" else None
        if subject is not None and not arguments.get("subject"):
            # "the subject is holiday plans" said to "What should the email say?" became its message
            return {**arguments, "subject": _first_upper(subject.group("value"))}
        if edit is not None:
            # "change the subject to saturday party" said to "What should the email say?" became its message:
            # the field it names is set, and the message is still asked for
            return {**arguments, **edit}
        message = _MESSAGE_SAID.fullmatch(" ".join(words.split()).strip(" .!?"))
        if argument == "body" and message is not None:
            # "say the meeting is moved to three": the message is what follows "say"
            return {**arguments, "body": _first_upper(message.group("body"))}
        if argument != "to":
            return super().read_answer(argument, words, arguments)
        said = " ".join(words.lower().replace(",", " ").split()).strip(" .!?")
        said = _ANSWER_ENDS.sub("", _ANSWER_LEADS.sub("", said))
        address = spoken_address(said)
        # the address alone, not a request that holds one ("email sarah at gmail dot com about dinner")
        alone = re.fullmatch(_WRITTEN_ADDRESS, said) or _SPOKEN_ADDRESS.fullmatch(said)
        if address and alone:
            return {**arguments, "to": address}
        if message is not None and _names_only(str(arguments.get("to") or "")) and not arguments.get("body"):
            # "tell her i'm running late" said to "What's Sarah's email address?": the message is kept, and
            # her address asked again
            return {**arguments, "body": _first_upper(message.group("body"))}
        return None

    def _draft(self, kwargs: dict[str, Any]) -> CommandResponse:
        body = (kwargs.get("body") or "").strip()
        subject = (kwargs.get("subject") or "").strip() or _subject_of(body)
        draft = {"id": uuid.uuid4().hex[:10], "to": kwargs["to"].strip(), "subject": subject, "body": body,
                 "status": "draft", "created_at": _dt.datetime.now().astimezone().isoformat(timespec="seconds")}
        outbox = self._outbox()
        for m in outbox:   # one open draft at a time
            if m["status"] == "draft":
                m["status"] = "replaced"
        outbox.append(draft)
        self._save(outbox)
        return self._draft_read(draft)

    @staticmethod
    def _draft_read(draft: dict[str, Any]) -> CommandResponse:
        """The draft said back, with its Send / Cancel buttons."""
        return CommandResponse.follow_up_response(
            {"message": _draft_said(draft),
             "draft_id": draft["id"], "to": draft["to"], "subject": draft["subject"], "body": draft["body"]},
            actions=[IJarvisButton("Send", SEND_ACTION, "primary", "send"),
                     IJarvisButton("Cancel", "cancel_click", "secondary")])

    def _open_draft(self) -> dict[str, Any] | None:
        return next((m for m in reversed(self._outbox()) if m["status"] == "draft"), None)

    def _edit(self, kwargs: dict[str, Any]) -> CommandResponse:
        """The open draft with a new subject or body, read back with its Send / Cancel buttons again."""
        draft = self._open_draft()
        if draft is None:
            return fail("There's no draft to change. Tell me who to email and what to say.")
        subject, body = (kwargs.get("subject") or "").strip(), (kwargs.get("body") or "").strip()
        if not subject and not body:
            return CommandResponse.ask_for("body", "What should it say?", {"action": "edit"})
        made_subject = draft["subject"] == _subject_of(draft["body"])      # a new message makes its own
        return self._draft({"to": draft["to"], "body": body or draft["body"],
                            "subject": subject or ("" if made_subject else draft["subject"])})

    def _add_to_draft_claim(self, m: re.Match[str], _text: str) -> PreRouteResult | None:
        """"add that she should bring snacks" right after a draft went to the model, which wrote it into the
        subject: the words join the draft's message."""
        if self.services is None or "email" not in self.services.last_commands():
            return None
        draft = self._open_draft()
        said = m.group("said").strip(" .!?")
        if draft is None or not said:
            return None
        said = said[:1].upper() + said[1:]
        body = (draft.get("body") or "").strip()
        return PreRouteResult(arguments={"action": "edit", "body": f"{body.rstrip('.!?')}. {said}." if body else f"{said}."})

    def _edit_claim(self, m: re.Match[str], _text: str) -> PreRouteResult | None:
        if self.services is None or self._open_draft() is None:
            return None
        edit = _edited(m)
        return PreRouteResult(arguments={"action": "edit", **edit}) if edit is not None else None

    def _corrected_claim(self, _m: re.Match[str], text: str) -> PreRouteResult | None:
        """"actually make it thursday" right after a draft that says friday: the draft with that day
        changed, in its message and its subject (it became a new draft to no one). Only a day, a month,
        a clock time or numbers said again in the same words: nothing else is guessed."""
        if self.services is None or "email" not in self.services.last_commands():
            return None
        draft, value = self._open_draft(), corrected_value(text)
        if draft is None or not value:
            return None
        body = with_value_replaced(draft["body"], value)
        if body is None:
            return None
        subject = with_value_replaced(draft["subject"], value) if draft["subject"] != _subject_of(draft["body"]) else None
        return PreRouteResult(arguments={"action": "edit", "body": body, **({"subject": subject} if subject else {})})

    @property
    def fast_paths(self) -> list[FastPath]:
        return [FastPath("email.edit_draft", _EDIT, self._edit_claim, "make the subject weekly report (the open draft)"),
                FastPath("email.add_to_draft", _ADD_TO_DRAFT, self._add_to_draft_claim,
                         "add that she should bring snacks (right after a draft)"),
                FastPath("email.corrected", r".+", self._corrected_claim,
                         "actually make it thursday (right after a draft that says friday)"),
                FastPath("email.read_draft", _READ_IT, self._read_it_claim, "read it back (right after a draft)")]

    def _read_it_claim(self, _m: re.Match[str], _text: str) -> PreRouteResult | None:
        """"read it back", "what does it say" right after a draft was made or changed: that draft."""
        if self.services is None or self._open_draft() is None or self.command_name not in self.services.last_commands():
            return None
        return PreRouteResult(arguments={"action": "list"})

    def _list(self) -> CommandResponse:
        recent = [m for m in self._outbox() if m["status"] in ("draft", "sent")][-5:]
        if not recent:
            return say("You have no drafts or sent emails.", emails=[])
        parts = [f"{'draft' if m['status'] == 'draft' else 'sent'} to {m['to']}: {m['subject']}" for m in reversed(recent)]
        return say(f"Your recent emails: {'; '.join(parts)}.", emails=recent)

    def _smtp(self) -> dict[str, Any]:
        s = self.services.secrets
        return {k: s.get(k) for k in ("smtp_host", "smtp_port", "smtp_user", "smtp_password", "smtp_from", "smtp_security")}

    def confirmation_question(self, args: dict[str, Any]) -> str | None:
        """Asked before a guessed send of the last draft (a new message is only drafted: harmless)."""
        if args.get("action") != "send" or args.get("to") or self.services is None:
            return None
        d = self._open_draft()
        if d is None:
            return None
        about = f" about {d['subject']}" if d.get("subject") else ""
        return f"Send the email to {d.get('to') or 'the recipient'}{about}?"

    def _send(self, draft_id: str) -> CommandResponse:
        draft = next((m for m in self._outbox() if m["id"] == draft_id), None)
        if draft is None or draft["status"] != "draft":
            return fail("That draft is gone; it was sent, cancelled or replaced.")
        missing = self.missing_secrets()
        if missing:
            labels = ", ".join(x.label for x in missing)
            return fail(f"I can't send email until {labels} {'is' if len(missing) == 1 else 'are'} set. Add them under Secrets.",
                        missing_secrets=[x.key for x in missing])
        cfg = self._smtp()
        msg = EmailMessage()
        msg["From"] = cfg["smtp_from"]
        msg["To"] = draft["to"]
        msg["Subject"] = draft["subject"]
        msg.set_content(draft["body"] or draft["subject"])
        try:
            port = int(cfg["smtp_port"])
        except (TypeError, ValueError):
            return fail(f"The SMTP port {cfg['smtp_port']!r} is not a number. Fix smtp_port under Secrets.")
        security = (cfg.get("smtp_security") or ("ssl" if port == 465 else "auto")).lower()
        try:
            if security == "ssl":
                server: smtplib.SMTP = smtplib.SMTP_SSL(cfg["smtp_host"], port, timeout=TIMEOUT_S,
                                                        context=ssl.create_default_context())
            else:
                server = smtplib.SMTP(cfg["smtp_host"], port, timeout=TIMEOUT_S)
            with server:
                server.ehlo()
                if security == "starttls" or (security == "auto" and server.has_extn("starttls")):
                    server.starttls(context=ssl.create_default_context())
                    server.ehlo()
                if cfg["smtp_user"] and server.has_extn("auth"):
                    mechanisms = server.esmtp_features.get("auth", "").upper().split()
                    if "PLAIN" in mechanisms:   # one attempt, so a wrong password fails at once
                        server.user, server.password = cfg["smtp_user"], cfg["smtp_password"]
                        server.auth("PLAIN", server.auth_plain)
                    else:
                        server.login(cfg["smtp_user"], cfg["smtp_password"])
                server.send_message(msg)
        except smtplib.SMTPAuthenticationError:
            return fail("The mail server refused the login. Check smtp_user and smtp_password under Secrets.",
                        reason="auth")
        except (smtplib.SMTPException, OSError) as exc:
            return fail(f"I couldn't send the email: {type(exc).__name__}. The draft is kept; try again later.",
                        reason="smtp", draft_id=draft_id)
        self._update(draft_id, status="sent", sent_at=_dt.datetime.now().astimezone().isoformat(timespec="seconds"))
        return CommandResponse.final_response({"message": f"Sent your email to {draft['to']}.", "draft_id": draft_id,
                                               "to": draft["to"], "subject": draft["subject"]})

    def handle_action(self, action_name: str, context: dict[str, Any]) -> CommandResponse:
        if self.services is None:
            return fail("Email needs a running assistant.")
        draft_id = context.get("draft_id")
        if action_name == SEND_ACTION:
            if not draft_id:
                return fail("There's no draft to send.")
            return self._send(draft_id)
        if action_name == "cancel_click":
            if draft_id:
                self._update(draft_id, status="cancelled")
            return CommandResponse.final_response({"message": "OK, I won't send it.", "draft_id": draft_id})
        return super().handle_action(action_name, context)
