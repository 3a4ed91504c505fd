#!/usr/bin/env python3
"""A merchant backend as the SDK documents describe one, against `paydrill serve`: it creates sessions (signed with
HMAC-SHA256) and verifies payments. Standard library only; start from it for your own.

    paydrill serve &
    python3 Examples/merchant-backend.py create --amount 25.00 --currency USD
    paydrill --session SESSION_ID            # pay in the terminal
    python3 Examples/merchant-backend.py verify SYSTEM_TRANSACTION_ID

create prints the session response as JSON on standard output, then on standard error, as its last line, the
command that pays in the session (`paydrill --session SESSION_ID`). The JSON is the shape your backend hands
to the app, but with hmacKey and
encryptionKey always redacted (their first and last four characters): PayDrill's rule is that HMAC and
encryption keys are never printed, logged or exported, and nothing here needs them, since
`paydrill --session SESSION_ID` needs only the id (the checkout reads the session, keys included, from the
ledger that `paydrill serve` writes). Your own backend gets the keys whole in the HTTP answer. verify prints
the lookup as JSON: the transaction, every attempt and the session's state. Without --token-id and
--token-key it signs with the development token that `paydrill serve` accepts by default. Exit 0 on success; 1 when the API refused (its reason on stderr);
2 for usage; 3 when verify found the payment but it did not succeed.

The signature headers are PayDrill's (docs/reference/http-api.md): X-PayDrill-Token-Id, X-PayDrill-Timestamp,
X-PayDrill-Request-Id and X-PayDrill-Signature, the HMAC of tokenId:timestamp:requestId:path:minifiedBody.
"""
import argparse
import hashlib
import hmac
import json
import re
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid

DEVELOPMENT_TOKEN = ("paydrill-dev", "paydrill-dev-key-not-a-secret")


def sign(token_id, token_key, path, body):
    """The SDK documents' five parts, colon-separated, HMAC-SHA256 with the token's key: the headers to send."""
    timestamp = str(int(time.time() * 1000))
    request_id = str(uuid.uuid4())
    message = ":".join([token_id, timestamp, request_id, path, body])
    signature = hmac.new(token_key.encode(), message.encode(), hashlib.sha256).hexdigest()
    return {
        "X-PayDrill-Token-Id": token_id,
        "X-PayDrill-Timestamp": timestamp,
        "X-PayDrill-Request-Id": request_id,
        "X-PayDrill-Signature": signature,
    }


def call(args, method, target, body=""):
    """Sends a signed request; returns (status, the JSON answer)."""
    token_id, token_key = args.token_id, args.token_key
    headers = sign(token_id, token_key, target.lstrip("/"), body)
    if body:
        headers["Content-Type"] = "application/json"
    request = urllib.request.Request(
        args.url.rstrip("/") + target, data=body.encode() if body else None, headers=headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=args.timeout) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        text = error.read()
        try:
            return error.code, json.loads(text)
        except ValueError:
            return error.code, {"status": error.code, "message": text.decode(errors="replace")}


def session_request(args):
    """The SDK documents' session request, minified, the amount written exactly as given (JPY 1500, USD 25.00)."""
    if not re.fullmatch(r"-?\d+(\.\d+)?", args.amount):
        raise SystemExit(f"merchant-backend: --amount takes a number like 25.00, not {args.amount!r}")
    body = {
        "merchant": args.merchant,
        "site": args.site,
        "sessionTimeout": args.session_timeout,
        "merchantTransactionId": args.merchant_transaction_id or str(uuid.uuid4()),
        "transactionMethod": {"intent": {"card": args.card_intent, "paypal": "Purchase"}},
        "amounts": {"currencyCode": args.currency, "transactionValue": "__AMOUNT__"},
        "allowTransaction": True,
        "serviceType": "CheckoutDropIn",
    }
    return json.dumps(body, separators=(",", ":")).replace('"__AMOUNT__"', args.amount)


def redacted(secret):
    return f"{secret[:4]}…{secret[-4:]} (redacted)" if len(secret) > 8 else "••••"


