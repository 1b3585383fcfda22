"""get_weather against a real HTTP server on loopback serving recorded Open-Meteo responses."""
from __future__ import annotations

import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest

from command_helpers import ask

DATA = Path(__file__).parent / "data"


class Recorded(BaseHTTPRequestHandler):
    requests: list = []

    def do_GET(self):
        url = urlparse(self.path)
        q = {k: v[0] for k, v in parse_qs(url.query).items()}
        type(self).requests.append((url.path, q))
        if url.path == "/v1/search":
            body = (DATA / ("geocoding_london.json" if q.get("name", "").lower() == "london" else "geocoding_empty.json")).read_bytes()
        elif url.path == "/v1/forecast":
            if q.get("latitude") != "51.50853":
                self.send_error(400, "bad coordinates")
                return
            body = (DATA / "forecast_london.json").read_bytes()
        else:
            self.send_error(404)
            return
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


@pytest.fixture
def server():
    Recorded.requests = []
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Recorded)
    t = threading.Thread(target=httpd.serve_forever, daemon=True)
    t.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture
def weather_rt(rt, server):
    rt.store.settings.set("weather.geocoding_url", server + "/v1/search")
    rt.store.settings.set("weather.forecast_url", server + "/v1/forecast")
    return rt


def test_current_weather_in_city(weather_rt):
    turn, r = ask(weather_rt, "what's the weather in London")
    assert turn.route == "pre_route" and r.success
    assert turn.spoken == ("In London it's 12 degrees with overcast. It feels like 8. "
                           "Today: overcast, high 13, low 6.")
    path, q = Recorded.requests[-1]
    assert path == "/v1/forecast" and q["temperature_unit"] == "celsius" and q["timezone"] == "auto"


def test_tomorrow_weekend_next_week_and_default_location(weather_rt):
    weather_rt.store.settings.set("weather.default_location", "London")
    weather_rt.store.settings.set("weather.temperature_unit", "fahrenheit")
    turn, _ = ask(weather_rt, "will it rain tomorrow")
    assert turn.spoken == "Tomorrow in London: light rain, high 10, low 5, 85 percent chance of rain."
    assert Recorded.requests[0][1]["name"] == "London" and Recorded.requests[-1][1]["temperature_unit"] == "fahrenheit"
    turn, _ = ask(weather_rt, "what's the weather this weekend")
    assert turn.spoken.startswith("This weekend in London: Saturday light rain, high 10")
    assert "Sunday partly cloudy, high 13, low 4" in turn.spoken
    turn, _ = ask(weather_rt, "what's the weather going to be like next week")
    assert turn.spoken == ("Over the next week in London, highs from 10 to 15 degrees, with rain likely on "
                           "Saturday, Wednesday and Thursday.")


def test_unknown_city(weather_rt):
    turn, r = ask(weather_rt, "weather in Atlantis")
    assert not r.success and turn.spoken == "I couldn't find a place called Atlantis."


def test_no_location_asks(weather_rt):
    turn, r = ask(weather_rt, "what's the weather")
    assert r.wait_for_input and "Which city?" in turn.spoken
    assert r.awaits == {"argument": "city", "arguments": {"resolved_datetimes": ["today"]}}
    assert Recorded.requests == []


TOMORROW_IN_LONDON = "Tomorrow in London: light rain, high 10, low 5, 85 percent chance of rain."


@pytest.mark.parametrize("answer", ["london", "in london", "london please", "London.", "um, london",
                                    "london, thanks", "how about london", "i'm in london", "for London then"])
def test_the_next_words_are_the_city_for_the_days_first_asked(weather_rt, answer):
    turn, _ = ask(weather_rt, "will it rain tomorrow")
    assert turn.spoken.startswith("Which city?")
    turn, r = ask(weather_rt, answer)
    assert turn.route == "follow_up" and r.success
    assert turn.tool_calls[0].arguments == {"city": "London", "resolved_datetimes": ["tomorrow"]}
    assert turn.spoken == TOMORROW_IN_LONDON
    assert Recorded.requests[0][1]["name"] == "London"


def test_an_answer_that_says_a_day_too_takes_that_day(weather_rt):
    ask(weather_rt, "what's the weather like")
    turn, _ = ask(weather_rt, "london tomorrow")
    assert turn.spoken == TOMORROW_IN_LONDON


@pytest.mark.parametrize("request_", ["will it rain tomorrow in london", "what's the forecast for tomorrow in london"])
def test_a_whole_weather_request_said_instead_keeps_its_city_and_day(weather_rt, request_):
    ask(weather_rt, "what's the weather like")
    turn, _ = ask(weather_rt, request_)
    assert [(c.name, c.arguments) for c in turn.tool_calls] == \
        [("get_weather", {"city": "London", "resolved_datetimes": ["tomorrow"]})]
    assert turn.spoken == TOMORROW_IN_LONDON


