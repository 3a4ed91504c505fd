#!/usr/bin/env python3
"""A PayDrill merchant hook: the merchant's shipping, tax, coupon and checks, spoken to over JSON Lines.

    paydrill --merchant-hook "python3 Examples/merchant-hook.py"

PayDrill writes one JSON line per callback to stdin. A line with an "id" is a request: answer it with one
JSON line on stdout echoing the "id". A line without one is a notification ("event": "onSuccess", ...):
no answer. Amounts are strings ("12.99"), never floats. Logs go to stderr. Standard library only.
"""
import json
import re
import sys
from decimal import ROUND_HALF_UP, Decimal

CENT = Decimal("0.01")
EXPRESS = {"identifier": "express", "label": "Express Shipping", "detail": "1-2 business days",
           "amount": "12.99"}
STANDARD = {"identifier": "standard", "label": "Standard Shipping", "detail": "5-7 business days",
            "amount": "0.00"}
TAX_RATES = {"CA": Decimal("0.0725"), "NY": Decimal("0.04"), "TX": Decimal("0.0625")}  # by state
COUPONS = {"HOOK20": Decimal("0.20")}  # 20 % off the goods
PO_BOX = re.compile(r"\b(p\.?\s*o\.?\s*box|post\s+office\s+box)\b", re.IGNORECASE)


def log(*parts):
    print("merchant-hook:", *parts, file=sys.stderr, flush=True)


def money(amount):
    return str(amount.quantize(CENT, rounding=ROUND_HALF_UP))


def address_of(contact):
    return (contact or {}).get("postalAddress") or {}


def shipping_methods(contact):
    country = address_of(contact).get("isoCountryCode", "US")
    return [STANDARD, EXPRESS] if country == "US" else []


def sheet_update(request):
    """A contact or coupon update answers with the whole sheet: methods, summary items and errors."""
    sheet = request["sheet"]
    contact = sheet["shippingContact"]
    address = address_of(contact)
    errors, items = [], list(request["paymentItems"])
    goods = sum(Decimal(item["amount"]) for item in items)
    methods = shipping_methods(contact)
    if contact and not methods:
        errors.append({"kind": "shippingAddressUnserviceable", "message": "We only ship within the US"})
    if PO_BOX.search(address.get("street", "")):
        errors.append({"kind": "shippingContactInvalid", "field": "postalAddress",
                       "message": "We cannot deliver to a PO box"})
    chosen = sheet["shippingMethod"] or {}
    method = next((m for m in methods if m["identifier"] == chosen.get("identifier")), None)
    method = method or (methods[0] if methods else None)
    if method:
        items.append({"label": "Shipping (%s)" % method["label"], "amount": method["amount"]})
    rate = TAX_RATES.get(address.get("state", ""), Decimal(0))
    if rate:
        items.append({"label": "Tax", "amount": money(goods * rate)})
    code = sheet["couponCode"].strip().upper()
    if code in COUPONS:
        items.append({"label": "Discount (%s)" % code, "amount": money(-goods * COUPONS[code])})
    elif code:
        errors.append({"kind": "couponCodeInvalid", "message": "Unknown coupon code %s" % code})
    total = max(Decimal(0), sum(Decimal(item["amount"]) for item in items))
    items.append({"label": request["totalLabel"], "amount": money(total)})
    return {"paymentSummaryItems": items, "shippingMethods": methods, "errors": errors}


def method_update(request):
    """A shipping method or payment method update carries summary items only, as PassKit's types do."""
    return {"paymentSummaryItems": sheet_update(request)["paymentSummaryItems"]}


def before_submit(request):
    if request["paymentMethod"] == "paypal" and Decimal(request["amount"]) > 1000:
        return {"allow": False, "message": "PayPal is available for orders up to $1,000"}
    return {"allow": True}


def pre_authorisation(request):
    contact = request.get("shippingContact")
    address = address_of(contact)
    if PO_BOX.search(address.get("street", "")):
        return {"errors": [{"kind": "shippingContactInvalid", "field": "postalAddress",
                            "message": "We cannot deliver to a PO box: give a street address"}]}
    if not address:
        return {}
    return {"addressVerification": {"countryCode": address["isoCountryCode"],
                                    "houseNumberOrName": address["street"],
                                    "postalCode": address["postalCode"]}}


HANDLERS = {
    "onBeforeSubmit": before_submit,
    "onShippingContactSelected": sheet_update,
    "onShippingMethodSelected": method_update,
    "onPaymentMethodSelected": method_update,
    "onCouponCodeChanged": sheet_update,
    "onPreAuthorisation": pre_authorisation,
}


def main():
    log("ready")
    for line in sys.stdin:
        message = json.loads(line)
        if "id" not in message:  # a notification: onSubmit, onSuccess, onError, onCancel, ...
            log("notified", message["event"], message.get("method", ""))
            continue
        answer = HANDLERS[message["type"]](message)
        log("answered", message["type"], json.dumps(answer))
        print(json.dumps({"id": message["id"], **answer}), flush=True)


if __name__ == "__main__":
    main()