def refused(status, answer):
    field = answer.get("field")
    reason = f"{field}: {answer.get('message')}" if field else answer.get("message", "")
    print(f"merchant-backend: the API refused ({status}): {reason}", file=sys.stderr)
    return 1


def create(args):
    status, answer = call(args, "POST", "/api/v1/sessions", session_request(args))
    if status != 200:
        return refused(status, answer)
    answer["hmacKey"] = redacted(answer["hmacKey"])
    answer["encryptionKey"] = redacted(answer["encryptionKey"])
    print(json.dumps(answer, indent=2, ensure_ascii=False))
    # What to run next, last, on stderr: standard output stays the JSON a script reads.
    sys.stdout.flush()
    print("merchant-backend: pay in this session in the terminal (with --ledger PATH if paydrill serve was "
          "given one):", file=sys.stderr)
    print(f"paydrill --session {answer['sessionId']}", file=sys.stderr)
    return 0


def verify(args):
    """The SDK documents' "always verify on your backend": the payment as the gateway recorded it."""
    if args.merchant_transaction_id:
        target = "/api/v1/transactions?" + urllib.parse.urlencode(
            {"merchantTransactionId": args.merchant_transaction_id})
    elif args.system_transaction_id:
        target = "/api/v1/transactions/" + urllib.parse.quote(args.system_transaction_id, safe="")
    else:
        raise SystemExit("merchant-backend: verify takes SYSTEM_TRANSACTION_ID or --merchant-transaction-id ID")
    status, answer = call(args, "GET", target)
    if status != 200:
        return refused(status, answer)
    print(json.dumps(answer, indent=2, ensure_ascii=False))
    transaction = answer.get("transaction") or {}
    if transaction.get("status") != "succeeded":
        print(f"merchant-backend: the payment did not succeed: {transaction.get('status', 'none')}"
              f"{' ' + transaction['errorCode'] if transaction.get('errorCode') else ''}", file=sys.stderr)
        return 3
    return 0


def session(args):
    status, answer = call(args, "GET", "/api/v1/sessions/" + urllib.parse.quote(args.session_id, safe=""))
    if status != 200:
        return refused(status, answer)
    print(json.dumps(answer, indent=2, ensure_ascii=False))
    return 0


def main():
    parser = argparse.ArgumentParser(
        description="A merchant backend against paydrill serve.",
        epilog="create redacts hmacKey and encryptionKey: keys are never printed, and "
               "`paydrill --session SESSION_ID` needs only the id.")
    parser.add_argument("--url", default="http://127.0.0.1:8787", help="paydrill serve's URL")
    parser.add_argument("--token-id", default=DEVELOPMENT_TOKEN[0])
    parser.add_argument("--token-key", default=DEVELOPMENT_TOKEN[1], help="signs; never printed")
    parser.add_argument("--timeout", type=float, default=10, help="seconds to wait for an answer")
    commands = parser.add_subparsers(dest="command", required=True)
    created = commands.add_parser(
        "create", help="create a session, print the session response (its keys redacted), then the command "
                       "that pays in it",
        description="Creates a session and prints the session response as JSON, with hmacKey and "
                    "encryptionKey redacted (their first and last four characters): keys are never printed, "
                    "logged or exported, and `paydrill --session SESSION_ID` needs only the id (it reads the "
                    "session, keys included, from the ledger). Its last line, on stderr, is that command.")
    created.add_argument("--amount", default="25.00")
    created.add_argument("--currency", default="USD")
    created.add_argument("--merchant", default="MERCHANT-1")
    created.add_argument("--site", default="SITE-1")
    created.add_argument("--merchant-transaction-id")
    created.add_argument("--session-timeout", type=int, default=120, help="minutes")
    created.add_argument("--card-intent", default="Authorisation")
    verified = commands.add_parser("verify", help="look a payment up and print it")
    verified.add_argument("system_transaction_id", nargs="?")
    verified.add_argument("--merchant-transaction-id")
    looked = commands.add_parser("session", help="a session's state and payments")
    looked.add_argument("session_id")
    args = parser.parse_args()
    try:
        return {"create": create, "verify": verify, "session": session}[args.command](args)
    except urllib.error.URLError as error:
        print(f"merchant-backend: cannot reach {args.url}: {error.reason}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
