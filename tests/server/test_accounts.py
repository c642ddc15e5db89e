"""Accounts over HTTP: registering, logging in and out (a cookie or a bearer header), names and passwords refused
with the rule said in French and English, a wrong login that does not say which half was wrong, failed logins
throttled per name, passwords stored as argon2 hashes (rehashed when the parameters change) and sessions as
SHA-256; rated tables: only accounts take their seats, once each, and the seat an account holds can be claimed
again from another browser."""

from __future__ import annotations

import asyncio
import hashlib
import json
import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets
from argon2 import PasswordHasher

from ludotheque.server.accounts import (
    ADDRESS_FAILURES,
    ADDRESS_REGISTRATIONS,
    NAME_FAILURES,
    Accounts,
    Throttle,
    check_name,
)
from ludotheque.server.errors import Refusal
from ludotheque.server.protocol import SERVER_TEXTS
from ludotheque.server.storage import Store
from tests.server.support import Running, server_thread

PASSWORD = "correct horse battery"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Running, Path]]:
    """A server on a SQLite file of its own (the tests look into the file)."""
    db = tmp_path_factory.mktemp("accounts") / "ludo.db"
    with server_thread(f"sqlite:///{db}") as running:
        yield running, db


@pytest.fixture
def running(site: tuple[Running, Path]) -> Running:
    return site[0]


def browser(running: Running) -> httpx.Client:
    """A client that keeps its cookies, as a browser does."""
    return httpx.Client(base_url=running.url, timeout=10)


def register(running: Running, name: str, password: str = PASSWORD) -> httpx.Client:
    client = browser(running)
    answer = client.post("/api/accounts", json={"name": name, "password": password})
    assert answer.status_code == 201, answer.text
    return client


def test_register_log_in_and_out_with_a_cookie_or_a_bearer_token(running: Running) -> None:
    client = browser(running)
    answer = client.post("/api/accounts", json={"name": "Ada", "password": PASSWORD})
    assert answer.status_code == 201 and answer.json()["name"] == "Ada"
    cookie = answer.headers["set-cookie"]
    assert cookie.startswith("ludo_session=") and "HttpOnly" in cookie and "SameSite=lax" in cookie
    assert "Path=/" in cookie and "Secure" not in cookie  # plain http here
    me = client.get("/api/me").json()
    assert me["name"] == "Ada" and me["ratings"] == [] and me["created"] > 0
    assert httpx.get(running.url + "/api/me").json() == {"name": None}  # a guest

    script = httpx.post(running.url + "/api/login", json={"name": "ada", "password": PASSWORD}).json()
    assert script["name"] == "Ada"  # the name as registered, whatever its case at login
    bearer = {"Authorization": f"Bearer {script['token']}"}
    assert httpx.get(running.url + "/api/me", headers=bearer).json()["name"] == "Ada"

    out = client.post("/api/logout")
    assert out.status_code == 200 and "ludo_session=" in out.headers["set-cookie"]
    assert client.get("/api/me").json() == {"name": None}
    # the other session (the script's) lives on until it logs out itself
    assert httpx.get(running.url + "/api/me", headers=bearer).json()["name"] == "Ada"
    httpx.post(running.url + "/api/logout", headers=bearer)
    assert httpx.get(running.url + "/api/me", headers=bearer).json() == {"name": None}


def test_the_cookie_is_secure_behind_a_proxy_that_says_https(running: Running) -> None:
    # uvicorn trusts X-Forwarded-Proto from loopback (its default FORWARDED_ALLOW_IPS), as from nginx on the machine
    answer = httpx.post(running.url + "/api/accounts", json={"name": "Tls_user", "password": PASSWORD},
                        headers={"X-Forwarded-Proto": "https"})
    assert answer.status_code == 201 and "Secure" in answer.headers["set-cookie"]


