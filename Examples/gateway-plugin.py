#!/usr/bin/env python3
"""A PayDrill gateway plugin: a mock of a team's backend, spoken to over JSON Lines.

    paydrill --gateway-plugin "python3 Examples/gateway-plugin.py"

PayDrill writes one JSON request per line to stdin; this answers each with one JSON line on stdout, echoing
its "id". Logs go to stderr (never stdout, and never a full card number). Standard library only.
"""
import datetime
import json
import secrets
import sys
import uuid

DECLINED_CARD = "4000000000000002"
NO_MATCH_POSTCODE = "33333"
CHALLENGE_CARD = "4000000000003220"
PASSING_CODE = "1234"


def approved(**extra):
    return {"result": "approved", "systemTransactionId": str(uuid.uuid4()),
            "resultCode": "Authorised", **extra}


def declined(code, message, result_code="Refused"):
    return {"result": "declined", "errorCode": code, "errorMessage": message, "resultCode": result_code}


def authorise(request):
    number = (request.get("card") or {}).get("number", "")
    address = request.get("addressVerification")
    if address and address["postalCode"] == NO_MATCH_POSTCODE:
        return {**declined("AVS_DECLINED", "The billing postcode does not match"), "avsResult": "N"}
    if number == DECLINED_CARD:
        return declined("CARD_DECLINED", "The card was declined.")
    checks = {"avsResult": "Y"} if address else {}
    if request.get("threeDSecureData"):  # the merchant ran 3-D Secure itself: its result stands
        checks["transStatus"] = request["threeDSecureData"]["threeDSecureTransactionStatus"]
    elif number == CHALLENGE_CARD:
        return {"result": "challenge", "acsTransactionId": "acs-" + uuid.uuid4().hex[:12]}
    return approved(**checks)  # any other card, PayPal, Paze and Apple Pay


def three_ds_result(request):
    code = request["code"]
    if code is None:
        return declined("THREE_DS_CANCELLED", "The cardholder cancelled the 3-D Secure challenge")
    if code != PASSING_CODE:
        return declined("THREE_DS_FAILED", "The one-time code was wrong (transStatus N)")
    return approved(transStatus="Y")


def apple_pay_init(request):
    return {"countryCode": request["countryCode"], "currencyCode": request["currencyCode"],
            "networks": request["networks"], "merchantCapabilities": request["merchantCapabilities"]}


def paypal_order(request):
    return {"orderId": "PAYID-" + uuid.uuid4().hex[:17].upper()}


def capture(request):
    return {"captured": True}


def session(request):
    body = request["request"]
    if not body.get("merchant"):
        return {"error": {"status": 400, "message": "merchant: expected a string of 1 to 20 characters"}}
    minutes = body.get("sessionTimeout", 15)
    expiry = datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(minutes=minutes)
    return {"response": {
        "sessionId": str(uuid.uuid4()),
        "hmacKey": secrets.token_hex(32),
        "encryptionKey": secrets.token_hex(16),
        "sessionExpiry": expiry.strftime("%Y-%m-%dT%H:%M:%SZ"),
        "allowedFundingTypes": {
            "cardSchemes": ["Visa", "Mastercard", "AmericanExpress"],
            "wallets": {"paypal": {"allowedFundingOptions": ["paypal", "paylater"],
                                   "merchantId": "SANDBOX-MERCHANT"}},
        },
    }}


HANDLERS = {
    "init": apple_pay_init, "paypalOrder": paypal_order, "authorise": authorise,
    "threeDSecureResult": three_ds_result, "capture": capture, "session": session,
}

for line in sys.stdin:
    if not line.strip():
        continue
    request = json.loads(line)
    handler = HANDLERS.get(request["type"])
    if handler is None:
        print(f"gateway-plugin.py: unknown request type {request['type']!r}", file=sys.stderr, flush=True)
        answer = {}
    else:
        answer = handler(request)
    print(json.dumps({"id": request["id"], **answer}), flush=True)