def test_never_mind_drops_the_question_and_the_next_turn_is_ordinary(weather_rt):
    ask(weather_rt, "what's the weather like")
    turn, _ = ask(weather_rt, "never mind")
    assert turn.spoken == "Okay, I've left it as it is." and Recorded.requests == []
    turn, _ = ask(weather_rt, "london")                    # asked once: no longer an answer
    assert [c.name for c in turn.tool_calls] != ["get_weather"]


def test_http_error_is_spoken(weather_rt, server):
    weather_rt.store.settings.set("weather.geocoding_url", server + "/nowhere")
    turn, r = ask(weather_rt, "weather in London")
    assert not r.success and "answered with an error (404)" in turn.spoken


def test_no_network_is_a_clear_spoken_error(rt):
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()                                   # nothing listens there: connection refused
    rt.store.settings.set("weather.geocoding_url", f"http://127.0.0.1:{port}/v1/search")
    turn, r = ask(rt, "what's the weather in London")
    assert not r.success
    assert turn.spoken == "I can't reach the weather service right now. Check the internet connection."
    assert r.context_data["reason"] == "network"


# ---- a day named by its name or date ------------------------------------------------------------------
import datetime as _dt  # noqa: E402

# the recorded forecast's days after its first (the place's today): 3 clear skies, 4 mostly clear,
# 5 rain, 10 clear skies
AHEAD = {3: "clear skies, high 15, low 6", 4: "mostly clear, high 14, low 6",
         5: "rain, high 10, low 5, 70 percent chance of rain", 10: "clear skies, high 15, low 7"}


def _weekday_in(days: int) -> str:
    return (_dt.date.today() + _dt.timedelta(days=days)).strftime("%A")


@pytest.mark.parametrize("ahead", [3, 4, 5])
def test_a_weekday_further_ahead_is_that_days_forecast(weather_rt, ahead):
    """"what's the weather in london on tuesday" was told today's weather, as if it were Tuesday's."""
    name = _weekday_in(ahead)
    turn, r = ask(weather_rt, f"what's the weather in london on {name.lower()}")
    assert turn.route == "pre_route" and r.success
    assert turn.tool_calls[0].arguments == {"city": "London",
                                            "day": (_dt.date.today() + _dt.timedelta(days=ahead)).isoformat()}
    assert turn.spoken == f"On {name} in London: {AHEAD[ahead]}."


def test_a_date_or_a_count_of_days_names_the_day(weather_rt):
    weather_rt.store.settings.set("weather.default_location", "London")
    turn, _ = ask(weather_rt, "will it rain in 5 days")
    assert turn.spoken == f"On {_weekday_in(5)} in London: {AHEAD[5]}."
    later = _dt.date.today() + _dt.timedelta(days=10)
    turn, _ = ask(weather_rt, f"what's the weather on the {later.day}{'th' if 4 <= later.day % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(later.day % 10, 'th')} of {later.strftime('%B').lower()}")
    assert turn.spoken == f"On {later.strftime('%A, %B')} {later.day}, in London: {AHEAD[10]}."


def test_a_day_past_the_forecast_or_gone_by_says_so(weather_rt):
    weather_rt.store.settings.set("weather.default_location", "London")
    turn, r = ask(weather_rt, "will it rain in 20 days")
    assert turn.spoken == "I only have the forecast for the next 14 days."
    assert "Today" not in turn.spoken                    # not today's weather instead


def test_the_city_asked_for_keeps_the_day_named(weather_rt):
    name = _weekday_in(4)
    turn, r = ask(weather_rt, f"do i need an umbrella on {name.lower()}")
    assert "Which city?" in turn.spoken
    assert r.awaits["arguments"] == {"day": (_dt.date.today() + _dt.timedelta(days=4)).isoformat()}
    turn, _ = ask(weather_rt, "london")
    assert turn.spoken == f"On {name} in London: {AHEAD[4]}."


def test_the_day_after_follows_the_day_talked_about(weather_rt):
    """"and the day after" after tomorrow's weather was told tomorrow's again (the model's pick)."""
    weather_rt.store.settings.set("weather.default_location", "London")
    ask(weather_rt, "will it rain tomorrow")
    turn, _ = ask(weather_rt, "and the day after")
    assert turn.route == "follow_up" and turn.understood_as == "will it rain the day after tomorrow"
    assert turn.tool_calls[-1].arguments["resolved_datetimes"] == ["day_after_tomorrow"]
    turn, _ = ask(weather_rt, "what about the day after that")
    assert turn.spoken == f"On {_weekday_in(3)} in London: {AHEAD[3]}."
