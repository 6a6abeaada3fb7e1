#!/usr/bin/env python3
"""Licence check for Python trading robots sold through a TradeBot Store shop.

The robot asks the shop's licence API (docs/licence-api.md) whether its buyer's key may run on
this trading account, and verifies the answer's Ed25519 signature with the shop's public key,
which the seller pins in the robot (a public key may be read by anyone; it only verifies). The
robot does not need the EA secret: a .py file is readable by its buyer, so it must hold nothing
a buyer could use to forge an answer.

    from tradebot_license import TradeBotLicense

    licence = TradeBotLicense(
        api_url="https://shop.example.com/api/licenses",
        robot_id="<the robot's id, from its licence tab>",
        license_key=user_key,                      # the buyer's key, e.g. from a settings file
        public_keys={"<kid>": "<public_key>"},     # from GET /api/licenses/keys, pinned
        account_login=account.login,               # MetaTrader5.account_info()
        account_server=account.server,
        account_mode="real" if account.trade_mode == 2 else "demo",
        state_file="tradebot-license.json",
    )
    if not licence.check():
        stop_trading(licence.state, licence.last_error)

Call check() at start and then regularly (every few minutes is fine: it asks the shop only every
few hours, and keeps the last good answer for the grace period when the shop cannot be reached).

Requires PyNaCl (Debian: apt-get install python3-nacl; elsewhere: pip install pynacl).
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import secrets
import sys
import time
import urllib.error
import urllib.request
from typing import Callable, Optional

try:
    from nacl.exceptions import BadSignatureError
    from nacl.signing import VerifyKey
except ImportError as missing:  # pragma: no cover - said once, clearly
    raise ImportError(
        "tradebot_license needs PyNaCl to verify the shop's signatures: "
        "apt-get install python3-nacl (Debian/Ubuntu) or pip install pynacl"
    ) from missing

API_VERSION = 1
#: Seconds between two checks while all is well.
RECHECK_SECONDS = 4 * 3600
#: Seconds before trying again after a failed check.
RETRY_SECONDS = 10 * 60
#: A clock this far behind the last good answer's arrival was set back.
CLOCK_TOLERANCE_SECONDS = 300
TIMEOUT_SECONDS = 10
#: The refusals of docs/licence-api.md: the robot stops and forgets its last good answer.
REFUSALS = {"unknown_key", "not_activated", "revoked", "expired", "refunded", "no_free_slot", "wrong_robot", "demo_only"}

OK, FAILED, REFUSED = 1, 0, -1


def _b64url_decode(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def fetch_public_keys(api_url: str, timeout: float = TIMEOUT_SECONDS) -> dict:
    """The shop's public keys by kid (GET /api/licenses/keys). Pin them in the robot rather than
    fetching them at every start: keys fetched over the same connection as the answers prove
    nothing against whoever controls that connection."""
    with urllib.request.urlopen(api_url.rstrip("/") + "/keys", timeout=timeout) as response:
        listed = json.loads(response.read().decode("utf-8"))
    return {key["kid"]: key["public_key"] for key in listed["keys"]}


class TradeBotLicense:
    """One robot on one trading account. `state` says where it stands: licensed, grace, lapsed,
    refused, clock_back or none; `last_error` why the last request gave no good answer."""

    def __init__(
        self,
        api_url: str,
        robot_id: str,
        license_key: str,
        public_keys: dict,
        account_login: int | str,
        account_server: str,
        account_mode: str,
        ea_version: Optional[str] = None,
        state_file: Optional[str] = None,
        clock: Callable[[], float] = time.time,
        timeout: float = TIMEOUT_SECONDS,
    ) -> None:
        if account_mode not in ("real", "demo"):
            raise ValueError('account_mode must be "real" or "demo"')
        self.api_url = api_url.rstrip("/")
        self.robot_id = robot_id
        self.license_key = license_key.strip()
        self.public_keys = {kid: VerifyKey(_b64url_decode(key)) for kid, key in public_keys.items()}
        self.account_login = str(account_login)
        self.account_server = account_server
        self.account_mode = account_mode
        self.ea_version = ea_version
        self.state_file = state_file
        self.clock = clock
        self.timeout = timeout
        self.state = "none"
        self.last_error = ""
        self.latest_version: Optional[str] = None
        self.expires_at: Optional[int] = None
        self._next_check = 0
        self._refused = False
        self._loaded = False
        self._good: Optional[dict] = None  # payload, signature, nonce, received_at

    # ---- What the robot calls.

    def check(self) -> bool:
        """True while the robot may trade; asks the shop when a check is due."""
        now = int(self.clock())
        if not self._loaded:
            self._loaded = True
            self._load_last_good()
        if now >= self._next_check:
            result = self.request("validate")
            if result == REFUSED and self.last_error == "not_activated":
                # Not refused yet: this account has only to be activated.
                self._refused = False
                result = self.request("activate")
            self._next_check = now + (RECHECK_SECONDS if result == OK else RETRY_SECONDS)
        return self._is_allowed(now)

    def request(self, endpoint: str) -> int:
        """One request to activate or validate: OK, FAILED (keep the last good answer) or REFUSED."""
        nonce = secrets.token_urlsafe(24)
        body = {
            "license_key": self.license_key,
            "robot_id": self.robot_id,
            "account_login": self.account_login,
            "account_server": self.account_server,
            "account_mode": self.account_mode,
            "platform": "python",
            "nonce": nonce,
        }
        if self.ea_version:
            body["ea_version"] = self.ea_version
        status, answer = self._post(endpoint, body)
        if status == 200:
            if not self._accept(answer, nonce, int(self.clock())):
                return FAILED
            self._refused = False
            self.last_error = ""
            self._save_last_good()
            return OK
        code = (answer.get("error") or {}).get("code", "") if isinstance(answer, dict) else ""
        if 400 <= status < 500 and code in REFUSALS:
            self._refused = True
            self.last_error = code
            self._forget_last_good()
            return REFUSED
        if status != -1:
            self.last_error = code or "http_%d" % status
        return FAILED

    # ---- Inside.

    def _post(self, endpoint: str, body: dict) -> tuple[int, dict]:
        request = urllib.request.Request(
            "%s/%s" % (self.api_url, endpoint),
            data=json.dumps(body).encode("utf-8"),
            headers={"Content-Type": "application/json"},
            method="POST",
        )
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                return response.status, json.loads(response.read().decode("utf-8"))
        except urllib.error.HTTPError as error:
            try:
                return error.code, json.loads(error.read().decode("utf-8"))
            except ValueError:
                return error.code, {}
        except (urllib.error.URLError, OSError, ValueError) as error:
            self.last_error = "network: %s" % error
            return -1, {}

    def _accept(self, answer: dict, nonce: str, received_at: int) -> bool:
        """A good answer: signed by a pinned key, for this version, robot, nonce and account."""
        payload = answer.get("payload") if isinstance(answer, dict) else None
        signature = answer.get("signature") if isinstance(answer, dict) else None
        if not isinstance(payload, str) or not isinstance(signature, str):
            self.last_error = "malformed_answer"
            return False
        try:
            document = json.loads(_b64url_decode(payload).decode("utf-8"))
        except ValueError:
            self.last_error = "malformed_answer"
            return False
        key = self.public_keys.get(document.get("kid"))
        if key is None:
            self.last_error = "unknown_kid"
            return False
        try:
            key.verify(payload.encode("ascii"), _b64url_decode(signature))
        except (BadSignatureError, ValueError):
            self.last_error = "bad_signature"
            return False
        expected = {
            "v": API_VERSION,
            "robot_id": self.robot_id,
            "nonce": nonce,
            "account_login": self.account_login,
            "account_server": self.account_server,
            "account_mode": self.account_mode,
            "status": "active",
        }
        for field, value in expected.items():
            if document.get(field) != value:
                self.last_error = "wrong_" + field
                return False
        self._good = {"payload": payload, "signature": signature, "nonce": nonce, "received_at": received_at}
        self._document = document
        self.latest_version = document.get("latest_version")
        self.expires_at = document.get("expires_at")
        return True

    def _is_allowed(self, now: int) -> bool:
        if self._refused:
            self.state = "refused"
            return False
        if self._good is None:
            self.state = "none"
            return False
        if now < self._good["received_at"] - CLOCK_TOLERANCE_SECONDS:
            self.state = "clock_back"
            return False
        server_now = now + self._document["server_time"] - self._good["received_at"]
        if server_now <= self._document["lease_until"]:
            self.state = "licensed"
            return True
        if server_now <= self._document["grace_until"]:
            self.state = "grace"
            return True
        self.state = "lapsed"
        return False

    def _save_last_good(self) -> None:
        if not self.state_file:
            return
        temporary = self.state_file + ".tmp"
        with open(temporary, "w", encoding="ascii") as file:
            json.dump(self._good, file)
        os.replace(temporary, self.state_file)

    def _load_last_good(self) -> None:
        """The saved answer is checked again like a fresh one: an edited file counts for nothing."""
        if not self.state_file or not os.path.exists(self.state_file):
            return
        try:
            with open(self.state_file, encoding="ascii") as file:
                saved = json.load(file)
            accepted = self._accept(saved, saved["nonce"], int(saved["received_at"]))
        except (ValueError, KeyError, TypeError, OSError):
            accepted = False
        if not accepted:
            self._good = None

    def _forget_last_good(self) -> None:
        self._good = None
        if self.state_file and os.path.exists(self.state_file):
            os.remove(self.state_file)


def _main(argv: list[str]) -> int:
    """`python3 tradebot_license.py --api URL --robot-id ID --key KEY --login N --server S --mode real`
    checks once and prints where the licence stands, as JSON (for sellers trying their setup)."""
    parser = argparse.ArgumentParser(description="Check a TradeBot Store licence once.")
    parser.add_argument("--api", required=True, help="the shop's licence API, e.g. https://shop.example.com/api/licenses")
    parser.add_argument("--robot-id", required=True)
    parser.add_argument("--key", required=True)
    parser.add_argument("--login", required=True)
    parser.add_argument("--server", required=True)
    parser.add_argument("--mode", choices=["real", "demo"], required=True)
    parser.add_argument("--public-key", action="append", default=[], metavar="KID=KEY",
                        help="a pinned public key; without any, the shop's keys are fetched. "
                             "Write it as --public-key=KID=KEY: a key id can begin with '-'")
    parser.add_argument("--state-file")
    parser.add_argument("--now", type=int, help="the clock, Unix seconds (for trying the grace period)")
    args = parser.parse_args(argv)
    keys = dict(entry.split("=", 1) for entry in args.public_key) or fetch_public_keys(args.api)
    licence = TradeBotLicense(
        api_url=args.api,
        robot_id=args.robot_id,
        license_key=args.key,
        public_keys=keys,
        account_login=args.login,
        account_server=args.server,
        account_mode=args.mode,
        ea_version="cli",
        state_file=args.state_file,
        clock=(lambda: args.now) if args.now is not None else time.time,
    )
    allowed = licence.check()
    print(json.dumps({
        "allowed": allowed,
        "state": licence.state,
        "last_error": licence.last_error,
        "expires_at": licence.expires_at,
        "latest_version": licence.latest_version,
    }))
    return 0 if allowed else 1


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1:]))