def test_passwords_and_sessions_are_stored_hashed(site: tuple[Running, Path]) -> None:
    running, db = site
    client = register(running, "Hashed")
    token = client.post("/api/login", json={"name": "Hashed", "password": PASSWORD}).json()["token"]
    with sqlite3.connect(db) as connection:
        dump = "\n".join(connection.iterdump())
        (stored,) = connection.execute("SELECT password_hash FROM accounts WHERE name = 'Hashed'").fetchone()
        sessions = {row[0] for row in connection.execute("SELECT token_hash FROM sessions")}
    assert PASSWORD not in dump and token not in dump
    assert stored.startswith("$argon2id$") and PasswordHasher().verify(stored, PASSWORD)
    assert hashlib.sha256(token.encode()).hexdigest() in sessions


@pytest.mark.parametrize("name", ["Al", "x" * 25, "Ada Lovelace", "bot:heuristic", "-ada", "ada!", "", "Ada\u200b"])
def test_names_outside_the_rule_are_refused_and_the_rule_is_said(running: Running, name: str) -> None:
    for lang, words in (("en", "letters, digits and _ - . (no spaces)"), ("fr", "lettres, chiffres et _ - .")):
        answer = httpx.post(f"{running.url}/api/accounts?lang={lang}", json={"name": name, "password": PASSWORD})
        assert answer.status_code == 400 and answer.json()["error"] == "name_rule"
        assert words in answer.json()["detail"]


def test_names_in_any_alphabet_and_case_insensitive_uniqueness(running: Running) -> None:
    assert check_name("  Cléo_2.0 ") == "Cléo_2.0"
    register(running, "Cléo")
    for lang, text in (("en", "The name “CLÉO” is taken: choose another."),
                       ("fr", "Le nom «\u00a0CLÉO\u00a0» est pris\u00a0: choisissez-en un autre.")):
        answer = httpx.post(f"{running.url}/api/accounts?lang={lang}", json={"name": "CLÉO", "password": PASSWORD})
        assert answer.status_code == 409 and answer.json() == {"detail": text, "error": "name_taken"}


def test_short_passwords_are_refused(running: Running) -> None:
    answer = httpx.post(f"{running.url}/api/accounts?lang=fr", json={"name": "Shorty", "password": "1234567"})
    assert answer.status_code == 400
    assert answer.json()["detail"] == "Un mot de passe a de 8 à 256 caractères."
    assert httpx.post(f"{running.url}/api/login", json={"name": "Shorty", "password": "1234567"}).status_code == 401


def test_a_wrong_login_does_not_say_whether_the_name_or_the_password_was_wrong(running: Running) -> None:
    register(running, "Grace")
    unknown = httpx.post(f"{running.url}/api/login?lang=fr", json={"name": "Nobody", "password": PASSWORD})
    wrong = httpx.post(f"{running.url}/api/login?lang=fr", json={"name": "Grace", "password": "not the one"})
    assert unknown.status_code == wrong.status_code == 401
    assert unknown.json() == wrong.json() == {"detail": "Nom ou mot de passe erroné.", "error": "login_wrong"}
    assert "ludo_session" not in wrong.headers.get("set-cookie", "")


def test_repeated_failed_logins_for_a_name_are_throttled(running: Running) -> None:
    register(running, "Target")
    burst, every = NAME_FAILURES
    for _ in range(burst):
        assert httpx.post(f"{running.url}/api/login", json={"name": "target", "password": "guess"}).status_code == 401
    # now even the right password waits: a guesser learns nothing more until the bucket refills
    answer = httpx.post(f"{running.url}/api/login?lang=en", json={"name": "TARGET", "password": PASSWORD})
    assert answer.status_code == 429 and answer.json()["error"] == "login_throttled"
    assert 0 < int(answer.headers["Retry-After"]) <= every
    assert re.fullmatch(r"Too many failed logins for this name or from this address: try again in \d+ s\.",
                        answer.json()["detail"])
    # another name, from the same address, still logs in (the address has a larger allowance)
    register(running, "Bystander")
    assert httpx.post(f"{running.url}/api/login", json={"name": "Bystander", "password": PASSWORD}).status_code == 200


