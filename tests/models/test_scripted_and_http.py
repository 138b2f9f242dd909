"""The scripted double and the HTTP client's request/stream handling (the real server is in the slow tests)."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer

import pytest

from narrator.models.base import BackendError, GenerationSettings, LLMBackend, Message
from narrator.models.openai_http import OpenAICompatibleBackend
from narrator.models.scripted import ScriptedBackend


def test_scripted_backend_satisfies_the_interface_and_records_calls():
    b = ScriptedBackend(["hello there, traveller"])
    assert isinstance(b, LLMBackend)
    chunks = list(b.stream([Message("user", "hi")], GenerationSettings()))
    assert "".join(chunks) == "hello there, traveller" and len(chunks) > 1
    with pytest.raises(BackendError):
        b.complete([], GenerationSettings())


class _Handler(BaseHTTPRequestHandler):
    seen: list = []

    def log_message(self, *args):
        pass

    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        _Handler.seen.append(body)
        if body.get("stream"):
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.end_headers()
            for piece in ["The door ", "creaks."]:
                self.wfile.write(f"data: {json.dumps({'choices': [{'delta': {'content': piece}}]})}\n\n".encode())
            self.wfile.write(b"data: [DONE]\n\n")
        elif body["messages"][-1]["content"] == "fail":
            self.send_response(503)
            self.end_headers()
            self.wfile.write(b"overloaded")
        else:
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.end_headers()
            self.wfile.write(json.dumps({"choices": [{"message": {"content": '{"tool": "no_roll"}'}}]}).encode())


@pytest.fixture
def local_server():
    server = HTTPServer(("127.0.0.1", 0), _Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    _Handler.seen.clear()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


def test_http_backend_streams_and_sends_the_schema(local_server):
    b = OpenAICompatibleBackend(local_server)
    assert "".join(b.stream([Message("user", "go")], GenerationSettings())) == "The door creaks."
    schema = {"type": "object"}
    assert b.complete([Message("user", "pick")], GenerationSettings(json_schema=schema)) == '{"tool": "no_roll"}'
    sent = _Handler.seen[-1]
    assert sent["response_format"]["type"] == "json_schema" and sent["response_format"]["json_schema"]["schema"] == schema
    OpenAICompatibleBackend(local_server, schema_mode="json_object").complete(
        [Message("user", "pick")], GenerationSettings(json_schema=schema))
    assert _Handler.seen[-1]["response_format"] == {"type": "json_object", "schema": schema}


def test_http_errors_are_backend_errors(local_server):
    with pytest.raises(BackendError, match="503"):
        OpenAICompatibleBackend(local_server).complete([Message("user", "fail")], GenerationSettings())
    with pytest.raises(BackendError, match="Cannot reach"):
        OpenAICompatibleBackend("http://127.0.0.1:9", timeout=2).complete([Message("user", "x")], GenerationSettings())
