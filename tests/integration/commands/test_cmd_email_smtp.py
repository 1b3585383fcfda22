"""email: draft -> Send / Cancel, sent over SMTP to a real aiosmtpd server on loopback."""
from __future__ import annotations

import email
import socket

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword

from jarvis_tui.assistant.assistant import PendingActions
from jarvis_tui.sdk import RequestInformation

USER, PASSWORD = "jarvis", "s3cret-pw"


class Inbox:
    def __init__(self) -> None:
        self.messages: list = []

    async def handle_DATA(self, server, session, envelope):
        self.messages.append((envelope.mail_from, list(envelope.rcpt_tos),
                              email.message_from_bytes(envelope.content)))
        return "250 OK"


def _auth(server, session, envelope, mechanism, auth_data):
    ok = isinstance(auth_data, LoginPassword) and auth_data.login.decode() == USER \
        and auth_data.password.decode() == PASSWORD
    return AuthResult(success=ok, handled=False)   # handled=False: aiosmtpd answers 535 itself


def _free_port() -> int:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


@pytest.fixture
def smtp():
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=_free_port(), authenticator=_auth,
                            auth_require_tls=False)
    controller.start()
    yield controller, inbox
    controller.stop()


def _secrets(rt, port, password=PASSWORD):
    for k, v in {"smtp_host": "127.0.0.1", "smtp_port": str(port), "smtp_user": USER,
                 "smtp_password": password, "smtp_from": "jarvis@home.test"}.items():
        rt.store.secrets.set(k, v)


def _draft(rt, **kw):
    args = {"action": "draft", "to": "sam@example.com", "subject": "Running late", "body": "I'll be 10 minutes late."}
    args.update(kw)
    return rt.registry.get("email").execute(RequestInformation("email sam"), **args)


def test_draft_then_send_button(rt, smtp):
    controller, inbox = smtp
    _secrets(rt, controller.port)
    r = _draft(rt)
    assert r.success and r.wait_for_input
    assert [(a.button_text, a.button_action) for a in r.actions] == [("Send", "send_click"), ("Cancel", "cancel_click")]
    assert inbox.messages == []                       # nothing sent before the button
    done = rt.assistant.handle_action("email", "send_click", r.context_data)
    assert done.spoken == "Sent your email to sam@example.com."
    mail_from, rcpts, msg = inbox.messages[0]
    assert mail_from == "jarvis@home.test" and rcpts == ["sam@example.com"]
    assert msg["Subject"] == "Running late" and "10 minutes late" in msg.get_payload()
    again = rt.assistant.handle_action("email", "send_click", r.context_data)
    assert "gone" in again.spoken and len(inbox.messages) == 1     # never twice
    listing = rt.registry.get("email").execute(RequestInformation("x"), action="list")
    assert "sent to sam@example.com: Running late" in listing.message


def test_spoken_yes_sends_and_no_cancels(rt, smtp):
    controller, inbox = smtp
    _secrets(rt, controller.port)
    r = _draft(rt)
    rt.assistant.pending = PendingActions("email", r.actions, r.context_data)   # as after an LLM turn
    turn = rt.assistant.handle_text("no")
    assert turn.spoken == "OK, I won't send it." and inbox.messages == []
    r = _draft(rt, subject="Lunch", body="Free at noon?")
    rt.assistant.pending = PendingActions("email", r.actions, r.context_data)
    turn = rt.assistant.handle_text("yes")
    assert turn.spoken == "Sent your email to sam@example.com." and inbox.messages[0][2]["Subject"] == "Lunch"


def test_send_latest_draft_by_action(rt, smtp):
    controller, inbox = smtp
    _secrets(rt, controller.port)
    _draft(rt)
    r = rt.registry.get("email").execute(RequestInformation("send it"), action="send")
    assert r.success and len(inbox.messages) == 1


def test_wrong_password_is_explained_and_draft_kept(rt, smtp):
    controller, inbox = smtp
    _secrets(rt, controller.port, password="wrong")
    r = _draft(rt)
    done = rt.assistant.handle_action("email", "send_click", r.context_data)
    assert "refused the login" in done.spoken and inbox.messages == []


def test_server_down_keeps_draft(rt):
    _secrets(rt, _free_port())
    r = _draft(rt)
    done = rt.assistant.handle_action("email", "send_click", r.context_data)
    assert "couldn't send the email" in done.spoken
    assert rt.registry.get("email").execute(RequestInformation("x"), action="send").message.startswith("I couldn't send")


def test_a_draft_needs_no_mail_server_and_sending_it_names_what_is_missing(rt):
    """"draft an email to sam" said "I can't do that until SMTP host, ... are set": a draft is kept
    without the login; sending it names the missing settings, and the draft stays to send later."""
    rt.store.secrets.set("smtp_host", "127.0.0.1")
    r = _draft(rt)
    assert r.success and r.wait_for_input and "Shall I send it?" in r.message
    done = rt.assistant.handle_action("email", "send_click", r.context_data)
    assert "SMTP port" in done.spoken and "Secrets" in done.spoken
    sent = rt.registry.get("email").execute(RequestInformation("send it"), action="send")
    assert not sent.success
    assert sent.context_data["missing_secrets"] == ["smtp_port", "smtp_user", "smtp_password", "smtp_from"]
    listed = rt.registry.get("email").execute(RequestInformation("what emails do i have"), action="list")
    assert listed.success and "draft to sam@example.com" in listed.message


def test_bad_address_is_a_validation_error(rt, smtp):
    controller, _ = smtp
    _secrets(rt, controller.port)
    r = _draft(rt, to="sam at example")
    assert r.is_validation_error and "email address" in r.message