def test_the_throttle_lets_one_through_per_period_after_the_burst() -> None:
    burst, every = ADDRESS_FAILURES
    throttle = Throttle(burst, every)
    for _ in range(burst):
        assert throttle.wait("10.0.0.1") == 0
        throttle.count("10.0.0.1")
    assert every - 1 < throttle.wait("10.0.0.1") <= every
    assert throttle.wait("10.0.0.2") == 0
    bucket = throttle.buckets["10.0.0.1"]
    bucket.last -= every  # one period later
    assert throttle.wait("10.0.0.1") == 0


def test_a_hash_made_with_other_parameters_is_replaced_at_login(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'ludo.db'}")

    async def db(fn: Any, *args: Any) -> Any:
        return fn(*args)

    async def go() -> None:
        cheap = Accounts(store, db, hasher=PasswordHasher(time_cost=1, memory_cost=8192, parallelism=1))
        await cheap.register("Rehash", PASSWORD, "127.0.0.1")
        old = store.credentials("rehash")
        assert old is not None and old.password_hash is not None and "m=8192" in old.password_hash
        current = Accounts(store, db)
        account, _ = await current.login("Rehash", PASSWORD, "127.0.0.1")
        assert account.name == "Rehash"
        new = store.credentials("rehash")
        assert new is not None and new.password_hash is not None and new.password_hash != old.password_hash
        assert "m=65536" in new.password_hash and PasswordHasher().verify(new.password_hash, PASSWORD)
        await current.login("Rehash", PASSWORD, "127.0.0.1")  # and the new hash works
        with pytest.raises(Refusal):
            await current.login("Rehash", "wrong password", "127.0.0.1")
        cheap.close()
        current.close()

    try:
        asyncio.run(go())
    finally:
        store.close()


def test_accounts_created_from_one_address_are_throttled(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'ludo.db'}")

    async def db(fn: Any, *args: Any) -> Any:
        return fn(*args)

    async def go() -> None:
        accounts = Accounts(store, db, hasher=PasswordHasher(time_cost=1, memory_cost=8192, parallelism=1))
        burst, every = ADDRESS_REGISTRATIONS
        for i in range(burst):
            await accounts.register(f"Pupil{i}", PASSWORD, "192.0.2.7")
        with pytest.raises(Refusal) as refused:
            await accounts.register("Pupil_late", PASSWORD, "192.0.2.7")
        assert refused.value.status == 429 and 0 < (refused.value.retry_after or 0) <= every
        await accounts.register("Pupil_late", PASSWORD, "192.0.2.8")  # another address
        accounts.close()

    try:
        asyncio.run(go())
    finally:
        store.close()


def test_nobody_logs_in_as_a_bot(running: Running) -> None:
    # a bot's entry in the ratings is an account without a password, named bot:NAME
    answer = httpx.post(f"{running.url}/api/login", json={"name": "bot:heuristic", "password": PASSWORD})
    assert answer.status_code == 401


# --- rated tables -------------------------------------------------------------------------------------------------
def rated_table(client: httpx.Client, seats: list[dict[str, Any]], lang: str = "en") -> httpx.Response:
    return client.post(f"/api/tables?lang={lang}", json={"game": "gracias", "players": len(seats), "seats": seats,
                                                          "rated": True, "bot_delay_ms": 0})


