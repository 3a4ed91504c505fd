#!/usr/bin/env python3
"""Session requests against `paydrill serve` from many clients at once, each signed as a backend signs it;
the load test and `make bench` run it. Standard library only.

    python3 Tools/session-load.py --url http://127.0.0.1:8787 --requests 20000 --clients 64

Each client keeps one connection (HTTP/1.1 keep-alive) and sends its share of the requests, every one with a
new request id and merchantTransactionId. With --bad-every K, every K-th request is refused on purpose, in
turn: its request id reused (401) or its currency unknown (400). It prints one JSON object: how many requests
were sent, answered 200, refused (by status and the field the answer names), refused without a reason,
failed (no answer), and the seconds and requests per second. --ids FILE writes the sessionId of every 200,
one a line.
"""
import argparse
import hashlib
import hmac
import http.client
import json
import multiprocessing
import sys
import threading
import time
import urllib.parse
import uuid

PATH = "/api/v1/sessions"


def body(merchant_transaction_id, currency="USD"):
    return (
        '{"merchant":"MERCHANT-1","site":"SITE-1","sessionTimeout":120,'
        f'"merchantTransactionId":"{merchant_transaction_id}",'
        '"transactionMethod":{"intent":{"card":"Authorisation","paypal":"Purchase"}},'
        f'"amounts":{{"currencyCode":"{currency}","transactionValue":25.00}},'
        '"allowTransaction":true,"serviceType":"CheckoutDropIn"}'
    )


def headers(token_id, token_key, request_id, text):
    timestamp = str(int(time.time() * 1000))
    message = ":".join([token_id, timestamp, request_id, PATH.lstrip("/"), text])
    return {
        "Content-Type": "application/json",
        "X-PayDrill-Token-Id": token_id,
        "X-PayDrill-Timestamp": timestamp,
        "X-PayDrill-Request-Id": request_id,
        "X-PayDrill-Signature": hmac.new(token_key.encode(), message.encode(), hashlib.sha256).hexdigest(),
    }


def client(args, indices, results):
    """Sends the requests of `indices` on one connection; adds what came back to `results`."""
    url = urllib.parse.urlsplit(args.url)
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
    ok, ids, refused, unexplained, failed = 0, [], {}, 0, 0
    previous_id = None
    for index in indices:
        request_id = str(uuid.uuid4())
        currency = "USD"
        bad = args.bad_every and index % args.bad_every == args.bad_every - 1
        if bad and (index // args.bad_every) % 2 == 0 and previous_id:
            request_id = previous_id
        elif bad:
            currency = "XYZ"
        text = body(str(uuid.uuid4()), currency)
        try:
            connection.request("POST", PATH, text, headers(args.token_id, args.token_key, request_id, text))
            response = connection.getresponse()
            status, data = response.status, response.read()
        except (OSError, http.client.HTTPException):
            failed += 1
            connection.close()
            connection = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
            continue
        previous_id = request_id
        if status == 200:
            ok += 1
            if args.ids:
                ids.append(json.loads(data)["sessionId"])
            continue
        try:
            field = json.loads(data).get("field")
        except ValueError:
            field = None
        if field:
            key = f"{status} {field}"
            refused[key] = refused.get(key, 0) + 1
        else:
            unexplained += 1
    connection.close()
    results.append((ok, ids, refused, unexplained, failed))


def process(args, share, queue):
    """One process of clients (threads), so that the clients are not held back by one interpreter."""
    results = []
    threads = [
        threading.Thread(target=client, args=(args, share[offset::args.threads], results))
        for offset in range(args.threads)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    queue.put(results)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", required=True)
    parser.add_argument("--requests", type=int, default=20000)
    parser.add_argument("--clients", type=int, default=64)
    parser.add_argument("--processes", type=int, default=max(1, min(4, multiprocessing.cpu_count())))
    parser.add_argument("--token-id", default="paydrill-dev")
    parser.add_argument("--token-key", default="paydrill-dev-key-not-a-secret")
    parser.add_argument("--bad-every", type=int, default=0)
    parser.add_argument("--ids")
    args = parser.parse_args()
    args.processes = max(1, min(args.processes, args.clients))
    args.threads = max(1, args.clients // args.processes)
    indices = list(range(args.requests))
    queue = multiprocessing.Queue()
    started = time.monotonic()
    workers = [
        multiprocessing.Process(target=process, args=(args, indices[offset::args.processes], queue))
        for offset in range(args.processes)
    ]
    for worker in workers:
        worker.start()
    results = [result for _ in workers for result in queue.get()]
    for worker in workers:
        worker.join()
    seconds = time.monotonic() - started
    refused = {}
    for _, _, counts, _, _ in results:
        for key, count in counts.items():
            refused[key] = refused.get(key, 0) + count
    summary = {
        "requests": args.requests,
        "clients": args.processes * args.threads,
        "ok": sum(result[0] for result in results),
        "refused": refused,
        "refusedWithoutReason": sum(result[3] for result in results),
        "failed": sum(result[4] for result in results),
        "seconds": round(seconds, 3),
        "rate": round(args.requests / seconds, 1),
    }
    if args.ids:
        with open(args.ids, "w") as ids:
            for result in results:
                ids.writelines(session_id + "\n" for session_id in result[1])
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