def test_only_accounts_take_the_seats_of_a_rated_table(running: Running) -> None:
    guest = browser(running)
    refused = rated_table(guest, [{}, {}, {"bot": "random"}], "fr")
    assert refused.status_code == 401 and refused.json() == {
        "detail": "Connectez-vous pour créer une table classée.", "error": "rated_create"}
    ann, bea = register(running, "Ann"), register(running, "Bea")
    assert rated_table(ann, [{"bot": "random"}] * 3).json()["error"] == "rated_people"
    assert rated_table(ann, [{"name": "Ann"}, {"name": "Zoe"}, {}]).json()["error"] == "rated_unknown"
    assert rated_table(ann, [{"name": "Ann"}, {"name": "ANN"}, {}]).json()["error"] == "rated_twice"

    created = rated_table(ann, [{"name": "ann"}, {}, {"bot": "random"}])
    assert created.status_code == 201
    table, ann_token = created.json()["id"], created.json()["tokens"]["0"]  # the creator's own seat, at once
    summary = httpx.get(f"{running.url}/api/tables/{table}").json()
    assert summary["rated"] is True and summary["seats"][0]["name"] == "Ann" and summary["seats"][0]["account"]
    assert summary["open_seats"] == [1]

    as_guest = guest.post(f"/api/tables/{table}/seats/1?lang=fr", json={"name": "Guest"})
    assert as_guest.status_code == 401 and as_guest.json() == {
        "detail": "Cette table est classée\u00a0: connectez-vous pour prendre une de ses places.",
        "error": "rated_guest"}
    twice = ann.post(f"/api/tables/{table}/seats/1", json={})
    assert twice.status_code == 409 and twice.json()["error"] == "rated_seated"
    taken = bea.post(f"/api/tables/{table}/seats/1", json={"name": "Somebody else"})
    assert taken.status_code == 200
    summary = httpx.get(f"{running.url}/api/tables/{table}").json()
    assert summary["seats"][1]["name"] == "Bea" and summary["seats"][1]["account"]  # the account's name
    assert summary["status"] == "playing"

    # Ann, from another browser: the seat she holds gets a new token, and the old one opens no more connections
    elsewhere = httpx.Client(base_url=running.url)
    elsewhere.post("/api/login", json={"name": "Ann", "password": PASSWORD})
    again = elsewhere.post(f"/api/tables/{table}/seats/0", json={})
    assert again.status_code == 200 and again.json()["token"] != ann_token

    async def frames() -> tuple[dict[str, Any], int | None]:
        async with websockets.connect(running.ws(table, again.json()["token"])) as ws:
            while True:
                first: dict[str, Any] = json.loads(await ws.recv())
                if first["type"] == "state":
                    break
        async with websockets.connect(running.ws(table, ann_token)) as ws:
            with pytest.raises(websockets.exceptions.ConnectionClosed) as closed:
                await ws.recv()
            return first, closed.value.rcvd.code if closed.value.rcvd else None

    first, code = asyncio.run(frames())
    assert first["rated"] is True and first["seat"] == 0 and [s["account"] for s in first["seats"]] == [
        True, True, False]
    assert code == 4403


def test_unrated_tables_stay_as_they_were(running: Running) -> None:
    created = browser(running).post("/api/tables", json={"game": "gracias", "players": 3,
                                                         "seats": [{"name": "Guest"}, {}, {"bot": "random"}]})
    table = created.json()["id"]
    assert httpx.get(f"{running.url}/api/tables/{table}").json()["rated"] is False
    # a logged-in person sits under the name typed, or under the account's name when none is typed
    dee = register(running, "Dee")
    assert dee.post(f"/api/tables/{table}/seats/1", json={}).status_code == 200
    seats = httpx.get(f"{running.url}/api/tables/{table}").json()["seats"]
    assert seats[1]["name"] == "Dee" and seats[1]["account"] is False  # not bound: the table is not rated
    assert httpx.post(f"{running.url}/api/tables/{table}/seats/1", json={}).status_code == 400


def test_the_servers_french_texts_follow_french_typography() -> None:
    fr, en = SERVER_TEXTS.messages["fr"], SERVER_TEXTS.messages["en"]
    assert set(fr) == set(en)
    for key, text in fr.items():
        assert not re.search(r" [:;!?»%]|« ", text), f"{key}: a no-break space (U+00A0) goes before : ; ! ? » %"
        assert not re.search(r"\S[:;!?](?=\s|$)|«\S|\S»", text), f"{key}: {text!r}"
        assert not re.search(r" [:;!?](?=\s|$)|[«»]", en[key]), f"{key}: English typography in {en[key]!r}"
